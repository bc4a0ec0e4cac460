/**
 * info.version against the rest of the diff: lowered (by semver), or left as it was although the contract
 * changed. Both are policies a team opts into (their rules are off by default): specver keeps contract
 * versions in .specver/versions.json, and many teams never touch info.version.
 */
import semver from 'semver';
import type { RawChange } from './types.ts';

export function infoVersionChanges(baseDoc: unknown, revisionDoc: unknown, changes: RawChange[]): RawChange[] {
  const before = versionOf(baseDoc);
  const after = versionOf(revisionDoc);
  if (before === undefined || after === undefined) return [];
  const pointer = '/info/version';
  if (before === after) {
    const others = changes.filter((c) => !(c.kind === 'info' && c.context.field === 'version')).length;
    if (others === 0) return [];
    return [{ kind: 'info-version', action: 'unchanged', basePointer: pointer, revisionPointer: pointer, before, after, context: { field: 'version', value: after, from: before, to: after } }];
  }
  // Loose reading (v2, 1.2): a version that is no semver at all is never called lower.
  const b = semver.coerce(before, { includePrerelease: true });
  const a = semver.coerce(after, { includePrerelease: true });
  if (!b || !a || !semver.lt(a, b)) return [];
  return [{ kind: 'info-version', action: 'decreased', basePointer: pointer, revisionPointer: pointer, before, after, context: { field: 'version', from: before, to: after } }];
}

function versionOf(doc: unknown): string | undefined {
  const version = (doc as { info?: { version?: unknown } } | undefined)?.info?.version;
  return version === undefined || version === null ? undefined : String(version);
}
