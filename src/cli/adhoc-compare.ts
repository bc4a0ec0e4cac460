/** `diff` and `breaking` given two specs instead of contract names: check the arguments, load and compare them. */
import { UsageError } from '../errors.ts';
import type { LoadedSpec } from '../load/types.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import type { SpecInput } from '../pipeline/spec-inputs.ts';
import type { Context } from './context.ts';
import { refuseProjectOptions } from './spec-arguments.ts';
import { specInputsOf, type Selection } from './select-specs.ts';

export interface AdHocComparison {
  comparison: Comparison;
  base: SpecInput;
  revision: SpecInput;
  /** Both loaded specs, when asked for (`keepLoaded`). */
  loaded?: { base?: LoadedSpec; revision?: LoadedSpec };
}

export async function adHocComparison(
  ctx: Context,
  selection: Selection,
  options: { command: string; projectOptions: Record<string, unknown>; lines: boolean; keepLoaded?: boolean },
): Promise<AdHocComparison> {
  const count = selection.positionals.mode === 'files' ? selection.positionals.specs.length : 0;
  if (count !== 2) {
    throw new UsageError(`${options.command} compares two specs, <old> <new>, but ${count} ${count === 1 ? 'was' : 'were'} given`, {
      hint: `give the old spec and the new one (a file, <git-ref>:<path>, or - for stdin), or name contracts to compare them with their snapshots`,
    });
  }
  refuseProjectOptions(options.command, options.projectOptions);
  const [base, revision] = (await specInputsOf(ctx, selection)) as [SpecInput, SpecInput];
  const { compareInputs } = await import('../pipeline/compare-files.ts');
  const { config } = selection;
  const loaded = options.keepLoaded ? {} : undefined;
  const comparison = await compareInputs(base, revision, { config, today: ctx.now(), lines: options.lines, relativeTo: config?.root ?? ctx.cwd, keepLoaded: loaded });
  return { comparison, base, revision, ...(loaded ? { loaded } : {}) };
}
