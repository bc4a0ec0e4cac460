/**
 * Where a comparison worker thread starts (built: dist/pipeline/compare-worker.js). Built, it loads the body
 * from the CLI's bundle with its code cache, as the bin does (src/cli/cached-bundle.ts), instead of compiling
 * a copy of the comparator in every thread; from sources (under tsx), it imports the module itself.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCachedBundle } from '../cli/cached-bundle.ts';
import { cacheLocation } from '../cli/cache-location.ts';
import type { WorkerInput } from './worker-protocol.ts';

/** The bundled CLI's file name under dist/ (set by the build; undefined when running from sources). */
declare const SPECVER_CLI_BUNDLE: string | undefined;
type Cli = typeof import('../cli/entry.ts');

async function workerBody(): Promise<typeof import('./compare-worker.ts')> {
  if (typeof SPECVER_CLI_BUNDLE === 'string') {
    // The main thread's process leaves the run-time cache, if any; a worker only reads it.
    const location = cacheLocation(process.env, process.cwd());
    const runTime = location && { dir: location.code, write: false };
    return loadCachedBundle<Cli>(new URL(`../${SPECVER_CLI_BUNDLE}`, import.meta.url), 'main', runTime).exports.loadCompareWorker();
  }
  return import('./compare-worker.ts');
}

if (parentPort && workerData) await (await workerBody()).compareInWorker(workerData as WorkerInput);
