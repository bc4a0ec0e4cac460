/**
 * Git repositories for tests, with as few processes as possible: a git process started from a test worker costs
 * its own run plus the fork of a large process. `git()` runs one command; `gitScript()` runs several in one
 * shell (one start from this process); `gitHistory()` writes a whole history (commits on several branches, tags)
 * with one `git fast-import`; `copyRepository()` copies a repository built once per file (.git included), far
 * cheaper than building it again for each test.
 */
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { emptyProject, type TempProject } from './temp-project.ts';

/** The environment of the git processes started here: a fixed identity and no signing, whatever the user's config. */
export const GIT_TEST_ENV: Record<string, string> = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_COUNT: '2',
  GIT_CONFIG_KEY_0: 'commit.gpgsign',
  GIT_CONFIG_VALUE_0: 'false',
  GIT_CONFIG_KEY_1: 'tag.gpgsign',
  GIT_CONFIG_VALUE_1: 'false',
};

const env = () => ({ ...process.env, ...GIT_TEST_ENV });

/** `git <args>` in `dir`; its output, trimmed. Throws with git's message when it fails. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: env(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Several git commands in `dir`, one after the other in one shell, stopping at the first that fails; the output
 * of all, trimmed. `extraEnv` adds to (or, undefined, removes from) the environment.
 */
export function gitScript(dir: string, commands: string[][], extraEnv: Record<string, string | undefined> = {}): string {
  const script = commands.map((args) => ['git', ...args].map(quote).join(' ')).join(' && ');
  return execFileSync('sh', ['-c', script], { cwd: dir, env: { ...env(), ...extraEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** `git add -A` and `git commit -q -m <message>`, in one shell. */
export function commitAll(dir: string, message: string): void {
  gitScript(dir, [['add', '-A'], ['commit', '-q', '-m', message]]);
}

export interface HistoryCommit {
  /** The branch the commit goes on (default main). A branch's first commit starts from `from`'s tip, else from nothing. */
  branch?: string;
  from?: string;
  message?: string;
  /** Files written (text) or deleted (null), relative to the top level; the rest of the tree is the parent's. */
  files: Record<string, string | null>;
  /** A lightweight tag on this commit. */
  tag?: string;
}

/**
 * A new repository in `dir` (which may hold files already: they are overwritten by the checkout, or left
 * untracked) with `commits`, and `checkout` (default main; a branch no commit went on is made at main's tip)
 * checked out: `git init`, `git fast-import` and `git reset --hard` in one shell. Commit dates are fixed, one second apart, so hashes are the same on each run.
 */
export function gitHistory(dir: string, commits: HistoryCommit[], checkout = 'main'): void {
  const chunks: string[] = [];
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const started = new Set<string>();
  commits.forEach((commit, i) => {
    const branch = commit.branch ?? 'main';
    const when = `${1_700_000_000 + i} +0000`;
    chunks.push(`commit refs/heads/${branch}\nmark :${i + 1}\nauthor t <t@example.com> ${when}\ncommitter t <t@example.com> ${when}\n${data(commit.message ?? `commit ${i + 1}`)}`);
    if (!started.has(branch) && commit.from) chunks.push(`from refs/heads/${commit.from}\n`);
    started.add(branch);
    for (const [file, text] of Object.entries(commit.files)) chunks.push(text === null ? `D ${file}\n` : `M 100644 inline ${file}\n${data(text)}`);
    chunks.push('\n');
    if (commit.tag) chunks.push(`reset refs/tags/${commit.tag}\nfrom :${i + 1}\n\n`);
  });
  // A branch no commit went on starts at main's tip.
  const branch = started.has(checkout) ? '' : ` && git branch ${quote(checkout)} main`;
  const script = `git init -q -b main && git fast-import --quiet${branch} && git symbolic-ref HEAD ${quote(`refs/heads/${checkout}`)} && git reset -q --hard`;
  execFileSync('sh', ['-c', script], { cwd: dir, env: env(), input: chunks.join(''), stdio: ['pipe', 'pipe', 'pipe'] });
}

/** A copy of the repository (or project) in `from`, .git included, in a new temp directory. */
export function copyRepository(from: string | TempProject, prefix = 'specver-git-copy-'): TempProject {
  const p = emptyProject(prefix);
  cpSync(typeof from === 'string' ? from : from.dir, p.dir, { recursive: true });
  return p;
}

/**
 * Repositories built once and copied for each case: `const templateRepository = repositoryTemplates();` at the
 * top of a test file, then `await templateRepository(key, build)` runs `build` in a temp directory of its own
 * the first time a key is asked, and returns a fresh copy (copyRepository) of what it built each time. Made per
 * file: a worker runs many files in one process, and removes each file's temp directories when it ends.
 */
export function repositoryTemplates(): (key: string, build: (p: TempProject) => void | Promise<void>) => Promise<TempProject> {
  const templates = new Map<string, Promise<string>>();
  return (key, build) => {
    let made = templates.get(key);
    if (!made) {
      const p = emptyProject('specver-git-template-');
      made = Promise.resolve(build(p)).then(() => p.dir);
      templates.set(key, made);
    }
    return made.then((dir) => copyRepository(dir));
  };
}
