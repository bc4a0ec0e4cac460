/**
 * Loads the bundled CLI (one CommonJS file) with a V8 code cache, so a run deserializes the functions it needs
 * instead of parsing and compiling them again: a third of a small command's time.
 * - V8 deserializes a whole cache up front, so there is one per family of commands: `--help` does not pay for
 *   lint's functions, nor `lint` for the comparator's.
 * - V8 takes a cache only from its own version, so a cache's name carries the Node version and architecture. The
 *   build makes caches for the Node that builds it (scripts/code-cache.mjs, beside the bundle in dist/). Under
 *   another Node, the first run of a family compiles as usual and leaves a cache in the user's cache directory
 *   (`code/`, see cache-location.ts) for the next runs; CI runs only read it.
 * - The bundle's name holds a hash of its content, so a cache never meets another bundle (V8 itself checks only
 *   the source's length). A cache V8 still refuses (other V8 flags) only means compiling as usual.
 * Node's built-ins come through `require`: an ESM import would build a facade of all the module's exports.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface LoadedBundle<T> {
  exports: T;
  /** The cache V8 took: the build's (in dist/), one made by an earlier run (the user's cache directory), or none. */
  cache: 'build' | 'user' | undefined;
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

/** The bundled CLI's file name in the build directory `dist` (for the build's scripts and the tests). */
export function bundleIn(dist: string): string {
  const { readdirSync } = require('node:fs') as typeof import('node:fs');
  const bundles = readdirSync(dist).filter((name) => /^cli-[A-Z0-9]+\.cjs$/.test(name));
  if (bundles.length !== 1) throw new Error(`expected one cli-<hash>.cjs in ${dist}, found ${bundles.length}: run npm run build`);
  return bundles[0]!;
}

/** The file name of `bundle`'s code cache for `family` under this Node (V8 refuses any other Node's). */
export function codeCacheName(bundle: string, family: CodeCacheFamily): string {
  return `${bundle}.${family}.node-${process.version}-${process.arch}.cache`;
}

/**
 * A cache made at run time starts with the SHA-1 of the rest: V8 checks a cache's versions and flags but not
 * every byte of it, and a damaged file on the user's disk must be compiled over, not run.
 */
function withChecksum(data: Buffer): Buffer {
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return Buffer.concat([createHash('sha1').update(data).digest(), data]);
}

/** The cache in a file `withChecksum` wrote; undefined when there is none or it is damaged. */
function checked(file: Buffer | undefined): Buffer | undefined {
  if (file === undefined || file.length <= 20) return undefined;
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const data = file.subarray(20);
  return createHash('sha1').update(data).digest().equals(file.subarray(0, 20)) ? data : undefined;
}

/**
 * How many run-time caches to keep: every family of a few specver versions or Node versions in use side by side.
 * Each is about 1 MB, and every upgrade of either makes new ones.
 */
export const RUN_TIME_CACHES_KEPT = 12;

/** Keeps the RUN_TIME_CACHES_KEPT most recently written caches in `dir`, and leftovers of killed writes an hour. */
function pruneRunTimeCaches(dir: string): void {
  const { readdirSync, rmSync, statSync } = require('node:fs') as typeof import('node:fs');
  const { join } = require('node:path') as typeof import('node:path');
  const files = readdirSync(dir).flatMap((name) => {
    try {
      return [{ name, written: statSync(join(dir, name)).mtimeMs }];
    } catch {
      return []; // removed meanwhile by another run
    }
  });
  const caches = files.filter((file) => file.name.endsWith('.cache')).sort((a, b) => b.written - a.written);
  const stale = files.filter((file) => file.name.endsWith('.tmp') && file.written < Date.now() - 3_600_000);
  for (const { name } of [...caches.slice(RUN_TIME_CACHES_KEPT), ...stale]) rmSync(join(dir, name), { force: true });
}

/** Where code caches made at run time are read, and written when `write` (see cache-location.ts). */
export interface RunTimeCodeCache {
  dir: string;
  write: boolean;
}

/**
 * Loads the bundle at `url` with the code cache of `family`: the build's, else one an earlier run made in
 * `runTime.dir`; with neither, it compiles as usual and, when `runTime.write`, leaves a cache there at exit.
 * No family: no cache at all (the build uses that to make them).
 */
export function loadCachedBundle<T>(url: URL, family: CodeCacheFamily | undefined, runTime?: RunTimeCodeCache): LoadedBundle<T> {
  const file = (require('node:url') as typeof import('node:url')).fileURLToPath(url);
  const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs') as typeof import('node:fs');
  const { basename, dirname, join } = require('node:path') as typeof import('node:path');
  const { Script, constants } = require('node:vm') as typeof import('node:vm');
  const Module = require('node:module') as typeof import('node:module') & { wrap(source: string): string; wrapper: readonly [string, string] };
  const read = (path: string): Buffer | undefined => {
    try {
      return readFileSync(path);
    } catch {
      return undefined; // none (or unreadable): the next place, or compile as usual
    }
  };
  // The build checks that the bundle is ASCII: read as latin1 it becomes a one-byte string at once.
  const source = readFileSync(file, 'latin1');
  const name = family === undefined ? undefined : codeCacheName(basename(file), family);
  let cache: LoadedBundle<T>['cache'];
  let cachedData: Buffer | undefined;
  if (name !== undefined) {
    cachedData = read(join(dirname(file), name));
    if (cachedData) cache = 'build';
    else if (runTime) {
      cachedData = checked(read(join(runTime.dir, name)));
      if (cachedData) cache = 'user';
    }
  }
  // Node's module wrapper keeps the source on its first line, so positions in stack traces stay those of the file.
  // The build writes the bundle already wrapped: wrapping it here would copy the whole source once more (4 ms).
  // import() of a module outside the bundle resolves as it would in any CommonJS file.
  const [prefix, suffix] = Module.wrapper;
  const wrapped = source.startsWith(prefix) && source.endsWith(suffix) ? source : Module.wrap(source);
  const script = new Script(wrapped, { filename: file, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  if (script.cachedDataRejected) cache = undefined;
  const module = { exports: {} as T };
  const body = script.runInThisContext() as (...args: unknown[]) => void;
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  // Made at exit, so it holds every function the command compiled. Only when there was no cache at all: one V8
  // refused (other flags) is left as it is rather than rewritten by every such run.
  if (name !== undefined && cachedData === undefined && runTime?.write) {
    process.once('exit', () => {
      const target = join(runTime.dir, name);
      const temp = `${target}.${process.pid}.tmp`;
      try {
        mkdirSync(runTime.dir, { recursive: true, mode: 0o700 });
        writeFileSync(temp, withChecksum(script.createCachedData()), { mode: 0o600 });
        renameSync(temp, target);
        pruneRunTimeCaches(runTime.dir);
      } catch {
        // A cache is only a speed-up: a directory that cannot be written means the next run compiles too.
        rmSync(temp, { force: true });
      }
    });
  }
  return { exports: module.exports, cache, createCache: () => script.createCachedData() };
}
