/** Runs state-changing work under the project lock, after finishing any interrupted `version` run. */
import { acquireLock } from '../store/lock.ts';
import { lockFile } from '../store/paths.ts';
import { assertInState } from '../store/safe-path.ts';
import type { Config } from '../types.ts';
import { hasInterruptedVersion, recoverInterruptedVersion } from './apply.ts';

export async function withLock<T>(root: string, now: () => Date, work: () => Promise<T>): Promise<T> {
  assertInState(root, lockFile(root), 'lock file'); // never lock (or sweep temp files) through a symlinked .specver/
  const release = await acquireLock(root, now);
  try {
    return await work();
  } finally {
    await release();
  }
}

/**
 * Replays the journal of an interrupted `version` run, if there is one, so every command reads either
 * the state before that run or the state after it. Returns whether a run was finished.
 */
export async function finishInterruptedVersion(config: Config, now: () => Date): Promise<boolean> {
  if (!(await hasInterruptedVersion(config.root))) return false;
  return withLock(config.root, now, () => recoverInterruptedVersion(config));
}
