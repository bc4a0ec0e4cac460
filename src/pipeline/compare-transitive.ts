/**
 * Transitive compatibility (`backward-transitive`, `forward-transitive`, `full-transitive`, json-schema
 * contracts): the current spec is checked against every earlier release of the contract, not only its base, as
 * schema registries do. Each pair is judged by the same rules as the base mode; a change found against several
 * versions becomes one finding listing them (`against`).
 */
import { join, relative } from 'node:path';
import semverCompare from 'semver/functions/compare.js';
import semverMajor from 'semver/functions/major.js';
import semverPrerelease from 'semver/functions/prerelease.js';
import semverValid from 'semver/functions/valid.js';
import { sortFindings } from '../classify/classify.ts';
import type { Finding } from '../classify/types.ts';
import { ToolError } from '../errors.ts';
import type { LoadedSpec, LoadOptions } from '../load/types.ts';
import { snapshotsDir, STATE_DIR_NAME } from '../store/paths.ts';
import type { Config, ContractConfig, TransitiveScope } from '../types.ts';

/** A release of the contract to check the current spec against. */
export interface EarlierRelease {
  version: string;
  /** Absolute path of its snapshot. */
  file: string;
}

/**
 * The releases a transitive mode checks besides the base, oldest first. Pre-releases are left out: they carry no
 * compatibility promise (semver), and a team iterating on `2.0.0-beta.N` would otherwise be held to every draft.
 * At a snapshot base (`baseVersion`), only versions before it count; at a git base, every release at that commit.
 * Scope `major` keeps those of the base's major (at a git base, of the newest release), so a deliberate major
 * release starts a new line of promises.
 */
export function earlierReleases(releases: EarlierRelease[], baseVersion: string | undefined, scope: TransitiveScope): EarlierRelease[] {
  const released = releases
    .filter((r) => semverValid(r.version) && semverPrerelease(r.version) === null)
    .sort((a, b) => semverCompare(a.version, b.version));
  const before = baseVersion === undefined ? released : released.filter((r) => semverCompare(r.version, baseVersion) < 0);
  if (scope === 'all') return before;
  const reference = baseVersion ?? released[released.length - 1]?.version;
  if (reference === undefined) return [];
  return before.filter((r) => semverMajor(r.version) === semverMajor(reference));
}

const identity = (f: Finding) => [f.rule, f.side, f.location, f.message].join('\0');

/**
 * One list of findings from the comparisons against each version (`groups`, oldest first, the base last). The
 * base's comparison gives every change as usual; an earlier version adds only its breaking changes, the
 * compatibility it promised (its other differences were released already and need no new bump). A change
 * found against several versions is one finding (file and line of the newest) with all of them in `against`.
 */
export function mergeAgainst(groups: { against: string; findings: Finding[] }[]): Finding[] {
  const merged = new Map<string, Finding>();
  for (let i = groups.length - 1; i >= 0; i--) {
    const { against, findings } = groups[i];
    const isBase = i === groups.length - 1;
    for (const finding of findings) {
      if (!isBase && finding.severity !== 'breaking') continue;
      const key = identity(finding);
      const seen = merged.get(key);
      if (seen) seen.against!.unshift(against);
      else merged.set(key, { ...finding, against: [against] });
    }
  }
  return sortFindings([...merged.values()]);
}

/** Snapshot files of `name` in `.specver/snapshots/` at a git commit (a pull request cannot delete them). */
export async function releasesAtGitRef(config: Config, name: string, ref: string): Promise<EarlierRelease[]> {
  const { git } = await import('../load/git-reader.ts');
  const dir = relative(config.root, snapshotsDir(config.root)).split('\\').join('/');
  // Paths print relative to the working directory (the project root), which may sit below the repository's top.
  const listed = await git(config.root, ['ls-tree', '-z', '--name-only', `${ref}^{tree}`, '--', `${dir}/`]);
  if (!listed.ok) throw new ToolError(`cannot list ${STATE_DIR_NAME}/snapshots at git ref '${ref}': ${listed.stderr.trim()}`);
  const prefix = `${name}@`;
  const releases: EarlierRelease[] = [];
  for (const path of listed.stdout.split('\0')) {
    const fileName = path.slice(path.lastIndexOf('/') + 1);
    const match = /^(.*)\.(ya?ml|json)$/.exec(fileName);
    if (!match || !match[1].startsWith(prefix)) continue;
    const version = match[1].slice(prefix.length);
    if (semverValid(version)) releases.push({ version, file: join(config.root, path) });
  }
  return releases;
}

export interface TransitiveInput {
  config: Config;
  contract: ContractConfig;
  /** The versions to check besides the base, oldest first. */
  releases: EarlierRelease[];
  /** How each snapshot is read (the git reader at a git base). */
  loadOptions: LoadOptions;
  revision: LoadedSpec;
  /** Classifies one pair with the contract's base mode. */
  classify: (base: LoadedSpec, revision: LoadedSpec) => Promise<Finding[]>;
}

/** The findings against each earlier release, oldest first. */
export async function compareEarlier(input: TransitiveInput): Promise<{ against: string; findings: Finding[] }[]> {
  const { loadSpec } = await import('../load/load.ts');
  const groups: { against: string; findings: Finding[] }[] = [];
  for (const release of input.releases) {
    const spec = await loadSpec(release.file, input.loadOptions);
    groups.push({ against: release.version, findings: await input.classify(spec, input.revision) });
  }
  return groups;
}
