/**
 * The project lock: who holds it afterwards, what the file contains, and what a refused run reports
 * (exit code and message), for every kind of lock file a run can find.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import { ConfigError } from '../../src/errors.ts';
import { acquireLock, isProcessAlive, parseLockText } from '../../src/store/lock.ts';
import { BASE_SPEC, CHANGESET, baseProject } from '../helpers/bad-input.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

const NOW = new Date('2026-01-02T03:04:05Z');

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(child.stdout);
  assert.ok(!isProcessAlive(pid), 'child has exited');
  return pid;
}

/** The ConfigError acquireLock rejects with (fails the test when it resolves). */
async function refusal(dir: string): Promise<ConfigError> {
  try {
    const release = await acquireLock(dir, () => NOW);
    await release();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).exitCode, 2);
    return error as ConfigError;
  }
  assert.unreachable('the lock was taken');
  throw new Error('unreachable');
}

/** Files other than the lock itself: a refused or released lock leaves no temp file behind. */
function otherFiles(project: TempProject): string[] {
  return [...project.snapshot().keys()].filter((file) => file !== '.specver/.lock');
}

test('acquire writes .specver/.lock with pid, time and host; release removes it', async () => {
  const project = emptyProject();
  const release = await acquireLock(project.dir, () => NOW);
  assert.equal(JSON.parse(project.read('.specver/.lock')), { pid: process.pid, createdAt: '2026-01-02T03:04:05.000Z', host: hostname() });
  assert.ok(project.read('.specver/.lock').endsWith('}\n'));
  await release();
  assert.not.ok(project.exists('.specver/.lock'));
  await release(); // twice is harmless
  assert.equal([...project.snapshot().keys()], [], 'no temp files left');
});

test('a lock held by a live process is refused: exit 2 naming the lock file and pid; the holder keeps it', async () => {
  const project = emptyProject();
  const release = await acquireLock(project.dir, () => NOW);
  const held = project.read('.specver/.lock');
  const error = await refusal(project.dir);
  assert.is(error.message, `another specver run holds the lock .specver/.lock (pid ${process.pid}, since 2026-01-02T03:04:05.000Z)`);
  assert.is(error.hint, 'wait for it to finish; if no such run exists, delete .specver/.lock');
  assert.is(project.read('.specver/.lock'), held, 'lock untouched');
  assert.equal(otherFiles(project), []);
  await release();
  assert.not.ok(project.exists('.specver/.lock'));
});

test('a stale lock of a dead process is taken over: the file then names this process', async () => {
  const project = emptyProject();
  project.write('.specver/.lock', JSON.stringify({ pid: deadPid(), createdAt: '2020-01-01T00:00:00.000Z', host: hostname() }));
  const release = await acquireLock(project.dir, () => NOW);
  assert.equal(JSON.parse(project.read('.specver/.lock')), { pid: process.pid, createdAt: '2026-01-02T03:04:05.000Z', host: hostname() });
  assert.equal(otherFiles(project), []);
  await release();
  assert.not.ok(project.exists('.specver/.lock'));
});

test('a plain pid of a dead process is a stale lock: taken over', async () => {
  const project = emptyProject();
  project.write('.specver/.lock', `${deadPid()}\n`);
  const release = await acquireLock(project.dir, () => NOW);
  assert.is(JSON.parse(project.read('.specver/.lock')).pid, process.pid);
  await release();
  assert.not.ok(project.exists('.specver/.lock'));
});

test('a plain pid of a live process is a held lock: refused, file unchanged', async () => {
  const project = emptyProject();
  project.write('.specver/.lock', `${process.ppid}\n`);
  const error = await refusal(project.dir);
  assert.is(error.message, `another specver run holds the lock .specver/.lock (pid ${process.ppid})`);
  assert.is(project.read('.specver/.lock'), `${process.ppid}\n`);
  assert.equal(otherFiles(project), []);
});

test('a lock held on another host is refused even when its pid is free here', async () => {
  const project = emptyProject();
  const text = JSON.stringify({ pid: deadPid(), createdAt: '2026-01-01T00:00:00.000Z', host: 'build-agent-7' });
  project.write('.specver/.lock', text);
  const error = await refusal(project.dir);
  assert.match(error.message, / on build-agent-7, since 2026-01-01T00:00:00\.000Z\)$/);
  assert.is(project.read('.specver/.lock'), text);
});

for (const [what, content, reason] of [
  ['garbage text', 'garbage', 'its content is neither a specver lock nor a pid'],
  ['an empty file', '', 'it is empty'],
  ['JSON without a pid', '{"owner": "ci"}\n', 'its content is neither a specver lock nor a pid'],
  ['a negative pid', '-5\n', 'its content is neither a specver lock nor a pid'],
  ['a truncated specver lock', '{"pid": 12', 'its content is neither a specver lock nor a pid'],
] as const) {
  test(`a lock file holding ${what} is held, not taken over: exit 2, how to remove it, file unchanged`, async () => {
    const project = emptyProject();
    project.write('.specver/.lock', content);
    const error = await refusal(project.dir);
    assert.is(error.message, `the lock .specver/.lock exists but is not a specver lock file: ${reason}`);
    assert.is(error.hint, 'it may belong to a running command; check that no specver command is running, then delete .specver/.lock');
    assert.is(project.read('.specver/.lock'), content);
    assert.equal(otherFiles(project), []);
  });
}

test('a lock that is a directory: exit 2, one line naming it and how to remove it; nothing changed', async () => {
  const project = emptyProject();
  mkdirSync(project.path('.specver/.lock'), { recursive: true });
  project.write('.specver/.lock/keep', 'x');
  const error = await refusal(project.dir);
  assert.is(error.message, 'the lock .specver/.lock is a directory, not a lock file');
  assert.is(error.hint, 'check that no specver command is running, then remove the directory .specver/.lock');
  assert.equal([...project.snapshot().keys()], ['.specver/.lock/keep']);
});

test('CLI: version against a foreign lock exits 2 with one error line and a hint, writes nothing', async () => {
  const p = baseProject();
  p.write('.specver/changesets/a-b-c.md', CHANGESET);
  p.write('.specver/.lock', 'held by a deploy script\n');
  const before = p.snapshot();
  const r = await runSpecver(['version', '--no-git'], { cwd: p.dir, now: NOW });
  assert.is(r.exitCode, 2, r.stderr);
  assert.equal(r.stderr.trim().split('\n'), [
    'specver: the lock .specver/.lock exists but is not a specver lock file: its content is neither a specver lock nor a pid',
    'hint: it may belong to a running command; check that no specver command is running, then delete .specver/.lock',
  ]);
  assert.equal(p.snapshot(), before, 'nothing written');
  assert.is(p.read('api/pets.yaml'), BASE_SPEC);
});

test('CLI: version against a lock directory exits 2 (JSON: the error document), writes nothing', async () => {
  const p = baseProject();
  p.write('.specver/changesets/a-b-c.md', CHANGESET);
  mkdirSync(p.path('.specver/.lock'));
  const before = p.snapshot();
  const r = await runSpecver(['version', '--no-git', '--json'], { cwd: p.dir, now: NOW });
  assert.is(r.exitCode, 2, r.stderr);
  const { error } = r.json();
  assert.is(error.code, 2);
  assert.match(error.message, 'the lock .specver/.lock is a directory, not a lock file');
  assert.equal(p.snapshot(), before);
});

test('parseLockText: specver JSON and plain pids; nothing else', () => {
  assert.equal(parseLockText('{"pid":42,"createdAt":"t","host":"h"}\n'), { pid: 42, createdAt: 't', host: 'h' });
  assert.equal(parseLockText('{"pid":42}'), { pid: 42, createdAt: undefined, host: undefined });
  assert.equal(parseLockText('12345\n'), { pid: 12345 });
  assert.equal(parseLockText('  7 '), { pid: 7 });
  for (const text of ['', '0\n', '-1', '1.5', '12 34', '{"pid":"42"}', '{"pid":0}', '[42]', 'null', '99999999999999']) assert.is(parseLockText(text), undefined, text);
});

test('release does not delete a lock another process took over', async () => {
  const project = emptyProject();
  const release = await acquireLock(project.dir);
  const other = JSON.stringify({ pid: 1, createdAt: 'x', host: hostname() });
  project.write('.specver/.lock', other);
  await release();
  assert.is(project.read('.specver/.lock'), other);
});

test('two takeovers of one stale lock at once: exactly one wins, the other is refused naming the winner', async () => {
  const project = emptyProject();
  project.write('.specver/.lock', `${deadPid()}\n`);
  const results = await Promise.allSettled([acquireLock(project.dir, () => NOW), acquireLock(project.dir, () => NOW)]);
  const won = results.filter((r): r is PromiseFulfilledResult<() => Promise<void>> => r.status === 'fulfilled');
  const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  // Both run in this process, so the loser sees a live holder with this pid.
  assert.is(won.length, 1, lost.map((r) => String(r.reason)).join('\n'));
  assert.is(lost.length, 1);
  assert.match(String(lost[0]!.reason.message), /another specver run holds the lock \.specver\/\.lock|another run took it at the same time/);
  assert.is(JSON.parse(project.read('.specver/.lock')).pid, process.pid);
  await won[0]!.value();
  assert.equal([...project.snapshot().keys()], []);
});

test('taking the lock tidies temp files an interrupted run left behind', async () => {
  const project = emptyProject();
  const stale = project.write('.specver/snapshots/.petstore@1.0.0.yaml.99999999.0a1b2c.tmp', 'half');
  const old = new Date(Date.now() - 3_600_000);
  utimesSync(stale, old, old);
  project.write('.specver/.versions.json.99999999.0a1b2c.tmp', 'fresh: maybe in progress');
  const release = await acquireLock(project.dir);
  await release();
  assert.not.ok(project.exists('.specver/snapshots/.petstore@1.0.0.yaml.99999999.0a1b2c.tmp'));
  assert.ok(project.exists('.specver/.versions.json.99999999.0a1b2c.tmp'));
});

test.run();
