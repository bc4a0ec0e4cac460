/**
 * Where a contract's versioning starts when an API already has versions: its `info.version`, when that is a
 * semantic version specver can count with. Otherwise 0.0.0, as for a new API.
 */
import semverValid from 'semver/functions/valid.js';
import { versionNumberProblem } from '../toolkit/version-numbers.ts';

export const DEFAULT_START_VERSION = '0.0.0';

/** `info.version` when it is a plain semantic version (no `v` prefix, no build metadata), else undefined. */
export function usableInfoVersion(infoVersion: string | undefined): string | undefined {
  if (infoVersion === undefined || semverValid(infoVersion) !== infoVersion) return undefined;
  return versionNumberProblem(infoVersion) === undefined ? infoVersion : undefined;
}
