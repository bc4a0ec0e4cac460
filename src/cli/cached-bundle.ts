/**
 * Loads the bundled CLI (one CommonJS file) with a V8 code cache the build made for it, so a run deserializes
 * the functions it needs instead of parsing and compiling them again: a third of a small command's time.
 * V8 deserializes a whole cache up front, so there is one per family of commands (`<bundle>.<family>.cache`,
 * scripts/code-cache.mjs): `--help` does not pay for lint's functions, nor `lint` for the comparator's.
 * The bundle's name holds a hash of its content, so a cache never meets another bundle; V8 itself rejects a cache
 * from another Node version or other V8 flags, and then the bundle is compiled as usual.
 * Node's built-ins come through `require`: an ESM import would build a facade of all the module's exports.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface LoadedBundle<T> {
  exports: T;
  /** Whether V8 took the cache (false: none, or rejected). */
  cacheUsed: boolean;
  /** The code cache as it is now, the functions compiled so far included (the build writes it after a warm-up). */
  createCache: () => Buffer;
}

/** The families of commands that have a code cache each. */
export const CODE_CACHE_FAMILIES = ['help', 'lint', 'main'] as const;
export type CodeCacheFamily = (typeof CODE_CACHE_FAMILIES)[number];

/** The family of the command `argv` runs: a guess from the first word that is not an option (it only picks a cache). */
export function codeCacheFamily(argv: readonly string[]): CodeCacheFamily {
  let command: string | undefined;
  for (let i = 0; i < argv.length && command === undefined; i++) {
    if (argv[i] === '-c' || argv[i] === '--config') i++; // the one global option with a value
    else if (!argv[i].startsWith('-')) command = argv[i];
  }
  if (command === undefined || command === 'help') return 'help';
  return command === 'lint' ? 'lint' : 'main';
}

/** Loads the bundle at `url` with the code cache of `family` (none: compiled as usual). */
export function loadCachedBundle<T>(url: URL, family: CodeCacheFamily | undefined): LoadedBundle<T> {
  const file = (require('node:url') as typeof import('node:url')).fileURLToPath(url);
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const { dirname } = require('node:path') as typeof import('node:path');
  const { Script, constants } = require('node:vm') as typeof import('node:vm');
  const Module = require('node:module') as typeof import('node:module') & { wrap(source: string): string };
  // The build checks that the bundle is ASCII: read as latin1 it becomes a one-byte string at once.
  const source = readFileSync(file, 'latin1');
  let cachedData: Buffer | undefined;
  if (family !== undefined) {
    try {
      cachedData = readFileSync(`${file}.${family}.cache`);
    } catch {
      // no cache: compile as usual
    }
  }
  // Module.wrap keeps the source on its first line, so positions in stack traces stay those of the file.
  // import() of a module outside the bundle resolves as it would in any CommonJS file.
  const script = new Script(Module.wrap(source), { filename: file, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const module = { exports: {} as T };
  const body = script.runInThisContext() as (...args: unknown[]) => void;
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    createCache: () => script.createCachedData(),
  };
}
