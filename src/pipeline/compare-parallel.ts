/**
 * Compare many contracts on every core: contracts are dealt round-robin to worker threads (each loads and
 * classifies independently; results are plain data). Few contracts run in-process, where a worker's start-up
 * (~50 ms) would cost more than it saves.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { ToolError } from '../errors.ts';
import { workerThreads } from '../toolkit/lazy-builtins.ts';
import type { Config, ContractConfig } from '../types.ts';
import { compareContract } from './compare-contract.ts';
import { parseCacheSettings } from '../load/parse-cache.ts';
import type { Comparison, CompareOptions } from './comparison.ts';
import { reviveError, type WorkerInput, type WorkerMessage } from './worker-protocol.ts';

/** Below this many contracts, comparisons run in the main thread. */
export const PARALLEL_THRESHOLD = 8;

/** How many workers to use for `count` contracts (0 = run in-process). */
export function workerCount(count: number, cores = availableParallelism(), env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.SPECVER_WORKERS);
  if (Number.isInteger(configured) && configured >= 0) return Math.min(configured, count);
  if (count < PARALLEL_THRESHOLD || cores < 2) return 0;
  return Math.min(cores, Math.ceil(count / 4));
}

/** The worker: the built .js file, or (when running from sources under tsx) a bootstrap that registers tsx first. */
function startWorker(workerData: WorkerInput): Worker {
  const { Worker } = workerThreads();
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./compare-worker.js', import.meta.url), { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./compare-worker-entry.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export async function compareInWorkers(
  config: Config,
  contracts: ContractConfig[],
  options: CompareOptions,
  workers: number,
): Promise<Comparison[]> {
  const shares: number[][] = Array.from({ length: workers }, () => []);
  contracts.forEach((_, i) => shares[i % workers].push(i));
  const results: Comparison[] = new Array(contracts.length);
  const running = shares.map((indices) => {
    const input: WorkerInput = {
      config,
      contracts: indices.map((i) => contracts[i]),
      base: options.base,
      today: options.today.toISOString(),
      lines: options.lines,
      basePaths: options.basePaths,
      ruleTexts: options.ruleTexts,
      keepReadErrors: options.keepReadErrors,
      parseCache: parseCacheSettings(),
    };
    const worker = startWorker(input);
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'result') results[indices[message.index]] = message.comparison;
        else reject(reviveError(message.error));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new ToolError(`comparison worker exited with code ${code}`))));
    }).finally(() => worker.terminate());
  });
  await Promise.all(running);
  return results;
}

/** Compare several contracts (on worker threads when there are many); results follow the order given. */
export async function compareContracts(config: Config, contracts: ContractConfig[], options: CompareOptions): Promise<Comparison[]> {
  const workers = workerCount(contracts.length);
  if (workers > 0) return compareInWorkers(config, contracts, options, workers);
  const results: Comparison[] = [];
  for (const contract of contracts) results.push(await compareContract(config, contract, options));
  return results;
}
