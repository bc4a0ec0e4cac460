/**
 * Release safety: a contract must not be released under a lower bump than its changes require (breaking ->
 * major, non-breaking -> minor, patch -> patch). The check is pure: the caller supplies, per contract, the bump
 * its spec changes require since the last release (in pre mode: since the cycle's initial version, so the
 * whole cycle is judged) and one change that requires it.
 */
import type { Finding } from '../classify/types.ts';
import type { PreState } from '../store/state.ts';
import { BUMP_ORDER, highestBump, type Bump, type VersioningMode } from '../types.ts';
import type { Changeset } from './changeset-file.ts';

export interface RequiredBump {
  bump: Bump | null;
  /** Snapshot version the changes were measured from. */
  since: string;
  /** One change that requires `bump` (the first of the highest severity). */
  example?: Finding;
  /** Every change since `since` (waivers are matched against them). */
  findings?: Finding[];
}

export interface Downgrade {
  contract: string;
  declared: Bump;
  required: Bump;
  since: string;
  example?: Finding;
  /** The pending changeset to raise (the first naming the contract), with the line of its entry. */
  changeset?: { id: string; file: string; line?: number };
  /** `_downgrade-reason` of a pending changeset naming the contract: the lower bump is accepted. */
  reason?: string;
}

export interface DowngradeInput {
  versioning: VersioningMode;
  changesets: readonly Changeset[];
  pre?: PreState;
  /** The contracts this run releases (graduations without new changesets excluded). */
  releasing: readonly string[];
}

/** Where each contract's required bump is measured from: the pre cycle's initial version, else the current one. */
export function measuredFrom(contract: string, versions: Record<string, string>, pre?: PreState): string | undefined {
  return pre?.initialVersions[contract] ?? versions[contract];
}

function naming(changesets: readonly Changeset[], contract: string, fixed: boolean): Changeset[] {
  return fixed ? changesets.filter((c) => c.releases.length > 0) : changesets.filter((c) => c.releases.some((r) => r.contract === contract));
}

/** The bump the run declares for a contract: its pending bumps plus, in pre mode, the bumps of the cycle. */
function declaredBump(input: DowngradeInput, contract: string): Bump | undefined {
  const fixed = input.versioning === 'fixed';
  const pending = naming(input.changesets, contract, fixed).flatMap((c) =>
    c.releases.filter((r) => fixed || r.contract === contract).map((r) => r.bump),
  );
  const cycle = (input.pre?.changesets ?? []).flatMap((c) =>
    Object.entries(c.bumps)
      .filter(([name]) => fixed || name === contract)
      .map(([, bump]) => bump),
  );
  return highestBump([...pending, ...cycle]);
}

/** Contracts whose declared bump is lower than the required one (accepted ones carry their `reason`). */
export function findDowngrades(input: DowngradeInput, required: Record<string, RequiredBump>): Downgrade[] {
  const fixed = input.versioning === 'fixed';
  const downgrades: Downgrade[] = [];
  for (const contract of input.releasing) {
    const need = required[contract];
    const declared = declaredBump(input, contract);
    if (!need?.bump || !declared || BUMP_ORDER[declared] >= BUMP_ORDER[need.bump]) continue;
    const changesets = naming(input.changesets, contract, fixed);
    const first = changesets[0];
    const line = first?.releases.find((r) => fixed || r.contract === contract)?.line;
    const reason = changesets.find((c) => c.downgradeReason)?.downgradeReason;
    downgrades.push({
      contract,
      declared,
      required: need.bump,
      since: need.since,
      ...(need.example ? { example: need.example } : {}),
      ...(first ? { changeset: { id: first.id, file: first.file, ...(line ? { line } : {}) } } : {}),
      ...(reason ? { reason } : {}),
    });
  }
  return downgrades;
}

/** The first change of the highest severity: what a refusal names. */
export function exampleOf(findings: readonly Finding[], bump: Bump | null): Finding | undefined {
  if (!bump) return undefined;
  const severity = bump === 'major' ? 'breaking' : bump === 'minor' ? 'non-breaking' : 'patch';
  return findings.find((f) => f.severity === severity);
}

/** One line naming the contract and one change: "changeset declares patch for petstore, but ..." (the caller adds the file). */
export function describeDowngrade(d: Downgrade, describe: (f: Finding) => string): string {
  const who = d.changeset ? 'changeset declares' : 'the pending changesets declare';
  const change = d.example ? `: ${describe(d.example)}` : '';
  return `${who} ${d.declared} for ${d.contract}, but its changes since ${d.contract}@${d.since} require ${d.required}${change}`;
}
