/**
 * The version plan (spec "version", decisions.md 5): a pure function from changesets and state to plain
 * data: per contract old version, bump, new version, the pre-release state to keep, changelog entries,
 * files to write and delete, git actions. No fs, no clock, no env: `--dry-run` and `--json` print it,
 * apply.ts carries it out.
 */
import { ConfigError } from '../errors.ts';
import type { PreState } from '../store/state.ts';
import { highestBump, type Bump, type VersioningMode } from '../types.ts';
import { highestVersion, nextVersion, type NextVersion } from './bump.ts';
import { insertEntries, type ChangelogEntry } from './changelog.ts';
import { checkKnownContracts, type Changeset } from './changeset-file.ts';
import { acceptedBreakLine, type AcceptedBreak } from './waived-breaks.ts';

export interface PlanInput {
  versioning: VersioningMode;
  /** Contract names in config order. */
  contracts: string[];
  /** Current versions (versions.json). */
  versions: Record<string, string>;
  pre?: PreState;
  /** Pending changesets, already in consumption order (mtime, then name). */
  changesets: Changeset[];
  preid?: string;
  /** Changelog path relative to the root and its current text (null when absent); null: no changelog. */
  changelog: { path: string; existing: string | null } | null;
  git: { enabled: boolean; commit: boolean; tag: boolean };
  /** YYYY-MM-DD, for changelog entries. */
  today: string;
  /** Contract -> root spec file (relative to the root) whose `info.version` follows the new version. */
  specs?: Record<string, string>;
  /** Paths relative to the root. */
  files: { versions: string; pre: string; snapshot: (contract: string, version: string) => string };
  /** Breaking changes a waiver accepted, released under a lower bump: listed in the changelog. */
  acceptedBreaks?: AcceptedBreak[];
}

export interface PlannedRelease {
  contract: string;
  from: string;
  to: string;
  bump: Bump | null;
  kind: NextVersion['kind'];
  /** Changeset ids that named this contract in this run. */
  changesets: string[];
}

export interface VersionPlan {
  versioning: VersioningMode;
  changesets: { id: string; file: string; releases: { contract: string; bump: Bump }[]; summary: string }[];
  releases: PlannedRelease[];
  /** The complete contract -> version map to write to versions.json. */
  versions: Record<string, string>;
  /** What happens to pre.json. */
  pre: { action: 'keep' } | { action: 'write'; state: PreState } | { action: 'remove' };
  changelog: { path: string; entries: ChangelogEntry[]; content: string } | null;
  /**
   * Files written, in order (specs' info.version, snapshots, changelog, versions.json, pre.json), relative to
   * the root. A spec is listed when its info.version is to follow; apply leaves it alone when it already does.
   */
  writes: { path: string; kind: 'spec' | 'snapshot' | 'changelog' | 'versions' | 'pre'; contract?: string; version?: string }[];
  /** Files deleted, in order; consumed changesets come last of all. */
  deletes: { path: string; kind: 'pre' | 'changeset' }[];
  git: { stage: boolean; commit: boolean; message: string; tags: string[] };
  /** Breaking changes released under a lower bump because a waiver accepted them. */
  acceptedBreaks: AcceptedBreak[];
}

function bumpsFor(changesets: readonly Changeset[], contract: string): Bump[] {
  return changesets.flatMap((c) => c.releases.filter((r) => r.contract === contract).map((r) => r.bump));
}

function cycleBumpsFor(pre: PreState | undefined, contracts: readonly string[]): Bump[] {
  if (!pre) return [];
  return pre.changesets.flatMap((c) => contracts.map((name) => c.bumps[name]).filter((b): b is Bump => b !== undefined));
}

function currentVersion(input: PlanInput, contract: string): string {
  const version = input.versions[contract];
  if (!version)
    throw new ConfigError(`contract '${contract}' has no version in ${input.files.versions}`, {
      file: input.files.versions,
      hint: `add "${contract}": "0.0.0" to it, or re-run 'specver init --force'`,
    });
  return version;
}

function preFor(input: PlanInput, initial: string, cycleBumps: Bump[]) {
  return input.pre ? { mode: input.pre.mode, tag: input.pre.tag, initial, cycleBumps } : undefined;
}

/** Independent mode: each contract moves by the changesets that name it. */
function independentReleases(input: PlanInput): PlannedRelease[] {
  const releases: PlannedRelease[] = [];
  for (const contract of input.contracts) {
    const current = currentVersion(input, contract);
    const bumps = bumpsFor(input.changesets, contract);
    const initial = input.pre?.initialVersions[contract] ?? current;
    const next = nextVersion({ current, bumps, pre: preFor(input, initial, cycleBumpsFor(input.pre, [contract])), preid: input.preid });
    if (!next) continue;
    const named = input.changesets.filter((c) => c.releases.some((r) => r.contract === contract)).map((c) => c.id);
    releases.push({ contract, from: current, to: next.version, bump: next.bump, kind: next.kind, changesets: named });
  }
  return releases;
}

/** Fixed mode: one shared version, moved by the highest bump of all changesets; every contract follows. */
function fixedReleases(input: PlanInput): PlannedRelease[] {
  if (input.contracts.length === 0) return [];
  const current = highestVersion(input.contracts.map((c) => currentVersion(input, c)))!;
  const bumps = input.changesets.flatMap((c) => c.releases.map((r) => r.bump));
  const initials = input.contracts.map((c) => input.pre?.initialVersions[c]).filter((v): v is string => v !== undefined);
  const initial = highestVersion(initials) ?? current;
  const next = nextVersion({ current, bumps, pre: preFor(input, initial, cycleBumpsFor(input.pre, input.contracts)), preid: input.preid });
  if (!next) return [];
  const named = input.changesets.filter((c) => c.releases.length > 0).map((c) => c.id);
  return input.contracts.map((contract) => ({
    contract,
    from: currentVersion(input, contract),
    to: next.version,
    bump: next.bump,
    kind: next.kind,
    changesets: named,
  }));
}

function emptySections(): Record<Bump, string[]> {
  return { major: [], minor: [], patch: [] };
}

function addSummary(sections: Record<Bump, string[]>, bump: Bump, summary: string): void {
  if (summary !== '' && !sections[bump].includes(summary)) sections[bump].push(summary);
}

/**
 * The changesets whose notes an entry gathers: on leaving pre mode, the stable release's entry lists the whole
 * cycle (the changesets of its pre-releases, as pre.json keeps them) before this run's own.
 */
function notedChangesets(input: PlanInput): { summary: string; releases: { contract: string; bump: Bump }[] }[] {
  const cycle =
    input.pre?.mode === 'exit'
      ? input.pre.changesets
          .filter((c) => c.summary !== undefined)
          .map((c) => ({ summary: c.summary!, releases: Object.entries(c.bumps).map(([contract, bump]) => ({ contract, bump })) }))
      : [];
  return [...cycle, ...input.changesets];
}

/** The accepted breaks of the released contracts, as changelog lines (fixed versioning: contract-prefixed). */
function acceptedLines(input: PlanInput, releases: PlannedRelease[]): { accepted?: string[] } {
  const names = new Set(releases.map((r) => r.contract));
  const prefix = input.versioning === 'fixed' ? (a: AcceptedBreak) => `${a.contract}: ` : () => '';
  const lines = (input.acceptedBreaks ?? []).filter((a) => names.has(a.contract)).map((a) => `${prefix(a)}${acceptedBreakLine(a)}`);
  return lines.length > 0 ? { accepted: lines } : {};
}

function changelogEntries(input: PlanInput, releases: PlannedRelease[]): ChangelogEntry[] {
  const graduationNote = (r: PlannedRelease) => (r.kind === 'graduation' ? { note: `Stable release of ${r.from}.` } : {});
  const noted = notedChangesets(input);
  if (input.versioning === 'fixed') {
    const first = releases[0];
    if (!first) return [];
    const sections = emptySections();
    for (const changeset of noted) {
      const bump = highestBump(changeset.releases.map((r) => r.bump));
      if (bump) addSummary(sections, bump, changeset.summary);
    }
    return [{ heading: first.to, date: input.today, sections, ...graduationNote(first), ...acceptedLines(input, releases) }];
  }
  return releases.map((release) => {
    const sections = emptySections();
    for (const changeset of noted)
      for (const r of changeset.releases) if (r.contract === release.contract) addSummary(sections, r.bump, changeset.summary);
    return { heading: `${release.contract}@${release.to}`, date: input.today, sections, ...graduationNote(release), ...acceptedLines(input, [release]) };
  });
}

function nextPreState(input: PlanInput, releases: PlannedRelease[]): VersionPlan['pre'] {
  const pre = input.pre;
  if (!pre) return { action: 'keep' };
  if (pre.mode === 'exit') return { action: 'remove' };
  const initialVersions = { ...pre.initialVersions };
  for (const release of releases) if (!(release.contract in initialVersions)) initialVersions[release.contract] = release.from;
  const consumed = input.changesets.map((c) => ({
    id: c.id,
    bumps: Object.fromEntries(c.releases.map((r) => [r.contract, r.bump] as const)) as Record<string, Bump>,
    summary: c.summary,
  }));
  return { action: 'write', state: { ...pre, initialVersions, changesets: [...pre.changesets, ...consumed] } };
}

/** Plans one `version` run. Throws ConfigError (exit 2) when there is nothing to do or a changeset is invalid. */
/** Changesets as plain data for plans and reports (what each names and says). */
export function changesetSummaries(changesets: readonly Changeset[]) {
  return changesets.map((c) => ({
    id: c.id,
    file: c.file,
    releases: c.releases.map((r) => ({ contract: r.contract, bump: r.bump })),
    summary: c.summary,
  }));
}

export function planVersion(input: PlanInput): VersionPlan {
  checkKnownContracts(input.changesets, input.contracts);
  const graduating = input.pre?.mode === 'exit';
  if (input.changesets.length === 0 && !graduating)
    throw new ConfigError('no pending changesets in .specver/changesets/', { hint: "run 'specver changeset' to record changes first" });

  const releases = input.versioning === 'fixed' ? fixedReleases(input) : independentReleases(input);
  if (input.changesets.length === 0 && releases.length === 0)
    throw new ConfigError('no pending changesets and no pre-release versions to graduate', {
      hint: "run 'specver changeset' to record changes first",
    });

  const versions = { ...input.versions };
  for (const release of releases) versions[release.contract] = release.to;
  const pre = nextPreState(input, releases);

  const entries = input.changelog ? changelogEntries(input, releases) : [];
  const changelog =
    input.changelog && entries.length > 0
      ? { path: input.changelog.path, entries, content: insertEntries(input.changelog.existing, entries) }
      : null;

  // A spec's info.version is edited before its snapshot is taken, so the snapshot says the same.
  const writes: VersionPlan['writes'] = releases.flatMap((r) => {
    const spec = input.specs?.[r.contract];
    return spec ? [{ path: spec, kind: 'spec' as const, contract: r.contract, version: r.to }] : [];
  });
  writes.push(...releases.map((r) => ({ path: input.files.snapshot(r.contract, r.to), kind: 'snapshot' as const, contract: r.contract, version: r.to })));
  if (changelog) writes.push({ path: changelog.path, kind: 'changelog' });
  if (releases.length > 0) writes.push({ path: input.files.versions, kind: 'versions' });
  if (pre.action === 'write') writes.push({ path: input.files.pre, kind: 'pre' });
  const deletes: VersionPlan['deletes'] = [];
  if (pre.action === 'remove') deletes.push({ path: input.files.pre, kind: 'pre' });
  for (const changeset of input.changesets) deletes.push({ path: changeset.file, kind: 'changeset' });

  const fixed = input.versioning === 'fixed';
  const tags = !input.git.tag || releases.length === 0 ? [] : fixed ? [`v${releases[0]!.to}`] : releases.map((r) => `${r.contract}@${r.to}`);
  const message =
    releases.length === 0
      ? 'Consume changesets'
      : fixed
        ? `Version contracts to ${releases[0]!.to}`
        : `Version contracts: ${releases.map((r) => `${r.contract}@${r.to}`).join(', ')}`;

  return {
    versioning: input.versioning,
    changesets: changesetSummaries(input.changesets),
    releases,
    versions,
    pre,
    changelog,
    writes,
    deletes,
    git: { stage: input.git.enabled, commit: input.git.enabled && input.git.commit, message, tags: input.git.enabled ? tags : [] },
    acceptedBreaks: (input.acceptedBreaks ?? []).filter((a) => releases.some((r) => r.contract === a.contract)),
  };
}
