/** Run the specver program in-process (or, for what needs a real process, the built CLI): argv in -> { stdout, stderr, exitCode }. */
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/run.ts';
import { runChild } from './child.ts';

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** stdout parsed as JSON (throws when it is not JSON). */
  json<T = any>(): T;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Pretend stdin/stdout are terminals (interactive mode). */
  tty?: boolean;
  now?: Date;
  /** Text the command reads from stdin (`-` as a spec); without it stdin is an empty stream. */
  stdin?: string;
}

export async function runSpecver(argv: string[], options: RunOptions): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  // The parse cache is off unless a test turns it on: nothing is read from or written to the user's cache.
  const env = { CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off', ...options.env };
  const exitCode = await runCli(argv, {
    cwd: options.cwd,
    env,
    streams: {
      stdout: { write: (s: string) => ((stdout += s), true), isTTY: options.tty === true },
      stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
      stdin: Object.assign(Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]), { isTTY: options.tty === true }),
    },
    now: options.now ? () => options.now as Date : undefined,
  });
  return {
    stdout,
    stderr,
    exitCode,
    json<T>() {
      return JSON.parse(stdout) as T;
    },
  };
}

/** The built CLI (dist/, `npm run build`; the test runner rebuilds it when it is older than src/). */
export const BUILT_CLI = join(dirname(fileURLToPath(import.meta.url)), '../../dist/main.cjs');

/**
 * Run the built CLI in a child process, with the same defaults as runSpecver: for what only a real process
 * has (worker threads start from the bundled worker, as users run them, instead of compiling src/ per thread).
 */
export async function runBuiltSpecver(argv: string[], options: Omit<RunOptions, 'tty' | 'now'>): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off', ...options.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = await runChild(process.execPath, [BUILT_CLI, ...argv], { cwd: options.cwd, env, input: options.stdin, label: `specver ${argv.join(' ')} (dist/main.cjs)` });
  if (child.signal !== null) throw new Error(`specver ${argv.join(' ')} (dist/main.cjs) was killed by ${child.signal}: ${child.stderr}`);
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    exitCode: child.code!,
    json<T>() {
      return JSON.parse(child.stdout) as T;
    },
  };
}
