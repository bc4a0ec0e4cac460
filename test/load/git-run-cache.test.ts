/**
 * One run, one view of git (src/load/git-run-cache.ts): `breaking --base <ref>` resolves each ref, merge-base and
 * file at a commit once, however many parts of the gate ask (the base's specver.yaml and policy, each contract, the
 * changesets at the merge-base); a later run in the same process sees refs that moved in between.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rememberForRun, withGitRunCache } from '../../src/load/git-run-cache.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';

const project = emptyProject('specver-git-once-');
const tools = emptyProject('specver-git-log-');
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: tools.write('gitconfig', ''), GIT_CONFIG_NOSYSTEM: '1' };
const ME = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

function git(...args: string[]): string {
  const r = spawnSync('git', args, { cwd: project.dir, env: gitEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** A `git` first on PATH that appends its arguments (one line per process) to a log, then runs the real git. */
function loggingGit(): { path: string; log: string } {
  const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  const log = tools.write('git.log', '');
  const script = tools.write('bin/git', `#!/bin/sh\nprintf '%s ' "$@" >> '${log}'\nprintf '\\n' >> '${log}'\nexec '${realGit}' "$@"\n`);
  chmodSync(script, 0o755);
  return { path: tools.path('bin'), log };
}

test('setup: two contracts on main, a pull request changes both, adds a changeset and a waiver', async () => {
  project.write('api/petstore.yaml', readFileSync(`${FIXTURES}/projects/petstore/api/petstore.yaml`, 'utf8'));
  project.write('api/second.yaml', readFileSync(`${FIXTURES}/projects/petstore/api/petstore.yaml`, 'utf8').replace('title:', 'title: Second'));
  git('init', '-q', '-b', 'main');
  assert.is((await runSpecver(['init', '--initial-version', '1.0.0'], { cwd: project.dir })).exitCode, 0);
  git('add', '-A');
  git(...ME, 'commit', '-qm', 'initial');
  git('checkout', '-q', '-b', 'feature');
  for (const file of ['api/petstore.yaml', 'api/second.yaml']) project.write(file, project.read(file).replace('        maximum: 100', '        maximum: 50'));
  project.write('.specver/changesets/smaller-pages.md', '---\n"petstore": major\n---\n\nSmaller pages\n');
  project.write('.specver/waivers.yaml', 'waivers:\n  - rule: "*"\n    contract: second\n    location: "*"\n    reason: known\n');
  git('add', '-A');
  git(...ME, 'commit', '-qm', 'smaller pages');
});

test('breaking --base main: each ref, merge-base and file at a commit is asked of git once', async () => {
  const { path, log } = loggingGit();
  const r = await runBuiltSpecver(['breaking', '--base', 'main', '--allow-acknowledged', '--json'], { cwd: project.dir, env: { ...gitEnv, PATH: `${path}${delimiter}${process.env.PATH}` } });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const doc = r.json<{ breakingCount: number }>();
  assert.ok(doc.breakingCount >= 2, 'both contracts were compared with main');
  // Without the git options specver puts first: the question itself.
  const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((line) => line.replace(/^(--no-pager |-c \S+ )+/, '').trim());
  assert.ok(calls.some((call) => call.startsWith('show ')), `git show ran: ${calls.join('\n')}`);
  const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
  assert.equal(repeated, [], `git was asked the same thing twice in one run:\n${calls.join('\n')}`);
  const resolves = calls.filter((call) => call.startsWith('rev-parse --verify'));
  assert.is(resolves.length, 1, `main resolved once (the merge-base is a commit git named itself):\n${resolves.join('\n')}`);
  assert.is(calls.filter((call) => call.startsWith('merge-base ')).length, 1);
});

test('a later run in the same process sees where main moved in between', async () => {
  const before = await runSpecver(['breaking', '--base', 'main', '--json'], { cwd: project.dir, env: gitEnv });
  assert.is(before.json<{ breakingCount: number }>().breakingCount > 0, true);
  git('checkout', '-q', 'main');
  git('merge', '-q', '--ff-only', 'feature');
  git('checkout', '-q', 'feature');
  const after = await runSpecver(['breaking', '--base', 'main', '--json'], { cwd: project.dir, env: gitEnv });
  assert.is(after.exitCode, 0, after.stderr);
  assert.is(after.json<{ breakingCount: number }>().breakingCount, 0, 'main now holds the change: nothing to report');
});

test('answers are remembered within one run only, and not at all outside a run', async () => {
  let asked = 0;
  const ask = () => rememberForRun('key', async () => ++asked);
  await withGitRunCache(async () => {
    assert.is(await ask(), 1);
    assert.is(await ask(), 1);
  });
  await withGitRunCache(async () => assert.is(await ask(), 2));
  assert.is(await ask(), 3);
  assert.is(await ask(), 4);
});

test.run();
