import type { Context } from '../context.ts';
import { notImplemented } from '../not-implemented.ts';

export async function runList(_ctx: Context): Promise<number> {
  notImplemented('rules list');
}
export async function runShow(_ctx: Context): Promise<number> {
  notImplemented('rules show');
}
