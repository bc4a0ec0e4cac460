/**
 * Child processes in tests are waited for by events ('close', a marker in their output), never by sleeping.
 * Each wait has a generous safety limit that only turns a hang into a clear failure; it asserts no speed.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Generous: a hung child fails the test with a message instead of stalling the suite. */
export const SAFETY_MS = 120_000;

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface WatchedChild {
  child: ChildProcess;
  /** Output so far (stdout then stderr), for failure messages. */
  output(): string;
  /** Resolves when `pattern` appears on stdout or stderr; rejects if the child ends first or on the safety limit. */
  waitForOutput(pattern: RegExp, what: string): Promise<void>;
  /** Resolves on 'close'; on the safety limit the child is killed and this rejects. */
  done: Promise<ChildResult>;
}

function describe(label: string, output: string): string {
  return `${label}\n--- output so far ---\n${output.slice(-2000)}`;
}

/** Starts a child and watches it: its output is collected, its end is an event. */
export function startChild(command: string, args: string[], options: SpawnOptions & { label?: string; safetyMs?: number } = {}): WatchedChild {
  const { label = `${command} ${args.join(' ')}`, safetyMs = SAFETY_MS, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...spawnOptions });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout?.on('data', (chunk) => ((stdout += chunk), changed()));
  child.stderr?.on('data', (chunk) => ((stderr += chunk), changed()));
  let closed = false;
  const done = new Promise<ChildResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(describe(`${label}: still running after the ${safetyMs / 1000} s safety limit; killed`, stdout + stderr)));
    }, safetyMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${label}: could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      closed = true;
      changed();
      resolve({ code, signal, stdout, stderr });
    });
  });
  done.catch(() => undefined); // a test that never awaits `done` must not crash on an unhandled rejection
  const output = () => stdout + stderr;
  function waitForOutput(pattern: RegExp, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error(describe(`${label}: no ${what} within the ${safetyMs / 1000} s safety limit`, output()))), safetyMs);
      const check = () => {
        if (pattern.test(stdout) || pattern.test(stderr)) settle();
        else if (closed) settle(new Error(describe(`${label}: ended before ${what}`, output())));
      };
      function settle(error?: Error) {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve();
      }
      listeners.add(check);
      check();
    });
  }
  return { child, output, waitForOutput, done };
}

/** Runs a child to completion (an event-driven spawnSync with a safety limit). */
export function runChild(command: string, args: string[], options: SpawnOptions & { label?: string; safetyMs?: number; input?: string } = {}): Promise<ChildResult> {
  const { input, ...rest } = options;
  const watched = startChild(command, args, rest);
  // A child that exits without reading its input (git, a refused command) closes the pipe: that is not an error.
  watched.child.stdin?.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  watched.child.stdin?.end(input ?? '');
  return watched.done;
}

/**
 * Waits until `condition` holds, checking it between short pauses: for states only the file system shows (a
 * lock file appearing). The safety limit turns a hang into a clear failure.
 */
export async function waitUntil(condition: () => boolean, what: string, safetyMs = SAFETY_MS): Promise<void> {
  const deadline = Date.now() + safetyMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after the ${safetyMs / 1000} s safety limit`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture node supports

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces and parentheses). */
function procStat(pid: number | 'self'): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, all threads) a running process has used so far; undefined once it is gone or without /proc. */
export function processCpuMs(pid: number): number | undefined {
  const fields = procStat(pid);
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
}

/** CPU time of the finished children this process has waited for (cutime + cstime), or undefined without /proc. */
export function finishedChildrenCpuMs(): number | undefined {
  const fields = procStat('self');
  return fields ? ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
}
