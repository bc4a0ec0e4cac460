/** Shared by diff, breaking, changeset and status: load the config, select contracts, compare each one. */
import type { Comparison } from '../pipeline/comparison.ts';
import type { Config } from '../types.ts';
import type { Context } from './context.ts';

/** `loaded`: the config when the caller has read it already. */
export async function selectedComparisons(ctx: Context, names: string[], base?: string, loaded?: Config): Promise<Comparison[]> {
  const { loadConfig, requireContracts } = await import('../config/load-config.ts');
  const { compareContracts } = await import('../pipeline/compare-parallel.ts');
  const config = loaded ?? (await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }));
  const contracts = requireContracts(config, names);
  return compareContracts(config, contracts, { base, today: ctx.now() });
}
