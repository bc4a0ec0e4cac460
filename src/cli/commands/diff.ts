import type { Context } from '../context.ts';
import { notImplemented } from '../not-implemented.ts';

export async function run(_ctx: Context): Promise<number> {
  notImplemented('diff');
}
