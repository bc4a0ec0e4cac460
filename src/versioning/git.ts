/**
 * Git actions of `version` (decisions.md 5): stage the files it wrote or deleted, commit and tag only when
 * configured, never push. git runs through src/git/run-git.ts: only in the work tree's own repository, whose
 * hooks run as they would for any commit there. Outside a work tree nothing happens.
 */
import { lookUpRepository } from '../git/own-repository.ts';
import { runGitIn } from '../git/run-git.ts';
import { ToolError } from '../errors.ts';

export interface GitRunner {
  (args: string[], cwd: string): Promise<{ stdout: string }>;
}

/** Runs git in the repository of `cwd`; a failure throws an Error carrying git's `stderr`. */
export const runGit: GitRunner = async (args, cwd) => {
  const result = await runGitIn(cwd, args);
  if (!result.ok) throw Object.assign(new Error(`git ${args[0] ?? ''} failed`), { stderr: result.stderr });
  return { stdout: result.stdout };
};

/**
 * Whether `cwd` is inside a git work tree (false when git is missing too). Throws ConfigError when git would
 * use a repository planted in the work tree instead of its own .git.
 */
export async function insideWorkTree(cwd: string): Promise<boolean> {
  return (await lookUpRepository(cwd)).kind === 'repository';
}

export interface GitActions {
  /** Paths relative to `root` that now exist and were written. */
  written: string[];
  /** Paths relative to `root` that were deleted. */
  deleted: string[];
  commit: boolean;
  message: string;
  tags: string[];
}

/** Stages, then optionally commits and tags. Returns what was done, for the report. */
export async function performGitActions(root: string, actions: GitActions, git: GitRunner = runGit): Promise<string[]> {
  const done: string[] = [];
  try {
    if (actions.written.length > 0) {
      await git(['add', '--', ...actions.written], root);
      done.push(`staged ${actions.written.length} written file(s)`);
    }
    // Only deletions git knows of can be staged or committed; a changeset never committed just disappears.
    const tracked =
      actions.deleted.length === 0
        ? []
        : (await git(['ls-files', '-z', '--', ...actions.deleted], root)).stdout.split('\0').filter((p) => p !== '');
    if (tracked.length > 0) {
      await git(['rm', '--cached', '--ignore-unmatch', '--quiet', '--', ...tracked], root);
      done.push(`staged ${tracked.length} deleted file(s)`);
    }
    if (actions.commit) {
      await git(['commit', '--quiet', '-m', actions.message, '--', ...actions.written, ...tracked], root);
      done.push('committed');
    }
    for (const tag of actions.tags) {
      await git(['tag', '-a', tag, '-m', tag], root);
      done.push(`tagged ${tag}`);
    }
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new ToolError(`git failed: ${stderr || (error as Error).message}`, {
      hint: 'the version files are written; stage, commit or tag them by hand',
      cause: error,
    });
  }
  return done;
}
