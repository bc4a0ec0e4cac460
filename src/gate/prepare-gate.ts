/**
 * Everything `breaking` judges with besides the findings. At a snapshot base: the working tree's policy and
 * every pending major changeset. At a git base (a pull request): contracts followed by name from the base
 * commit's specver.yaml, the policy chosen by gate-policy.ts with every change to it listed, and only the
 * major changesets the pull request added since its merge-base.
 */
import { relative } from 'node:path';
import { UsageError } from '../errors.ts';
import type { CompareOptions, Comparison } from '../pipeline/comparison.ts';
import type { Config, ContractConfig } from '../types.ts';
import type { PolicyReason, PolicySource } from './gate-policy.ts';
import type { PolicyChange } from './policy-diff.ts';
import type { WaiverFile } from './waivers.ts';

/** What the gate reports about policy at a git base. */
export interface GatePolicy {
  source: PolicySource;
  reason: PolicyReason;
  /** The git ref the pull request is compared with. */
  ref: string;
  changes: PolicyChange[];
}

export interface PreparedGate {
  /** The configuration contracts are classified with (the base's rules under `policy: base`). */
  config: Config;
  compare: Pick<CompareOptions, 'basePaths' | 'ruleTexts'>;
  /** Contracts of the git base that the pull request removed. */
  removed: ContractConfig[];
  waivers: WaiverFile;
  acknowledgements: Record<string, string[]>;
  policy?: GatePolicy;
}

export async function prepareGate(head: Config, base: string | undefined, flag: PolicySource | undefined): Promise<PreparedGate> {
  const [{ gitRefOf, readGitBase, pairContracts }, { loadWaivers }, { acknowledgements }] = await Promise.all([
    import('../pipeline/git-base.ts'),
    import('./waivers.ts'),
    import('./acknowledgements.ts'),
  ]);
  await (await import('../pipeline/resolve-base.ts')).assertVersionLikeBase(head, base);
  const ref = gitRefOf(base, head);
  if (!ref) {
    if (flag === 'base') throw new UsageError('--policy base needs a git base to take the policy from', { hint: 'pass --base <git ref>, such as the merge-base with the target branch' });
    return { config: head, compare: {}, removed: [], waivers: await loadWaivers(head), acknowledgements: await acknowledgements(head.root) };
  }
  const [{ gitFileReader, mergeBaseOf }, policy, { policyChanges }] = await Promise.all([
    import('../load/git-reader.ts'),
    import('./gate-policy.ts'),
    import('./policy-diff.ts'),
  ]);
  const gitBase = await readGitBase(head, ref);
  const pairing = pairContracts(head.contracts, gitBase.config?.contracts);
  const sides = await policy.readPolicySides(head, gitBase);
  const configFile = relative(head.root, head.file).split('\\').join('/');
  const changes = policyChanges(sides.base, sides.head, pairing.renamed, configFile);
  const chosen = policy.choosePolicy(flag, head, gitBase.config);
  if (chosen.source === 'base' && !sides.base)
    throw new UsageError(`--policy base: ${gitBase.configShown} does not exist, so there is no base policy`, { hint: 'judge this pull request with its own policy (--policy head)' });
  const mergeBase = await mergeBaseOf(head.root, ref);
  const acknowledged = await acknowledgements(head.root, await gitFileReader(head.root, mergeBase));
  const report: GatePolicy = { ...chosen, ref, changes };
  if (chosen.source === 'base' && sides.base) {
    return {
      config: policy.baseJudgingConfig(head, sides.base.config, pairing.basePaths),
      compare: { basePaths: pairing.basePaths, ruleTexts: policy.absoluteRuleTexts(head, sides.base.ruleTexts) },
      removed: pairing.removed,
      waivers: sides.base.waivers,
      acknowledgements: acknowledged,
      policy: report,
    };
  }
  return { config: head, compare: { basePaths: pairing.basePaths }, removed: pairing.removed, waivers: sides.head.waivers, acknowledgements: acknowledged, policy: report };
}

/** The removed contracts a run reports: all of them, or those named with --contract. */
export async function removedComparisons(prepared: PreparedGate, names: string[]): Promise<Comparison[]> {
  if (!prepared.policy) return [];
  const { removedContractComparison } = await import('../pipeline/git-base.ts');
  const configFile = relative(prepared.config.root, prepared.config.file).split('\\').join('/');
  return prepared.removed
    .filter((contract) => names.length === 0 || names.includes(contract.name))
    .map((contract) => removedContractComparison(contract, prepared.policy!.ref, configFile));
}
