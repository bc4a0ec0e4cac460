/**
 * The project as it was at a git base (`breaking --base <ref>`): its `specver.yaml`, and which of its contracts
 * each current contract is compared with. Contracts are followed by name, not by file, so a pull request that
 * moves a spec (and points its `path:` at the new file) is still compared with the spec it replaced; a contract
 * the pull request drops from `specver.yaml` is reported as removed, never skipped.
 */
import { relative } from 'node:path';
import type { Finding } from '../classify/types.ts';
import { ConfigError } from '../errors.ts';
import type { Config, ContractConfig } from '../types.ts';
import type { Comparison } from './comparison.ts';
import { parseBase } from './resolve-base.ts';

export interface GitBaseProject {
  ref: string;
  /** specver.yaml at the ref; undefined when the file did not exist there. */
  config?: Config;
  /** How specver.yaml at the ref is named in messages (`specver.yaml at origin/main`). */
  configShown: string;
  /** Reads an absolute path of the project as it was at the ref (throws with code ENOENT for a missing file). */
  readFile: (absolutePath: string) => Promise<string>;
}

/** The rule id of a contract that the pull request removed from specver.yaml (waivers may name it). */
export const CONTRACT_REMOVED_RULE = 'contract-removed';

/** The git ref `--base` names, or undefined for a snapshot base (latest, a version, name@version). */
export function gitRefOf(base: string | undefined, config: Config): string | undefined {
  const probe: ContractConfig = config.contracts[0] ?? { name: '', format: 'openapi', path: '' };
  const selector = parseBase(base, probe, config.contracts.map((c) => c.name));
  return selector.kind === 'git' ? selector.ref : undefined;
}

/** Reads specver.yaml (same path in the repository) at `ref`; an invalid file there is an error naming it. */
export async function readGitBase(config: Config, ref: string): Promise<GitBaseProject> {
  const [{ gitFileReader }, { parseConfig }] = await Promise.all([import('../load/git-reader.ts'), import('../config/load-config.ts')]);
  const readFile = await gitFileReader(config.root, ref);
  const configShown = `${relative(config.root, config.file).split('\\').join('/')} at ${ref}`;
  let text: string | undefined;
  try {
    text = await readFile(config.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === undefined) return { ref, readFile, configShown };
  try {
    return { ref, readFile, configShown, config: parseConfig(text, config.file, configShown) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigError(error.message, {
      file: error.file ?? configShown,
      line: error.line,
      hint: `the base commit's configuration is read to follow contracts across the pull request; fix it on the base branch, or compare with a snapshot (--base latest)`,
    });
  }
}

export interface ContractPairing {
  /** Current contract name -> its spec path at the base, or null when the contract is new in the pull request. */
  basePaths: Record<string, string | null>;
  /** Contracts of the base that no current contract continues. */
  removed: ContractConfig[];
  /** Contracts renamed in the pull request: the same spec file under a new name. */
  renamed: { from: string; to: string }[];
}

/**
 * Pairs each current contract with the base contract it continues: the one of the same name, else (a rename)
 * an unclaimed one tracking the same file. Without a base specver.yaml every contract is compared with the file
 * at its own path, as a project that adopts specver in this pull request has no contracts to follow.
 */
export function pairContracts(current: ContractConfig[], base: ContractConfig[] | undefined): ContractPairing {
  const basePaths: Record<string, string | null> = {};
  if (!base) {
    for (const contract of current) basePaths[contract.name] = contract.path;
    return { basePaths, removed: [], renamed: [] };
  }
  const unclaimed = new Map(base.map((c) => [c.name, c]));
  for (const contract of current) {
    const same = unclaimed.get(contract.name);
    if (same) {
      basePaths[contract.name] = same.path;
      unclaimed.delete(contract.name);
    }
  }
  const renamed: ContractPairing['renamed'] = [];
  for (const contract of current) {
    if (contract.name in basePaths) continue;
    const before = [...unclaimed.values()].find((c) => c.path === contract.path);
    if (before) {
      basePaths[contract.name] = before.path;
      unclaimed.delete(before.name);
      renamed.push({ from: before.name, to: contract.name });
    } else basePaths[contract.name] = null;
  }
  return { basePaths, removed: [...unclaimed.values()], renamed };
}

/** A removed contract as a comparison with one breaking change, judged like any other (waivers, acknowledgements). */
export function removedContractComparison(contract: ContractConfig, ref: string, configFile: string): Comparison {
  const finding: Finding = {
    rule: CONTRACT_REMOVED_RULE,
    category: 'contract',
    severity: 'breaking',
    message: `contract ${contract.name} (${contract.path}) was removed from ${configFile}`,
    location: '/',
    side: 'base',
    file: configFile,
  };
  return {
    contract,
    base: { label: `git:${ref}`, file: contract.path },
    hasBase: true,
    removed: true,
    findings: [finding],
    summary: { total: 1, breaking: 1, nonBreaking: 0, patch: 0, bump: 'major' },
  };
}
