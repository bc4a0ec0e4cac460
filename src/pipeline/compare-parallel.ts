/**
 * Compare many contracts on every core: contracts are dealt round-robin to worker threads (each loads and
 * classifies independently; results are plain data). Few contracts run in-process, where a worker's start-up
 * (~50 ms) would cost more than it saves.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ConfigError, InterruptedError, SpecverError, ToolError, UsageError, CancelledError } from '../errors.ts';
import type { Config, ContractConfig } from '../types.ts';
import type { Comparison, CompareOptions } from './compare-contract.ts';
import type { SerializedError, WorkerInput, WorkerMessage } from './compare-worker.ts';

/** Below this many contracts, comparisons run in the main thread. */
export const PARALLEL_THRESHOLD = 8;

const ERROR_CLASSES: Record<string, new (message: string, details?: object) => SpecverError> = {
  ConfigError,
  UsageError,
  ToolError,
  CancelledError,
  InterruptedError,
};

/** Turn a worker's error data back into the typed error the exit-code mapper knows. */
export function reviveError(data: SerializedError): Error {
  const Class = ERROR_CLASSES[data.name];
  const error = Class ? new Class(data.message, { file: data.file, line: data.line, hint: data.hint }) : new Error(data.message);
  if (data.stack) error.stack = data.stack;
  return error;
}

/** How many workers to use for `count` contracts (0 = run in-process). */
export function workerCount(count: number, cores = availableParallelism(), env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.SPECVER_WORKERS);
  if (Number.isInteger(configured) && configured >= 0) return Math.min(configured, count);
  if (count < PARALLEL_THRESHOLD || cores < 2) return 0;
  return Math.min(cores, Math.ceil(count / 4));
}

/** The worker: the built .js file, or (when running from sources under tsx) a bootstrap that registers tsx first. */
function startWorker(workerData: WorkerInput): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./compare-worker.js', import.meta.url), { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./compare-worker.ts', import.meta.url).href;
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
