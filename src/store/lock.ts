/**
 * `.specver/.lock`: one writer at a time (decisions.md 2). The lock file is created exclusively and holds
 * the owner's pid and start time; a lock whose pid is no longer alive is stale and taken over.
 */
import { link, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, relative, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { cleanStaleTempFiles, tempPathFor } from './atomic-write.ts';
import { trackLock, trackTemp, untrackLock, untrackTemp } from './in-flight.ts';
import { lockFile, snapshotsDir, stateDir } from './paths.ts';

interface LockOwner {
  pid: number;
  createdAt: string;
  host?: string;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return typeof data.pid === 'number' ? { pid: data.pid, createdAt: String(data.createdAt ?? ''), host: data.host } : undefined;
  } catch {
    return undefined;
  }
}

/** Lock temp files (`..lock.<pid>.<hex>.tmp`) of runs killed between writing and linking them. */
async function removeDeadLockTemps(root: string): Promise<void> {
  const names = await readdir(stateDir(root)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = /^\.\.lock\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1];
    if (pid !== undefined && !isProcessAlive(Number(pid))) await unlink(join(stateDir(root), name)).catch(() => undefined);
  }
}

/**
 * Takes the project lock; resolves to the function that releases it. A lock held by a live process is a
 * ConfigError (exit 2) naming the lock file and the pid.
 */
export async function acquireLock(root: string, now: () => Date = () => new Date()): Promise<() => Promise<void>> {
  const file = lockFile(root);
  const shown = relative(root, file).split(sep).join('/');
  await mkdir(stateDir(root), { recursive: true });
  const owner: LockOwner = { pid: process.pid, createdAt: now().toISOString(), host: hostname() };
  let staleOwner: number | undefined;
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Written to a temp file first, then hard-linked: the lock appears atomically with its content.
      const temp = tempPathFor(file);
      trackTemp(temp);
      try {
        await writeFile(temp, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
        await link(temp, file);
        trackLock(file);
      } finally {
        await unlink(temp).catch(() => undefined);
        untrackTemp(temp);
      }
      // Only the lock holder may tidy temp files that interrupted runs left behind.
      for (const dir of [root, stateDir(root), snapshotsDir(root)]) await cleanStaleTempFiles(dir, Date.now(), staleOwner);
      await removeDeadLockTemps(root);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        const current = await readOwner(file);
        if (current?.pid === process.pid) await unlink(file).catch(() => undefined);
        untrackLock(file);
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new ConfigError(`cannot create the lock ${shown}: ${code === 'EROFS' ? 'read-only file system' : 'permission denied'}`, {
          file: shown,
          hint: `specver needs write access to ${relative(root, stateDir(root)).split(sep).join('/')}/`,
          cause: error,
        });
      }
      if (code !== 'EEXIST') throw error;
    }
    const holder = await readOwner(file);
    const otherHost = holder?.host !== undefined && holder.host !== hostname();
    if (holder && (otherHost || isProcessAlive(holder.pid))) {
      throw new ConfigError(`another specver run holds the lock ${shown} (pid ${holder.pid}${otherHost ? ` on ${holder.host}` : ''}, since ${holder.createdAt})`, {
        hint: `wait for it to finish; if no such run exists, delete ${shown}`,
      });
    }
    // Dead owner, or a lock file that is not ours to read (hand-edited): stale, take it over.
    staleOwner = holder?.pid;
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new ConfigError(`could not take the lock ${shown}: another run took it at the same time`, { hint: 'run the command again' });
}
