/**
 * Finds the git repository of a directory and checks that it is the work tree's own: its git dir must be
 * `<top level>/.git`, or the target of the `gitdir:` line of a `.git` file (a linked worktree or a
 * submodule). Anything else is a folder of the project that git took for a repository, which a pull request
 * can commit (HEAD, config, objects/, refs/) to plant its own config and refs: refused, naming the folder.
 */
import { execFile } from 'node:child_process';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from '../errors.ts';
import { rememberForRun } from '../load/git-run-cache.ts';
import { GIT_SAFETY_ARGS, gitEnvironment, type PinnedRepository } from './git-environment.ts';

export type RepositoryLookup =
  | ({ kind: 'repository' } & PinnedRepository)
  | { kind: 'none'; message: string }
  | { kind: 'missing-git' };

/** Discovery output is small; git's own limit on what it prints here is a path or two. */
const DISCOVERY_BUFFER = 1024 * 1024;

/**
 * The repository holding `cwd`: `repository` (checked), `none` outside any work tree (git's message), or
 * `missing-git`. Throws ConfigError (exit 2) when git would use a folder that is not the work tree's .git.
 * Asked once per run (load/git-run-cache.ts): a folder can become a repository, or stop being one, between runs.
 */
export function lookUpRepository(cwd: string): Promise<RepositoryLookup> {
  const key = resolve(cwd);
  return rememberForRun(`repository\0${key}`, () => discover(key));
}

/** What git says outside any repository (the message of a `none` lookup made without asking it). */
const NOT_A_REPOSITORY = 'fatal: not a git repository (or any of the parent directories): .git';

function discover(cwd: string): Promise<RepositoryLookup> {
  if (nothingToDiscover(cwd)) return Promise.resolve({ kind: 'none', message: NOT_A_REPOSITORY });
  return new Promise((done, fail) => {
    const args = [...GIT_SAFETY_ARGS, 'rev-parse', '--show-toplevel', '--absolute-git-dir'];
    const options = { cwd, env: gitEnvironment(process.env), encoding: 'utf8' as const, maxBuffer: DISCOVERY_BUFFER, windowsHide: true };
    execFile('git', args, options, (error, stdout, stderr) => {
      try {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return done({ kind: 'missing-git' });
        if (error) {
          const planted = plantedFolder(cwd, stderr);
          if (planted) throw plantedRepositoryError(planted);
          return done({ kind: 'none', message: firstLine(stderr) || `${cwd} is not inside a git work tree` });
        }
        const [workTree, gitDir] = stdout.split('\n');
        if (!workTree || !gitDir) throw plantedRepositoryError(gitDir || workTree || cwd);
        if (!isOwnGitDir(workTree, gitDir)) throw plantedRepositoryError(gitDir);
        done({ kind: 'repository', workTree, gitDir });
      } catch (failure) {
        fail(failure);
      }
    });
  });
}

/** Whether `gitDir` is the git dir `<workTree>/.git` stands for: the directory itself, or its gitdir file's target. */
export function isOwnGitDir(workTree: string, gitDir: string): boolean {
  const actual = realPath(gitDir);
  if (actual === undefined) return false;
  const dotGit = join(workTree, '.git');
  const kind = kindOf(dotGit);
  if (kind === 'directory') return realPath(dotGit) === actual;
  if (kind !== 'file') return false;
  let text: string;
  try {
    text = readFileSync(dotGit, 'utf8');
  } catch {
    return false;
  }
  const target = /^gitdir: *(.+?)\s*$/m.exec(text)?.[1];
  if (!target) return false;
  return realPath(isAbsolute(target) ? target : resolve(workTree, target)) === actual;
}

/**
 * Whether git's discovery from `cwd` has nothing to find: no `.git` of any kind, and no folder that looks like
 * a bare repository, in the physical path of `cwd` or any folder above it. Git would then answer "not a git
 * repository"; the answer is given without starting it, as most runs outside git would start one for nothing.
 * Wherever git could find something (or `cwd` cannot be resolved), git itself is asked.
 */
function nothingToDiscover(cwd: string): boolean {
  let dir = realPath(cwd);
  if (dir === undefined) return false;
  for (;;) {
    if (kindOf(join(dir, '.git')) !== undefined || looksLikeBareRepository(dir)) return false;
    const parent = dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/** Git's own test of a folder it may take for a repository: HEAD, objects/ and refs/ in it. */
function looksLikeBareRepository(dir: string): boolean {
  return kindOf(join(dir, 'HEAD')) !== undefined && kindOf(join(dir, 'objects')) !== undefined && kindOf(join(dir, 'refs')) !== undefined;
}

/**
 * The folder between `cwd` and the nearest `.git` that git would take for a repository (HEAD, objects/ and
 * refs/ in it, as git's own test), else the one git names in its refusal.
 */
function plantedFolder(cwd: string, stderr: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (kindOf(join(dir, '.git')) !== undefined) break;
    if (kindOf(join(dir, 'HEAD')) === 'file' && kindOf(join(dir, 'objects')) === 'directory' && kindOf(join(dir, 'refs')) === 'directory') return dir;
    if (dirname(dir) === dir) break;
  }
  return /bare repository '(.+)'/.exec(stderr)?.[1];
}

function kindOf(path: string): 'file' | 'directory' | 'other' | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return undefined;
  }
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';

function plantedRepositoryError(folder: string): ConfigError {
  return new ConfigError(`${folder} looks like a git repository (HEAD, objects/, refs/) inside the work tree, and git would use it instead of the work tree's own .git`, {
    hint: "remove that folder from the project (git rm -r); 'specver version --no-git' versions without git",
  });
}
