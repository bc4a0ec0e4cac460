/**
 * The options and environment every git process of specver starts with (docs/environment.md#git). A pull
 * request can commit a folder that git would take for a repository (HEAD, config, objects/, refs/), and the
 * environment can point git elsewhere; neither may choose which repository git uses or what it runs.
 * action/git.mjs holds the same lists for the GitHub Action (test/git/git-environment.test.ts keeps them equal).
 */

/** Options before the git subcommand. `-c` wins over every config file, including a planted one. */
export const GIT_SAFETY_ARGS: readonly string[] = [
  '--no-pager',
  // Discovery never takes a folder that is not named .git for a repository (git >= 2.38).
  '-c',
  'safe.bareRepository=explicit',
  // core.fsmonitor names a command git runs on every index refresh (`add`, `commit`); it only speeds git up.
  '-c',
  'core.fsmonitor=false',
];

/**
 * The only GIT_* variables passed on: the identity of commits and tags, and the choice of the user's own
 * config files (the same trust as HOME, which chooses ~/.gitconfig). Anything else (GIT_DIR, GIT_WORK_TREE,
 * GIT_INDEX_FILE, GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS, GIT_CEILING_DIRECTORIES, GIT_EXEC_PATH,
 * GIT_SSH_COMMAND, ...) could redirect git to another repository or make it run another program.
 */
export const GIT_ENV_ALLOWED: readonly string[] = [
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

const allowed = new Set(GIT_ENV_ALLOWED);

/** The repository a git process is pinned to, once it is known to be the work tree's own. */
export interface PinnedRepository {
  gitDir: string;
  workTree: string;
}

/**
 * `base` without GIT_* variables outside the allow-list, with no pager and no credential prompt; with
 * `repository`, GIT_DIR and GIT_WORK_TREE name it so git does no discovery of its own.
 */
export function gitEnvironment(base: Record<string, string | undefined>, repository?: PinnedRepository): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    // Windows names are case-insensitive: `Git_Dir` is GIT_DIR there.
    const upper = name.toUpperCase();
    if (upper.startsWith('GIT_') && !allowed.has(upper)) continue;
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
