/**
 * The errors of contracts that could not be compared (diff, breaking): each one line on stderr with its hint,
 * as any error is, while the report goes on with the other contracts. The --json document carries them instead.
 */
import type { ContractError } from '../pipeline/contract-error.ts';
import type { Context } from './context.ts';

/** Prints each error (unless the report is a JSON document) and returns the worst exit code among them (0: none). */
export function reportContractErrors(ctx: Context, errors: readonly (ContractError | undefined)[], json: boolean): number {
  let worst = 0;
  for (const error of errors) {
    if (!error) continue;
    worst = Math.max(worst, error.code);
    if (!json) ctx.out.error(error.code, error.message, error.hint);
  }
  return worst;
}
