#!/usr/bin/env node
// Runs every test/**/*.test.ts with uvu under tsx and ends with one line: "N passed, N failed".
// Fails when no test ran. `--fuzz` raises the fuzzing budget (SPECVER_FUZZ_RUNS).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
if (args.includes('--fuzz')) env.SPECVER_FUZZ_RUNS = env.SPECVER_FUZZ_RUNS ?? '2000';
const pattern = args.find((a) => !a.startsWith('--')) ?? '\\.test\\.ts$';

const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'node_modules/uvu/bin.js'), 'test', pattern, '-i', 'helpers'],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
);
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
child.on('close', (code) => {
  const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
  let failed = total - passed - skipped;
  if (code !== 0 && failed === 0) failed = 1; // a crash outside any test still fails the run
  if (total === 0) {
    console.log('no tests ran');
    failed = Math.max(failed, 1);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
});
