/**
 * A contract whose spec (or base snapshot) cannot be read: malformed YAML or JSON, a broken `$ref`, an
 * unreadable file. It is reported on its own line and the run goes on with the other contracts, as `lint`
 * does; the command then exits with the worst code of its contracts, and the gate fails.
 */
import { isSpecverError } from '../errors.ts';
import { environmentError } from '../store/io-errors.ts';
import type { BaseInfo, Comparison } from './comparison.ts';

/** Plain data (it crosses from worker threads), in the shape of the --json error document. */
export interface ContractError {
  /** The exit code this error alone would give: 2 (bad input or state) or 3 (tool error). */
  code: number;
  /** One line, naming the file (and line) first. */
  message: string;
  hint?: string;
  file?: string;
  line?: number;
}

/**
 * Thrown by the comparison pipeline when one side cannot be loaded. `base` says what the contract was being
 * compared against, so the report can still name it.
 */
export class UnreadableSpecError extends Error {
  constructor(
    readonly reason: unknown,
    readonly base: BaseInfo,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** The contract error for a load failure, or undefined for an error that is not about the files read. */
export function contractErrorOf(error: unknown, root: string): ContractError | undefined {
  const typed = isSpecverError(error) ? error : environmentError(error, root);
  // Interrupted (130) or cancelled (4): stop the whole run.
  if (!typed || (typed.exitCode !== 2 && typed.exitCode !== 3)) return undefined;
  return {
    code: typed.exitCode,
    message: typed.located,
    ...(typed.hint ? { hint: typed.hint } : {}),
    ...(typed.file ? { file: typed.file } : {}),
    ...(typed.line ? { line: typed.line } : {}),
  };
}

/** The exit code the contract errors of a run call for: the highest, or 0 when every contract was compared. */
export function worstErrorCode(comparisons: readonly Comparison[]): number {
  return comparisons.reduce((worst, c) => Math.max(worst, c.error?.code ?? 0), 0);
}

/** How many contracts could not be compared. */
export function unreadableCount(comparisons: readonly Comparison[]): number {
  return comparisons.filter((c) => c.error).length;
}
