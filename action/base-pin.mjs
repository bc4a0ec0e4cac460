// On a pull request, the project's specver may judge it only when the pull request did not choose it: the
// lockfile's specver entry must be the one at the merge-base with the target branch (already reviewed and
// merged), read from git objects, never from the work tree. Reads through the Action's git runner (no hooks).
import { GitRepositoryError, NO_HOOKS, ownRepository, spawnGit } from './git.mjs';
import { comparePins, specverPin } from './lockfile-pin.mjs';
import { mergeBaseWithTarget } from './pull-request-base.mjs';

/**
 * The commit the pull request branched from: the merge-base of HEAD with the `base` input when it names a git
 * commit, else with origin/<GITHUB_BASE_REF> (as the run step finds it). Returns { commit, name } or { why }.
 */
function findBase(git, env, baseInput) {
  if (baseInput && !baseInput.startsWith('-') && git(['rev-parse', '--verify', '--quiet', `${baseInput}^{commit}`]).status === 0) {
    const found = git(['merge-base', 'HEAD', baseInput]);
    if (found.status === 0) return { commit: found.stdout.trim(), name: baseInput };
    return { why: `cannot find the merge-base of HEAD and ${baseInput} (check out with fetch-depth: 0)` };
  }
  const target = env.GITHUB_BASE_REF;
  if (!target) return { why: 'no base to read it at (neither GITHUB_BASE_REF nor a base input naming a git ref)' };
  const commit = mergeBaseWithTarget(git, target);
  if (!commit) return { why: `cannot find the merge-base of origin/${target} and HEAD (check out with fetch-depth: 0)` };
  return { commit, name: target };
}

/**
 * Whether the project's installed specver (`found`, from findProjectCli) may judge this pull request:
 * { trusted: true } or { trusted: false, why }. `baseInput`: the Action's `base` input. The repository is the one
 * findProjectCli looked up (`found.repositoryLookup`: { repository } or { error }), else looked up here.
 */
export function checkPinAgainstBase(found, env, baseInput) {
  const unreadable = (why) => ({ trusted: false, why: `cannot read ${found.lockfile} at the pull request's base: ${why}` });
  let repository = found.repositoryLookup?.repository;
  if (found.repositoryLookup?.error) return unreadable(found.repositoryLookup.error.message);
  if (!repository) {
    try {
      repository = ownRepository(found.dir, env);
    } catch (error) {
      if (error instanceof GitRepositoryError) return unreadable(error.message);
      throw error;
    }
  }
  // LC_ALL=C: git's messages in English, to tell a lockfile missing at the base from a failure.
  const git = (args) => spawnGit(repository, found.dir, env, [...NO_HOOKS, ...args], { LC_ALL: 'C' });
  const base = findBase(git, env, baseInput);
  if (!base.commit) return unreadable(base.why);
  const at = `the merge-base ${base.commit.slice(0, 12)} with ${base.name}`;
  // `./` reads the lockfile at the same place relative to the working directory; the blob as stored (no textconv).
  const shown = git(['show', `${base.commit}:./${found.lockfile}`]);
  let basePin;
  if (shown.status === 0) basePin = specverPin(found.lockfile, shown.stdout);
  else if (!/does not exist in|exists on disk, but not in/.test(shown.stderr)) return unreadable(`git show failed: ${shown.error?.message ?? shown.stderr.trim().split('\n')[0]}`);
  return comparePins(found.lockfile, found.pin, basePin, found.version, at);
}
