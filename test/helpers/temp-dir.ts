/**
 * Every temp directory a test makes comes from here, so none outlives its test file: the test worker
 * (test/run-worker.mjs) removes them all once a file has finished, passed or failed; a file run on its own
 * removes them when its process exits. The runner fails a file that leaves a `specver-*` directory behind.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();
process.once('exit', () => removeTempDirs());

/** A new empty directory `<OS temp dir>/<prefix>XXXXXX`, removed when the test file ends. */
export function tempDir(prefix = 'specver-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes one directory now (made here or not) and forgets it. */
export function removeTempDir(dir: string): void {
  made.delete(dir);
  removeTree(dir);
}

/**
 * Removes every directory made here; returns those that could not be removed, with why. One failure does not
 * stop the others.
 */
export function removeTempDirs(): string[] {
  const failed: string[] = [];
  for (const dir of [...made]) {
    made.delete(dir);
    try {
      removeTree(dir);
    } catch (error) {
      failed.push(`${dir}: ${(error as Error).message}`);
    }
  }
  return failed;
}

function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    // A test that made a directory unreadable or unwritable (permission cases) and did not restore it.
    if ((error as NodeJS.ErrnoException).code !== 'EACCES' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    makeWritable(dir);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function makeWritable(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) makeWritable(join(dir, entry.name));
  }
}
