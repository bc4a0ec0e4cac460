#!/usr/bin/env node
// Runs every test/**/*.test.ts (uvu under tsx) in a few reused worker processes (test/run-worker.mjs), as many
// as there are cores, longest files first. A file that crashes its worker is rerun alone in a fresh process, so
// its failure stays its own; a file that hangs is stopped at a generous safety limit and fails.
// Ends with one line: "N passed, N failed" (preceded by "N skipped" when tests were skipped); fails when no
// test ran. Each worker gets a temp directory (TMPDIR) of its own inside one temp root for the run: a file that
// leaves a `specver-*` entry there fails, and the root is removed at the end (parallel runs do not interfere).
// Some tests run the built CLI (dist/): when it is older than what it is built from, `npm run build` runs first.
// The tests of the shared corpus of real specs (test/corpus/, they need ../shared/corpus) are a suite of their
// own: `--corpus` runs them alone (`npm run test:corpus`); without it they are left out.
// Usage: node test/run-tests.mjs [path regex] [--corpus] [--fuzz] [--serial] [--isolate (one process per file)]
// [--dir <test tree>] [--record-durations (a whole run's CPU seconds into test/durations.json)]
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workerScript = join(root, 'test/run-worker.mjs');
const args = process.argv.slice(2);
const dirFlag = args.indexOf('--dir'); // another tree of test files (the runner's own tests use one)
const testDir = dirFlag >= 0 ? resolve(args.splice(dirFlag, 2)[1]) : join(root, 'test');
// SPECVER_CACHE=off: a CLI a test starts never reads or writes the user's parse cache.
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', SPECVER_CACHE: 'off' };
if (args.includes('--fuzz')) {
  env.SPECVER_FUZZ_RUNS = env.SPECVER_FUZZ_RUNS ?? '2000';
  env.SPECVER_CRASH_RUNS = env.SPECVER_CRASH_RUNS ?? '100';
}
const corpusSuite = args.includes('--corpus');
const corpusDir = join(testDir, 'corpus');
const pattern = new RegExp(args.find((a) => !a.startsWith('--')) ?? '\\.test\\.ts$');
const workers = args.includes('--serial') ? 1 : Math.max(1, availableParallelism());
const isolate = args.includes('--isolate');
const recordDurations = args.includes('--record-durations');
if (recordDurations && (args.some((a) => !a.startsWith('--')) || dirFlag >= 0)) {
  console.log('--record-durations needs a whole suite: no path pattern, no --dir');
  console.log('0 passed, 1 failed');
  process.exit(2);
}
/** Only against hangs: the slowest file takes well under a minute even on a busy machine. */
const FILE_SAFETY_MS = Number(env.SPECVER_TEST_FILE_SAFETY_MS ?? 600_000);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // alive, someone else's
  }
}

function findTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'helpers' && entry.name !== 'fixtures' && (corpusSuite || full !== corpusDir)) found.push(...findTests(full));
    } else if (entry.name.endsWith('.test.ts') && pattern.test(relative(testDir, full))) found.push(full);
  }
  return found.sort();
}

/** The newest modification time (ms) of a file under `path` (0 when there is none), and that file. */
function newest(path) {
  let found = { mtime: 0, file: path };
  let entries;
  try {
    const stat = statSync(path);
    if (!stat.isDirectory()) return { mtime: stat.mtimeMs, file: path };
    entries = readdirSync(path);
  } catch {
    return found;
  }
  for (const name of entries) {
    const inner = newest(join(path, name));
    if (inner.mtime > found.mtime) found = inner;
  }
  return found;
}

/**
 * Tests run the built CLI (dist/): a build older than what it is built from would test stale code. The build's
 * last steps write dist/rules-catalogue.json (the index of dist/rules-catalogue/) and then the bundle's code
 * caches, so a complete build has all of them newer than every input; otherwise the runner rebuilds first, and a
 * failed build fails the run.
 */
function buildStamp() {
  const dist = join(root, 'dist');
  const caches = statSync(dist, { throwIfNoEntry: false }) ? readdirSync(dist).filter((name) => name.endsWith('.cache')) : [];
  if (caches.length === 0) return 0;
  return Math.min(...['rules-catalogue.json', ...caches].map((name) => newest(join(dist, name)).mtime));
}
function ensureFreshBuild() {
  const stamp = buildStamp();
  const inputs = ['src', 'rules', 'scripts/bundle-cli.mjs', 'scripts/rules-catalogue.mjs', 'scripts/code-cache.mjs', 'tsconfig.json', 'tsconfig.build.json'];
  const changed = inputs.map((input) => newest(join(root, input))).find((input) => input.mtime > stamp);
  if (!changed) return true;
  const why = stamp === 0 ? 'dist/ is missing or incomplete' : `${relative(root, changed.file)} is newer than dist/`;
  process.stdout.write(`${why}: running npm run build first\n`);
  const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
  if (build.status === 0) return true;
  process.stdout.write(`FAIL npm run build (exit ${build.status ?? build.signal}): tests of the built CLI cannot run\n${build.stdout ?? ''}${build.stderr ?? ''}\n`);
  return false;
}
if (dirFlag < 0 && !ensureFreshBuild()) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * Where the run's temp root goes. The suite makes a few thousand temp projects and git repositories, and on a
 * disk (ext4 with discard, say) their creation and removal cost about a tenth of the run: so a memory-backed
 * /dev/shm is used when it is a tmpfs with room to spare that may hold programs (some tests run scripts they
 * write), unless the caller chose a TMPDIR (which always wins).
 */
function tempParent() {
  if (process.platform !== 'linux' || process.env.TMPDIR) return tmpdir();
  const TMPFS_MAGIC = 0x01021994;
  try {
    const shm = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    const mount = readFileSync('/proc/self/mounts', 'utf8').split('\n').findLast((line) => line.split(' ')[1] === '/dev/shm');
    const noexec = mount?.split(' ')[3]?.split(',').includes('noexec') ?? true;
    if (shm.type === TMPFS_MAGIC && !noexec && shm.bavail * shm.bsize >= 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm, or not ours to write
  }
  return tmpdir();
}
const tempBase = tempParent();
// The roots of earlier runs that were killed before they could remove theirs (their runner pid is gone), in
// either place an earlier run may have chosen.
for (const parent of new Set([tempBase, tmpdir()])) {
  for (const name of readdirSync(parent)) {
    const pid = /^specver-test-run-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !isAlive(Number(pid))) rmSync(join(parent, name), { recursive: true, force: true, maxRetries: 3 });
  }
}
// World-writable with the sticky bit, like /tmp: some tests run a child as an unprivileged user.
const tempRoot = mkdtempSync(join(tempBase, `specver-test-run-${process.pid}-`));
chmodSync(tempRoot, 0o1777);
// The tests' git reads no user or system config: the same identity on every machine (one without any still
// commits), nothing of a developer's (commit.gpgsign, core.hooksPath) changing what it does, and no background
// maintenance after each commit (a process per commit, for nothing here). A test that needs a config of its own
// sets GIT_CONFIG_GLOBAL itself.
env.GIT_CONFIG_GLOBAL = join(tempRoot, 'gitconfig');
env.GIT_CONFIG_NOSYSTEM = '1';
writeFileSync(env.GIT_CONFIG_GLOBAL, '[user]\n\tname = specver tests\n\temail = tests@specver.invalid\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n');
chmodSync(env.GIT_CONFIG_GLOBAL, 0o644);
let tempDirs = 0;
/** A new temp directory for one worker (its TMPDIR). */
function workerTempDir() {
  const dir = join(tempRoot, `worker-${++tempDirs}`);
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  return dir;
}
const isLeftover = (name) => name.startsWith('specver-');
const listLeftovers = (dir) => readdirSync(dir).filter(isLeftover);
function removeRoot() {
  rmSync(tempRoot, { recursive: true, force: true, maxRetries: 3 });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    removeRoot();
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}

/**
 * Test code runs briefly and once: V8's optimising compiler (TurboFan, on background threads) spent about a
 * seventh of the suite's CPU compiling it, for little return. Workers stop at the baseline compiler (Sparkplug);
 * the heavy real-spec checks run a little slower, the whole run about a tenth faster. Nothing else differs.
 */
const WORKER_V8_FLAGS = ['--max-opt=1'];

/** A worker process; `run(file)` resolves with the file's counts, or with a crash/hang report. */
function startWorker(tempDir) {
  const child = spawn(process.execPath, [...WORKER_V8_FLAGS, '--import', 'tsx', workerScript], {
    cwd: root,
    env: { ...env, SPECVER_TEST_TMPDIR: tempDir },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stray = ''; // output outside the captured file runs: a crash's own report lands here
  child.stdout.on('data', (chunk) => (stray += chunk));
  child.stderr.on('data', (chunk) => (stray += chunk));
  let pending;
  const ready = new Promise((resolve) => child.once('message', resolve));
  // One listener per worker, not one per file run (a long-lived worker would pile them up).
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('message', (message) => {
    if (message?.type === 'late-error') lateError(message);
    else if (message?.file && pending) pending.resolve(message);
  });
  child.on('exit', (code, signal) => pending?.resolve({ file: pending.file, lost: `its process ended (${signal ?? `exit ${code}`})`, output: stray }));
  return {
    tempDir,
    async run(file) {
      await Promise.race([ready, exited]);
      if (!child.connected) return { file, lost: 'its worker process could not start', output: stray };
      stray = '';
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending = undefined;
          child.kill('SIGKILL');
          resolve({ file, lost: `it did not finish within the ${FILE_SAFETY_MS / 1000} s safety limit`, output: stray });
        }, FILE_SAFETY_MS);
        pending = {
          file,
          resolve: (result) => {
            clearTimeout(timer);
            pending = undefined;
            resolve(result);
          },
        };
        child.send({ type: 'run', file });
      });
    },
    alive: () => child.exitCode === null && child.signalCode === null && child.connected,
    stop: () => child.connected && child.disconnect(),
  };
}

const seconds = {};
const totals = { passed: 0, failed: 0, skipped: 0 };

function report(name, result, started, note = '') {
  const passed = result.passed ?? 0;
  let failed = Math.max(0, (result.total ?? 0) - passed);
  const problems = [];
  if (result.lost) problems.push(`${name}: ${result.lost}`);
  if (result.crashed || result.lost) failed += 1;
  if (result.leftovers?.length > 0) {
    problems.push(`${name}: left ${result.leftovers.join(', ')} in the temp directory (make temp directories with test/helpers/temp-dir.ts, or remove them when the test ends)`);
    failed += 1;
  }
  if (!result.lost && !result.crashed && (result.total ?? 0) === 0 && !result.skipped) {
    problems.push(`${name}: no test ran (a file must register at least one test, or skip it visibly)`);
    failed += 1;
  }
  const elapsed = (Date.now() - started) / 1000;
  // CPU time (the file's and its children's) is the steadier hint for ordering when others share the cores.
  seconds[name] = result.cpu ?? elapsed;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += result.skipped ?? 0;
  const status = failed > 0 ? 'FAIL' : 'ok  ';
  const skipped = result.skipped ? `, ${result.skipped} skipped` : '';
  const cpu = result.cpu === undefined ? '' : `, cpu ${result.cpu.toFixed(1)}s`;
  process.stdout.write(`${status} ${name} (${passed}/${result.total ?? 0}${skipped}, ${elapsed.toFixed(1)}s${cpu})${note}\n`);
  if (failed > 0) process.stdout.write(`${[...problems, (result.output ?? '').trim()].filter(Boolean).join('\n')}\n\n`);
  else if (result.skipped) for (const line of (result.output ?? '').split('\n')) if (line.startsWith('SKIP ')) process.stdout.write(`     ${line}\n`);
}

/** An error thrown after a file had finished and reported: that file fails. */
function lateError({ file, error }) {
  const name = file ? relative(testDir, file) : 'a test file';
  totals.failed += 1;
  process.stdout.write(`FAIL ${name}: an error was thrown after its tests had finished\n${error}\n\n`);
}

/** Runs one file in a fresh process of its own (isolation, or a rerun after a crash). */
async function runAlone(file) {
  const worker = startWorker(workerTempDir());
  const result = await runChecked(worker, file);
  worker.stop();
  return result;
}

/** Runs a file in a worker; the `specver-*` entries it leaves in the worker's temp directory fail it (and go). */
async function runChecked(worker, file) {
  const before = new Set(listLeftovers(worker.tempDir));
  const result = await worker.run(file);
  const leftovers = listLeftovers(worker.tempDir).filter((name) => !before.has(name));
  for (const name of leftovers) rmSync(join(worker.tempDir, name), { recursive: true, force: true, maxRetries: 3 });
  return leftovers.length > 0 ? { ...result, leftovers } : result;
}

// Longest files first, so the slowest do not end up last on one worker while the other idles: CPU seconds of
// the previous run (cached under node_modules/.cache), else those recorded in test/durations.json (a clean clone).
// Another tree (--dir) runs in alphabetical order: its files' order is part of what its tests check.
const timesFile = dirFlag >= 0 ? undefined : join(root, 'node_modules/.cache/specver-test-times.json');
const readTimes = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {}; // none yet: alphabetical order
  }
};
const durationsFile = join(root, 'test/durations.json');
const times = timesFile ? { ...readTimes(durationsFile), ...readTimes(timesFile) } : {};
const found = corpusSuite ? (statSync(corpusDir, { throwIfNoEntry: false }) ? findTests(corpusDir) : []) : findTests(testDir);
// A file with no recorded time (new or renamed) goes first: left to the end, a long one would run alone while the
// other workers idle. Equal keys keep the alphabetical order (another tree, --dir, has no times at all).
const cost = (file) => times[relative(testDir, file)] ?? Number.MAX_VALUE;
const files = found.sort((a, b) => cost(b) - cost(a));
let next = 0;

async function lane() {
  let worker;
  const tempDir = workerTempDir(); // a worker that died is replaced by one with the same directory
  const ranHere = [];
  while (next < files.length) {
    const file = files[next++];
    const name = relative(testDir, file);
    const started = Date.now();
    if (isolate) {
      report(name, await runAlone(file), started);
      continue;
    }
    if (!worker?.alive()) {
      worker = startWorker(tempDir);
      ranHere.length = 0;
    }
    const result = await runChecked(worker, file);
    if (!result.lost || result.lost.includes('safety limit')) {
      report(name, result, started);
      ranHere.push(name);
      continue;
    }
    // The worker died during this file: rerun it alone, so the verdict is this file's own.
    const alone = await runAlone(file);
    if (alone.lost || alone.crashed) report(name, alone, started, ' (crashed; rerun alone)');
    else {
      const after = ranHere.length > 0 ? ` after ${ranHere.join(', ')}` : '';
      report(name, { ...alone, lost: `its shared worker process died while it ran${after} (it passes alone: a file before it leaves something behind)`, output: result.output }, started);
    }
    ranHere.length = 0;
  }
  worker?.stop();
}

await Promise.all(Array.from({ length: Math.min(workers, files.length) }, lane));
// What appeared after its file had ended (a child process that outlived its test, say) is still a leak.
const late = readdirSync(tempRoot)
  .filter((name) => name.startsWith('worker-'))
  .flatMap((dir) => listLeftovers(join(tempRoot, dir)).map((name) => `${dir}/${name}`));
if (late.length > 0) {
  totals.failed += 1;
  process.stdout.write(`FAIL temp directory: ${late.join(', ')} left after the test files had ended\n\n`);
}
removeRoot();
try {
  if (timesFile) {
    mkdirSync(dirname(timesFile), { recursive: true });
    writeFileSync(timesFile, JSON.stringify({ ...times, ...seconds }));
  }
} catch {
  // a read-only node_modules only loses the ordering hint
}
// --record-durations (a whole default or corpus run): this run's CPU seconds become the order of a clean clone's
// first run, file by file, so a new long file is not scheduled by guess.
if (recordDurations && timesFile) {
  const recorded = readTimes(durationsFile);
  const suiteFile = (name) => name.startsWith('corpus/') === corpusSuite;
  const kept = Object.entries(recorded).filter(([name]) => !suiteFile(name));
  const now = Object.entries(seconds).map(([name, cpu]) => [name, Math.round(cpu * 10) / 10]);
  const all = Object.fromEntries([...kept, ...now].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(`${durationsFile}.tmp`, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(`${durationsFile}.tmp`, durationsFile);
  console.log(`recorded the CPU seconds of ${now.length} files in test/durations.json`);
}
if (totals.passed + totals.failed === 0) {
  console.log('no tests ran');
  totals.failed = 1;
}
if (totals.skipped > 0) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 ? 1 : 0;
