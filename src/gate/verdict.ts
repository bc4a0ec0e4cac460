/**
 * The verdict of the `breaking` gate. Every breaking change is one of:
 *   waived        a current waiver matches it: shown, never fails the gate;
 *   acknowledged  a pending changeset declares `major` for its contract: shown, fails the gate unless
 *                 acknowledged changes are allowed (--allow-acknowledged, gate.allowAcknowledged);
 *   open          fails the gate.
 * An expired waiver fails the gate too, and so does a contract that cannot be read (nothing proves it has no
 * breaking change); a waiver that matches nothing is a warning. Pure.
 */
import type { Finding } from '../classify/types.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import type { GatePolicy } from './prepare-gate.ts';
import { globMatches, isExpired, waiverMatches, type Waiver, type WaiverFile } from './waivers.ts';
import { didYouMean } from '../toolkit/close-matches.ts';

export type FindingStatus =
  | { kind: 'open' }
  | { kind: 'acknowledged'; changesets: string[] }
  | { kind: 'waived'; waiver: Waiver };

export interface GateInput {
  /** Contract name -> files of the pending changesets that declare `major` for it. */
  acknowledgements: Record<string, string[]>;
  waivers: WaiverFile;
  /** YYYY-MM-DD */
  today: string;
  allowAcknowledged: boolean;
  /** At a git base: whose policy judged, and every change the pull request makes to it. */
  policy?: GatePolicy;
  /** The rule ids a waiver may name (known-rule-ids.ts); without it, waivers' rule ids are not checked. */
  knownRules?: ReadonlySet<string>;
}

export interface GateVerdict {
  comparisons: Comparison[];
  /** Status of each breaking finding (other findings are not judged). */
  status: Map<Finding, FindingStatus>;
  waiverFile: string;
  expired: Waiver[];
  unmatched: Waiver[];
  /** Unmatched waivers whose rule matches no known rule id, with the closest ids ('' when none is close). */
  unknownRule: Map<Waiver, string>;
  allowAcknowledged: boolean;
  policy?: GatePolicy;
  /** `unreadable`: contracts whose spec or base cannot be read. */
  counts: { breaking: number; open: number; acknowledged: number; waived: number; unreadable: number };
  /** True when the gate fails (exit 1). */
  failed: boolean;
}

const NO_WAIVERS: WaiverFile = { file: '.specver/waivers.yaml', waivers: [] };

export function judge(comparisons: Comparison[], input: Partial<GateInput> = {}): GateVerdict {
  const waiverFile = input.waivers ?? NO_WAIVERS;
  const today = input.today ?? '0000-00-00';
  const allowAcknowledged = input.allowAcknowledged === true;
  const current = waiverFile.waivers.filter((w) => !isExpired(w, today));
  const expired = waiverFile.waivers.filter((w) => isExpired(w, today));
  const used = new Set<Waiver>();
  const status = new Map<Finding, FindingStatus>();
  const counts = { breaking: 0, open: 0, acknowledged: 0, waived: 0, unreadable: comparisons.filter((c) => c.error).length };
  for (const { contract, findings } of comparisons) {
    const acknowledgedBy = input.acknowledgements?.[contract.name] ?? [];
    for (const finding of findings) {
      // Waivers may also match non-breaking changes (they are then simply not unmatched).
      const waiver = current.find((w) => waiverMatches(w, contract.name, finding));
      if (waiver) used.add(waiver);
      if (finding.severity !== 'breaking') continue;
      counts.breaking++;
      if (waiver) {
        status.set(finding, { kind: 'waived', waiver });
        counts.waived++;
      } else if (acknowledgedBy.length > 0) {
        status.set(finding, { kind: 'acknowledged', changesets: acknowledgedBy });
        counts.acknowledged++;
      } else {
        status.set(finding, { kind: 'open' });
        counts.open++;
      }
    }
  }
  // A waiver for a contract this run did not compare (breaking --contract x) is not "unmatched".
  const compared = comparisons.map((c) => c.contract.name);
  const unmatched = current.filter((w) => !used.has(w) && compared.some((name) => globMatches(w.contract, name)));
  const unknownRule = new Map<Waiver, string>();
  const known = input.knownRules;
  if (known) {
    for (const w of unmatched) if (![...known].some((id) => globMatches(w.rule, id))) unknownRule.set(w, didYouMean(w.rule, known) ?? '');
  }
  const failed = counts.open > 0 || (!allowAcknowledged && counts.acknowledged > 0) || expired.length > 0 || counts.unreadable > 0;
  return { comparisons, status, waiverFile: waiverFile.file, expired, unmatched, unknownRule, allowAcknowledged, ...(input.policy ? { policy: input.policy } : {}), counts, failed };
}

/** Whether a breaking finding fails the gate (open, or acknowledged while acknowledged changes are not allowed). */
export function isBlocking(verdict: GateVerdict, finding: Finding): boolean {
  const status = verdict.status.get(finding);
  return !status || status.kind === 'open' || (status.kind === 'acknowledged' && !verdict.allowAcknowledged);
}

/** "(acknowledged by x.md)" / "(waived: reason, until 2026-12-31)" for human output; '' for open changes. */
export function statusNote(status: FindingStatus | undefined): string {
  if (!status || status.kind === 'open') return '';
  if (status.kind === 'acknowledged') return `(acknowledged by ${status.changesets.join(', ')})`;
  const until = status.waiver.expires ? `, until ${status.waiver.expires}` : '';
  return `(waived: ${status.waiver.reason}${until})`;
}

/** One line per waiver problem: expired ones are errors, unmatched ones warnings. */
export function waiverProblems(verdict: GateVerdict): { errors: string[]; warnings: string[] } {
  const name = (w: Waiver) => `${verdict.waiverFile}:${w.line}: waiver for ${w.rule} on ${w.contract} at ${w.location}`;
  return {
    errors: verdict.expired.map((w) => `${name(w)} expired on ${w.expires}: remove it, or renew it if the break is still accepted`),
    warnings: verdict.unmatched.map((w) => {
      const unknown = verdict.unknownRule.get(w);
      // A misspelt rule id waives nothing: say so, with the id it was probably meant to be.
      if (unknown !== undefined) return `${name(w)} names no known rule${unknown ? `: ${unknown}` : ": run 'specver rules list' for the ids"}`;
      return `${name(w)} matches no change: remove it if the change was released or reverted`;
    }),
  };
}
