#!/usr/bin/env node
// Runs every test/**/*.test.ts (uvu under tsx), one process per file, as many at once as there are cores,
// so a file that crashes fails alone. Ends with one line: "N passed, N failed"; fails when no test ran.
// Usage: node test/run-tests.mjs [path regex] [--fuzz] [--serial]
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'test');
const args = process.argv.slice(2);
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
if (args.includes('--fuzz')) env.SPECVER_FUZZ_RUNS = env.SPECVER_FUZZ_RUNS ?? '2000';
const pattern = new RegExp(args.find((a) => !a.startsWith('--')) ?? '\\.test\\.ts$');
const workers = args.includes('--serial') ? 1 : Math.max(1, availableParallelism());

function findTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'helpers' && entry.name !== 'fixtures') found.push(...findTests(full));
    } else if (entry.name.endsWith('.test.ts') && pattern.test(relative(testDir, full))) found.push(full);
  }
  return found.sort();
}

function runFile(file) {
  return new Promise((resolve) => {
    const name = relative(testDir, file);
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const total = [...output.matchAll(/Total:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      const passed = [...output.matchAll(/Passed:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      // uvu's Total does not count skipped tests.
      let failed = Math.max(0, total - passed);
      if (code !== 0 && failed === 0) failed = 1; // crashed outside any test
      const elapsed = (Date.now() - started) / 1000;
      seconds[name] = elapsed;
      const status = failed > 0 ? 'FAIL' : 'ok  ';
      process.stdout.write(`${status} ${name} (${passed}/${total}, ${elapsed.toFixed(1)}s)\n`);
      if (failed > 0) process.stdout.write(`${output.trim()}\n\n`);
      resolve({ passed, failed });
    });
  });
}

// Longest files first (durations of the previous run, cached under node_modules/.cache), so the two slowest
// do not end up last on one worker while the other idles.
const timesFile = join(root, 'node_modules/.cache/specver-test-times.json');
let times = {};
try {
  times = JSON.parse(readFileSync(timesFile, 'utf8'));
} catch {
  // first run: alphabetical order
}
const seconds = {};
const files = findTests(testDir).sort((a, b) => (times[relative(testDir, b)] ?? 0) - (times[relative(testDir, a)] ?? 0));
let passed = 0;
let failed = 0;
let next = 0;
async function worker() {
  while (next < files.length) {
    const result = await runFile(files[next++]);
    passed += result.passed;
    failed += result.failed;
  }
}
await Promise.all(Array.from({ length: Math.min(workers, files.length) }, worker));
try {
  mkdirSync(dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, JSON.stringify({ ...times, ...seconds }));
} catch {
  // a read-only node_modules only loses the ordering hint
}
if (passed + failed === 0) {
  console.log('no tests ran');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
