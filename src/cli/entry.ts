/**
 * What the `specver` bin (src/main.ts) needs from the CLI, in one module. The build bundles it, dependencies
 * included, into one CommonJS file (dist/cli-<hash>.cjs) that src/cli/cached-bundle.ts loads with V8's code cache.
 */
export { interruptedExitCode, runCli } from './run.ts';
export { watchInFlight } from '../store/in-flight.ts';
export { closedPipeTolerant } from './closed-stdout.ts';
export { keepYoungGenerationSmall, knownV8 } from '../load/young-generation.ts';

// For the crash and kill tests' child processes: the version command through its onStep seam, from this bundle.
export { createContext } from './context.ts';
export const loadVersionCommand = () => import('./commands/version.ts');

/** The body of a comparison worker thread (src/pipeline/compare-worker-entry.ts loads it from this bundle). */
export const loadCompareWorker = () => import('../pipeline/compare-worker.ts');
