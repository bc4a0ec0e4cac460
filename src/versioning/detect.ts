/** Detection of spec changes for `changeset` and `status`: one replaceable function (tests inject their own). */
import type { Finding } from '../classify/types.ts';
import type { Bump, Config, ContractConfig } from '../types.ts';

export interface Detected {
  bump: Bump | null;
  findings: Finding[];
}

export type Detector = (config: Config, contract: ContractConfig) => Promise<Detected>;

/** Compares each contract's current spec with the snapshot of its current version. */
export function snapshotDetector(today: Date): Detector {
  return async (config, contract) => {
    const { compareContract } = await import('../pipeline/compare-contract.ts');
    const result = await compareContract(config, contract, { today });
    return { bump: result.summary.bump, findings: result.findings };
  };
}
