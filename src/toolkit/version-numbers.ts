/** Versions specver can count with and store: every stage that reads a version checks it here. */
import { ConfigError } from '../errors.ts';
import { abbreviated } from './path-length.ts';

/**
 * Longest version specver keeps. A version is part of a snapshot's file name, `<name>@<version>.<ext>`, and
 * of that file's temp name while it is written: with a 100-character contract name both must stay within the
 * file system's 255 bytes. The semver package refuses anything over 256 characters outright.
 */
export const MAX_VERSION_LENGTH = 100;

/** Longest pre-release tag: the longest countable `<major>.<minor>.<patch>-<tag>.<n>` then fits MAX_VERSION_LENGTH. */
export const MAX_PRE_TAG_LENGTH = 32;

/**
 * Why a version's numbers cannot be used, or undefined: a major, minor, patch or numeric pre-release part
 * beyond Number.MAX_SAFE_INTEGER cannot be counted exactly (the semver package refuses or mis-bumps them).
 */
export function versionNumberProblem(version: string): string | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([^+]*))?/.exec(version);
  if (!match) return undefined;
  const numbers = [match[1], match[2], match[3], ...(match[4] ?? '').split('.').filter((part) => /^\d+$/.test(part))];
  const tooBig = numbers.find((part) => part !== undefined && BigInt(part) > BigInt(Number.MAX_SAFE_INTEGER));
  return tooBig === undefined ? undefined : `version ${version} has a number (${tooBig}) larger than ${Number.MAX_SAFE_INTEGER}`;
}

/** Why specver cannot keep `version` (too long, or numbers beyond exact counting), or undefined. */
export function versionProblem(version: string): string | undefined {
  if (version.length > MAX_VERSION_LENGTH) return `version ${abbreviated(version, 40)} is longer than ${MAX_VERSION_LENGTH} characters`;
  return versionNumberProblem(version);
}

/** Refuses (exit 2) a version specver cannot keep; `where` says where it came from. */
export function assertCountableVersion(version: string, where: string, hint = `use numbers up to 9007199254740991 and at most ${MAX_VERSION_LENGTH} characters`): void {
  const problem = versionProblem(version);
  if (problem) throw new ConfigError(`${where}: ${problem}`, { hint });
}
