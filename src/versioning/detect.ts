/** Detection of spec changes for `changeset` and `status`: one replaceable function (tests inject their own). */
import type { Finding } from '../classify/types.ts';
import type { ContractError } from '../pipeline/contract-error.ts';
import type { Bump, Config, ContractConfig } from '../types.ts';

export interface Detected {
  bump: Bump | null;
  findings: Finding[];
  /** With `keepReadErrors`: the spec or its snapshot cannot be read (bump is then null). */
  error?: ContractError;
}

export type Detector = (config: Config, contract: ContractConfig) => Promise<Detected>;

/**
 * Compares each contract's current spec with the snapshot of its current version. A spec that cannot be read
 * throws, or with `keepReadErrors` (status, which goes on with the other contracts) is returned as `error`.
 */
export function snapshotDetector(today: Date, { keepReadErrors = false } = {}): Detector {
  return async (config, contract) => {
    const { compareContract } = await import('../pipeline/compare-contract.ts');
    const result = await compareContract(config, contract, { today, keepReadErrors });
    return { bump: result.summary.bump, findings: result.findings, ...(result.error ? { error: result.error } : {}) };
  };
}

/**
 * Per contract, the bump its spec changes require since `since[contract]` (a snapshot version) and one change
 * that requires it (for release safety, see downgrade.ts).
 */
export async function requiredBumps(
  config: Config,
  since: Record<string, string>,
  today: Date,
): Promise<Record<string, import('./downgrade.ts').RequiredBump>> {
  const [{ compareContract }, { exampleOf }] = await Promise.all([import('../pipeline/compare-contract.ts'), import('./downgrade.ts')]);
  const result: Record<string, import('./downgrade.ts').RequiredBump> = {};
  for (const contract of config.contracts) {
    const version = since[contract.name];
    if (version === undefined) continue;
    const { summary, findings } = await compareContract(config, contract, { base: `${contract.name}@${version}`, today });
    const example = exampleOf(findings, summary.bump);
    result[contract.name] = { bump: summary.bump, since: version, ...(example ? { example } : {}), findings };
  }
  return result;
}
