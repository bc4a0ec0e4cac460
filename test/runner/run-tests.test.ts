/**
 * The test runner itself (test/run-tests.mjs) on a tree of small test files: counts, the final line, a crash
 * kept to its own file, an error thrown after a test counted against its file, skipped tests counted, a file
 * with no test failing, no leak between files that share a worker process, and temp directories: those of the
 * shared helper removed, one left by hand failing its file, nothing left in the temp directory after the run;
 * the corpus suite (corpus/ of the tree) run by --corpus alone, and left out otherwise. Each worker a run starts
 * costs a node + tsx start-up: the cases that need no parallel lanes run --serial, and one run checks --corpus,
 * --isolate and a path pattern together (corpus/ of the tree holds a crashing, leaking file for it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChild } from '../helpers/child.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const RUNNER = join(REPO_ROOT, 'test/run-tests.mjs');
const TREE = join(REPO_ROOT, 'test/fixtures/runner');

/** One temp directory for the runs of this file: tsx keeps its compile cache there, so only the first run fills it. */
const runnerTmp = tempDir('specver-runner-tmp-');

async function runner(...args: string[]) {
  // The runner's own temp directory is watched: after the run, nothing of specver's may be left in it.
  return runnerIn(runnerTmp, ...args);
}

async function runnerIn(tmp: string, ...args: string[]) {
  const result = await runChild(process.execPath, [RUNNER, '--dir', TREE, ...args], { cwd: REPO_ROOT, label: 'test runner', env: { ...process.env, TMPDIR: tmp } });
  const lines = result.stdout.trim().split('\n');
  const status = (file: string) => lines.find((line) => line.includes(` ${file} (`)) ?? `no line for ${file}`;
  const leftInTmp = readdirSync(tmp).filter((name) => name.startsWith('specver-'));
  return { ...result, lines, status, leftInTmp };
}

test('one worker for every file: counts, the crash and the empty file fail alone; the last line sums up', async () => {
  const r = await runner('--serial');
  assert.is(r.code, 1, r.stdout);
  assert.match(r.status('a-pass.test.ts'), /^ok {3}a-pass\.test\.ts \(2\/2, /);
  assert.match(r.status('b-crash.test.ts'), /^FAIL b-crash\.test\.ts .*\(crashed; rerun alone\)$/);
  assert.match(r.stdout, /b-crash\.test\.ts: its process ended \(exit 7\)/);
  assert.match(r.status('c-fail.test.ts'), /^FAIL c-fail\.test\.ts \(1\/2, /);
  assert.match(r.stdout, /one is not two/);
  assert.match(r.status('d-skip.test.ts'), /^ok {3}d-skip\.test\.ts \(1\/1, 1 skipped, /);
  assert.match(r.stdout, /^ {5}SKIP one test: not here$/m);
  assert.match(r.status('e-empty.test.ts'), /^FAIL e-empty\.test\.ts \(0\/0, /);
  assert.match(r.stdout, /e-empty\.test\.ts: no test ran/);
  assert.match(r.status('g-env-clean.test.ts'), /^ok /, 'a file does not see what the previous one changed in the process');
  assert.match(r.status('h-late.test.ts'), /^FAIL h-late\.test\.ts \(1\/1, /);
  assert.match(r.stdout, /h-late\.test\.ts: error outside any test: Error: late boom/);
  assert.match(r.status('i-temp-helper.test.ts'), /^ok {3}i-temp-helper\.test\.ts \(1\/1, /, 'the helper\'s temp directories are removed when the file ends');
  assert.match(r.status('j-temp-leak.test.ts'), /^FAIL j-temp-leak\.test\.ts \(1\/1, /);
  assert.match(r.stdout, /j-temp-leak\.test\.ts: left specver-fixture-leak-\w{6} in the temp directory/);
  assert.not.match(r.stdout, /specver-fixture-helper-/);
  assert.not.match(r.stdout, /corpus\//, 'the corpus suite is left out');
  assert.equal(r.leftInTmp, []);
  assert.equal(r.lines.slice(-2), ['1 skipped', '9 passed, 5 failed']);
});

test('--record-durations takes a whole suite only: with another tree or a pattern it refuses (exit 2) and writes nothing', async () => {
  const durations = join(REPO_ROOT, 'test/durations.json');
  const before = readFileSync(durations, 'utf8');
  for (const args of [['--record-durations'], ['--record-durations', 'a-pass']]) {
    const r = await runner(...args);
    assert.is(r.code, 2, r.stdout);
    assert.equal(r.lines, ['--record-durations needs a whole suite: no path pattern, no --dir', '0 passed, 1 failed']);
  }
  assert.is(readFileSync(durations, 'utf8'), before);
});

test('--corpus runs the corpus suite (corpus/ of the tree) and nothing else; one process per file (--isolate) with a path filter: the same verdicts', async () => {
  // Each file costs a worker start-up here: a passing file, and a crash in a file that also leaves a temp
  // directory. (Counting skipped tests is the same for every mode: the first case.)
  const r = await runner('--corpus', '--isolate', 'corpus/[kl]-');
  assert.is(r.code, 1, r.stdout);
  assert.match(r.status('corpus/k-corpus.test.ts'), /^ok {3}corpus\/k-corpus\.test\.ts \(1\/1, /);
  assert.match(r.status('corpus/l-crash-leak.test.ts'), /^FAIL corpus\/l-crash-leak\.test\.ts .*\)$/);
  assert.not.match(r.stdout, /rerun alone/, 'a file that runs alone anyway is not run again');
  assert.match(r.stdout, /l-crash-leak\.test\.ts: its process ended \(exit 7\)/);
  assert.match(r.stdout, /l-crash-leak\.test\.ts: left specver-fixture-leak-\w{6} in the temp directory/);
  assert.equal(
    r.lines.filter((line) => /^(ok|FAIL) /.test(line)).sort(), // in the order the two lanes finish
    [r.status('corpus/k-corpus.test.ts'), r.status('corpus/l-crash-leak.test.ts')].sort(),
    'only the corpus suite runs, and the path filter leaves corpus/m-filtered.test.ts out',
  );
  assert.equal(r.leftInTmp, []);
  assert.equal(r.lines.at(-1), '1 passed, 2 failed');
});

test('no test file matched: fails, saying so; the temp root a killed run left behind is removed', async () => {
  const tmp = tempDir('specver-runner-tmp-');
  const dead = spawnSync('true').pid!; // a pid no process has any more
  mkdirSync(join(tmp, `specver-test-run-${dead}-abcdef`, 'worker-1', 'specver-left-xyz'), { recursive: true });
  mkdirSync(join(tmp, `specver-test-run-${process.pid}-abcdef`)); // a run still going: kept
  const r = await runnerIn(tmp, 'no-such-file');
  assert.is(r.code, 1);
  assert.equal(r.lines.slice(-2), ['no tests ran', '0 passed, 1 failed']);
  assert.equal(r.leftInTmp, [`specver-test-run-${process.pid}-abcdef`]);
});

test.run();
