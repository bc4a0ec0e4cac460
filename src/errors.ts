/**
 * Typed errors. Each maps to one exit code in one place (src/main.ts); messages are one line and
 * name the file and the fix. A finding result (breaking change, lint error) is not an error: commands
 * return exit code 1 for it.
 */
export interface ErrorDetails {
  /** File the problem is in, relative to the project root where possible. */
  file?: string;
  /** 1-based line in `file`, when known. */
  line?: number;
  /** What the user can do about it (printed as `hint: ...`). */
  hint?: string;
  cause?: unknown;
}

export abstract class SpecverError extends Error {
  abstract readonly exitCode: number;
  readonly file?: string;
  readonly line?: number;
  readonly hint?: string;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.file = details.file;
    this.line = details.line;
    this.hint = details.hint;
  }

  /** `file:line: message`, or just the message when no file is known. */
  get located(): string {
    if (!this.file) return this.message;
    const where = this.line ? `${this.file}:${this.line}` : this.file;
    return this.message.includes(where) ? this.message : `${where}: ${this.message}`;
  }
}

/** Bad configuration, bad input files, bad usage: exit 2. */
export class ConfigError extends SpecverError {
  readonly exitCode = 2;
}

/** Command-line usage error (unknown flag, missing argument): exit 2, never 1. */
export class UsageError extends SpecverError {
  readonly exitCode = 2;
}

/** The tool itself failed (unreadable rule file, internal bug): exit 3. */
export class ToolError extends SpecverError {
  readonly exitCode = 3;
}

/** The user cancelled a prompt: exit 4. */
export class CancelledError extends SpecverError {
  readonly exitCode = 4;
  constructor(message = 'cancelled', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** Interrupted by a signal while working (Ctrl-C): exit 130, like a shell. */
export class InterruptedError extends SpecverError {
  readonly exitCode = 130;
  constructor(message = 'interrupted', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export function isSpecverError(error: unknown): error is SpecverError {
  return error instanceof SpecverError;
}
