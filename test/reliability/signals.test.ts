/**
 * Ctrl-C: during work (a long diff) specver exits 130 and leaves nothing behind; at a prompt it cancels
 * (exit 4) and writes nothing. Real processes: the CLI under tsx, and a pseudo-terminal through `script`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BASE_CONFIG, BASE_SPEC, baseProject } from '../helpers/bad-input.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';
import { interruptedExitCode } from '../../src/cli/run.ts';
import { writeFileAtomic } from '../../src/store/atomic-write.ts';
import { acquireLock } from '../../src/store/lock.ts';

const TSX = pathToFileURL(join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(REPO_ROOT, 'src/main.ts');

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

function collect(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the CLI takes to start here (tsx compiles on first use), so SIGINT lands after start-up. */
function startupMs(): number {
  const started = Date.now();
  spawnSync(process.execPath, ['--import', TSX, MAIN, '--version'], { encoding: 'utf8' });
  return Date.now() - started;
}

test('SIGINT during a long diff: stops at once (default action: a shell reports 130), nothing written', async () => {
  const p = baseProject();
  // ~17 s of work uninterrupted; the run is stopped long before, so the size costs nothing.
  p.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', 'api/big.json'));
  p.write('api/big.json', bigSpec(30_000, 'integer'));
  p.write('.specver/snapshots/pets@1.0.0.json', bigSpec(30_000, 'number'));
  const before = p.snapshot();
  const wait = startupMs() + 1500;
  const child = spawn(process.execPath, ['--import', TSX, MAIN, 'diff'], { cwd: p.dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  const done = collect(child);
  await sleep(wait);
  const sent = Date.now();
  child.kill('SIGINT');
  const result = await done;
  // Nothing is in flight during a diff, so no handler waits for the computation to yield.
  assert.ok(Date.now() - sent < 2000, `took ${Date.now() - sent} ms to stop`);
  assert.is(result.signal, 'SIGINT', `${result.code}: ${result.stderr}`);
  assert.not.match(result.stderr, /\n\s+at /);
  assert.equal(p.snapshot(), before);
  p.remove();
});

test('SIGINT while version holds the lock: exit 130, one line, lock and temp files removed, next run completes', async () => {
  const p = baseProject();
  p.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', 'api/big.json'));
  p.write('api/big.json', bigSpec(30_000, 'integer'));
  p.write('.specver/snapshots/pets@1.0.0.json', bigSpec(30_000, 'integer'));
  p.write('.specver/changesets/a-b-c.md', '---\n"pets": minor\n---\n\nx\n');
  const child = spawn(process.execPath, ['--import', TSX, MAIN, 'version', '--no-git'], { cwd: p.dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  const done = collect(child);
  for (let waited = 0; !p.exists('.specver/.lock'); waited += 5) {
    assert.ok(waited < 30_000, 'the lock was never taken');
    await sleep(5);
  }
  child.kill('SIGINT');
  const result = await done;
  assert.is(result.code, 130, `${result.signal} ${result.stdout} ${result.stderr}`);
  const lines = result.stderr.split('\n').filter(Boolean);
  assert.equal(lines, ['specver: interrupted (Ctrl-C): stopped before finishing, no partial files left', 'hint: run the command again']);
  const left = [...p.snapshot().keys()].filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'));
  assert.equal(left, []);
  // Old state, or a journal the next run finishes: either way the next run ends released.
  const next = spawnSync(process.execPath, ['--import', TSX, MAIN, 'version', '--no-git'], { cwd: p.dir, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  assert.is(next.status, 0, next.stderr);
  assert.match(p.read('.specver/versions.json'), /"pets": "1\.1\.0"/);
  assert.not.ok(p.exists('.specver/changesets/a-b-c.md'));
  p.remove();
});

test('the interrupt handler removes in-flight temp files and the held lock, and reports 130 (JSON too)', async () => {
  const p = baseProject();
  const release = await acquireLock(p.dir);
  assert.ok(p.exists('.specver/.lock'));
  const writing = writeFileAtomic(p.path('.specver/snapshots/pets@2.0.0.yaml'), 'x'.repeat(32 * 1024 * 1024)).catch(() => undefined);
  const temps = () => [...p.snapshot().keys()].filter((f) => f.endsWith('.tmp'));
  for (let waited = 0; temps().length === 0; waited++) {
    assert.ok(waited < 1000, 'the write never started');
    await sleep(1);
  }
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
test(`SIGINT (Ctrl-C) at a changeset prompt under a pseudo-terminal: exit 4, nothing written${hasScript ? '' : ' (NOTE: no `script` here, checked in-process only)'}`, async () => {
  const p = baseProject();
  p.write('api/pets.yaml', BASE_SPEC.replace('maximum: 100', 'maximum: 50'));
  const before = p.snapshot();
  if (!hasScript) {
    // Without a pty the same path is reached by the prompt module's cancel: covered by test/cli/changeset.test.ts.
    return;
  }
  // A pty made by `script` without a terminal around it has 0 columns: give it a size, or prompts wrap per letter.
  const command = `stty cols 120 rows 40; exec ${JSON.stringify(process.execPath)} --import ${JSON.stringify(TSX)} ${JSON.stringify(MAIN)} changeset --interactive`;
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  delete env.CI;
  const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: p.dir, env });
  let seen = '';
  child.stdout!.on('data', (chunk) => (seen += chunk));
  const done = collect(child);
  try {
    // The prompt's own message: printed once the prompt is up and reading keys (raw mode).
    for (let waited = 0; !/Bump for pets/.test(seen); waited += 50) {
      assert.ok(waited < 20_000, `no prompt appeared: ${seen}`);
      await sleep(50);
    }
    await sleep(200); // let the prompt finish rendering
    child.stdin!.write('\u0003');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const result = await done;
  assert.is(result.code, 4, seen);
  assert.match(seen, /specver:.*cancelled/);
  assert.equal(p.snapshot(), before, 'nothing written');
  p.remove();
});

test.run();
