/**
 * Atomic file writes: data goes to a temp file in the same directory, is flushed, then renamed over the
 * target, so a reader (or a crash) never sees half a file (decisions.md 2). Every run loads this module (the
 * config's path checks import it), most never write: `node:crypto` and `node:fs/promises` load on first use.
 */
import { basename, dirname, join } from 'node:path';
import { fsPromises, nodeCrypto } from '../toolkit/lazy-builtins.ts';
import { trackTemp, untrackTemp } from './in-flight.ts';

const TEMP_FILE = /^\..+\.\d+\.[0-9a-f]+\.tmp$/;

/** `.<name>.<pid>.<random>.tmp` beside the target. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
}

/** Writes `data` to `path` atomically, creating parent directories; the temp file is removed on failure. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const fs = fsPromises();
  await fs.mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  trackTemp(temp);
  try {
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path);
  } catch (error) {
    // Whatever failed, the temp file goes; should even that fail, the error that matters is the first one.
    await fs.rm(temp, { force: true }).catch(() => undefined);
    // Name the file being written (not its temp file) in the error a user sees; a failed write has no path.
    const failed = error as NodeJS.ErrnoException;
    if (failed.path === undefined || failed.path === temp) Object.assign(failed, { path, syscall: failed.syscall ?? 'write' });
    throw error;
  } finally {
    untrackTemp(temp);
  }
}

/** Deletes `path`; a missing file is fine. Returns whether a file was removed. */
export async function removeFileIfExists(path: string): Promise<boolean> {
  try {
    await fsPromises().unlink(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** A temp file younger than this may belong to a write in progress in another process. */
const IN_FLIGHT_MS = 60_000;

/**
 * Removes temp files an interrupted run left in `dir` (not recursive): those of other processes that are
 * older than a minute, and every one of `deadPid` (the owner of a stale lock just taken over: its writes
 * can no longer be in progress). Returns the removed names.
 */
export async function cleanStaleTempFiles(dir: string, now = Date.now(), deadPid?: number): Promise<string[]> {
  const fs = fsPromises();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const stale: string[] = [];
  for (const name of names) {
    if (!TEMP_FILE.test(name) || name.includes(`.${process.pid}.`)) continue;
    const modified = await fs.stat(join(dir, name)).then((s) => s.mtimeMs, () => now);
    const ofDeadRun = deadPid !== undefined && name.includes(`.${deadPid}.`);
    if (!ofDeadRun && now - modified < IN_FLIGHT_MS) continue;
    await fs.rm(join(dir, name), { force: true });
    stale.push(name);
  }
  return stale;
}
