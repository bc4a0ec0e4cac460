/**
 * Version arithmetic, all through the `semver` package (decisions.md 5): plain bumps, pre-release
 * versions `<target>-<tag>.<n>`, graduation, and tag ordering.
 */
import semverCompare from 'semver/functions/compare.js';
import semverGt from 'semver/functions/gt.js';
import semverInc from 'semver/functions/inc.js';
import semverParse from 'semver/functions/parse.js';
import semverPrerelease from 'semver/functions/prerelease.js';
import semverRcompare from 'semver/functions/rcompare.js';
import semverValid from 'semver/functions/valid.js';
import { highestBump, type Bump } from '../types.ts';
import { ConfigError } from '../errors.ts';
import { abbreviated } from '../toolkit/path-length.ts';
import { assertCountableVersion, MAX_PRE_TAG_LENGTH, MAX_VERSION_LENGTH, versionNumberProblem } from '../toolkit/version-numbers.ts';

/** 1.4.2 + major -> 2.0.0, 0.9.1 + minor -> 0.10.0, 1.4.2 + patch -> 1.4.3; a pre-release moves to its release. */
export function bumpVersion(version: string, bump: Bump): string {
  assertCountableVersion(version, `cannot bump ${abbreviated(version, 40)}`);
  const next = semverInc(version, bump);
  if (!next) throw new Error(`not a semantic version: ${version}`);
  if (next.length > MAX_VERSION_LENGTH) {
    throw new ConfigError(`cannot bump ${abbreviated(version, 40)} (${bump}): the next version would be longer than ${MAX_VERSION_LENGTH} characters`, {
      hint: 'start a new line of versions by hand in .specver/versions.json',
    });
  }
  if (versionNumberProblem(next)) {
    throw new ConfigError(`cannot bump ${version} (${bump}): the next version would have a number larger than ${Number.MAX_SAFE_INTEGER}`, {
      hint: 'start a new line of versions by hand in .specver/versions.json',
    });
  }
  return next;
}

export function isValidVersion(version: string): boolean {
  return semverValid(version) === version;
}

export function isPrerelease(version: string): boolean {
  return (semverPrerelease(version) ?? []).length > 0;
}

/** The release a version belongs to: 2.0.0-rc.1 -> 2.0.0. */
export function releaseOf(version: string): string {
  const parsed = semverParse(version);
  if (!parsed) throw new Error(`not a semantic version: ${version}`);
  return `${parsed.major}.${parsed.minor}.${parsed.patch}`;
}

/**
 * `<target>-<tag>.<n>`: n is one more than the current pre-release number when `current` is already a
 * pre-release of the same target and tag, else 0 (1.1.0-beta.0 -> 1.1.0-beta.1; beta -> rc restarts at 0).
 */
export function preReleaseVersion(target: string, tag: string, current: string): string {
  const parts = semverPrerelease(current) ?? [];
  // semver leaves a pre-release number of MAX_SAFE_INTEGER or more as a string: counted as a number here.
  const sameLine = parts.length === 2 && releaseOf(current) === target && parts[0] === tag && /^\d+$/.test(String(parts[1]));
  const n = sameLine ? BigInt(String(parts[1])) + 1n : 0n;
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ConfigError(`cannot bump ${current}: the next pre-release number would be larger than ${Number.MAX_SAFE_INTEGER}`, { hint: 'switch to another pre-release tag (specver pre enter <tag>)' });
  }
  const version = `${target}-${tag}.${n}`;
  if (!isValidVersion(version)) throw new Error(`invalid pre-release version ${version}`);
  return version;
}

/** Whether `tag` is usable as a pre-release identifier (alpha, beta, rc, next-1 ...), at most MAX_PRE_TAG_LENGTH characters. */
export function isValidPreTag(tag: string): boolean {
  return tag.length <= MAX_PRE_TAG_LENGTH && /^[0-9A-Za-z-]+$/.test(tag) && !/^\d+$/.test(tag) && isValidVersion(`1.0.0-${tag}.0`);
}

/** Orders two tags the way semver orders pre-releases: negative when `a` sorts before `b`. */
export function compareTags(a: string, b: string): number {
  return semverCompare(`1.0.0-${a}.0`, `1.0.0-${b}.0`);
}

/** The highest of several versions (fixed mode: the shared version when entries disagree). */
export function highestVersion(versions: readonly string[]): string | undefined {
  return [...versions].sort(semverRcompare)[0];
}

export function versionGreater(a: string, b: string): boolean {
  return semverGt(a, b);
}

export interface NextVersionInput {
  current: string;
  /** Bumps named for this contract (or group, in fixed mode) by the changesets of this run. */
  bumps: Bump[];
  /** Pre-release cycle, when one is open. */
  pre?: {
    mode: 'pre' | 'exit';
    tag: string;
    /** Version when the cycle started. */
    initial: string;
    /** Bumps consumed earlier in the cycle. */
    cycleBumps: Bump[];
  };
  /** `--preid`: tag override inside pre mode, one-off pre-release outside it. */
  preid?: string;
}

export interface NextVersion {
  version: string;
  /** The bump that decided it (null for a graduation without new changesets). */
  bump: Bump | null;
  kind: 'release' | 'prerelease' | 'graduation';
}

/** The next version of one contract (or of the fixed group), or undefined when it does not move. */
export function nextVersion(input: NextVersionInput): NextVersion | undefined {
  const { current, bumps, pre, preid } = input;
  const bump = highestBump(bumps) ?? null;
  if (pre) {
    const cycle = highestBump([...pre.cycleBumps, ...bumps]);
    if (pre.mode === 'exit') {
      if (bump && cycle) return { version: bumpVersion(pre.initial, cycle), bump, kind: 'release' };
      if (isPrerelease(current)) return { version: releaseOf(current), bump: null, kind: 'graduation' };
      return undefined;
    }
    if (!bump || !cycle) return undefined;
    const target = bumpVersion(pre.initial, cycle);
    return { version: preReleaseVersion(target, preid ?? pre.tag, current), bump, kind: 'prerelease' };
  }
  if (!bump) return undefined;
  if (preid) return { version: preReleaseVersion(bumpVersion(current, bump), preid, current), bump, kind: 'prerelease' };
  return { version: bumpVersion(current, bump), bump, kind: 'release' };
}
