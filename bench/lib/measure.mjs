/**
 * One timed process run: wall time from spawn to exit (process.hrtime), peak RSS and CPU time from
 * GNU time (`/usr/bin/time -f '%M %U %S' -o <file>`, which reads the kernel's rusage of the child, so it
 * also covers memory freed before exit), a hard time-out that kills the whole process group, and a
 * classification of the outcome (ok, failed, crashed, timeout, not-implemented).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';
const KEEP = 4096; // bytes of stdout/stderr kept for the report

/** Which peak-RSS method this machine supports; decided once. */
export const RSS_METHOD = existsSync(GNU_TIME) ? 'gnu-time' : 'proc-vmhwm';
export const RSS_METHOD_LABEL =
  RSS_METHOD === 'gnu-time'
    ? 'GNU time %M (kernel rusage ru_maxrss of the command: peak resident set of its largest process)'
    : '/proc/<pid>/status VmHWM polled every 10 ms (the direct child only)';

let scratch;
function scratchDir() {
  if (!scratch) {
    scratch = mkdtempSync(join(tmpdir(), 'specver-bench-time-'));
    process.once('exit', cleanupScratch); // also when a run fails before its own cleanup
  }
  return scratch;
}
export function cleanupScratch() {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

function tail(chunks) {
  const text = Buffer.concat(chunks).toString('utf8');
  return text.length > KEEP ? text.slice(-KEEP) : text;
}

/** A bounded collector: keeps the first and last bytes of a stream, counts the rest. */
function collector(stream) {
  const state = { head: [], headBytes: 0, last: [], lastBytes: 0, total: 0 };
  stream?.on('data', (chunk) => {
    state.total += chunk.length;
    if (state.headBytes < KEEP) {
      state.head.push(chunk);
      state.headBytes += chunk.length;
      return;
    }
    state.last.push(chunk);
    state.lastBytes += chunk.length;
    while (state.lastBytes - state.last[0].length > KEEP) state.lastBytes -= state.last.shift().length;
  });
  return state;
}

const STACK_LINE = /\n\s+at .+(\(.+:\d+:\d+\)|:\d+:\d+)\s*(\n|$)/;

/**
 * Classifies a finished run. `okCodes` are the exit codes that mean the tool did its job (1 is "findings"
 * for the gates and linters).
 */
export function classify({ exitCode, signal, timedOut, stderr, okCodes }) {
  if (timedOut) return { status: 'timeout', message: 'timed out' };
  const firstLine = stderr.split('\n').map((l) => l.trim()).find((l) => l && !/^[═║╔╚╗╝]/.test(l)) ?? '';
  if (/not implemented yet/i.test(stderr)) return { status: 'not-implemented', message: firstLine };
  if (/heap out of memory|Allocation failed|Last few GCs/i.test(stderr)) return { status: 'crashed', message: 'JavaScript heap out of memory' };
  if (signal) return { status: 'crashed', message: `killed by ${signal}${firstLine ? `: ${firstLine}` : ''}` };
  const stack = STACK_LINE.test(stderr);
  if (okCodes.includes(exitCode) && !(stack && exitCode !== 0)) return { status: 'ok', message: '' };
  if (stack || exitCode > 128) {
    const lines = stderr.split('\n');
    const errorLine =
      lines.find((l) => /^\s*[A-Z]\w*Error(\s*\[\w+\])?: /.test(l)) ?? lines.find((l) => /^\s*\w*Error\b/.test(l));
    return { status: 'crashed', message: (errorLine ?? firstLine).trim().slice(0, 200) };
  }
  return { status: 'failed', message: `exit ${exitCode}: ${firstLine.slice(0, 200)}` };
}

function readVmHwm(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs `command args` once in `cwd`. Returns { status, message, exitCode, wallMs, rssKb, cpuS, stdoutBytes,
 * stdoutHead, stderrTail }.
 */
export function runOnce(command, args, { cwd, env, timeoutMs, okCodes = [0] }) {
  const timeFile = join(scratchDir(), `time-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  const [file, argv] =
    RSS_METHOD === 'gnu-time' ? [GNU_TIME, ['-f', '%M %U %S', '-o', timeFile, command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let child;
    try {
      child = spawn(file, argv, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ status: 'failed', message: `cannot start ${command}: ${error.message}`, exitCode: null, wallMs: 0, rssKb: null, cpuS: null });
      return;
    }
    const out = collector(child.stdout);
    const err = collector(child.stderr);
    let timedOut = false;
    let peakPolled = 0;
    const poller =
      RSS_METHOD === 'proc-vmhwm' ? setInterval(() => (peakPolled = Math.max(peakPolled, readVmHwm(child.pid))), 10) : undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      if (poller) clearInterval(poller);
      resolve({ status: 'failed', message: `cannot start ${command}: ${error.message}`, exitCode: null, wallMs: 0, rssKb: null, cpuS: null });
    });
    child.on('close', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      clearTimeout(timer);
      if (poller) clearInterval(poller);
      let rssKb = peakPolled || null;
      let cpuS = null;
      let exitCode = code;
      let childSignal = signal;
      if (RSS_METHOD === 'gnu-time') {
        const text = existsSync(timeFile) ? readFileSync(timeFile, 'utf8') : '';
        rmSync(timeFile, { force: true });
        const numbers = /(\d+) ([\d.]+) ([\d.]+)\s*$/.exec(text.trim());
        if (numbers) {
          rssKb = Number(numbers[1]);
          cpuS = Number(numbers[2]) + Number(numbers[3]);
        }
        const killed = /Command terminated by signal (\d+)/.exec(text);
        if (killed) childSignal = `signal ${killed[1]}`;
        const exited = /Command exited with non-zero status (\d+)/.exec(text);
        if (exited) exitCode = Number(exited[1]);
      }
      const stderr = tail([...err.head, ...err.last]);
      const verdict = classify({ exitCode, signal: childSignal, timedOut, stderr, okCodes });
      if (timedOut) verdict.message = `no result after ${timeoutMs / 1000} s (killed)`;
      resolve({
        ...verdict,
        exitCode,
        wallMs,
        rssKb,
        cpuS,
        stdoutBytes: out.total,
        stdoutHead: Buffer.concat(out.head).toString('utf8').slice(0, 600),
        stderrTail: stderr.slice(-1500),
      });
    });
  });
}

export function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Summary of the runs of one command: medians with min/max over the successful runs. */
export function summarize(runs) {
  const ok = runs.filter((r) => r.status === 'ok');
  const failed = runs.find((r) => r.status !== 'ok');
  const pick = (key) => ok.map((r) => r[key]).filter((v) => typeof v === 'number');
  const stat = (key) => {
    const values = pick(key);
    return values.length ? { median: median(values), min: Math.min(...values), max: Math.max(...values) } : null;
  };
  return {
    status: failed ? failed.status : 'ok',
    message: failed ? failed.message : '',
    runs: runs.length,
    okRuns: ok.length,
    wallMs: stat('wallMs'),
    // Each round's wall time (null where the run failed), so ratios can be taken round by round.
    wallMsByRound: runs.map((r) => (r.status === 'ok' && typeof r.wallMs === 'number' ? r.wallMs : null)),
    rssKb: stat('rssKb'),
    cpuS: stat('cpuS'),
    stdoutBytes: ok[0]?.stdoutBytes ?? null,
    exitCodes: [...new Set(runs.map((r) => r.exitCode))],
    stderrTail: failed?.stderrTail ?? undefined,
    stdoutHead: failed ? failed.stdoutHead : undefined,
  };
}

/**
 * The median over rounds of `a`'s wall time divided by `b`'s in the same round (two summaries of one
 * measureInterleaved call, whose rounds run every command back to back), or null when no round has both. A
 * slow stretch of a shared machine then slows both sides of the rounds it hits, instead of moving one median.
 */
export function pairedRatio(a, b) {
  const ratios = [];
  const rounds = Math.min(a?.wallMsByRound?.length ?? 0, b?.wallMsByRound?.length ?? 0);
  for (let i = 0; i < rounds; i++) {
    const [x, y] = [a.wallMsByRound[i], b.wallMsByRound[i]];
    if (x != null && y != null && y > 0) ratios.push(x / y);
  }
  return median(ratios);
}

/**
 * Runs a set of commands `runs` times, interleaved (round r runs every command once), so load changes on a
 * shared machine hit all of them alike, and ratios are taken round by round (pairedRatio). A command that does
 * not succeed is not repeated. `commands`: [{ id, label, command, args, cwd, env, okCodes }].
 */
export async function measureInterleaved(commands, { runs, timeoutMs, log }) {
  const results = new Map(commands.map((c) => [c.id, []]));
  const active = new Set(commands.map((c) => c.id));
  for (let round = 0; round < runs; round++) {
    for (const c of commands) {
      if (!active.has(c.id)) continue;
      const run = await runOnce(c.command, c.args, { cwd: c.cwd, env: c.env, timeoutMs: c.timeoutMs ?? timeoutMs, okCodes: c.okCodes });
      results.get(c.id).push(run);
      log?.(`  ${c.label.padEnd(34)} run ${round + 1}/${runs}: ${run.status === 'ok' ? `${(run.wallMs / 1000).toFixed(3)} s, ${run.rssKb ? `${Math.round(run.rssKb / 1024)} MB` : '? MB'}` : `${run.status} ${run.message}`}`);
      if (run.status !== 'ok') active.delete(c.id);
    }
  }
  return Object.fromEntries(commands.map((c) => [c.id, { label: c.label, ...summarize(results.get(c.id)) }]));
}

/**
 * Measures the commands of every size (spec size, contract count) in one interleaved run: each round runs every
 * size once, so a slow stretch of the machine hits all sizes alike, and a ratio across sizes can be taken round
 * by round. `prepare(size)` returns { commands, ...details }; each point is { [sizeKey]: size, ...details,
 * commands }, its commands under their own ids.
 */
export async function measureSizes(ctx, group, sizeKey, sizes, prepare) {
  const prepared = sizes.map((size) => {
    ctx.log?.(`${group}: ${size} ${sizeKey} (prepared; the sizes run interleaved)`);
    return { size, ...prepare(size) };
  });
  const key = (c, size) => `${c.id}@${size}`;
  const all = prepared.flatMap(({ size, commands }) => commands.map((c) => ({ ...c, id: key(c, size), label: `${c.label} @${size.toLocaleString('en-US')}` })));
  const measured = await measureInterleaved(all, ctx);
  return prepared.map(({ size, commands, ...details }) => ({
    [sizeKey]: size,
    ...details,
    commands: Object.fromEntries(commands.map((c) => [c.id, { ...measured[key(c, size)], label: c.label }])),
  }));
}
