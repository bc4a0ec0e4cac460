/** Run the specver program in-process: argv in -> { stdout, stderr, exitCode }. */
import { runCli } from '../../src/cli/run.ts';

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
      stdin: { isTTY: options.tty === true },
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
