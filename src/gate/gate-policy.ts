/**
 * Whose policy judges a pull request at a git base: the pull request's own (`head`, the default) or its base
 * commit's (`base`: rules, severities, overrides, lifecycle and per-contract settings, waivers, gate settings),
 * always with the pull request's specs. The pull request can edit its own specver.yaml, so it cannot switch
 * `base` off: `--policy` (the Action's `policy` input) is decided by the caller, and a base commit that says
 * `gate.policy: base` holds whatever the pull request says.
 */
import { join } from 'node:path';
import { ConfigError } from '../errors.ts';
import type { GitBaseProject } from '../pipeline/git-base.ts';
import { assertReadableInside } from '../store/safe-path.ts';
import { READ_LIMITS, readOptionalRegularFile } from '../store/safe-read.ts';
import type { Config, ContractConfig } from '../types.ts';
import { type PolicySide } from './policy-diff.ts';
import { DEFAULT_WAIVER_FILE, loadWaivers, parseWaivers, type WaiverFile } from './waivers.ts';

export const POLICY_SOURCES = ['base', 'head'] as const;
export type PolicySource = (typeof POLICY_SOURCES)[number];

/** Why that policy judges: --policy, the base commit's gate.policy, the pull request's, or the default. */
export type PolicyReason = 'flag' | 'base-config' | 'config' | 'default';

export function choosePolicy(flag: PolicySource | undefined, head: Config, base: Config | undefined): { source: PolicySource; reason: PolicyReason } {
  if (flag) return { source: flag, reason: 'flag' };
  if (base?.gate?.policy === 'base') return { source: 'base', reason: 'base-config' };
  // A pull request may make its own judging stricter, but without a base specver.yaml there is no base policy.
  if (head.gate?.policy === 'base' && base) return { source: 'base', reason: 'config' };
  return { source: 'head', reason: head.gate?.policy ? 'config' : 'default' };
}

async function ruleTextsOnDisk(config: Config): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const file of config.rules.files) {
    const path = join(config.root, file);
    assertReadableInside(config.root, path, 'rule file');
    texts[file] = (await readOptionalRegularFile(path, { limit: READ_LIMITS.rules, shown: file })) ?? '';
  }
  return texts;
}

async function ruleTextsAt(base: GitBaseProject, config: Config): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const file of config.rules.files) {
    try {
      texts[file] = await base.readFile(join(config.root, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new ConfigError(`rule file ${file} named in ${base.configShown} does not exist at ${base.ref}`, {
        file: base.configShown,
        hint: 'fix rules.files on the base branch, or judge with the pull request policy (--policy head)',
      });
    }
  }
  return texts;
}

async function waiversAt(base: GitBaseProject, config: Config): Promise<WaiverFile> {
  const file = config.gate?.waivers ?? DEFAULT_WAIVER_FILE;
  let text: string;
  try {
    text = await base.readFile(join(config.root, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file, waivers: [] };
    throw error;
  }
  return { file, waivers: parseWaivers(text, `${file} at ${base.ref}`) };
}

/**
 * The waivers the gate judges a pull request with (for `changeset --base`, so its bump matches the gate): the
 * base commit's under the `base` policy, else the pull request's.
 */
export async function judgingWaivers(head: Config, base: GitBaseProject, flag: PolicySource | undefined): Promise<WaiverFile> {
  if (choosePolicy(flag, head, base.config).source === 'head') return loadWaivers(head);
  if (!base.config)
    throw new ConfigError(`--policy base: ${base.configShown} does not exist, so there is no base policy`, { hint: 'use the pull request policy (--policy head)' });
  return waiversAt(base, base.config);
}

/** Both sides' policy as data: the pull request's from the work tree, the base's from the commit. */
export async function readPolicySides(head: Config, base: GitBaseProject): Promise<{ head: PolicySide; base?: PolicySide }> {
  const headSide: PolicySide = { config: head, waivers: await loadWaivers(head), ruleTexts: await ruleTextsOnDisk(head) };
  if (!base.config) return { head: headSide };
  const baseSide: PolicySide = { config: base.config, waivers: await waiversAt(base, base.config), ruleTexts: await ruleTextsAt(base, base.config) };
  return { head: headSide, base: baseSide };
}

/**
 * The configuration that judges under the base's policy: the pull request's contracts (its specs, at their
 * current paths) with the base's rules, lifecycle, gate settings and each contract's base settings.
 * `basePaths` pairs current contracts with the base ones they continue.
 */
export function baseJudgingConfig(head: Config, base: Config, basePaths: Record<string, string | null>): Config {
  const contracts = head.contracts.map((contract): ContractConfig => {
    const before = base.contracts.find((c) => c.path === basePaths[contract.name]);
    if (!before || before.format !== contract.format) return contract;
    const { transitiveScope: _, ...current } = contract;
    return {
      ...current,
      ...(before.compatibility ? { compatibility: before.compatibility } : {}),
      ...(before.transitiveScope ? { transitiveScope: before.transitiveScope } : {}),
    };
  });
  return { ...head, contracts, rules: base.rules, lifecycle: base.lifecycle, gate: base.gate };
}

/** Absolute path -> text of the base's rule files, as the classifier takes them. */
export function absoluteRuleTexts(config: Config, texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([file, text]) => [join(config.root, file), text]));
}
