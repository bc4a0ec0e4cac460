/**
 * Worker thread body for parallel comparisons: compares the contracts it is given and posts plain-data
 * results back. Errors travel as data and are revived as the same typed errors on the main thread.
 * The thread starts at compare-worker-entry.ts.
 */
import { parentPort } from 'node:worker_threads';
import { compareContract } from './compare-contract.ts';
import { useParseCache } from '../load/parse-cache.ts';
import { serializeError, type WorkerInput, type WorkerMessage } from './worker-protocol.ts';

export async function compareInWorker(input: WorkerInput): Promise<void> {
  const today = new Date(input.today);
  useParseCache(input.parseCache);
  for (const [index, contract] of input.contracts.entries()) {
    try {
      const comparison = await compareContract(input.config, contract, { base: input.base, today, lines: input.lines, basePaths: input.basePaths, ruleTexts: input.ruleTexts, keepReadErrors: input.keepReadErrors });
      parentPort?.postMessage({ type: 'result', index, comparison } satisfies WorkerMessage);
    } catch (error) {
      parentPort?.postMessage({ type: 'error', index, error: serializeError(error) } satisfies WorkerMessage);
      return; // the main thread stops at the first error, like the sequential path
    }
  }
}

