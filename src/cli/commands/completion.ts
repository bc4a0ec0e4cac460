/** `specver completion bash|zsh|fish`: print a completion script built from the registered commands. */
import type { Command } from 'commander';
import type { Context } from '../context.ts';
import { bashScript, fishScript, zshScript } from '../completion-scripts.ts';

export async function run(ctx: Context, shell: 'bash' | 'zsh' | 'fish', program: Command): Promise<number> {
  const script = shell === 'bash' ? bashScript(program) : shell === 'zsh' ? zshScript(program) : fishScript(program);
  ctx.out.raw(script);
  return 0;
}
