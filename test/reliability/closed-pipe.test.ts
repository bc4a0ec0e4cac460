/**
 * `specver diff | head -1`: the reader closes the pipe after the first line. The built CLI must end as usual
 * (diff 0, breaking 1 on a breaking change) with nothing on stderr: no stack, no "internal error".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BASE_CONFIG, baseProject } from '../helpers/bad-input.ts';
import { SAFETY_MS } from '../helpers/child.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const MAIN = join(REPO_ROOT, 'dist/main.cjs');

/** Enough removed operations that the report is far larger than a pipe's buffer (64 KiB). */
function spec(paths: number): string {
  const all: Record<string, unknown> = {};
  for (let i = 0; i < paths; i++) all[`/items${i}`] = { get: { responses: { '200': { description: 'ok' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths: all });
}

function firstLineThenClose(cwd: string, command: string): Promise<{ code: number | null; firstChunk: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, command], { cwd, env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
    let firstChunk = '';
    let stderr = '';
    const limit = setTimeout(() => child.kill(), SAFETY_MS);
    child.stdout.once('data', (chunk: Buffer) => {
      firstChunk = chunk.toString('utf8');
      child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, firstChunk, stderr });
    });
  });
}

test('a reader that stops early ends diff and breaking quietly, with their usual exit codes', async () => {
  const p = baseProject();
  p.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', 'api/big.json'));
  p.write('api/big.json', spec(0));
  p.write('.specver/snapshots/pets@1.0.0.json', spec(1500));
  const diff = await firstLineThenClose(p.dir, 'diff');
  assert.match(diff.firstChunk, /^pets \(openapi/);
  assert.is(diff.stderr, '');
  assert.is(diff.code, 0);
  const breaking = await firstLineThenClose(p.dir, 'breaking');
  assert.is(breaking.stderr, '');
  assert.is(breaking.code, 1);
  p.remove();
});

test.run();
