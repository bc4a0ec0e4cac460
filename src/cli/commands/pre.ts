import type { Context } from '../context.ts';
import { notImplemented } from '../not-implemented.ts';

export async function runEnter(_ctx: Context): Promise<number> {
  notImplemented('pre enter');
}
export async function runExit(_ctx: Context): Promise<number> {
  notImplemented('pre exit');
}
export async function runStatus(_ctx: Context): Promise<number> {
  notImplemented('pre status');
}
