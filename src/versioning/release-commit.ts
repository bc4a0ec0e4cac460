/**
 * The commit that released a version, for `specver tag`: the newest commit in HEAD's history that added the
 * version's snapshot (`.specver/snapshots/<name>@<version>.<ext>`). `version` writes a snapshot in the release
 * and nothing later adds it again, so that commit is the release whatever was committed after it.
 * git runs through src/git/run-git.ts (the work tree's own repository, fixed options).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, ToolError } from '../errors.ts';
import { runGitIn } from '../git/run-git.ts';

/**
 * Options that make `git log` answer the same whatever the user's git config says: renames are a deletion
 * and an addition (diff.renames would hide the addition), no rename following of a single path (log.follow),
 * no signature text mixed into the output (log.showSignature).
 */
const LOG_ARGS = ['-c', 'log.follow=false', '-c', 'log.showSignature=false', 'log', '--no-renames', '--diff-filter=A', '-n', '1', '--format=%H'];

async function git(root: string, args: string[]): Promise<string> {
  const result = await runGitIn(root, args);
  if (!result.ok) throw new ToolError(`git ${args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? ''} failed: ${result.stderr.trim()}`, { hint: 'check that git works in this repository (git status)' });
  return result.stdout.trim();
}

/** The newest commit of HEAD's history that adds `file` (relative to `root`), or undefined. */
async function addingCommit(root: string, file: string): Promise<string | undefined> {
  // `:(literal)`: a snapshot's name is a file name, never a pattern.
  return (await git(root, [...LOG_ARGS, 'HEAD', '--', `:(literal)${file}`])) || undefined;
}

/** Whether `ancestor` is `commit` or one of its ancestors. */
async function isAncestor(root: string, ancestor: string, commit: string): Promise<boolean> {
  return ancestor === commit || (await runGitIn(root, ['merge-base', '--is-ancestor', ancestor, commit])).ok;
}

/**
 * The full hash of the commit that released `tag`, whose snapshots are `snapshots` (paths relative to `root`).
 * Fixed versioning has one per contract: a contract added after the release adds its snapshot later, so the
 * release is the earliest of their commits. A snapshot no commit added, or a shallow clone whose history stops
 * before the release, is a ConfigError naming what to do.
 */
export async function releaseCommit(root: string, tag: string, snapshots: string[]): Promise<string> {
  const commits: string[] = [];
  // One rev-parse answers whether the clone is shallow, where its list of boundary commits is, and (last, failing
  // when there is none) HEAD's commit: a repository without a commit yet has no HEAD to read the history of.
  const probe = await runGitIn(root, ['rev-parse', '--is-shallow-repository', '--git-path', 'shallow', '--verify', '--quiet', 'HEAD^{commit}']);
  const unborn = !probe.ok;
  for (const file of snapshots) {
    const commit = unborn ? undefined : await addingCommit(root, file);
    if (!commit) {
      throw new ConfigError(`${tag} is not released in a commit yet: no commit of HEAD's history adds ${file}`, {
        hint: 'commit the release (the files specver version wrote), then run specver tag again',
      });
    }
    if (!commits.includes(commit)) commits.push(commit);
  }
  let commit = commits[0]!;
  for (const other of commits.slice(1)) if (await isAncestor(root, other, commit)) commit = other;
  // In a shallow clone every file of the oldest fetched commits (listed in .git/shallow) looks added by them:
  // such a commit proves nothing.
  const [shallow, shallowPath] = probe.stdout.split('\n').map((line) => line.trim());
  if (shallow === 'true') {
    const shallowFile = resolve(root, shallowPath!);
    let boundary: string[];
    try {
      boundary = readFileSync(shallowFile, 'utf8').split('\n').map((line) => line.trim());
    } catch (error) {
      throw new ToolError(`cannot read ${shallowFile}, the list of where this shallow clone's history stops: ${(error as Error).message}`, { hint: 'check the repository (git status)' });
    }
    if (boundary.includes(commit)) {
      throw new ConfigError(`${tag}: this clone is shallow, so the commit that released it is not known (its history stops at ${commit.slice(0, 12)})`, {
        hint: 'fetch the whole history (git fetch --unshallow; in GitHub Actions: actions/checkout with fetch-depth: 0), then run specver tag again',
      });
    }
  }
  return commit;
}
