import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import { ConfigError } from '../../src/errors.ts';
import { acquireLock, isProcessAlive } from '../../src/store/lock.ts';
import { emptyProject } from '../helpers/temp-project.ts';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(child.stdout);
  assert.ok(!isProcessAlive(pid), 'child has exited');
  return pid;
}

test('acquire writes .specver/.lock with pid and time; release removes it', async () => {
  const project = emptyProject();
  const release = await acquireLock(project.dir, () => new Date('2026-01-02T03:04:05Z'));
  const lock = JSON.parse(project.read('.specver/.lock'));
  assert.is(lock.pid, process.pid);
  assert.is(lock.createdAt, '2026-01-02T03:04:05.000Z');
  await release();
  assert.not.ok(project.exists('.specver/.lock'));
  await release(); // twice is harmless
  assert.equal([...project.snapshot().keys()], [], 'no temp files left');
});

test('a lock held by a live process is refused: exit 2 naming the lock file and pid', async () => {
  const project = emptyProject();
  const release = await acquireLock(project.dir);
  try {
    await acquireLock(project.dir);
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).exitCode, 2);
    assert.match((error as ConfigError).message, new RegExp(`holds the lock \\.specver/\\.lock \\(pid ${process.pid},`));
    assert.match((error as ConfigError).hint!, /delete \.specver\/\.lock/);
  }
  await release();
});

test('a stale lock of a dead process is taken over', async () => {
  const project = emptyProject();
  project.write('.specver/.lock', JSON.stringify({ pid: deadPid(), createdAt: '2020-01-01T00:00:00.000Z', host: hostname() }));
  const release = await acquireLock(project.dir);
  assert.is(JSON.parse(project.read('.specver/.lock')).pid, process.pid);
  await release();
  assert.not.ok(project.exists('.specver/.lock'));
});

test('an unreadable lock file is stale', async () => {
  const project = emptyProject();
  project.write('.specver/.lock', 'garbage');
  const release = await acquireLock(project.dir);
  await release();
});

test('release does not delete a lock another process took over', async () => {
  const project = emptyProject();
  const release = await acquireLock(project.dir);
  project.write('.specver/.lock', JSON.stringify({ pid: 1, createdAt: 'x', host: hostname() }));
  await release();
  assert.ok(project.exists('.specver/.lock'));
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
