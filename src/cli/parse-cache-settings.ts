/** Where the parse cache (src/load/parse-cache.ts) lives for a run, and whether it may write: from the environment. */
import { join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { ConfigError } from '../errors.ts';
import type { ParseCacheSettings } from '../load/parse-cache.ts';
import { isCi } from './context.ts';

const OFF = new Set(['off', '0', 'false', 'no']);
const ON = new Set(['on', '1', 'true', 'yes', '']);

/**
 * SPECVER_CACHE=off turns the cache off; SPECVER_CACHE_DIR moves it (relative to the working directory);
 * otherwise it is the user cache directory's `specver/parsed`. CI runs only read it.
 */
export function parseCacheSettingsFor(env: Record<string, string | undefined>, cwd: string, version: string): ParseCacheSettings | undefined {
  const setting = (env.SPECVER_CACHE ?? '').trim().toLowerCase();
  if (OFF.has(setting)) return undefined;
  if (!ON.has(setting)) throw new ConfigError(`SPECVER_CACHE '${env.SPECVER_CACHE}' is not on or off`, { hint: 'set SPECVER_CACHE=off to turn the parse cache off, or unset it' });
  const dir = env.SPECVER_CACHE_DIR ? resolve(cwd, env.SPECVER_CACHE_DIR) : join(envPaths('specver', { suffix: '' }).cache, 'parsed');
  return { dir, write: !isCi(env), salt: version };
}
