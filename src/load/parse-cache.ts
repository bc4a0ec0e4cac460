/**
 * A cache of parsed YAML specs, keyed by a hash of their text: reading a cached parse (JSON.parse) costs a
 * fraction of parsing the YAML again (on the Stripe spec, about 25 ms instead of 140 ms plus its garbage
 * collection). Snapshots never change, and most specs of a multi-contract project do not change between two
 * runs, so `diff`, `breaking` and `lint` read most of their YAML from here after the first runs.
 *
 * - It lives in the user's cache directory (`~/.cache/specver/parsed` on Linux), never in the project: a
 *   committed file cannot stand in for a parse. Entries are named by the SHA-256 of the text and of what
 *   decides how it parses (cache format, specver and js-yaml versions), so a stale entry is never read.
 * - An entry is written the second time a text is parsed, not the first: while a spec is being edited each
 *   run sees a new text, and writing its parse every time would slow down exactly the runs of the edit loop.
 *   The first sighting leaves an empty marker file.
 * - Only files of 64 KiB or more are cached: smaller ones parse faster than the cache can answer.
 * - Only plain data is cached: a document with anchors (shared nodes), a non-finite number or -0 is parsed
 *   every time, as JSON could not give the same value back.
 * - CI runs read but never write (their cache directory starts empty, and writing would only cost them);
 *   `SPECVER_CACHE=off` turns the cache off, `SPECVER_CACHE_DIR` moves it (see docs/caching.md).
 * - Any failure of the cache (unwritable directory, damaged entry) falls back to parsing, silently.
 */
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { READ_LIMITS, readRegularFileSync } from '../store/safe-read.ts';
import { nodeCrypto } from '../toolkit/lazy-builtins.ts';

export interface ParseCacheSettings {
  /** Directory of the entries. */
  dir: string;
  /** Whether new entries may be written (reads happen either way). */
  write: boolean;
  /** What else decides a parse: specver's and the parser's versions. */
  salt: string;
  /** Size limits (MAX_ENTRIES and MAX_TOTAL_BYTES unless given). */
  maxEntries?: number;
  maxBytes?: number;
  /** Texts shorter than this (in characters) are parsed every time (MIN_LENGTH unless given). */
  minLength?: number;
}

/** Bumped whenever what a cached parse holds, or how a YAML text is parsed, changes. */
const CACHE_FORMAT = 1;
/** Entries kept, and their total size; the least recently used beyond either go when one is written. */
export const MAX_ENTRIES = 64;
export const MAX_TOTAL_BYTES = 256 * 1024 * 1024;
/**
 * js-yaml parses a small file faster than the cache can hash, read and date it, and a multi-file spec of
 * hundreds of small files would crowd the entries out (DigitalOcean's 257 files made warm runs 13% slower
 * than the cache turned off): only files of 64 KiB and more are cached.
 */
export const MIN_LENGTH = 64 * 1024;

let settings: ParseCacheSettings | undefined;

/** Turns the cache on (or off, with undefined) for this thread. Off until the CLI turns it on. */
export function useParseCache(next: ParseCacheSettings | undefined): void {
  settings = next;
}

/** The settings in use, handed to worker threads so they share the cache. */
export function parseCacheSettings(): ParseCacheSettings | undefined {
  return settings;
}

/** What a lookup hands back: the cached data, or the key to remember the parse under. */
export type CacheLookup = { hit: true; data: unknown } | { hit: false; key?: string };

const MISS: CacheLookup = { hit: false };

/** The name (without suffix) of a text's entry. */
export function keyOf(text: string, current: ParseCacheSettings): string {
  return nodeCrypto().createHash('sha256').update(`${CACHE_FORMAT}\u0000${current.salt}\u0000`).update(text).digest('hex');
}

/** Per settings: whether the cache directory exists (checked once per run). */
const present = new WeakMap<ParseCacheSettings, boolean>();

/** The cached parse of a YAML text, if there is one. */
export function cachedParse(text: string): CacheLookup {
  const current = settings;
  if (!current || text.length < (current.minLength ?? MIN_LENGTH)) return MISS;
  // A run that may not write and has no cache directory (a CI job) does not even hash the text.
  if (!current.write && !directoryPresent(current)) return MISS;
  const key = keyOf(text, current);
  const entry = join(current.dir, `${key}.json`);
  let json: string;
  try {
    json = readRegularFileSync(entry, { limit: READ_LIMITS.spec, shown: entry });
  } catch {
    return { hit: false, key };
  }
  try {
    const data: unknown = JSON.parse(json);
    touch(entry);
    return { hit: true, data };
  } catch {
    // A damaged entry (a full disk, a hand edit): parse, and write it again later.
    rmSync(entry, { force: true });
    return { hit: false, key };
  }
}

/** Thrown by the replacer when a value would not come back the same through JSON. */
const NOT_PLAIN = new Error('not plain JSON data');

function plainOnly(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) throw NOT_PLAIN;
  return value;
}

/**
 * Records a fresh parse under its key: the first time as a marker, the second time as an entry. `shared`
 * says the document has anchors (one object in several places), which JSON would copy apart.
 */
export function rememberParse(key: string | undefined, data: unknown, shared: boolean): void {
  const current = settings;
  if (!current?.write || key === undefined || shared) return;
  try {
    mkdirSync(current.dir, { recursive: true, mode: 0o700 });
    const marker = join(current.dir, `${key}.seen`);
    if (!exists(marker)) {
      closeSync(openSync(marker, 'w', 0o600));
      return;
    }
    let json: string;
    try {
      json = JSON.stringify(data, plainOnly);
    } catch {
      return; // not plain data (or a cycle): such a text is parsed every time
    }
    const entry = join(current.dir, `${key}.json`);
    const temp = `${entry}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, json, { mode: 0o600 });
    renameSync(temp, entry);
    unlinkSync(marker);
    prune(current);
  } catch {
    // The cache is an optimisation: a directory that cannot be written only means the next run parses too.
  }
}

function directoryPresent(current: ParseCacheSettings): boolean {
  let found = present.get(current);
  if (found === undefined) present.set(current, (found = exists(current.dir)));
  return found;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Marks an entry used now, for pruning. */
function touch(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // read-only cache directory: pruning order only
  }
}

/** Keeps the most recently used entries within MAX_ENTRIES and MAX_TOTAL_BYTES (and MAX_ENTRIES markers). */
function prune({ dir, maxEntries = MAX_ENTRIES, maxBytes = MAX_TOTAL_BYTES }: ParseCacheSettings): void {
  for (const suffix of ['.json', '.seen']) {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(suffix))
      .map((name) => {
        const info = statSync(join(dir, name));
        return { name, used: info.mtimeMs, size: info.size };
      })
      .sort((a, b) => b.used - a.used);
    let total = 0;
    files.forEach(({ name, size }, i) => {
      total += size;
      if (i >= maxEntries || (i > 0 && total > maxBytes)) rmSync(join(dir, name), { force: true });
    });
  }
}
