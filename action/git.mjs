// How the Action runs git: the same options and environment as the CLI (src/git/git-environment.ts; a test
// keeps the lists equal), only in the work tree's own repository (never a folder of the pull request that git
// would take for one), pinned there with GIT_DIR and GIT_WORK_TREE, and without hooks: its commits and pushes
// are the bot's, and a hook path in the work tree would be the pull request's code, run beside the token.
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export const GIT_SAFETY_ARGS = ['--no-pager', '-c', 'safe.bareRepository=explicit', '-c', 'core.fsmonitor=false'];

export const GIT_ENV_ALLOWED = [
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
];

/** A path no hook can be found under, on every runner (a file, or a missing path, where a directory belongs). */
export const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

/** The repository cannot be used: a message for the job log. */
export class GitRepositoryError extends Error {}

/** `base` without GIT_* variables outside the allow-list, no pager, no prompt; pinned to `repository` when given. */
export function gitEnvironment(base, repository) {
  const env = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    if (upper.startsWith('GIT_') && !GIT_ENV_ALLOWED.includes(upper)) continue;
    if (upper === 'PAGER') continue;
    env[name] = value;
  }
  env.GIT_PAGER = 'cat';
  env.PAGER = 'cat';
  env.GIT_TERMINAL_PROMPT = '0';
  if (repository) {
    env.GIT_DIR = repository.gitDir;
    env.GIT_WORK_TREE = repository.workTree;
  }
  return env;
}

/** The repository of `cwd`, checked to be its work tree's own .git (or a linked worktree's gitdir). */
export function ownRepository(cwd, baseEnv) {
  const found = spawnSync('git', [...GIT_SAFETY_ARGS, 'rev-parse', '--show-toplevel', '--absolute-git-dir'], {
    cwd,
    env: gitEnvironment(baseEnv),
    encoding: 'utf8',
  });
  if (found.error) throw new GitRepositoryError(`cannot run git: ${found.error.message}`);
  if (found.status !== 0) {
    const planted = plantedFolder(cwd, found.stderr);
    if (planted) throw plantedError(planted);
    throw new GitRepositoryError(`${cwd} is not inside a git work tree: ${found.stderr.trim().split('\n')[0]}`);
  }
  const [workTree, gitDir] = found.stdout.split('\n');
  if (!workTree || !gitDir || !isOwnGitDir(workTree, gitDir)) throw plantedError(gitDir || cwd);
  return { workTree, gitDir };
}

/**
 * spawnSync of git in `repository` (from ownRepository), with extra environment variables (identity). The
 * output limit fits a large lockfile read with `git show` (spawnSync's default is 1 MB).
 */
export function spawnGit(repository, cwd, baseEnv, args, extraEnv = {}) {
  return spawnSync('git', [...GIT_SAFETY_ARGS, ...args], {
    cwd,
    env: { ...gitEnvironment(baseEnv, repository), ...extraEnv },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

export function isOwnGitDir(workTree, gitDir) {
  const actual = realPath(gitDir);
  if (actual === undefined) return false;
  const dotGit = join(workTree, '.git');
  const kind = kindOf(dotGit);
  if (kind === 'directory') return realPath(dotGit) === actual;
  if (kind !== 'file') return false;
  let text;
  try {
    text = readFileSync(dotGit, 'utf8');
  } catch {
    return false;
  }
  const target = /^gitdir: *(.+?)\s*$/m.exec(text)?.[1];
  return !!target && realPath(isAbsolute(target) ? target : resolve(workTree, target)) === actual;
}

function plantedFolder(cwd, stderr) {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (kindOf(join(dir, '.git')) !== undefined) break;
    if (kindOf(join(dir, 'HEAD')) === 'file' && kindOf(join(dir, 'objects')) === 'directory' && kindOf(join(dir, 'refs')) === 'directory') return dir;
    if (dirname(dir) === dir) break;
  }
  return /bare repository '(.+)'/.exec(stderr)?.[1];
}

function plantedError(folder) {
  return new GitRepositoryError(
    `${folder} looks like a git repository (HEAD, objects/, refs/) inside the work tree, and git would use it instead of the work tree's own .git: remove that folder from the project`,
  );
}

function kindOf(path) {
  try {
    const stats = statSync(path);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return undefined;
  }
}

function realPath(path) {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
