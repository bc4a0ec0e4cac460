/**
 * The Action's `require-changeset` input: a pull request that changes a spec without adding a changeset is
 * named in the job summary (warn) or also fails (fail); off by default. Only the pull request's own changes
 * count: a changeset pending on main does not cover it, and an uncovered change merged earlier is not its.
 * Each run calls the Action's main() in this process, with the built CLI in-process (the exit code is main()'s; that
 * a process exits with it is test/action/select-cli.test.ts, which runs the Action as processes end to end).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runActionInProcess } from '../helpers/action-run.ts';
import { BUILT_CLI, runBuiltSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';

const project = emptyProject('specver-require-changeset-');
const runner = emptyProject('specver-require-runner-');
// No background maintenance after each commit (one git process fewer per commit; nothing here depends on it).
const gitConfig = runner.write('gitconfig', '[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n');
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: gitConfig, GIT_CONFIG_NOSYSTEM: '1' };
const ME = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Several git commands in the project, one after the other in one shell (one process started from here). */
function git(...commands: string[][]): void {
  const script = commands.map((args) => ['git', ...args].map(quote).join(' ')).join(' && ');
  const r = spawnSync('sh', ['-c', script], { cwd: project.dir, env: gitEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${script}: ${r.stderr}`);
}

/** The Action's main() on the pull request, in this process. */
async function runAction(name: string, env: Record<string, string>) {
  const summaryFile = runner.write(`${name}/summary.md`, '');
  const outputFile = runner.write(`${name}/output.txt`, '');
  const runnerEnv = {
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
  };
  const r = await runActionInProcess(runnerEnv);
  const outputs: Record<string, string> = {};
  for (const match of readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)=(.*)$/gm)) outputs[match[1]!] = match[2]!;
  return { ...r, summary: readFileSync(summaryFile, 'utf8'), outputs };
}

test('setup: main with petstore and an older pending changeset', async () => {
  mkdirSync(project.path('api'), { recursive: true });
  copyFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), project.path('api/petstore.yaml'));
  git(['init', '-q', '-b', 'main']);
  const init = await runBuiltSpecver(['init', '--initial-version', '1.0.0'], { cwd: project.dir, env: gitEnv });
  assert.is(init.exitCode, 0, init.stderr);
  project.write('.specver/changesets/older.md', '---\n"petstore": minor\n---\n\nAn earlier change.\n');
  // origin/main as actions/checkout leaves it: the Action finds the merge-base with it.
  git(['add', '-A'], [...ME, 'commit', '-qm', 'initial'], ['update-ref', 'refs/remotes/origin/main', 'HEAD']);
});

test('a pull request without spec changes: nothing to say, even with fail', async () => {
  project.write('README.md', 'docs\n');
  git(['checkout', '-q', '-b', 'readme', 'main'], ['add', '-A'], [...ME, 'commit', '-qm', 'docs']);
  const r = await runAction('readme', { 'INPUT_REQUIRE-CHANGESET': 'fail' });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.is(r.outputs['changeset-missing'], 'false');
  assert.not.match(r.summary, /Changeset missing/);
});

test('a spec change without its own changeset: warn says so, fail also fails the job', async () => {
  // The spec is the same on main as on the previous branch: the change is carried to the new branch.
  project.write('api/petstore.yaml', project.read('api/petstore.yaml').replace('summary: List pets', 'summary: List all pets'));
  git(['checkout', '-q', '-b', 'reword', 'main'], [...ME, 'commit', '-qam', 'Reword']);
  // Off (the default) says nothing about such a change: test/action/action.test.ts, "compared with the merge-base".

  const warn = await runAction('warn', { 'INPUT_REQUIRE-CHANGESET': 'warn' });
  assert.is(warn.status, 0, warn.stdout + warn.stderr);
  assert.is(warn.outputs['changeset-missing'], 'true', 'main\'s older changeset does not cover it');
  assert.match(warn.summary, /## Changeset missing\n\nThis pull request changes the spec of `petstore` but adds no changeset for it\.\nRun `npx specver changeset`/);
  assert.match(warn.stdout, /^::warning title=specver::no changeset for the spec changes of petstore: run 'npx specver changeset' and commit it$/m);

  const fail = await runAction('fail', { 'INPUT_REQUIRE-CHANGESET': 'fail' });
  assert.is(fail.status, 1, fail.stdout + fail.stderr);
  assert.is(fail.outputs['gate-failed'], 'false', 'the gate itself passed');
  assert.match(fail.stdout, /^::error title=specver::no changeset for the spec changes of petstore/m);
  assert.match(fail.summary, /fails the job \(`require-changeset: fail`\)/);

  project.write('.specver/changesets/reword.md', '---\n"petstore": patch\n---\n\nReword.\n');
  git(['add', '-A'], [...ME, 'commit', '-qm', 'Changeset']);
  const covered = await runAction('covered', { 'INPUT_REQUIRE-CHANGESET': 'fail' });
  assert.is(covered.status, 0, covered.stdout + covered.stderr);
  assert.is(covered.outputs['changeset-missing'], 'false');
});

test('an unknown require-changeset value is exit 2 with an error annotation', async () => {
  const r = await runAction('bad', { 'INPUT_REQUIRE-CHANGESET': 'strict' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::unknown require-changeset input 'strict': use off, warn or fail$/m);
});

test.run();
