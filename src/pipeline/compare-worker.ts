/**
 * Worker thread body for parallel comparisons: compares the contracts it is given and posts plain-data
 * results back. Errors travel as data and are revived as the same typed errors on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isSpecverError } from '../errors.ts';
import type { Config, ContractConfig } from '../types.ts';
import { compareContract } from './compare-contract.ts';

export interface WorkerInput {
  config: Config;
  contracts: ContractConfig[];
  base?: string;
  today: string;
}

export type WorkerMessage =
  | { type: 'result'; index: number; comparison: Awaited<ReturnType<typeof compareContract>> }
  | { type: 'error'; index: number; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  exitCode?: number;
  file?: string;
  line?: number;
  hint?: string;
  stack?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (isSpecverError(error))
    return { name: error.name, message: error.message, exitCode: error.exitCode, file: error.file, line: error.line, hint: error.hint, stack: error.stack };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

async function main(input: WorkerInput): Promise<void> {
  const today = new Date(input.today);
  for (const [index, contract] of input.contracts.entries()) {
    try {
      const comparison = await compareContract(input.config, contract, { base: input.base, today });
      parentPort?.postMessage({ type: 'result', index, comparison } satisfies WorkerMessage);
    } catch (error) {
      parentPort?.postMessage({ type: 'error', index, error: serializeError(error) } satisfies WorkerMessage);
      return; // the main thread stops at the first error, like the sequential path
    }
  }
}

if (parentPort && workerData) await main(workerData as WorkerInput);
