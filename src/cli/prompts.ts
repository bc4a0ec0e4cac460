/**
 * The only importer of @clack/prompts. Prompts run only in interactive mode (decisions.md 4) and on the
 * context's own streams (so tests can drive them); a cancelled prompt (Ctrl-C, Esc) becomes a
 * CancelledError (exit 4) before anything is written.
 */
import type { Readable, Writable } from 'node:stream';
import { CancelledError, UsageError } from '../errors.ts';
import type { Bump } from '../types.ts';
import type { Context } from './context.ts';
import { terminalSafe } from './terminal-text.ts';

export interface Prompter {
  /** Pick a bump, pre-selected on `initial`. */
  bump(message: string, initial: Bump): Promise<Bump>;
  /**
   * A contract's bump, pre-selected on `initial`, or `null` when the user leaves the contract out. `hint`
   * replaces the hint of the `initial` choice (why it is suggested).
   */
  bumpOrSkip(message: string, initial: Bump, hint?: string): Promise<Bump | null>;
  /**
   * Free text; `initial` pre-fills the answer; `suggested` is shown greyed in the empty field and taken on a
   * bare Enter. Empty answers are refused when `required` (unless there is a suggestion), saying `whenEmpty`.
   */
  text(message: string, options?: { initial?: string; suggested?: string; required?: boolean; whenEmpty?: string }): Promise<string>;
  /** Pick one or more of `choices`. */
  choose(message: string, choices: string[], initial: string[]): Promise<string[]>;
  /** Yes or no, pre-selected on `initial`. */
  confirm(message: string, initial: boolean): Promise<boolean>;
}

/** A multi-line suggestion shown on one line: its first line, marked as continuing. */
function firstLine(text: string): string {
  const [first, ...rest] = text.split('\n');
  return rest.length > 0 ? `${first} …` : first!;
}

function isStream(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { on?: unknown }).on === 'function';
}

/** A prompter bound to the context's streams. Refuses (exit 2) when prompting is not allowed. */
export async function createPrompter(ctx: Context, flagsHint: string): Promise<Prompter> {
  if (!ctx.interactive || !isStream(ctx.streams.stdin) || !isStream(ctx.streams.stdout))
    throw new UsageError('cannot prompt: not an interactive terminal', { hint: `pass ${flagsHint}` });
  const clack = await import('@clack/prompts');
  const io = {
    input: ctx.streams.stdin as unknown as Readable,
    output: ctx.streams.stdout as unknown as Writable,
  };
  const answer = <T,>(value: T | symbol): Exclude<T, symbol> => {
    if (clack.isCancel(value)) throw new CancelledError('cancelled: nothing was written');
    return value as Exclude<T, symbol>;
  };
  const bumps = [
    // The severity words of diff and breaking: each bump is what changes of that severity need.
    { value: 'major', label: 'major', hint: 'breaking changes' },
    { value: 'minor', label: 'minor', hint: 'non-breaking changes' },
    { value: 'patch', label: 'patch', hint: 'patch changes only (documentation, examples)' },
  ] as const;
  return {
    async bump(message, initial) {
      return answer(await clack.select<Bump>({ ...io, message: terminalSafe(message), initialValue: initial, options: [...bumps] }));
    },
    async bumpOrSkip(message, initial, hint) {
      // The hint may quote a spec and a waiver file: no control characters on the terminal.
      const choices = bumps.map((b) => (b.value === initial && hint !== undefined ? { ...b, hint: `${b.hint}; ${terminalSafe(hint)}` } : b));
      const options = [...choices, { value: 'skip', label: 'leave out', hint: 'not in this changeset' }] as const;
      const chosen = answer(await clack.select<Bump | 'skip'>({ ...io, message: terminalSafe(message), initialValue: initial, options: [...options] }));
      return chosen === 'skip' ? null : chosen;
    },
    async text(message, options = {}) {
      const value = answer(
        await clack.text({
          ...io,
          message: terminalSafe(message),
          // A summary generated from a spec is shown in the terminal to be edited: no control characters.
          initialValue: options.initial === undefined ? undefined : terminalSafe(options.initial),
          ...(options.suggested === undefined
            ? {}
            : { placeholder: terminalSafe(firstLine(options.suggested)), defaultValue: options.suggested }),
          validate: (v) => (options.required && options.suggested === undefined && (v ?? '').trim() === '' ? (options.whenEmpty ?? 'please enter a summary') : undefined),
        }),
      );
      return (value || options.suggested || '').trim();
    },
    async choose(message, choices, initial) {
      return answer(
        await clack.multiselect<string>({ ...io, message: terminalSafe(message), required: true, initialValues: initial, options: choices.map((value) => ({ value, label: terminalSafe(value) })) }),
      );
    },
    async confirm(message, initial) {
      return answer(await clack.confirm({ ...io, message, initialValue: initial }));
    },
  };
}
