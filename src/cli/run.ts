/**
 * Runs the program and maps every outcome to an exit code, in one place. Tests call runCli directly.
 */
import { readFileSync } from 'node:fs';
import { CommanderError } from 'commander';
import { buildProgram } from './program.ts';
import { createContext, type ContextInput } from './context.ts';
import { isSpecverError } from '../errors.ts';
import { withGitRunCache } from '../load/git-run-cache.ts';
import { removeInFlightFiles } from '../store/in-flight.ts';
import { environmentError } from '../store/io-errors.ts';

function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Flags that matter for reporting an error even when commander failed before any action ran. */
function flagsFromArgv(argv: string[]) {
  return {
    json: argv.includes('--json') || argv.some((a, i) => a === '--format' && argv[i + 1] === 'json') || argv.includes('--format=json'),
    verbose: argv.includes('--verbose') || argv.includes('-v'),
    quiet: argv.includes('--quiet') || argv.includes('-q'),
  };
}

/** Commander's messages start with "error: "; ours are "specver: ...". */
function usageMessage(error: CommanderError): string {
  return error.message.replace(/^error:\s*/, '');
}

/**
 * Ctrl-C or SIGTERM while working (the entry point's one signal handler): removes the temp files and the
 * lock this process holds, reports it, and returns 128 + the signal number like a shell (130, 143). A prompt
 * never gets here: it reads Ctrl-C as a key and cancels (exit 4). An interrupted `version` keeps its
 * journal, so the next run finishes it.
 */
export function interruptedExitCode(argv: string[], input: ContextInput, signal: 'SIGINT' | 'SIGTERM' = 'SIGINT'): number {
  removeInFlightFiles();
  const ctx = createContext(input, flagsFromArgv(argv));
  const code = signal === 'SIGTERM' ? 143 : 130;
  const what = signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted (Ctrl-C)';
  ctx.out.error(code, `${what}: stopped before finishing, no partial files left`, 'run the command again');
  return code;
}

/** Run specver with the given arguments; returns the exit code instead of exiting (tests call this). */
export async function runCli(argv: string[], input: ContextInput): Promise<number> {
  const { program, exitCode, context } = buildProgram(input, cliVersion());
  try {
    // One run, one view of git: each ref, merge-base and file at a commit is asked once (load/git-run-cache.ts).
    await withGitRunCache(() => program.parseAsync(argv, { from: 'user' }));
    return exitCode();
  } catch (error) {
    const ctx = context() ?? createContext(input, flagsFromArgv(argv));
    const out = ctx.out;
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      // A command group or the program itself without a subcommand: help was printed to stderr.
      if (error.code === 'commander.help') return 2;
      if (error.code === 'commander.executeSubCommandAsync') return error.exitCode;
      const sub = error.code === 'commander.unknownCommand' ? undefined : argv.find((a) => !a.startsWith('-'));
      const hint = sub ? `run 'specver ${sub} --help' for usage` : "run 'specver --help' for usage";
      out.error(2, usageMessage(error), hint);
      return 2;
    }
    if (isSpecverError(error)) {
      out.error(error.exitCode, error.located, error.hint, error.stack);
      return error.exitCode;
    }
    const environment = environmentError(error, input.cwd);
    if (environment) {
      out.error(environment.exitCode, environment.located, environment.hint, error instanceof Error ? error.stack : undefined);
      return environment.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack : undefined;
    out.error(3, `internal error: ${message}`, 'run again with --verbose and report the stack trace', stack);
    return 3;
  }
}
