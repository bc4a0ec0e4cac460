/**
 * Confinement of every path specver reads or writes to the project root, judged on real paths: a name
 * inside the root can still lead outside through a symlink (a file, a directory on the way, or a dangling
 * link that a write would create), and repository content is untrusted (anyone can open a pull request).
 */
import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { STATE_DIR_NAME } from './paths.ts';
import { abbreviated, pathLengthProblem } from '../toolkit/path-length.ts';

/** True when `target` is `root` or lies inside it (by name: no file system access). */
export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The real path of `path`, which need not exist: the symlinks of its deepest existing ancestor resolved,
 * the missing rest appended. Undefined when the path cannot be judged: a dangling or looping symlink on
 * the way (writing there would create the file wherever the link points).
 */
export function realPathOf(path: string): string | undefined {
  let current = resolve(path);
  const missing: string[] = [];
  for (;;) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EACCES') return undefined;
      if (isSymlink(current)) return undefined;
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    missing.push(basename(current));
    current = parent;
  }
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

const realRoots = new Map<string, string>();

/** The real path of a project root (cached: a root does not move during a run). */
export function realRoot(root: string): string {
  const absolute = resolve(root);
  let real = realRoots.get(absolute);
  if (real === undefined) {
    real = realPathOf(absolute) ?? absolute;
    realRoots.set(absolute, real);
  }
  return real;
}

/** Whether `path`, symlinks resolved, lies inside `root`. */
export function isReallyInside(root: string, path: string): boolean {
  const real = realPathOf(path);
  return real !== undefined && isInside(realRoot(root), real);
}

/** `path` relative to the root with forward slashes when inside it, else as given. */
export function shownPath(root: string, path: string): string {
  const rel = relative(root, resolve(root, path));
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel.split(sep).join('/');
}

const SYMLINK_HINT = 'replace the symlink with the file itself (copy it into the project)';

/**
 * Throws ConfigError (exit 2) unless `path`, symlinks resolved, lies inside the project root. `what`
 * names the file's role in the message ("spec file", "rule file", ...).
 */
export function assertReadableInside(root: string, path: string, what: string): void {
  if (isReallyInside(root, path)) return;
  const shown = shownPath(root, path);
  // ENAMETOOLONG makes the real path unknown too: name the length, not a symlink.
  const tooLong = pathLengthProblem(path, root);
  if (tooLong) throw new ConfigError(`${what} ${abbreviated(shown)} ${tooLong}`, { file: abbreviated(shown), hint: 'shorten the path: move or rename the file' });
  const error = new ConfigError(`${what} ${shown} leads outside the project root (through a symlink); specver does not read it`, { file: shown, hint: SYMLINK_HINT });
  throw Object.assign(error, { code: 'EOUTSIDE' });
}

/** Files a write may never land on, as absolute paths: the config file and the contracts' specs. */
export interface WriteGuard {
  root: string;
  /** The config file and every tracked spec (absolute paths, by name). */
  protectedFiles: readonly string[];
}

/**
 * Why specver must not write `path` (undefined when it may): the real path must lie inside the root,
 * outside `.git/`, and not be a protected file. `allowState` lets specver's own state writes into `.specver/`.
 */
export function writeProblem(guard: WriteGuard, path: string, allowState: boolean): string | undefined {
  const root = realRoot(guard.root);
  const real = realPathOf(path);
  if (real === undefined) return 'is a symlink that cannot be resolved';
  if (!isInside(root, real) || real === root) return real === root ? 'is the project root' : 'is outside the project root';
  const rel = relative(root, real).split(sep);
  if (rel[0] === '.git') return 'is inside .git/';
  if (!allowState && rel[0] === STATE_DIR_NAME) return `is inside ${STATE_DIR_NAME}/, which specver manages`;
  for (const file of guard.protectedFiles) {
    if (realPathOf(file) === real) return `is ${shownPath(guard.root, file)}, which specver reads and must not overwrite`;
  }
  return undefined;
}

/** Throws ConfigError (exit 2, nothing written) unless specver may write `path`. */
export function assertWritable(guard: WriteGuard, path: string, what: string, allowState = true): void {
  const problem = writeProblem(guard, path, allowState);
  if (!problem) return;
  const shown = shownPath(guard.root, path);
  throw new ConfigError(`refusing to write ${what} ${shown}: it ${problem}`, {
    file: shown,
    hint: 'specver writes only inside the project root, never into .git/, its own state or a spec (remove the symlink or fix the path)',
  });
}

/**
 * Throws ConfigError unless `path` really lies inside `<root>/.specver/` (no symlink on the way leads
 * elsewhere, not even elsewhere in the project): for specver's own state files, read or written.
 */
export function assertInState(root: string, path: string, what: string): void {
  const real = realPathOf(path);
  if (real !== undefined && isInside(join(realRoot(root), STATE_DIR_NAME), real)) return;
  const shown = shownPath(root, path);
  throw new ConfigError(`${what} ${shown} leads outside ${STATE_DIR_NAME}/ (through a symlink); specver does not use it`, {
    file: shown,
    hint: `replace the symlink with a real file or directory (restore ${STATE_DIR_NAME}/ from version control)`,
  });
}

/** Writes one of specver's state files atomically, after assertInState. */
export async function writeStateFile(root: string, path: string, data: string): Promise<void> {
  assertInState(root, path, 'state file');
  await writeFileAtomic(path, data);
}
