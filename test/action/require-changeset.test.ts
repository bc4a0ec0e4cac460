/**
 * The Action's `require-changeset` input: a pull request that changes a spec without adding a changeset is
 * named in the job summary (warn) or also fails (fail); off by default. Only the pull request's own changes
 * count: a changeset pending on main does not cover it, and an uncovered change merged earlier is not its.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_CLI } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, REPO_ROOT } from '../helpers/temp-project.ts';

const project = emptyProject('specver-require-changeset-');
const remote = emptyProject('specver-require-remote-');
const runner = emptyProject('specver-require-runner-');
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: runner.write('gitconfig', ''), GIT_CONFIG_NOSYSTEM: '1' };
const ME = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

function git(...args: string[]): string {
  const r = spawnSync('git', args, { cwd: project.dir, env: gitEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

function runAction(name: string, env: Record<string, string>) {
  const summaryFile = runner.write(`${name}/summary.md`, '');
  const outputFile = runner.write(`${name}/output.txt`, '');
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'action/run.mjs')], {
    cwd: project.dir,
    encoding: 'utf8',
    env: {
      ...gitEnv,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: project.dir,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      SPECVER_CLI: BUILT_CLI,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_BASE_REF: 'main',
      ...env,
    },
  });
  const outputs: Record<string, string> = {};
  for (const match of readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)=(.*)$/gm)) outputs[match[1]!] = match[2]!;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, summary: readFileSync(summaryFile, 'utf8'), outputs };
}

test('setup: main with petstore and an older pending changeset', () => {
  mkdirSync(project.path('api'), { recursive: true });
  copyFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), project.path('api/petstore.yaml'));
  git('init', '-q', '-b', 'main');
  const init = spawnSync(process.execPath, [BUILT_CLI, 'init', '--initial-version', '1.0.0'], { cwd: project.dir, env: { ...gitEnv, CI: 'true' }, encoding: 'utf8' });
  assert.is(init.status, 0, init.stderr);
  project.write('.specver/changesets/older.md', '---\n"petstore": minor\n---\n\nAn earlier change.\n');
  git('add', '-A');
  git(...ME, 'commit', '-qm', 'initial');
  git('init', '-q', '--bare', remote.dir);
  git('remote', 'add', 'origin', remote.dir);
  git('push', '-q', 'origin', 'main');
});

test('a pull request without spec changes: nothing to say, even with fail', () => {
  git('checkout', '-q', '-b', 'readme', 'main');
  project.write('README.md', 'docs\n');
  git('add', '-A');
  git(...ME, 'commit', '-qm', 'docs');
  const r = runAction('readme', { 'INPUT_REQUIRE-CHANGESET': 'fail' });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.is(r.outputs['changeset-missing'], 'false');
  assert.not.match(r.summary, /Changeset missing/);
});

test('a spec change without its own changeset: off says nothing, warn says so, fail also fails the job', () => {
  git('checkout', '-q', '-b', 'reword', 'main');
  project.write('api/petstore.yaml', project.read('api/petstore.yaml').replace('summary: List pets', 'summary: List all pets'));
  git(...ME, 'commit', '-qam', 'Reword');

  const off = runAction('off', {});
  assert.is(off.status, 0, off.stdout + off.stderr);
  assert.is(off.outputs['changeset-missing'], 'false');
  assert.not.match(off.summary, /Changeset missing/);

  const warn = runAction('warn', { 'INPUT_REQUIRE-CHANGESET': 'warn' });
  assert.is(warn.status, 0, warn.stdout + warn.stderr);
  assert.is(warn.outputs['changeset-missing'], 'true', 'main\'s older changeset does not cover it');
  assert.match(warn.summary, /## Changeset missing\n\nThis pull request changes the spec of `petstore` but adds no changeset for it\.\nRun `npx specver changeset`/);
  assert.match(warn.stdout, /^::warning title=specver::no changeset for the spec changes of petstore: run 'npx specver changeset' and commit it$/m);

  const fail = runAction('fail', { 'INPUT_REQUIRE-CHANGESET': 'fail' });
  assert.is(fail.status, 1, fail.stdout + fail.stderr);
  assert.is(fail.outputs['gate-failed'], 'false', 'the gate itself passed');
  assert.match(fail.stdout, /^::error title=specver::no changeset for the spec changes of petstore/m);
  assert.match(fail.summary, /fails the job \(`require-changeset: fail`\)/);

  project.write('.specver/changesets/reword.md', '---\n"petstore": patch\n---\n\nReword.\n');
  git('add', '-A');
  git(...ME, 'commit', '-qm', 'Changeset');
  const covered = runAction('covered', { 'INPUT_REQUIRE-CHANGESET': 'fail' });
  assert.is(covered.status, 0, covered.stdout + covered.stderr);
  assert.is(covered.outputs['changeset-missing'], 'false');
});

test('an unknown require-changeset value is exit 2 with an error annotation', () => {
  const r = runAction('bad', { 'INPUT_REQUIRE-CHANGESET': 'strict' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::unknown require-changeset input 'strict': use off, warn or fail$/m);
});

test.run();
