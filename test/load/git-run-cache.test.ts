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
import { type CatFileBatch, catFileBatch } from '../../src/git/cat-file-batch.ts';
import { lookUpRepository } from '../../src/git/own-repository.ts';
import { rememberForRun, withGitRunCache } from '../../src/load/git-run-cache.ts';
import { waitUntil } from '../helpers/child.ts';
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

/**
 * A `git` first on PATH that appends its arguments (one line per process) to a log, then runs the real git; the
 * names a `cat-file --batch` process is asked for go to the log too, each on a line of its own after `< `.
 */
function loggingGit(): { path: string; log: string } {
  const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  const log = tools.write('git.log', '');
  const script = tools.write(
    'bin/git',
    [
      '#!/bin/sh',
      `printf '%s ' "$@" >> '${log}'`,
      `printf '\\n' >> '${log}'`,
      `case "$*" in *'cat-file --batch'*) sed -u 's/^/< /' | tee -a '${log}' | sed -u 's/^< //' | '${realGit}' "$@"; exit ;; esac`,
      `exec '${realGit}' "$@"`,
      '',
    ].join('\n'),
  );
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
  const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
  assert.equal(repeated, [], `git was asked the same thing twice in one run:\n${calls.join('\n')}`);
  // Three processes for the whole gate: the repository, one cat-file that resolves main and reads every file at a
  // commit (specver.yaml, both contracts, the waivers, the changesets), and the merge-base.
  const processes = calls.filter((call) => !call.startsWith('< '));
  assert.equal(processes.map((call) => call.split(' ').slice(0, 2).join(' ')), ['rev-parse --show-toplevel', 'cat-file --batch', 'merge-base HEAD'], calls.join('\n'));
  const asked = calls.filter((call) => call.startsWith('< ')).map((call) => call.slice(2));
  assert.equal(asked.filter((name) => name.endsWith('^{commit}')), ['main^{commit}'], `main resolved once (the merge-base is a commit git named itself):\n${asked.join('\n')}`);
  for (const file of ['specver.yaml', 'api/petstore.yaml', 'api/second.yaml']) assert.ok(asked.some((name) => name.endsWith(`:${file}`)), `${file} read at main:\n${asked.join('\n')}`);
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

test("a run's cat-file process ends with the run; outside a run there is none", async () => {
  const repository = await lookUpRepository(project.dir);
  assert.is(repository.kind, 'repository');
  if (repository.kind !== 'repository') return;
  assert.is(catFileBatch(project.dir, repository), undefined);
  let batch: CatFileBatch | undefined;
  await withGitRunCache(async () => {
    batch = catFileBatch(project.dir, repository);
    assert.is(catFileBatch(project.dir, repository), batch, 'one per run and repository');
    const head = await batch!.read('HEAD^{commit}');
    assert.is(head.kind === 'found' && head.type, 'commit');
    assert.equal(await batch!.read('HEAD:nowhere.yaml'), { kind: 'missing' });
    // cat-file would read a name only up to a NUL or a line break (another path): such a name is not sent.
    assert.equal(await batch!.read('HEAD:api/petstore.yaml\0.evil'), { kind: 'failed' });
    assert.equal(await batch!.read('HEAD:api/petstore.yaml\nHEAD:specver.yaml'), { kind: 'failed' });
    const after = await batch!.read('HEAD^{commit}');
    assert.is(after.kind === 'found' && after.type, 'commit', 'the process still answers after a refused name');
  });
  await waitUntil(() => batch!.exited, 'git cat-file to exit once the run ended');
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

test('runs that overlap in one process remember nothing while they overlap; the one left goes on with its own answers', async () => {
  let asked = 0;
  const ask = () => rememberForRun('key', async () => ++asked);
  const deferred = () => {
    let resolve!: () => void;
    return { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
  };
  const firstAlone = deferred();
  const overlapping = deferred();
  const overlapEnds = deferred();
  const secondEnded = deferred();
  const first = withGitRunCache(async () => {
    assert.is(await ask(), 1);
    assert.is(await ask(), 1, 'alone: remembered');
    firstAlone.resolve();
    await overlapping.promise;
    assert.is(await ask(), 3, 'while another run goes on: asked again, not taken from either run');
    overlapEnds.resolve();
    await secondEnded.promise;
    assert.is(await ask(), 1, "alone again: the run's own answer");
  });
  await firstAlone.promise;
  await withGitRunCache(async () => {
    overlapping.resolve();
    assert.is(await ask(), 2, "the other run's answer is not this one's");
    await overlapEnds.promise;
  });
  secondEnded.resolve();
  await first;
  await withGitRunCache(async () => assert.is(await ask(), 4, 'a later run asks afresh'));
});

test.run();
