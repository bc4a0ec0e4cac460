import { Output, type Streams } from './output.ts';
import { ConfigError } from '../errors.ts';
import { isCi } from './cache-location.ts';

/** Global flags as commander hands them over. */
export interface GlobalFlags {
  /** A command's own --format; `json` means JSON mode just like --json. */
  format?: string;
  yes?: boolean;
  interactive?: boolean;
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  config?: string;
}

/** Everything a command needs from the outside world; commands never read process.* directly. */
export interface Context {
  cwd: string;
  env: Record<string, string | undefined>;
  out: Output;
  /** Explicit -c/--config path (absolute), if given. */
  configPath?: string;
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  yes: boolean;
  /** Whether prompts may be shown (decisions.md 4). */
  interactive: boolean;
  /** Whether --interactive was forced on. */
  forceInteractive: boolean;
  /**
   * Set when prompts would have been shown but stdin is not a terminal (`echo | specver changeset` in a
   * terminal): the one line a prompting command prints on stderr before going on without prompts.
   */
  noPromptReason?: string;
  streams: Streams;
  /** Current time; injectable so tests can fix "today" (sunset dates, changelog dates). */
  now: () => Date;
}

export interface ContextInput {
  cwd: string;
  env: Record<string, string | undefined>;
  streams: Streams;
  now?: () => Date;
}

export function createContext(input: ContextInput, flags: GlobalFlags): Context {
  const json = flags.json === true || flags.format === 'json';
  const quiet = flags.quiet === true;
  const verbose = flags.verbose === true;
  const yes = flags.yes === true || json;
  // stdout first: process.stdin is made on first use (a few ms of Node's stream modules), so a run whose output
  // goes to a pipe or a file (CI, scripts) never makes it.
  const ttys = input.streams.stdout.isTTY === true && input.streams.stdin?.isTTY === true;
  const forceInteractive = flags.interactive === true;
  let interactive: boolean;
  if (flags.interactive === false) interactive = false;
  else if (forceInteractive) interactive = true;
  else interactive = ttys && !yes && !isCi(input.env);
  const stdinOnly = !interactive && flags.interactive === undefined && !yes && !isCi(input.env) && input.streams.stdout.isTTY === true;
  const envNow = input.env.SPECVER_NOW;
  const now = input.now ?? (envNow ? () => fixedNow(envNow) : () => new Date());
  return {
    cwd: input.cwd,
    env: input.env,
    out: new Output(input.streams, { json, quiet, verbose, env: input.env }),
    configPath: flags.config,
    json,
    quiet,
    verbose,
    yes,
    interactive,
    forceInteractive,
    ...(stdinOnly ? { noPromptReason: 'stdin is not a terminal: not prompting, using the detected bumps and a generated summary' } : {}),
    streams: input.streams,
    now,
  };
}

/** SPECVER_NOW as a date; an unreadable value is refused rather than turning every sunset comparison false. */
function fixedNow(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new ConfigError(`SPECVER_NOW '${value}' is not a date`, { hint: 'set it to an ISO date or date-time, such as 2026-06-30 or 2026-06-30T12:00:00Z, or unset it' });
  }
  return date;
}
