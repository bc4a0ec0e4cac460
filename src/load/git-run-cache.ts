/**
 * What git answers within one specver run, remembered for that run only: a gate run with `--base <ref>` asks for
 * the same ref, merge-base and file at that commit several times (the base's specver.yaml, its policy files, each
 * contract, the changesets at the merge-base). Refs move between runs (a test or a user commits, then runs specver
 * again in the same process), so nothing outlives the run that asked; outside a run nothing is remembered.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface RunCache {
  answers: Map<string, Promise<unknown>>;
  kept: Map<string, unknown>;
  /** What to release when the run ends (a git process kept open for the run). */
  endings: (() => void)[];
}

const runs = new AsyncLocalStorage<RunCache>();

/** Runs `work` with a fresh cache of git answers that ends with it. */
export function withGitRunCache<T>(work: () => Promise<T>): Promise<T> {
  const cache: RunCache = { answers: new Map(), kept: new Map(), endings: [] };
  return runs.run(cache, async () => {
    try {
      return await work();
    } finally {
      for (const end of cache.endings.splice(0)) end();
    }
  });
}

/** The answer remembered for `key` in this run, else `compute()` (remembered, failures included: they recur). */
export function rememberForRun<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const cache = runs.getStore();
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
  const cache = runs.getStore();
  if (!cache) return undefined;
  if (!cache.kept.has(key)) {
    const value = open();
    cache.kept.set(key, value);
    cache.endings.push(() => close(value));
  }
  return cache.kept.get(key) as T;
}
