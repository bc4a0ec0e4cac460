/**
 * The Action's own git calls (action/git.mjs): only in the work tree's own repository, never one a pull
 * request planted in the working directory, and without hooks, so no file of the pull request runs beside the
 * token when the Action commits a changeset. The Action runs through its main() in this process (its git calls are
 * processes all the same), with the built CLI in-process seeing the run's environment, as a child would.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runActionInProcess } from '../helpers/action-run.ts';
import { BUILT_CLI, runBuiltSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';

const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toUpperCase().startsWith('GIT_')));
const SPEC = readFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), 'utf8');

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, env: CLEAN_ENV, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

let template: TempProject | undefined;

/**
 * A repository with petstore initialised in svc/ and then changed (a changeset is due), and runner files. Built
 * once per file, then copied for each test.
 */
async function changedProject(): Promise<{ repo: TempProject; runner: TempProject }> {
  if (!template) {
    template = emptyProject('specver-action-git-template-');
    git(template.dir, 'init', '-q', '-b', 'main');
    template.write('svc/api/petstore.yaml', SPEC);
    assert.is((await runBuiltSpecver(['init', '--initial-version', '1.0.0'], { cwd: template.path('svc'), env: CLEAN_ENV })).exitCode, 0);
    git(template.dir, 'add', '-A');
    git(template.dir, 'commit', '-q', '-m', 'initial');
    git(template.dir, 'checkout', '-q', '-b', 'feature');
    template.write('svc/api/petstore.yaml', SPEC.replace('        maximum: 100', '        maximum: 50'));
  }
  const repo = emptyProject('specver-action-git-');
  cpSync(template.dir, repo.dir, { recursive: true });
  return { repo, runner: emptyProject('specver-runner-') };
}

function runAction(repo: TempProject, runner: TempProject, env: Record<string, string>) {
  const summary = runner.write('summary.md', '');
  const output = runner.write('output.txt', '');
  mkdirSync(runner.path('tmp'), { recursive: true });
  return runActionInProcess({
    ...CLEAN_ENV,
    GIT_CONFIG_GLOBAL: runner.write('gitconfig', ''),
    GIT_CONFIG_NOSYSTEM: '1',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: repo.dir,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: runner.path('tmp'),
    SPECVER_CLI: BUILT_CLI,
    'INPUT_WORKING-DIRECTORY': 'svc',
    ...env,
  });
}

test('a repository planted in the working directory: no git call runs in it, exit 2 naming it', async () => {
  const { repo, runner } = await changedProject();
  const marker = runner.path('fsmonitor-ran');
  const donor = emptyProject('specver-donor-');
  git(donor.dir, 'init', '-q', '-b', 'main');
  donor.write('api/petstore.yaml', SPEC);
  git(donor.dir, 'add', '-A');
  git(donor.dir, 'commit', '-q', '-m', 'planted');
  for (const part of ['HEAD', 'objects', 'refs']) cpSync(donor.path('.git', part), repo.path('svc', part), { recursive: true });
  repo.write('svc/config', `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = .\n\tfsmonitor = "echo ran > '${marker}'; false"\n`);
  git(repo.dir, 'add', '-A');
  git(repo.dir, 'commit', '-q', '-m', 'a lower page size, and a repository inside svc/');
  const head = git(repo.dir, 'rev-parse', 'HEAD');

  const r = await runAction(repo, runner, { GITHUB_EVENT_NAME: 'pull_request', INPUT_COMMAND: 'changeset' });
  assert.not.ok(existsSync(marker), 'the planted core.fsmonitor command ran');
  assert.is(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stdout, `::error title=specver::${repo.path('svc')} looks like a git repository (HEAD, objects/, refs/) inside the work tree`);
  assert.is(git(repo.dir, 'rev-parse', 'HEAD'), head, 'nothing committed');
  assert.is(git(repo.dir, 'diff', '--cached', '--name-only'), '', 'nothing staged');

  // The pull-request flow (merge-base with the target branch) refuses it the same way.
  const gate = await runAction(repo, runner, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'main', INPUT_COMMAND: 'breaking' });
  assert.is(gate.status, 2, gate.stdout + gate.stderr);
  assert.match(gate.stdout, `${repo.path('svc')} looks like a git repository`);
  assert.not.ok(existsSync(marker));
});

test('the changeset commit runs no hook, not even one the repository configured in its work tree', async () => {
  const { repo, runner } = await changedProject();
  const marker = runner.path('hook-ran');
  const hook = repo.write('.githooks/pre-commit', `#!/bin/sh\necho ran > '${marker}'\n`);
  chmodSync(hook, 0o755);
  git(repo.dir, 'config', 'core.hooksPath', '.githooks');
  git(repo.dir, 'add', '-A');
  git(repo.dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'a lower page size');
  assert.not.ok(existsSync(marker));

  const r = await runAction(repo, runner, { GITHUB_EVENT_NAME: 'pull_request', INPUT_COMMAND: 'changeset', GIT_DIR: runner.path('elsewhere') });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.not.ok(existsSync(marker), 'the pre-commit hook ran');
  assert.is(git(repo.dir, 'log', '-1', '--format=%an|%s'), 'github-actions[bot]|Add changeset for petstore');
});

test.run();
