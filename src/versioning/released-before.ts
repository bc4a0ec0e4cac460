/**
 * A released version is never released again. Before `version` writes anything (and under --dry-run), every
 * version it plans is looked up where a release leaves traces: a snapshot file, a CHANGELOG entry and, inside a
 * git work tree, a tag. Any trace refuses the run (exit 2): writing it again would overwrite the snapshot
 * consumers were given and double the CHANGELOG entry. This usually means versions.json was reset (a contract
 * re-detected at 0.0.0, a hand edit); the fix is to set the contract back to its latest release.
 *
 * Only fresh plans are judged: replaying the journal of an interrupted run writes snapshots that may already
 * exist on purpose, and never passes through here.
 */
import { join, relative, sep } from 'node:path';
import { ConfigError, ToolError } from '../errors.ts';
import { READ_LIMITS, readOptionalRegularFile } from '../store/safe-read.ts';
import { listSnapshots } from '../store/snapshots.ts';
import type { Config } from '../types.ts';
import { runGit, type GitRunner } from './git.ts';
import type { VersionPlan } from './plan.ts';

export interface ReleaseTrace {
  contract: string;
  version: string;
  /** What exists, for the message: `.specver/snapshots/x@1.0.0.yaml`, `CHANGELOG.md entry '## x@1.0.0'`, `git tag x@1.0.0`. */
  traces: string[];
  /** The file to name in the error (the snapshot or the changelog), when there is one. */
  file?: string;
  /** The contract's latest snapshot version, to suggest as its current version. */
  latest?: string;
}

export interface TraceOptions {
  /** Look for git tags (inside a git work tree, and unless --no-git). */
  git: boolean;
  runner?: GitRunner;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the changelog text has the heading line `## <heading>`. */
export function hasChangelogEntry(text: string, heading: string): boolean {
  return new RegExp(`^##[ \\t]+${escapeRegExp(heading)}[ \\t]*\\r?$`, 'm').test(text);
}

/** The heading and tags a release of `contract` at `version` is written under, in this versioning mode. */
function namesOf(config: Config, contract: string, version: string): { heading: string; tags: string[] } {
  return config.versioning === 'fixed'
    ? { heading: version, tags: [`v${version}`, `${contract}@${version}`] }
    : { heading: `${contract}@${version}`, tags: [`${contract}@${version}`] };
}

async function existingTags(root: string, wanted: string[], runner: GitRunner): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  try {
    // Names and versions hold no glob characters, so each pattern matches its own tag only.
    const { stdout } = await runner(['tag', '--list', '--', ...wanted], root);
    return new Set(stdout.split('\n').map((line) => line.trim()).filter((line) => line !== ''));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new ToolError(`git tag --list failed: ${stderr || (error as Error).message}`, {
      hint: 'fix the repository, or pass --no-git to skip git (snapshots and the changelog are still checked)',
      cause: error,
    });
  }
}

/** The planned releases that were released before, with what shows it; empty when none was. */
export async function findReleaseTraces(config: Config, plan: VersionPlan, options: TraceOptions): Promise<ReleaseTrace[]> {
  const root = config.root;
  if (plan.releases.length === 0) return [];
  const changelogPath = plan.changelog?.path ?? (config.changelog === false ? undefined : config.changelog);
  // The changelog as it is now, even under --no-changelog: an entry there is a release all the same.
  const changelog = changelogPath
    ? await readOptionalRegularFile(join(root, changelogPath), { limit: READ_LIMITS.changelog, shown: changelogPath, hint: 'point changelog in specver.yaml at a Markdown file, or set it to false' })
    : null;
  const wantedTags = options.git ? plan.releases.flatMap((r) => namesOf(config, r.contract, r.to).tags) : [];
  const tags = await existingTags(root, [...new Set(wantedTags)], options.runner ?? runGit);

  const found: ReleaseTrace[] = [];
  for (const release of plan.releases) {
    const snapshots = await listSnapshots(config, release.contract);
    const { heading, tags: releaseTags } = namesOf(config, release.contract, release.to);
    const traces: string[] = [];
    let file: string | undefined;
    const snapshot = snapshots.find((s) => s.version === release.to);
    if (snapshot) {
      file = relative(root, snapshot.file).split(sep).join('/');
      traces.push(file);
    }
    if (changelog !== null && changelogPath && hasChangelogEntry(changelog, heading)) {
      file ??= changelogPath;
      traces.push(`${changelogPath} entry '## ${heading}'`);
    }
    for (const tag of releaseTags) if (tags.has(tag)) traces.push(`git tag ${tag}`);
    if (traces.length > 0) found.push({ contract: release.contract, version: release.to, traces, file, latest: snapshots.at(-1)?.version });
  }
  return found;
}

/** Refuses the run (ConfigError, exit 2) when a planned version was released before. */
export async function assertNotReleasedBefore(config: Config, plan: VersionPlan, options: TraceOptions): Promise<void> {
  const found = await findReleaseTraces(config, plan, options);
  const first = found[0];
  if (!first) return;
  const more = found.length > 1 ? ` (and ${found.length - 1} more: ${found.slice(1).map((f) => `${f.contract}@${f.version}`).join(', ')})` : '';
  const current = plan.releases.find((r) => r.contract === first.contract)!.from;
  const fix = first.latest
    ? `set "${first.contract}": "${first.latest}" (its latest snapshot) in .specver/versions.json`
    : `set ${first.contract}'s version in .specver/versions.json to its latest release`;
  throw new ConfigError(`${first.contract}@${first.version} was already released (${first.traces.join(', ')}); versions.json has ${first.contract} at ${current}${more}`, {
    file: first.file,
    hint: `a released version is never written again: ${fix}, then run version again`,
  });
}
