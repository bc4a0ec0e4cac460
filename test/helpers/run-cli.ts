/** Run the specver program in-process (the built bundle, as users install it) or in a process of its own: argv in -> { stdout, stderr, exitCode }. */
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIn, loadCachedBundle } from '../../src/cli/cached-bundle.ts';
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

function cliResult(stdout: string, stderr: string, exitCode: number): CliResult {
  return { stdout, stderr, exitCode, json: <T>() => JSON.parse(stdout) as T };
}

let sourceCli = false;
/**
 * runSpecver runs src/ instead of the built bundle from now on in this process: for a child bundled with the
 * sources by esbuild, which has no dist/ and node_modules beside it.
 */
export function useSourceCli(): void {
  sourceCli = true;
}

/**
 * Run the CLI in this process, with a clock (`now`) and terminals (`tty`) of the test's choosing: the built
 * bundle (dist/cli-<hash>.cjs, what users install), which runs without a TypeScript loader between its modules.
 * The process's own environment stays as it is (runBuiltSpecver sets it), so runs may overlap.
 */
export async function runSpecver(argv: string[], options: RunOptions): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  // The parse cache is off unless a test turns it on: nothing is read from or written to the user's cache.
  const env = { CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off', ...options.env };
  const { runCli } = sourceCli ? await import('../../src/cli/run.ts') : builtBundle();
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
  return cliResult(stdout, stderr, exitCode);
}

/** The built CLI (dist/, `npm run build`; the test runner rebuilds it when it is older than src/). */
export const BUILT_CLI = join(dirname(fileURLToPath(import.meta.url)), '../../dist/main.cjs');

type BundledCli = typeof import('../../src/cli/entry.ts');
let bundled: BundledCli | undefined;
/** The built bundle (dist/cli-<hash>.cjs), loaded once per test process, as the bin loads it. */
function builtBundle(): BundledCli {
  if (bundled) return bundled;
  const dist = dirname(BUILT_CLI);
  bundled = loadCachedBundle<BundledCli>(pathToFileURL(join(dist, bundleIn(dist))), undefined).exports;
  return bundled;
}

/** The environment a built run sees: this process's, the suite's defaults, then the test's (undefined removes). */
function builtEnv(extra: RunOptions['env']): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off', ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env as Record<string, string>;
}

let inFlight = false;
/**
 * Run the built CLI's code in this process: the bundle users install (worker threads start from the bundled
 * worker, as in a user's run, instead of compiling src/ per thread), without a process start per run. The few
 * places that read the process's own environment (git's, the worker count) see the run's environment while it
 * runs, as a child process would; one such run at a time. For what only a real process has (signals, exit
 * codes set by the bin, stdin/stdout as pipes, start-up), runBuiltSpecverProcess.
 */
export async function runBuiltSpecver(argv: string[], options: Omit<RunOptions, 'tty' | 'now'>): Promise<CliResult> {
  if (inFlight) throw new Error('runBuiltSpecver: one run at a time (each sets the process environment); await the other first');
  const { runCli } = builtBundle();
  const env = builtEnv(options.env);
  const saved = process.env;
  let stdout = '';
  let stderr = '';
  inFlight = true;
  process.env = env;
  let exitCode: number;
  try {
    exitCode = await runCli(argv, {
      cwd: options.cwd,
      env,
      streams: {
        stdout: { write: (s: string) => ((stdout += s), true), isTTY: false },
        stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
        stdin: Object.assign(Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]), { isTTY: false }),
      },
    });
  } finally {
    process.env = saved;
    inFlight = false;
  }
  return cliResult(stdout, stderr, exitCode);
}

/** Run the built CLI in a child process of its own (`node dist/main.cjs`), with the same defaults as runSpecver. */
export async function runBuiltSpecverProcess(argv: string[], options: Omit<RunOptions, 'tty' | 'now'>): Promise<CliResult> {
  const child = await runChild(process.execPath, [BUILT_CLI, ...argv], { cwd: options.cwd, env: builtEnv(options.env), input: options.stdin, label: `specver ${argv.join(' ')} (dist/main.cjs)` });
  if (child.signal !== null) throw new Error(`specver ${argv.join(' ')} (dist/main.cjs) was killed by ${child.signal}: ${child.stderr}`);
  return cliResult(child.stdout, child.stderr, child.code!);
}
