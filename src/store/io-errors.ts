/**
 * File system failures that are the environment's, not specver's: a read-only or full disk, missing
 * permissions. They are reported as one line naming the file (exit 2), never as an internal error.
 */
import { constants } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { fsPromises } from '../toolkit/lazy-builtins.ts';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
};

const WRITING = new Set(['open', 'write', 'rename', 'mkdir', 'unlink', 'fsync', 'rmdir', 'link', 'copyfile']);

function shown(cwd: string, path: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel.split(sep).join('/');
}

/** The one-line ConfigError for an errno error of that kind, or undefined for any other error. */
export function environmentError(error: unknown, cwd: string): ConfigError | undefined {
  const { code, path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : REASONS[code];
  if (!reason) return undefined;
  const verb = syscall && WRITING.has(syscall) ? 'write' : 'access';
  // A failed write(2) names no file; the environment is still to blame, not specver.
  const file = typeof path === 'string' ? shown(cwd, path) : undefined;
  return new ConfigError(`cannot ${verb} ${file ?? 'a file'}: ${reason}`, {
    file,
    hint: code === 'ENOSPC' || code === 'EDQUOT' ? 'free some disk space and run the command again' : 'check the permissions of the project directory',
    cause: error,
  });
}

/** The nearest existing directory at or above `path`. */
async function existingDir(path: string): Promise<string> {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      await fsPromises().access(dir);
      return dir;
    } catch {
      if (dirname(dir) === dir) return dir;
    }
  }
}

/**
 * Throws ConfigError unless every directory that will receive (or lose) one of `files` is writable:
 * checked before the first write, so a read-only project changes nothing.
 */
export async function assertWritableDirs(root: string, files: readonly string[]): Promise<void> {
  const byDir = new Map<string, string>();
  for (const file of files) {
    const dir = await existingDir(dirname(resolve(root, file)));
    if (!byDir.has(dir)) byDir.set(dir, file);
  }
  for (const [dir, file] of byDir) {
    try {
      await fsPromises().access(dir, constants.W_OK);
    } catch (error) {
      const problem = environmentError(Object.assign(error as object, { path: resolve(root, file), syscall: 'open' }), root);
      throw problem ?? error;
    }
  }
}
