/** Reads spec files as they were at a git ref (`git show <ref>:<path>`), for `breaking --base <ref>`. */
import { realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { ConfigError, ToolError } from '../errors.ts';
import { catFileBatch } from '../git/cat-file-batch.ts';
import { lookUpRepository } from '../git/own-repository.ts';
import { runGitIn } from '../git/run-git.ts';
import { rememberForRun } from './git-run-cache.ts';
import { realRoot } from '../store/safe-path.ts';
import { isInside } from './ref-targets.ts';

interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  missingGit?: boolean;
}

export function git(cwd: string, args: string[]): Promise<GitResult> {
  // Only in the work tree's own repository, never one planted in the project (src/git/run-git.ts).
  return runGitIn(cwd, args);
}

/** The run's cache key of the commit `ref` names. */
const commitKey = (repoDir: string, ref: string) => `commit\0${resolve(repoDir)}\0${ref}`;

/**
 * The run's `git cat-file --batch` for the repository of `repoDir` (git/cat-file-batch.ts), or undefined outside a
 * run or a repository.
 */
async function batchOf(repoDir: string) {
  const repository = await lookUpRepository(repoDir);
  return repository.kind === 'repository' ? catFileBatch(repoDir, repository) : undefined;
}

/**
 * The commit `ref` names in the repository that contains `repoDir`, or undefined when it names none. Asked once
 * per run, of the run's cat-file process (which then reads the files at it too), else of `git rev-parse --verify`.
 */
function commitOf(repoDir: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith('-')) return Promise.resolve(undefined); // never let a ref be read as an option
  return rememberForRun(commitKey(repoDir, ref), async () => {
    const batched = await (await batchOf(repoDir))?.read(`${ref}^{commit}`);
    if (batched?.kind === 'found') return batched.type === 'commit' ? batched.oid : undefined;
    if (batched?.kind === 'missing') return undefined;
    const result = await git(repoDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
    return result.ok && result.stdout.trim() ? result.stdout.trim() : undefined;
  });
}

/** `git show <commit>:<path>` of a file: through the run's cat-file process when it reads a file there. */
async function showFile(repoDir: string, object: string): Promise<GitResult> {
  const batched = await (await batchOf(repoDir))?.read(object);
  if (batched?.kind === 'found' && batched.type === 'blob') return { ok: true, stdout: batched.content.toString('utf8'), stderr: '' };
  if (batched?.kind === 'missing') return { ok: false, stdout: '', stderr: `fatal: path '${object}' does not exist` };
  // A directory (git show lists it), or no cat-file process: git show itself.
  return git(repoDir, ['show', object]);
}

/** True when `ref` names a commit in the repository that contains `repoDir`. */
export async function isGitRef(repoDir: string, ref: string): Promise<boolean> {
  return (await commitOf(repoDir, ref)) !== undefined;
}

/**
 * The commit a pull request branched from: `git merge-base HEAD <ref>`, or the commit `ref` names when there is
 * no common ancestor (a shallow clone). Only what the pull request adds after it is its own.
 */
export async function mergeBaseOf(repoDir: string, ref: string): Promise<string> {
  const commit = await commitOf(repoDir, ref);
  if (commit === undefined) throw new ConfigError(`unknown git ref '${ref}'`, { hint: 'use a branch, tag or commit that exists' });
  // HEAD does not move during a run: its merge-base with the commit is asked once.
  const found = await rememberForRun(`merge-base\0${resolve(repoDir)}\0${commit}`, () => git(repoDir, ['merge-base', 'HEAD', '--end-of-options', commit]));
  const mergeBase = found.ok && found.stdout.trim() ? found.stdout.trim() : commit;
  // git printed this commit itself: reading files at it later in the run needs no rev-parse to verify it.
  void rememberForRun(commitKey(repoDir, mergeBase), async () => mergeBase);
  return mergeBase;
}

/**
 * A `readFile` for LoadOptions that reads each absolute path as it was at `ref`. Throws ConfigError for an
 * unknown ref or a directory outside a git repository, and (when called) for a file missing at that ref.
 */
export async function gitFileReader(repoDir: string, ref: string): Promise<(absolutePath: string) => Promise<string>> {
  // The top level comes from the (checked, remembered) lookup of the work tree's own repository: no git process.
  const repository = await lookUpRepository(repoDir);
  if (repository.kind === 'missing-git') throw new ToolError('git is not installed or not on PATH', { hint: 'install git to compare against a git ref' });
  if (repository.kind === 'none') throw new ConfigError(`${repoDir} is not inside a git repository, so '${ref}' cannot be read`, { hint: 'use a snapshot version as --base' });
  const commit = await commitOf(repoDir, ref);
  if (commit === undefined) {
    throw new ConfigError(`unknown git ref '${ref}'`, { hint: 'use a branch, tag or commit that exists, or a snapshot version' });
  }
  // git prints the top level with symlinks resolved; compare like with like.
  const topLevel = repository.workTree;
  const projectDir = realRoot(repoDir);

  return async (absolutePath) => {
    const real = await realpath(resolve(absolutePath)).catch(() => undefined);
    const candidates = [resolve(absolutePath), real, await realParent(absolutePath)].filter((p): p is string => !!p);
    // A work-tree symlink may not lead out of the project (to elsewhere in the repository) either.
    const inRepo = candidates.filter((p) => p !== topLevel && isInside(topLevel, p) && isInside(projectDir, p)).map((p) => relative(topLevel, p))[0];
    if (inRepo === undefined) throw new ConfigError(`${absolutePath} is outside the git repository ${topLevel} or the project`);
    const gitPath = inRepo.split(sep).join('/');
    // A file at a commit never changes: a run reads it once however many contracts or policy files name it.
    const shown = await rememberForRun(`show\0${topLevel}\0${commit}:${gitPath}`, () => showFile(repoDir, `${commit}:${gitPath}`));
    if (!shown.ok) {
      const error = new ConfigError(`${gitPath} does not exist at git ref '${ref}'`, { file: gitPath, hint: 'pick a ref where the spec exists' });
      throw Object.assign(error, { code: 'ENOENT' });
    }
    return shown.stdout;
  };
}

/** The path with its parent directory's symlinks resolved (the file itself may not exist in the work tree). */
async function realParent(absolutePath: string): Promise<string | undefined> {
  const parent = resolve(absolutePath, '..');
  const realDir = await realpath(parent).catch(() => undefined);
  return realDir ? resolve(realDir, relative(parent, absolutePath)) : undefined;
}
