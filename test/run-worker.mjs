// One test worker process (started by test/run-tests.mjs under tsx): runs the test files the runner sends,
// one at a time, and answers each with its counts. Reusing the process spares a node + tsx start-up and a
// reload of the shared modules per file; what a file changes in the process (environment, working directory,
// stdout/stderr) is put back before the next one, and the temp directories it made are removed. A file that
// crashes the process is rerun alone by the runner.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// The runner gives each worker a temp directory of its own, so what a file leaves there is known to be its own.
// Set here rather than in the spawn environment: tsx has already placed its compile cache in the usual one.
if (process.env.SPECVER_TEST_TMPDIR) process.env.TMPDIR = process.env.SPECVER_TEST_TMPDIR;
const { removeTempDirs } = await import('./helpers/temp-dir.ts');

globalThis.UVU_DEFER = 1; // uvu queues suites instead of running them itself; set before uvu loads
await import('uvu');

const baseline = { cwd: process.cwd(), env: { ...process.env } };

function restoreProcess() {
  if (process.cwd() !== baseline.cwd) process.chdir(baseline.cwd);
  for (const key of Object.keys(process.env)) if (!(key in baseline.env)) delete process.env[key];
  Object.assign(process.env, baseline.env);
  process.exitCode = undefined;
}

/** Sends everything written to stdout/stderr during `work` to one string instead. */
async function captured(work) {
  let output = '';
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (chunk, encoding, callback) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    await work((text) => (output += text));
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
  }
  return output;
}

/**
 * Errors thrown outside any test (a stray timer, an unhandled rejection) belong to the file running, which fails
 * for them; one that comes while no file runs is reported against the last file, and the worker ends.
 */
let running; // { file, fail(error) } while a file runs
let lastFile;
function strayError(error) {
  if (running) running.fail(error);
  else {
    process.send({ type: 'late-error', file: lastFile, error: String(error?.stack ?? error) }, () => process.exit(1));
  }
}
process.on('uncaughtException', strayError);
process.on('unhandledRejection', strayError);

/** CPU seconds of this process and of the children it has waited for (Linux /proc; children are 0 elsewhere). */
function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in USER_HZ ticks
  } catch {
    // no /proc
  }
  return (user + system) / 1e6 + children;
}

async function runFile(file) {
  const counts = { total: 0, passed: 0, skipped: 0, crashed: false };
  const cpuBefore = cpuSeconds();
  globalThis.UVU_QUEUE = [[null]];
  globalThis.UVU_INDEX = 0;
  const output = await captured(async (note) => {
    running = {
      file,
      fail(error) {
        counts.crashed = true;
        note(`\n${file}: error outside any test: ${error?.stack ?? error}\n`);
      },
    };
    try {
      await import(pathToFileURL(file).href); // the file's test.run() calls queue its suites
      const [, ...suites] = globalThis.UVU_QUEUE[0];
      for (const suite of suites) {
        const [errors, passed, skipped, total] = await suite();
        counts.total += total;
        counts.passed += passed;
        counts.skipped += skipped;
        if (errors !== true) note(`\n${errors}`);
      }
    } catch (error) {
      running.fail(error);
    }
    // Callbacks the file's tests left queued run now, while their errors are still this file's.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    for (const failure of removeTempDirs()) running.fail(`its temp directory could not be removed: ${failure}`);
    running = undefined;
    lastFile = file;
  });
  restoreProcess();
  return { file, ...counts, cpu: cpuSeconds() - cpuBefore, output };
}

process.on('message', async (message) => {
  if (message?.type === 'run') process.send(await runFile(message.file));
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
