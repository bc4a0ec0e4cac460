/**
 * Shared by diff and breaking: load the config, select contracts, compare each one. A contract whose spec cannot
 * be read comes back with its error (Comparison.error), and the others are still compared.
 */
import type { CompareOptions, Comparison } from '../pipeline/comparison.ts';
import type { Config } from '../types.ts';
import type { Context } from './context.ts';

export interface SelectOptions {
  /** `--base` as given. */
  base?: string;
  /** The config when the caller has read it already. */
  config?: Config;
  /** Whether the report prints findings' lines (default true): without, their lookups are skipped. */
  lines?: boolean;
  /** At a git base: where each contract's spec was (CompareOptions.basePaths). */
  basePaths?: CompareOptions['basePaths'];
  /** The base commit's rule files, when its policy judges. */
  ruleTexts?: CompareOptions['ruleTexts'];
  /** Filled with the documents compared in this thread (CompareOptions.keepLoaded). */
  keepLoaded?: CompareOptions['keepLoaded'];
}

export async function selectedComparisons(ctx: Context, names: string[], options: SelectOptions = {}): Promise<Comparison[]> {
  const { loadConfig, requireContracts } = await import('../config/load-config.ts');
  const { compareContracts } = await import('../pipeline/compare-parallel.ts');
  const config = options.config ?? (await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }));
  const contracts = requireContracts(config, names);
  await (await import('../pipeline/resolve-base.ts')).assertVersionLikeBase(config, options.base);
  let basePaths = options.basePaths;
  if (!basePaths) {
    // At a git base, contracts are followed by name from the base commit's specver.yaml (a moved spec too).
    const { gitRefOf, pairContracts, readGitBase } = await import('../pipeline/git-base.ts');
    const ref = gitRefOf(options.base, config);
    if (ref) basePaths = pairContracts(config.contracts, (await readGitBase(config, ref)).config?.contracts).basePaths;
  }
  return compareContracts(config, contracts, { base: options.base, today: ctx.now(), lines: options.lines, basePaths, ruleTexts: options.ruleTexts, keepReadErrors: true, keepLoaded: options.keepLoaded });
}
