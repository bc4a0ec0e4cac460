/** Version numbers specver can count with: every stage that reads a version checks it here. */
import { ConfigError } from '../errors.ts';

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

/** Refuses (exit 2) a version whose numbers are beyond exact counting; `where` says where it came from. */
export function assertCountableVersion(version: string, where: string, hint = 'use numbers up to 9007199254740991'): void {
  const problem = versionNumberProblem(version);
  if (problem) throw new ConfigError(`${where}: ${problem}`, { hint });
}
