// What a pull request run compares with: the merge-base of HEAD with its target branch. Shared by the run step
// (the gate's --base) and the selection step (the lockfile the project's specver was pinned by).

export const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];

/** True on a pull request run (GITHUB_EVENT_NAME pull_request or pull_request_target). */
export function isPullRequestEvent(env) {
  return PULL_REQUEST_EVENTS.includes(env.GITHUB_EVENT_NAME ?? '');
}

/**
 * The merge-base of origin/<target> and HEAD, fetching the target branch once when it is missing (a checkout
 * of one branch); undefined when there is none (a shallow clone). `git(args)` returns a spawnSync result;
 * `fetchOptions` go before `fetch` (the token's header).
 */
export function mergeBaseWithTarget(git, target, fetchOptions = []) {
  const mergeBase = () => git(['merge-base', `origin/${target}`, 'HEAD']);
  let found = mergeBase();
  if (found.status !== 0) {
    git([...fetchOptions, 'fetch', '-q', '--no-tags', 'origin', `+refs/heads/${target}:refs/remotes/origin/${target}`]);
    found = mergeBase();
  }
  return found.status === 0 ? found.stdout.trim() : undefined;
}
