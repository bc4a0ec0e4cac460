/**
 * The one way specver runs git: in the repository of `cwd` once it is checked to be the work tree's own
 * (own-repository.ts), pinned there with GIT_DIR and GIT_WORK_TREE, with the options and environment of
 * git-environment.ts. execFile, no shell (git/cat-file-batch.ts keeps one cat-file per run, pinned the same way).
 */
import { execFile } from 'node:child_process';
import { GIT_SAFETY_ARGS, gitEnvironment } from './git-environment.ts';
import { lookUpRepository } from './own-repository.ts';

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** git is not installed or not on PATH. */
  missingGit?: boolean;
}

/** `git show` of a spec prints the whole file: as large as the largest spec specver reads (256 MiB). */
const MAX_OUTPUT = 256 * 1024 * 1024;

/**
 * Runs `git <args>` for the repository holding `cwd` (relative paths in `args` are relative to `cwd`).
 * Outside a work tree: not ok, with git's message. Throws ConfigError for a repository planted in the work tree.
 */
export async function runGitIn(cwd: string, args: string[]): Promise<GitResult> {
  const repository = await lookUpRepository(cwd);
  if (repository.kind === 'missing-git') return { ok: false, stdout: '', stderr: 'git is not installed or not on PATH', missingGit: true };
  if (repository.kind === 'none') return { ok: false, stdout: '', stderr: repository.message };
  const env = gitEnvironment(process.env, repository);
  return new Promise((done) => {
    execFile('git', [...GIT_SAFETY_ARGS, ...args], { cwd, env, encoding: 'utf8', maxBuffer: MAX_OUTPUT, windowsHide: true }, (error, stdout, stderr) => {
      const missingGit = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
      done({ ok: !error, stdout, stderr: stderr || (error && !missingGit ? error.message : ''), missingGit });
    });
  });
}
