/**
 * The options and environment of every git process (src/git/git-environment.ts), the check that a git dir is
 * the work tree's own (src/git/own-repository.ts), and the Action's copy of both (action/git.mjs), which must
 * stay the same.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error plain ESM JavaScript without type declarations
import * as actionGit from '../../action/git.mjs';
import { GIT_ENV_ALLOWED, GIT_SAFETY_ARGS, gitEnvironment } from '../../src/git/git-environment.ts';
import { isOwnGitDir } from '../../src/git/own-repository.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const HOSTILE = {
  PATH: '/usr/bin',
  HOME: '/home/me',
  GIT_DIR: '/elsewhere/.git',
  GIT_WORK_TREE: '/elsewhere',
  git_dir: '/elsewhere/.git',
  GIT_INDEX_FILE: '/elsewhere/index',
  GIT_OBJECT_DIRECTORY: '/elsewhere/objects',
  GIT_CONFIG_COUNT: '1',
  GIT_CONFIG_KEY_0: 'core.fsmonitor',
  GIT_CONFIG_VALUE_0: 'touch /tmp/ran',
  GIT_CONFIG_PARAMETERS: "'core.hooksPath'='/elsewhere'",
  GIT_CEILING_DIRECTORIES: '/',
  GIT_EXEC_PATH: '/elsewhere/libexec',
  GIT_SSH_COMMAND: 'touch /tmp/ran',
  GIT_PAGER: 'less',
  PAGER: 'touch /tmp/ran',
  GIT_EXTERNAL_DIFF: 'touch /tmp/ran',
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_COMMITTER_NAME: 'C',
  GIT_COMMITTER_EMAIL: 'c@example.com',
  GIT_CONFIG_GLOBAL: '/home/me/.gitconfig-work',
  GIT_CONFIG_NOSYSTEM: '1',
  UNSET: undefined,
};

test('only allow-listed GIT_* variables pass; no pager, no prompt', () => {
  const env = gitEnvironment(HOSTILE);
  assert.equal(env, {
    PATH: '/usr/bin',
    HOME: '/home/me',
    GIT_AUTHOR_NAME: 'A',
    GIT_AUTHOR_EMAIL: 'a@example.com',
    GIT_COMMITTER_NAME: 'C',
    GIT_COMMITTER_EMAIL: 'c@example.com',
    GIT_CONFIG_GLOBAL: '/home/me/.gitconfig-work',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
  });
});

test('pinned to a repository: GIT_DIR and GIT_WORK_TREE are the checked ones', () => {
  const env = gitEnvironment(HOSTILE, { gitDir: '/repo/.git', workTree: '/repo' });
  assert.is(env.GIT_DIR, '/repo/.git');
  assert.is(env.GIT_WORK_TREE, '/repo');
  assert.is(env.GIT_INDEX_FILE, undefined);
});

test('the options come before the subcommand: no pager, explicit bare repositories only, no fsmonitor', () => {
  assert.equal(GIT_SAFETY_ARGS, ['--no-pager', '-c', 'safe.bareRepository=explicit', '-c', 'core.fsmonitor=false']);
});

test('the Action runs git with the same options, allow-list and environment', () => {
  assert.equal(actionGit.GIT_SAFETY_ARGS, GIT_SAFETY_ARGS);
  assert.equal(actionGit.GIT_ENV_ALLOWED, GIT_ENV_ALLOWED);
  assert.equal(actionGit.gitEnvironment(HOSTILE), gitEnvironment(HOSTILE));
  const pinned = { gitDir: '/repo/.git', workTree: '/repo' };
  assert.equal(actionGit.gitEnvironment(HOSTILE, pinned), gitEnvironment(HOSTILE, pinned));
});

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: gitEnvironment(process.env) }).trim();
}

test('own git dir: <top>/.git, a linked worktree and a submodule-style gitdir file; anything else is not', () => {
  const p = emptyProject('specver-own-git-');
  git(p.dir, 'init', '-q', '-b', 'main');
  p.write('a.txt', 'a\n');
  git(p.dir, 'add', '-A');
  git(p.dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'a');
  git(p.dir, 'worktree', 'add', '-q', p.path('linked'));
  const linkedGitDir = git(p.path('linked'), 'rev-parse', '--absolute-git-dir');
  for (const check of [isOwnGitDir, actionGit.isOwnGitDir]) {
    assert.ok(check(p.dir, p.path('.git')));
    assert.ok(check(p.path('linked'), linkedGitDir));
    // A git dir that is not the one <top>/.git stands for.
    assert.not.ok(check(p.dir, linkedGitDir));
    assert.not.ok(check(p.path('linked'), p.path('.git')));
    // A planted folder as its own work tree: it has no .git.
    mkdirSync(p.path('planted/refs'), { recursive: true });
    assert.not.ok(check(p.path('planted'), p.path('planted')));
    assert.not.ok(check(p.dir, join(p.dir, 'missing')));
  }
  // A gitdir file with a relative path, as submodules write it.
  p.write('sub/.git', 'gitdir: ../.git\n');
  assert.ok(isOwnGitDir(p.path('sub'), p.path('.git')));
  assert.ok(actionGit.isOwnGitDir(p.path('sub'), p.path('.git')));
});

test.run();
