import type { Context } from '../context.ts';
import { notImplemented } from '../not-implemented.ts';

export async function runAdd(_ctx: Context): Promise<number> {
  notImplemented('contract add');
}
export async function runList(_ctx: Context): Promise<number> {
  notImplemented('contract list');
}
export async function runRemove(_ctx: Context): Promise<number> {
  notImplemented('contract remove');
}
