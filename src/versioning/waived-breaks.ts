/**
 * Waivers at release time: a breaking change the pull request gate let through with a waiver (specver.yaml
 * `gate.waivers`) was accepted by the team, so `version` must not demand a major bump for it afterwards. Pure:
 * the caller supplies each contract's changes since its last release, the waivers and today.
 */
import type { Finding } from '../classify/types.ts';
import type { Waiver } from '../gate/waivers.ts';
import { isExpired, waiverMatches } from '../gate/waivers.ts';
import { BUMP_FOR_SEVERITY, highestBump, type Bump } from '../types.ts';

/** A breaking change released under a lower bump because a waiver accepted it (a line in the changelog). */
export interface AcceptedBreak {
  contract: string;
  rule: string;
  location: string;
  /** The change as `breaking` describes it. */
  message: string;
  /** The waiver's reason. */
  reason: string;
  /** The waiver file (relative to the project root) and the line of the entry. */
  waiver: { file: string; line: number };
}

export interface WaivedChanges {
  /** The bump the changes require once waived breaking changes are left out (null: none remain). */
  bump: Bump | null;
  /** The first remaining change of the highest severity. */
  example?: Finding;
  /** Each waived breaking change with the waiver that covers it. */
  waived: { finding: Finding; waiver: Waiver }[];
}

/**
 * Leaves out the breaking changes of `contract` that an unexpired waiver covers (the first matching waiver in
 * file order gives the reason, as the gate reports it).
 */
export function waiveBreakingChanges(contract: string, findings: readonly Finding[], waivers: readonly Waiver[], today: string): WaivedChanges {
  const live = waivers.filter((w) => !isExpired(w, today));
  const waived: WaivedChanges['waived'] = [];
  const remaining: Finding[] = [];
  for (const finding of findings) {
    const waiver = finding.severity === 'breaking' ? live.find((w) => waiverMatches(w, contract, finding)) : undefined;
    if (waiver) waived.push({ finding, waiver });
    else remaining.push(finding);
  }
  const bump = highestBump(remaining.map((f) => BUMP_FOR_SEVERITY[f.severity])) ?? null;
  const severity = bump === 'major' ? 'breaking' : bump === 'minor' ? 'non-breaking' : 'patch';
  const example = bump ? remaining.find((f) => f.severity === severity) : undefined;
  return { bump, ...(example ? { example } : {}), waived };
}

/** The changelog line of an accepted break. */
export function acceptedBreakLine(accepted: AcceptedBreak): string {
  return `Accepted breaking change (waived: ${accepted.reason}): ${accepted.message}`;
}

/**
 * The bump `changeset` suggests for a contract's changes: `detected` when no break was waived, else what the
 * remaining changes require, but at least minor: an accepted break still changes what clients can call, which
 * a patch release would hide (`version` accepts either).
 */
export function suggestedBump(detected: Bump, result: WaivedChanges): Bump {
  if (result.waived.length === 0) return detected;
  return highestBump([result.bump ?? 'minor', 'minor'])!;
}
