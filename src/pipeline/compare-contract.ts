/**
 * The comparison pipeline for one contract: pick the base, load both sides (with $refs resolved), classify
 * the changes with the rule set, and summarise. Pure orchestration: every stage lives in its own module.
 */
import { join, relative } from 'node:path';
import { ConfigError } from '../errors.ts';
import type { LoadedSpec, LoadOptions } from '../load/types.ts';
import { isTransitive, pairCompatibility, type Config, type ContractConfig } from '../types.ts';
import type { EarlierRelease } from './compare-transitive.ts';
import type { BaseInfo, CompareOptions, Comparison } from './comparison.ts';
import { parseBase } from './resolve-base.ts';
import { contractErrorOf, UnreadableSpecError } from './contract-error.ts';

/** Loads one side; a failure is an UnreadableSpecError, so only read failures are reported per contract. */
async function readSpec(path: string, options: LoadOptions, base: BaseInfo): Promise<LoadedSpec> {
  const { loadSpec } = await import('../load/load.ts');
  try {
    return await loadSpec(path, options);
  } catch (error) {
    throw new UnreadableSpecError(error, base);
  }
}

function loadOptions(config: Config, contract: ContractConfig, readFile?: LoadOptions['readFile']): LoadOptions {
  return { projectRoot: config.root, refsMap: config.refsMap, readFile, expectedFormat: contract.format };
}

async function currentVersion(config: Config, contract: ContractConfig): Promise<string> {
  const { readVersions } = await import('../store/state.ts');
  const versions = await readVersions(config.root);
  const version = versions?.contracts[contract.name];
  if (!version)
    throw new ConfigError(`contract '${contract.name}' has no version in .specver/versions.json`, {
      file: relative(config.root, join(config.root, '.specver/versions.json')),
      hint: `run 'specver contract add ${contract.path} --name ${contract.name}' or 'specver init --force'`,
    });
  return version;
}

async function loadBase(
  config: Config,
  contract: ContractConfig,
  options: CompareOptions,
): Promise<{ spec?: LoadedSpec; info: BaseInfo }> {
  const selector = parseBase(options.base, contract, config.contracts.map((c) => c.name));
  if (selector.kind === 'git') {
    const { gitFileReader } = await import('../load/git-reader.ts');
    const readFile = await gitFileReader(config.root, selector.ref);
    // Followed by name across the pull request (git-base.ts): a moved spec is read at its old path.
    const basePath = options.basePaths?.[contract.name];
    if (basePath === null) return { info: { label: `git:${selector.ref}`, file: contract.path } };
    const specPath = join(config.root, basePath ?? contract.path);
    const info: BaseInfo = { label: `git:${selector.ref}`, file: basePath ?? contract.path };
    try {
      await readFile(specPath);
    } catch {
      return { info }; // the contract did not exist at that ref: it is new, nothing to compare against
    }
    return { spec: await readSpec(specPath, loadOptions(config, contract, readFile), info), info };
  }
  const version = selector.kind === 'version' ? selector.version : await currentVersion(config, contract);
  const { findSnapshot, listSnapshots } = await import('../store/snapshots.ts');
  if (selector.kind === 'version' && !(await listSnapshots(config, contract.name)).some((s) => s.version === version)) {
    // A version asked for that was never released: say which ones can be compared against.
    const known = (await listSnapshots(config, contract.name)).map((s) => s.version);
    throw new ConfigError(`no snapshot of ${contract.name}@${version}: that version was never released`, {
      hint: known.length > 0 ? `versions with a snapshot: ${known.join(', ')}` : `${contract.name} has no snapshots yet: run 'specver init' or 'specver version' first`,
    });
  }
  const snapshot = findSnapshot(config, contract, version);
  const info: BaseInfo = { label: `${contract.name}@${version}`, version, file: relative(config.root, snapshot) };
  return { spec: await readSpec(snapshot, loadOptions(config, contract), info), info };
}

/**
 * The contract's name in the base commit's specver.yaml: a pull request that renames it (and its snapshots) is
 * still held to the releases made under the old name.
 */
async function nameAtGitBase(config: Config, contract: ContractConfig, options: CompareOptions, ref: string): Promise<string> {
  const basePath = options.basePaths?.[contract.name];
  if (!basePath) return contract.name;
  const { readGitBase } = await import('./git-base.ts');
  const base = await readGitBase(config, ref);
  return base.config?.contracts.find((c) => c.path === basePath)?.name ?? contract.name;
}

/**
 * Compare one contract's current spec with its base (and, in a transitive mode, every earlier release). A
 * spec that cannot be read throws, or with `keepReadErrors` gives a comparison carrying the error.
 */
export async function compareContract(config: Config, contract: ContractConfig, options: CompareOptions): Promise<Comparison> {
  try {
    return await compareReadable(config, contract, options);
  } catch (error) {
    if (!(error instanceof UnreadableSpecError)) throw error;
    const reported = options.keepReadErrors ? contractErrorOf(error.reason, config.root) : undefined;
    if (!reported) throw error.reason;
    const { summarize } = await import('../classify/summary.ts');
    return { contract, base: error.base, hasBase: true, findings: [], summary: summarize([]), error: reported };
  }
}

async function compareReadable(config: Config, contract: ContractConfig, options: CompareOptions): Promise<Comparison> {
  const [{ classifySpecs }, { summarize }] = await Promise.all([import('../classify/classify.ts'), import('../classify/summary.ts')]);
  // Both sides are read before either failure is reported: the base's label names what was compared against.
  const [baseRead, revisionRead] = await Promise.allSettled([loadBase(config, contract, options), readSpec(join(config.root, contract.path), loadOptions(config, contract), { label: '', file: contract.path })]);
  // A base that cannot be chosen (a version never released) is the run's error; otherwise the current spec's
  // error is named first, as it is the file being edited.
  if (baseRead.status === 'rejected' && !(baseRead.reason instanceof UnreadableSpecError)) throw baseRead.reason;
  if (revisionRead.status === 'rejected') {
    const reason: unknown = revisionRead.reason;
    const info = baseRead.status === 'fulfilled' ? baseRead.value.info : (baseRead.reason as UnreadableSpecError).base;
    throw reason instanceof UnreadableSpecError ? new UnreadableSpecError(reason.reason, info) : reason;
  }
  if (baseRead.status === 'rejected') throw baseRead.reason;
  const base = baseRead.value;
  const revision = revisionRead.value;
  options.keepLoaded?.set(contract.name, { base: base.spec, revision });
  if (!base.spec) return { contract, base: base.info, hasBase: false, findings: [], summary: summarize([]) };
  const classify = (from: LoadedSpec, to: LoadedSpec) =>
    classifySpecs(from, to, {
      today: options.today,
      ruleFiles: config.rules.files.map((file) => join(config.root, file)),
      ruleTexts: options.ruleTexts,
      severityOverrides: config.rules.severity,
      overrides: config.rules.overrides,
      contract: contract.name,
      configFile: config.file,
      compatibility: contract.compatibility && pairCompatibility(contract.compatibility),
      relativeTo: config.root,
      lifecycle: config.lifecycle,
      lines: options.lines,
    });
  const findings = await classify(base.spec, revision);
  if (!isTransitive(contract.compatibility)) return { contract, base: base.info, hasBase: true, findings, summary: summarize(findings) };
  const transitive = await import('./compare-transitive.ts');
  const selector = parseBase(options.base, contract, config.contracts.map((c) => c.name));
  let releases: EarlierRelease[];
  let readFile: LoadOptions['readFile'];
  if (selector.kind === 'git') {
    const { gitFileReader } = await import('../load/git-reader.ts');
    readFile = await gitFileReader(config.root, selector.ref);
    releases = await transitive.releasesAtGitRef(config, await nameAtGitBase(config, contract, options, selector.ref), selector.ref);
  } else {
    const { listSnapshots } = await import('../store/snapshots.ts');
    releases = await listSnapshots(config, contract.name);
  }
  const earlier = transitive.earlierReleases(releases, base.info.version, contract.transitiveScope ?? 'all');
  const groups = await transitive
    .compareEarlier({ config, contract, releases: earlier, loadOptions: loadOptions(config, contract, readFile), revision, classify })
    .catch((error: unknown) => {
      // Rule files already judged the base pair: what fails here is an earlier snapshot that cannot be read.
      throw new UnreadableSpecError(error, base.info);
    });
  const merged = transitive.mergeAgainst([...groups, { against: base.info.version ?? base.info.label, findings }]);
  const info: BaseInfo = { ...base.info, earlier: earlier.map((r) => r.version) };
  return { contract, base: info, hasBase: true, findings: merged, summary: summarize(merged) };
}
