/**
 * `.specver/.lock`: one writer at a time (decisions.md 2). The lock file is created exclusively and holds
 * the owner's pid and start time (JSON); a plain pid (`12345\n`, as other tools write) is read as a pid too.
 * A lock whose pid is no longer alive is stale and taken over. A lock file specver cannot read as either
 * (other content, unreadable, a directory) is treated as held: taking it over could break a running
 * process's lock, so the user is told how to remove it once no specver runs.
 */
import { link, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, relative, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { cleanStaleTempFiles, tempPathFor } from './atomic-write.ts';
import { trackLock, trackTemp, untrackLock, untrackTemp } from './in-flight.ts';
import { lockFile, snapshotsDir, stateDir } from './paths.ts';

interface LockOwner {
  pid: number;
  createdAt?: string;
  host?: string;
}

/** What an existing lock file holds. `text` is its exact content, to check nothing changed before a takeover. */
type LockReading =
  | { kind: 'owner'; owner: LockOwner; text: string }
  | { kind: 'gone' }
  | { kind: 'directory' }
  | { kind: 'foreign'; reason: string };

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

const isPid = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The owner a lock file's text names: specver's JSON, or a plain pid; undefined for anything else. */
export function parseLockText(text: string): LockOwner | undefined {
  const plain = /^\s*(\d{1,10})\s*$/.exec(text)?.[1];
  if (plain !== undefined) return isPid(Number(plain)) ? { pid: Number(plain) } : undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || !isPid((data as LockOwner).pid)) return undefined;
  const { pid, createdAt, host } = data as Record<string, unknown>;
  return { pid: pid as number, createdAt: typeof createdAt === 'string' ? createdAt : undefined, host: typeof host === 'string' ? host : undefined };
}

async function readLock(file: string): Promise<LockReading> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'gone' };
    if (code === 'EISDIR') return { kind: 'directory' };
    return { kind: 'foreign', reason: code === 'EACCES' || code === 'EPERM' ? 'it cannot be read: permission denied' : `it cannot be read (${code ?? 'unknown error'})` };
  }
  const owner = parseLockText(text);
  if (owner) return { kind: 'owner', owner, text };
  return { kind: 'foreign', reason: text.trim() === '' ? 'it is empty' : 'its content is neither a specver lock nor a pid' };
}

/** Lock temp files (`..lock.<pid>.<hex>.tmp`) of runs killed between writing and linking them. */
async function removeDeadLockTemps(root: string): Promise<void> {
  const names = await readdir(stateDir(root)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = /^\.\.lock\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1];
    if (pid !== undefined && !isProcessAlive(Number(pid))) await unlink(join(stateDir(root), name)).catch(() => undefined);
  }
}

/** Creates the lock with this process's owner record; false when a lock file already exists. */
async function tryCreate(file: string, owner: LockOwner, shown: string, root: string): Promise<boolean> {
  // Written to a temp file first, then hard-linked: the lock appears atomically with its content.
  const temp = tempPathFor(file);
  trackTemp(temp);
  try {
    await writeFile(temp, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
    await link(temp, file);
    trackLock(file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new ConfigError(`cannot create the lock ${shown}: ${code === 'EROFS' ? 'read-only file system' : 'permission denied'}`, {
        file: shown,
        hint: `specver needs write access to ${relative(root, stateDir(root)).split(sep).join('/')}/`,
        cause: error,
      });
    }
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
    untrackTemp(temp);
  }
}

/**
 * Removes a stale lock only if it still holds `text`. Moving it aside first (rename is atomic) means two runs
 * taking over the same stale lock at once cannot delete each other's new lock: the slower one finds a fresh
 * lock in its hands and puts it back. Returns false when the lock changed meanwhile.
 */
async function removeStaleLock(file: string, text: string): Promise<boolean> {
  const aside = tempPathFor(file);
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => undefined);
  if (moved !== text) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return moved === text;
}

/**
 * Takes the project lock; resolves to the function that releases it. A lock held by a live process, or a
 * lock file that is not specver's, is a ConfigError (exit 2) naming the lock file and how to proceed.
 */
export async function acquireLock(root: string, now: () => Date = () => new Date()): Promise<() => Promise<void>> {
  const file = lockFile(root);
  const shown = relative(root, file).split(sep).join('/');
  await mkdir(stateDir(root), { recursive: true });
  const owner: LockOwner = { pid: process.pid, createdAt: now().toISOString(), host: hostname() };
  let staleOwner: number | undefined;
  // A few attempts: each retry follows the removal of a stale lock or a lock released meanwhile.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await tryCreate(file, owner, shown, root)) {
      // Only the lock holder may tidy temp files that interrupted runs left behind.
      for (const dir of [root, stateDir(root), snapshotsDir(root)]) await cleanStaleTempFiles(dir, Date.now(), staleOwner);
      await removeDeadLockTemps(root);
      return releaser(file);
    }
    const reading = await readLock(file);
    if (reading.kind === 'gone') continue;
    if (reading.kind === 'directory') {
      throw new ConfigError(`the lock ${shown} is a directory, not a lock file`, {
        file: shown,
        hint: `check that no specver command is running, then remove the directory ${shown}`,
      });
    }
    if (reading.kind === 'foreign') {
      throw new ConfigError(`the lock ${shown} exists but is not a specver lock file: ${reading.reason}`, {
        file: shown,
        hint: `it may belong to a running command; check that no specver command is running, then delete ${shown}`,
      });
    }
    const holder = reading.owner;
    const otherHost = holder.host !== undefined && holder.host !== hostname();
    if (otherHost || isProcessAlive(holder.pid)) {
      const since = holder.createdAt ? `, since ${holder.createdAt}` : '';
      throw new ConfigError(`another specver run holds the lock ${shown} (pid ${holder.pid}${otherHost ? ` on ${holder.host}` : ''}${since})`, {
        hint: `wait for it to finish; if no such run exists, delete ${shown}`,
      });
    }
    // The owner is dead: the lock is stale.
    staleOwner = holder.pid;
    await removeStaleLock(file, reading.text);
  }
  throw new ConfigError(`could not take the lock ${shown}: another run took it at the same time`, { hint: 'run the command again' });
}

function releaser(file: string): () => Promise<void> {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    const current = await readLock(file);
    if (current.kind === 'owner' && current.owner.pid === process.pid) await unlink(file).catch(() => undefined);
    untrackLock(file);
  };
}
