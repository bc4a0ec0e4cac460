/**
 * The only writer to stdout and stderr. Commands hand it text or JSON; it honours --quiet and --json
 * and decides on colour (TTY only, NO_COLOR wins, FORCE_COLOR forces).
 */
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
  }

  /** Wrap text in an ANSI colour when colour is on for stdout. */
  paint(colour: Colour, text: string): string {
    if (!this.colour) return text;
    const [open, close] = CODES[colour];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  }

  private paintErr(colour: Colour, text: string): string {
    if (!this.colourErr) return text;
    const [open, close] = CODES[colour];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  }

  /** A result line: printed even with --quiet (never in --json mode, where results are the JSON document). */
  result(text: string): void {
    if (this.json) return;
    this.streams.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** An informational line: suppressed by --quiet and --json. */
  info(text: string): void {
    if (this.json || this.quiet) return;
    this.streams.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Detail shown only with --verbose, on stderr so it never mixes into machine output. */
  debug(text: string): void {
    if (!this.verbose) return;
    this.streams.stderr.write(`${this.paintErr('gray', text)}\n`);
  }

  /** A warning on stderr (kept with --quiet: warnings matter). */
  warn(text: string): void {
    this.streams.stderr.write(`${this.paintErr('yellow', 'specver: warning:')} ${text}\n`);
  }

  /** The one JSON document of a command, on stdout. */
  jsonDocument(value: unknown): void {
    this.streams.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Raw text to stdout regardless of mode (used by formats such as markdown, sarif, junit). */
  raw(text: string): void {
    this.streams.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** One-line error with optional hint, on stderr (or as JSON on stdout in --json mode). */
  error(code: number, message: string, hint?: string, stack?: string): void {
    if (this.json) {
      const error: Record<string, unknown> = { code, message };
      if (hint) error.hint = hint;
      this.streams.stdout.write(`${JSON.stringify({ error }, null, 2)}\n`);
      if (stack && this.verbose) this.streams.stderr.write(`${stack}\n`);
      return;
    }
    this.streams.stderr.write(`${this.paintErr('red', 'specver:')} ${message}\n`);
    if (hint) this.streams.stderr.write(`hint: ${hint}\n`);
    if (stack && this.verbose) this.streams.stderr.write(`${stack}\n`);
  }
}
