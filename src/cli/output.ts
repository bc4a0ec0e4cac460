/**
 * The only writer to stdout and stderr. Commands hand it text or JSON; it honours --quiet and --json
 * and decides on colour (TTY only, NO_COLOR wins, FORCE_COLOR forces). All text is made terminal-safe here
 * (terminal-text.ts): control characters from specs are shown escaped. Colours are marked by `paint` with
 * placeholders carrying a per-process nonce, and become escape sequences only after that, so text from a
 * spec can neither send its own escape sequences nor forge specver's.
 */
import { jsonTerminalSafe, terminalSafe, withoutWorkflowCommands } from './terminal-text.ts';
import { readableStack } from './stack-trace.ts';
import { nodeCrypto } from '../toolkit/lazy-builtins.ts';
export interface Streams {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  stdin?: { isTTY?: boolean };
}

export interface OutputOptions {
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  env: Record<string, string | undefined>;
}

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;
export type Colour = keyof typeof CODES;

export function colourEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export class Output {
  readonly json: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;
  readonly colour: boolean;
  readonly colourErr: boolean;

  constructor(
    readonly streams: Streams,
    options: OutputOptions,
  ) {
    this.json = options.json;
    this.quiet = options.quiet;
    this.verbose = options.verbose;
    this.colour = !options.json && colourEnabled(streams.stdout, options.env);
    this.colourErr = colourEnabled(streams.stderr, options.env);
    if (this.colour || this.colourErr) {
      this.colourMark = `\ufdd0${nodeCrypto().randomBytes(6).toString('hex')}:`;
      this.colourMarks = new RegExp(`${this.colourMark}(\\d+)\ufdd1`, 'g');
    }
  }

  /**
   * Marks colour codes until `writeText` turns them into escape sequences (U+FDD0/U+FDD1 are noncharacters);
   * random, so no text a spec brings can pass for one. Only made when colour is on for a stream at all.
   */
  private readonly colourMark: string = '';
  private readonly colourMarks: RegExp | undefined;

  /** Wrap text in an ANSI colour when colour is on for stdout. */
  paint(colour: Colour, text: string): string {
    if (!this.colour) return text;
    const [open, close] = CODES[colour];
    return `${this.colourMark}${open}\ufdd1${text}${this.colourMark}${close}\ufdd1`;
  }

  private paintErr(colour: Colour, text: string): string {
    if (!this.colourErr) return text;
    const [open, close] = CODES[colour];
    return `${this.colourMark}${open}\ufdd1${text}${this.colourMark}${close}\ufdd1`;
  }

  /** Text made terminal-safe, then specver's own colours applied; `commands`: CI workflow commands allowed. */
  private writeText(stream: { write(chunk: string): unknown }, text: string, commands = false): void {
    const safe = terminalSafe(text);
    const shown = commands ? safe : withoutWorkflowCommands(safe);
    stream.write(this.colourMarks ? shown.replace(this.colourMarks, '\u001b[$1m') : shown);
  }

  /** A result line: printed even with --quiet (never in --json mode, where results are the JSON document). */
  result(text: string): void {
    if (this.json) return;
    this.writeText(this.streams.stdout, text.endsWith('\n') ? text : `${text}\n`);
  }

  /** An informational line: suppressed by --quiet and --json. */
  info(text: string): void {
    if (this.json || this.quiet) return;
    this.writeText(this.streams.stdout, text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Detail shown only with --verbose, on stderr so it never mixes into machine output. */
  debug(text: string): void {
    if (!this.verbose) return;
    this.writeText(this.streams.stderr, `${this.paintErr('gray', text)}\n`);
  }

  /** A warning on stderr (kept with --quiet: warnings matter). */
  warn(text: string): void {
    this.writeText(this.streams.stderr, `${this.paintErr('yellow', 'specver: warning:')} ${text}\n`);
  }

  /** The one JSON document of a command, on stdout. */
  jsonDocument(value: unknown): void {
    this.streams.stdout.write(`${jsonTerminalSafe(JSON.stringify(value, null, 2))}\n`);
  }

  /**
   * Text to stdout regardless of mode (formats such as markdown, junit, GitHub annotations).
   * `workflowCommands`: the text is GitHub annotations, whose `::` lines are meant.
   */
  raw(text: string, { workflowCommands = false } = {}): void {
    this.writeText(this.streams.stdout, text.endsWith('\n') ? text : `${text}\n`, workflowCommands);
  }

  /** A report its renderer has already made safe (breaking-reports.ts), to stdout as it is. */
  document(text: string): void {
    this.streams.stdout.write(text);
  }

  /** A JSON document already serialised (SARIF), to stdout regardless of mode. */
  rawJson(json: string): void {
    this.streams.stdout.write(jsonTerminalSafe(json.endsWith('\n') ? json : `${json}\n`));
  }

  /** One-line error with optional hint, on stderr (or as JSON on stdout in --json mode). */
  error(code: number, message: string, hint?: string, stack?: string): void {
    if (this.json) {
      const error: Record<string, unknown> = { code, message };
      if (hint) error.hint = hint;
      this.streams.stdout.write(`${jsonTerminalSafe(JSON.stringify({ error }, null, 2))}\n`);
      if (stack && this.verbose) this.writeText(this.streams.stderr, `${readableStack(stack)}\n`);
      return;
    }
    this.writeText(this.streams.stderr, `${this.paintErr('red', 'specver:')} ${message}\n`);
    if (hint) this.writeText(this.streams.stderr, `hint: ${hint}\n`);
    if (stack && this.verbose) this.writeText(this.streams.stderr, `${readableStack(stack)}\n`);
  }
}
