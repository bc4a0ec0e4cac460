/**
 * What git answers within one specver run, remembered for that run only: a gate run with `--base <ref>` asks for
 * the same ref, merge-base and file at that commit several times (the base's specver.yaml, its policy files, each
 * contract, the changesets at the merge-base). Refs move between runs (a test or a user commits, then runs specver
 * again in the same process), so nothing outlives the run that asked; outside a run nothing is remembered.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const runs = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` with a fresh cache of git answers that ends with it. */
export function withGitRunCache<T>(work: () => Promise<T>): Promise<T> {
  return runs.run(new Map(), work);
}

/** The answer remembered for `key` in this run, else `compute()` (remembered, failures included: they recur). */
export function rememberForRun<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const cache = runs.getStore();
  if (!cache) return compute();
  let answer = cache.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = compute();
    cache.set(key, answer);
  }
  return answer;
}
