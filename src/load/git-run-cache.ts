/**
 * What git answers within one specver run, remembered for that run only: a gate run with `--base <ref>` asks for
 * the same ref, merge-base and file at that commit several times (the base's specver.yaml, its policy files, each
 * contract, the changesets at the merge-base). Refs move between runs (a test or a user commits, then runs specver
 * again in the same process), so nothing outlives the run that asked; outside a run nothing is remembered.
 *
 * The run is found without AsyncLocalStorage: in Node 20 it turns on promise hooks for the whole process, a cost
 * on every promise of every later run (1-2% of a big diff, more of the test suite, which runs the CLI in-process).
 * A process runs one command, so the run's cache is module state; where runs overlap in one process (an embedder
 * or tests running several at once), none of them remembers anything while more than one is going, because an
 * answer could not be told apart from another run's: slower, never wrong.
 */

interface RunCache {
  answers: Map<string, Promise<unknown>>;
  kept: Map<string, unknown>;
  /** What to release when the run ends (a git process kept open for the run). */
  endings: (() => void)[];
}

/** The runs going on in this process (thread), and the cache in use: only while exactly one is. */
const active = new Set<RunCache>();
let current: RunCache | undefined;
const settle = () => (current = active.size === 1 ? active.values().next().value : undefined);

/** Runs `work` with a fresh cache of git answers that ends with it. */
export async function withGitRunCache<T>(work: () => Promise<T>): Promise<T> {
  const cache: RunCache = { answers: new Map(), kept: new Map(), endings: [] };
  active.add(cache);
  settle();
  try {
    return await work();
  } finally {
    active.delete(cache);
    settle();
    for (const end of cache.endings.splice(0)) end();
  }
}

/** The answer remembered for `key` in this run, else `compute()` (remembered, failures included: they recur). */
export function rememberForRun<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const cache = current;
  if (!cache) return compute();
  let answer = cache.answers.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = compute();
    cache.answers.set(key, answer);
  }
  return answer;
}

/**
 * The value kept for `key` in this run, made by `open()` on first use and `close`d when the run ends; undefined
 * outside a run (nothing would close it).
 */
export function keepForRun<T>(key: string, open: () => T, close: (value: T) => void): T | undefined {
  const cache = current;
  if (!cache) return undefined;
  if (!cache.kept.has(key)) {
    const value = open();
    cache.kept.set(key, value);
    cache.endings.push(() => close(value));
  }
  return cache.kept.get(key) as T;
}
