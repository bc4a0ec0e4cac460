/** Where the parse cache (src/load/parse-cache.ts) lives for a run, and whether it may write: from the environment. */
import { ConfigError } from '../errors.ts';
import type { ParseCacheSettings } from '../load/parse-cache.ts';
import { CACHE_OFF, CACHE_ON, cacheLocation } from './cache-location.ts';

/**
 * SPECVER_CACHE=off turns the cache off; SPECVER_CACHE_DIR moves it (relative to the working directory);
 * otherwise it is the user cache directory's `specver/parsed`. CI runs only read it.
 */
export function parseCacheSettingsFor(env: Record<string, string | undefined>, cwd: string, version: string): ParseCacheSettings | undefined {
  const setting = (env.SPECVER_CACHE ?? '').trim().toLowerCase();
  if (CACHE_OFF.has(setting)) return undefined;
  if (!CACHE_ON.has(setting)) throw new ConfigError(`SPECVER_CACHE '${env.SPECVER_CACHE}' is not on or off`, { hint: 'set SPECVER_CACHE=off to turn the parse cache off, or unset it' });
  const location = cacheLocation(env, cwd)!;
  return { dir: location.parsed, write: location.write, salt: version };
}
