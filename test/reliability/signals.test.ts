/**
 * Ctrl-C: during work (a long diff) specver exits 130 and leaves nothing behind; at a prompt it cancels
 * (exit 4) and writes nothing. Real processes: the built CLI (dist/, `npm run build`), and a pseudo-terminal
 * through `script`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_CONFIG, BASE_SPEC, baseProject } from '../helpers/bad-input.ts';
import { finishedChildrenCpuMs, processCpuMs, runChild, SAFETY_MS, startChild, waitUntil, type WatchedChild } from '../helpers/child.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { REPO_ROOT, emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { interruptedExitCode } from '../../src/cli/run.ts';
import { writeFileAtomic } from '../../src/store/atomic-write.ts';
import { acquireLock } from '../../src/store/lock.ts';

/** The built CLI (`npm run build`): the entry point users run, with its signal handling. */
const MAIN = join(REPO_ROOT, 'dist/main.cjs');

function bigSpec(paths: number, type: string): string {
  const all: Record<string, unknown> = {};
  for (let i = 0; i < paths; i++) {
    all[`/items${i}/{id}`] = {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'q', in: 'query', schema: { type, maximum: 10 } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { a: { type }, b: { type: 'string', enum: ['x', 'y'] } } } } } } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths: all });
}

/**
 * The CPU time a whole small `diff` run takes here (start-up, loading, comparing, exit). A child that has used
 * more than this is past start-up, inside its work. Only when no lock test below ran first: their `version`
 * children, past start-up and their configuration when they take the lock, give the same bound for free.
 */
function smallRunCpuMs(): number {
  const p = baseProject();
  const before = finishedChildrenCpuMs();
  const small = spawnSync(process.execPath, [MAIN, 'diff'], { cwd: p.dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' }, timeout: SAFETY_MS });
  assert.is(small.status, 0, `a small diff failed: ${small.stderr}`);
  p.remove();
  return finishedChildrenCpuMs()! - before!;
}

/** The CPU time a `version` child had used when it took the lock (start-up, configuration, changesets read). */
let startupCpuMs: number | undefined;

/** The CPU time (ms) of a running child, failing the test when it has ended (it must still be working). */
function runningCpuMs(child: WatchedChild): number {
  const used = processCpuMs(child.child.pid!);
  assert.ok(used !== undefined && child.child.exitCode === null && child.child.signalCode === null, `the child ended before the signal was sent: ${child.output()}`);
  return used!;
}

/**
 * A project whose `version` run holds the lock a while: it takes the lock after about 0.25 s of CPU, then
 * holds it for about 0.6 s more (planning 1,500 unchanged operations, then writing), ten times the 50 ms the
 * test lets it run with the lock. Made once, copied per signal.
 */
let lockedTemplate: TempProject | undefined;
function lockHoldingProject(): TempProject {
  if (!lockedTemplate) {
    lockedTemplate = baseProject();
    const spec = bigSpec(1_500, 'integer');
    lockedTemplate.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', 'api/big.json'));
    lockedTemplate.write('api/big.json', spec);
    lockedTemplate.write('.specver/snapshots/pets@1.0.0.json', spec);
    lockedTemplate.write('.specver/changesets/a-b-c.md', '---\n"pets": minor\n---\n\nx\n');
  }
  const p = emptyProject('specver-signal-');
  cpSync(lockedTemplate.dir, p.dir, { recursive: true });
  return p;
}

for (const [signal, code, said] of [['SIGINT', 130, 'interrupted (Ctrl-C)'], ['SIGTERM', 143, 'terminated (SIGTERM)']] as const) {
test(`${signal} while version holds the lock: exit ${code}, one line, lock and temp files removed, next run completes`, async () => {
  const p = lockHoldingProject();
  const child = startChild(process.execPath, [MAIN, 'version', '--no-git'], { cwd: p.dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' }, label: 'specver version (big)' });
  await waitUntil(() => p.exists('.specver/.lock') || child.child.exitCode !== null, 'the version run to take the lock');
  // The lock file appears a moment before the run records it as its own (to remove on a signal): let it run
  // on a little (by its own CPU time, not the clock) while it still holds the lock.
  const locked = runningCpuMs(child);
  startupCpuMs = Math.max(startupCpuMs ?? 0, locked);
  await waitUntil(() => runningCpuMs(child) > locked + 50, 'the version run to work on with the lock held');
  assert.ok(p.exists('.specver/.lock'), 'still holding the lock');
  child.child.kill(signal);
  const result = await child.done;
  assert.is(result.code, code, `${result.signal} ${result.stdout} ${result.stderr}`);
  const lines = result.stderr.split('\n').filter(Boolean);
  assert.equal(lines, [`specver: ${said}: stopped before finishing, no partial files left`, 'hint: run the command again']);
  const left = [...p.snapshot().keys()].filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'));
  assert.equal(left, []);
  // Old state, or a journal the next run finishes: either way the next run ends released. It needs no
  // process of its own: the built CLI runs in this one.
  const next = await runBuiltSpecver(['version', '--no-git'], { cwd: p.dir });
  assert.is(next.exitCode, 0, next.stderr);
  assert.match(p.read('.specver/versions.json'), /"pets": "1\.1\.0"/);
  assert.not.ok(p.exists('.specver/changesets/a-b-c.md'));
  p.remove();
});
}

test('SIGINT during a long diff: stops at once (default action: a shell reports 130), nothing written', async () => {
  const p = baseProject();
  // About 3 s of CPU uninterrupted (loading and comparing 4,000 changed operations), several times what the
  // run gets before the signal; the run is stopped long before, so the size costs little more than its
  // generation.
  p.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', 'api/big.json'));
  p.write('api/big.json', bigSpec(4_000, 'integer'));
  p.write('.specver/snapshots/pets@1.0.0.json', bigSpec(4_000, 'number'));
  const before = p.snapshot();
  // Past start-up and into the diff: the child has used more CPU than a run of the same CLI needs to be past its
  // start-up (a version run taking its lock in the tests above, or a whole small diff), plus a margin (no
  // wall-clock guess).
  const busy = (startupCpuMs ?? smallRunCpuMs()) + 300;
  const child = startChild(process.execPath, [MAIN, 'diff'], { cwd: p.dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' }, label: 'specver diff (big)' });
  await waitUntil(() => runningCpuMs(child) > busy, `the diff to use ${busy} ms of CPU`);
  child.child.kill('SIGINT');
  const result = await child.done;
  // Killed by the signal itself (not an exit code from a handler): nothing is in flight during a diff, so no
  // handler waits for the computation to yield, and the result was never printed.
  assert.is(result.signal, 'SIGINT', `${result.code}: ${result.stderr}`);
  assert.is(result.stdout, '');
  assert.not.match(result.stderr, /\n\s+at /);
  assert.equal(p.snapshot(), before);
  p.remove();
});

test('the interrupt handler removes in-flight temp files and the held lock, and reports 130 (JSON too)', async () => {
  const p = baseProject();
  const release = await acquireLock(p.dir);
  assert.ok(p.exists('.specver/.lock'));
  const writing = writeFileAtomic(p.path('.specver/snapshots/pets@2.0.0.yaml'), Buffer.alloc(32 * 1024 * 1024, 'x')).catch(() => undefined);
  // Names only: reading the temp file's content at each check would cost more than the write.
  const temps = () => readdirSync(p.dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tmp'));
  await waitUntil(() => temps().length > 0, 'the atomic write to create its temp file');
  let stdout = '';
  const code = interruptedExitCode(['diff', '--json'], {
    cwd: p.dir,
    env: {},
    streams: { stdout: { write: (s: string) => ((stdout += s), true) }, stderr: { write: () => true } },
  });
  await writing;
  assert.is(code, 130);
  assert.equal(JSON.parse(stdout), { error: { code: 130, message: 'interrupted (Ctrl-C): stopped before finishing, no partial files left', hint: 'run the command again' } });
  const left = [...p.snapshot().keys()].filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'));
  assert.equal(left, []);
  await release();
});

const hasScript = spawnSync('script', ['--version']).status === 0;
// Without `script` (util-linux) there is no pty: skipped, visibly. The prompt's cancel path itself is also
// covered in-process by test/cli/changeset.test.ts.
if (!hasScript) process.stderr.write('SKIP the pseudo-terminal Ctrl-C test: no `script` command here\n');
(hasScript ? test : test.skip)('SIGINT (Ctrl-C) at a changeset prompt under a pseudo-terminal: exit 4, nothing written', async () => {
  const p = baseProject();
  p.write('api/pets.yaml', BASE_SPEC.replace('maximum: 100', 'maximum: 50'));
  const before = p.snapshot();
  // A pty made by `script` without a terminal around it has 0 columns: give it a size, or prompts wrap per letter.
  const command = `stty cols 120 rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)} changeset --interactive`;
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  delete env.CI;
  const child = startChild('script', ['-qec', command, '/dev/null'], { cwd: p.dir, env, label: 'specver changeset --interactive (pty)' });
  try {
    // The prompt's own message: the prompt switches the terminal to raw mode and listens for keys before
    // it renders anything, so once this is printed Ctrl-C arrives as a key.
    await child.waitForOutput(/Bump for pets/, 'prompt');
    child.child.stdin!.write('\u0003');
  } catch (error) {
    child.child.kill('SIGKILL');
    throw error;
  }
  const result = await child.done;
  const seen = result.stdout + result.stderr;
  assert.is(result.code, 4, seen);
  assert.match(seen, /specver:.*cancelled/);
  assert.equal(p.snapshot(), before, 'nothing written');
  p.remove();
});

test.run();
