/**
 * What `diff`, `breaking` and `lint` work on: the project's contracts, or spec files given as arguments
 * (spec-arguments.ts). The project, when there is one (specver.yaml here or above, or -c), is read first:
 * its contract names take precedence over files, and its rules apply to the files too.
 */
import type { Config } from '../types.ts';
import type { SpecInput } from '../pipeline/spec-inputs.ts';
import type { Context } from './context.ts';
import { selectPositionals, type PositionalSelection } from './spec-arguments.ts';

export interface Selection {
  /** The project, when one is found; undefined outside any project. */
  config?: Config;
  positionals: PositionalSelection;
}

export async function selectFromPositionals(ctx: Context, positional: readonly string[]): Promise<Selection> {
  const { findConfigFile, loadConfig } = await import('../config/load-config.ts');
  const hasProject = findConfigFile(ctx.cwd, ctx.configPath) !== undefined;
  const config = hasProject ? await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }) : undefined;
  const names = new Set(config?.contracts.map((c) => c.name) ?? []);
  return { config, positionals: selectPositionals(positional, ctx.cwd, names) };
}

/** The spec inputs of ad-hoc mode, in argument order (stdin read once, when `-` is among them). */
export async function specInputsOf(ctx: Context, selection: Selection): Promise<SpecInput[]> {
  if (selection.positionals.mode !== 'files') return [];
  const [{ specInput }, { readStdinText }] = await Promise.all([import('../pipeline/spec-inputs.ts'), import('./read-stdin.ts')]);
  const stdin = () => readStdinText(ctx.streams.stdin);
  const inputs: SpecInput[] = [];
  for (const spec of selection.positionals.specs) inputs.push(await specInput(spec, { cwd: ctx.cwd, config: selection.config, stdin }));
  return inputs;
}
