/** A command context with captured output, for calling command modules directly with injected detection. */
import { createContext, type Context, type GlobalFlags } from '../../../src/cli/context.ts';

export interface Captured {
  ctx: Context;
  stdout(): string;
  stderr(): string;
}

export function capturedContext(cwd: string, flags: GlobalFlags = {}, now = new Date('2026-05-06T10:00:00Z')): Captured {
  let out = '';
  let err = '';
  const ctx = createContext(
    {
      cwd,
      env: { CI: 'true', NO_COLOR: '1' },
      streams: { stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: (s: string) => ((err += s), true) }, stdin: {} },
      now: () => now,
    },
    flags,
  );
  return { ctx, stdout: () => out, stderr: () => err };
}
