/**
 * Confirmations before specver changes release history. Before it discards history (versions, snapshots):
 * --yes (or --json) confirms; in an interactive terminal a prompt asks (default no; "no" or cancelling is exit 4
 * with nothing changed); anywhere else the command refuses with exit 2 and names the flag.
 */
import { CancelledError, UsageError } from '../errors.ts';
import type { Context } from './context.ts';

/** `what` completes "This discards ...", e.g. "the version 1.2.0 and 3 snapshots of petstore". */
export async function confirmDiscard(ctx: Context, what: string): Promise<void> {
  if (ctx.yes) return;
  if (!ctx.interactive)
    throw new UsageError(`this would discard ${what}`, { hint: 'pass --yes to confirm' });
  const { createPrompter } = await import('./prompts.ts');
  const prompter = await createPrompter(ctx, '--yes');
  if (!(await prompter.confirm(`This discards ${what}. Continue?`, false))) throw new CancelledError('nothing was changed');
}

/**
 * Confirmation of a match specver made for the user (a moved spec): --yes (or --json) accepts; in an interactive
 * terminal a prompt asks (default yes); anywhere else the command refuses with exit 2, saying `what` and `hint`.
 * Returns the answer.
 */
export async function confirmKeep(ctx: Context, question: string, what: string, hint: string): Promise<boolean> {
  if (ctx.yes) return true;
  if (!ctx.interactive) throw new UsageError(what, { hint });
  const { createPrompter } = await import('./prompts.ts');
  const prompter = await createPrompter(ctx, '--yes');
  return prompter.confirm(question, true);
}
