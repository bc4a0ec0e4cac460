/**
 * Files this process has in flight: temp files of atomic writes not yet renamed, and the project lock
 * while held. On Ctrl-C (SIGINT) the entry point removes them before exiting, so an interrupted command
 * leaves nothing behind. (An interrupted `version` keeps its journal: the next run finishes it.)
 * The entry point handles SIGINT only while something is in flight (`watchInFlight`): the rest of the time
 * the default action stops even a long synchronous computation at once (a shell reports 130), whereas a
 * JavaScript handler would have to wait for the computation to yield.
 */
import { readFileSync, unlinkSync } from 'node:fs';

const temps = new Set<string>();
const locks = new Set<string>();
let watcher: ((busy: boolean) => void) | undefined;
let busy = false;

/** Called with true when the first file goes in flight, false when the last one is settled. */
export function watchInFlight(callback: ((busy: boolean) => void) | undefined): void {
  watcher = callback;
}

function changed(): void {
  const now = temps.size + locks.size > 0;
  if (now !== busy) {
    busy = now;
    watcher?.(now);
  }
}

export function trackTemp(path: string): void {
  temps.add(path);
  changed();
}

export function untrackTemp(path: string): void {
  temps.delete(path);
  changed();
}

export function trackLock(path: string): void {
  locks.add(path);
  changed();
}

export function untrackLock(path: string): void {
  locks.delete(path);
  changed();
}

/** Synchronously removes every tracked temp file and lock (a lock only while it still names this pid). */
export function removeInFlightFiles(): string[] {
  const removed: string[] = [];
  for (const temp of temps) {
    try {
      unlinkSync(temp);
      removed.push(temp);
    } catch {
      // already renamed or removed
    }
  }
  temps.clear();
  for (const lock of locks) {
    try {
      const owner = JSON.parse(readFileSync(lock, 'utf8')) as { pid?: unknown };
      if (owner.pid === process.pid) {
        unlinkSync(lock);
        removed.push(lock);
      }
    } catch {
      // gone, or not ours
    }
  }
  locks.clear();
  changed();
  return removed;
}
