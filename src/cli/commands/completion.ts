/** `specver completion bash|zsh|fish`: print a completion script built from the registered commands. */
import type { Context } from '../context.ts';
import { buildProgram } from '../program.ts';
import { bashScript, fishScript, zshScript } from '../completion-scripts.ts';

export async function run(ctx: Context, shell: 'bash' | 'zsh' | 'fish'): Promise<number> {
  const { program } = buildProgram({ cwd: ctx.cwd, env: ctx.env, streams: ctx.streams }, '');
  const script = shell === 'bash' ? bashScript(program) : shell === 'zsh' ? zshScript(program) : fishScript(program);
  ctx.out.raw(script);
  return 0;
}
