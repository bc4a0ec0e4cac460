/**
 * A transient progress spinner for long comparisons: on stderr, only on an interactive terminal, never in
 * --json, --quiet or CI, and only once the work has taken longer than a moment, so quick runs print nothing.
 */
import type { Context } from './context.ts';

/** Work that finishes sooner than this never shows a spinner. */
export const PROGRESS_DELAY_MS = 300;

export interface ProgressDecision {
  stderrIsTTY: boolean;
  json: boolean;
  quiet: boolean;
  env: Record<string, string | undefined>;
  /** Terminal width when known; a pty without a size (0) would wrap the spinner line into garbage. */
  columns?: number;
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/** Whether a spinner may be shown at all (the delay is applied separately). */
export function progressAllowed(input: ProgressDecision): boolean {
  if (!input.stderrIsTTY || input.json || input.quiet) return false;
  if (isSet(input.env.CI) || input.env.TERM === 'dumb') return false;
  return input.columns === undefined || input.columns >= 20;
}

export interface SpinnerLike {
  start(message?: string): void;
  clear(): void;
}

export interface ProgressOptions {
  delayMs?: number;
  /** Makes the spinner (tests pass a recorder; the default is @clack/prompts on stderr). */
  createSpinner?: (ctx: Context) => Promise<SpinnerLike>;
}

async function clackSpinner(ctx: Context): Promise<SpinnerLike> {
  const { spinner } = await import('@clack/prompts');
  return spinner({ output: ctx.streams.stderr as unknown as NodeJS.WritableStream, withGuide: false } as Parameters<typeof spinner>[0]);
}

/**
 * Run `work`; if it is still running after the delay and progress is allowed, show `message` with a
 * spinner until it settles, then erase it (results are printed afterwards, on a clean line).
 */
export async function withProgress<T>(ctx: Context, message: string, work: () => Promise<T>, options: ProgressOptions = {}): Promise<T> {
  const stderr = ctx.streams.stderr as { isTTY?: boolean; columns?: number };
  const allowed = progressAllowed({ stderrIsTTY: stderr.isTTY === true, json: ctx.json, quiet: ctx.quiet, env: ctx.env, columns: stderr.columns });
  if (!allowed) return work();
  let active: SpinnerLike | undefined;
  let settled = false;
  const timer = setTimeout(() => {
    void (options.createSpinner ?? clackSpinner)(ctx).then((spinner) => {
      if (settled) return;
      active = spinner;
      spinner.start(message);
    });
  }, options.delayMs ?? PROGRESS_DELAY_MS);
  try {
    return await work();
  } finally {
    settled = true;
    clearTimeout(timer);
    active?.clear();
  }
}
