/**
 * Where specver's caches live for a run, from the environment alone: read by the bin before the CLI is loaded
 * (the code cache, src/cli/cached-bundle.ts) and by the CLI (the parse cache). Kept free of the CLI's modules so
 * the bin stays small.
 * SPECVER_CACHE=off turns the caches off; SPECVER_CACHE_DIR moves them (relative to the working directory);
 * otherwise they are in the user cache directory's `specver/`. CI runs only read them.
 */
import { join, resolve } from 'node:path';
import envPaths from 'env-paths';

export const CACHE_OFF = new Set(['off', '0', 'false', 'no']);
export const CACHE_ON = new Set(['on', '1', 'true', 'yes', '']);

/** Whether the run is in CI (the `CI` variable most CI services set). */
export function isCi(env: Record<string, string | undefined>): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

export interface CacheLocation {
  /** The parse cache's directory. */
  parsed: string;
  /** The code caches made at run time (a Node whose V8 refused the build's own). */
  code: string;
  /** False in CI: a CI job starts with empty caches, and writing them would only cost it time. */
  write: boolean;
}

/** The caches' directories; undefined when SPECVER_CACHE turns them off or is not a value it takes. */
export function cacheLocation(env: Record<string, string | undefined>, cwd: string): CacheLocation | undefined {
  const setting = (env.SPECVER_CACHE ?? '').trim().toLowerCase();
  if (!CACHE_ON.has(setting)) return undefined;
  const write = !isCi(env);
  if (env.SPECVER_CACHE_DIR) {
    const parsed = resolve(cwd, env.SPECVER_CACHE_DIR);
    return { parsed, code: join(parsed, 'code'), write };
  }
  const root = envPaths('specver', { suffix: '' }).cache;
  return { parsed: join(root, 'parsed'), code: join(root, 'code'), write };
}
