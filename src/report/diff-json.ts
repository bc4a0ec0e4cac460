/** The --json documents of `diff` and `breaking` (schemas/output/diff.schema.json, breaking.schema.json). */
import type { Finding, Summary } from '../classify/types.ts';
import { judge, waiverProblems, type GateVerdict } from '../gate/verdict.ts';
import type { Waiver } from '../gate/waivers.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import { policyJson } from './policy-changes.ts';
import { highestBump, type Bump, type Severity } from '../types.ts';

function totals(comparisons: Comparison[]): Summary {
  const sum: Summary = { total: 0, breaking: 0, nonBreaking: 0, patch: 0, bump: null };
  for (const { summary } of comparisons) {
    sum.total += summary.total;
    sum.breaking += summary.breaking;
    sum.nonBreaking += summary.nonBreaking;
    sum.patch += summary.patch;
  }
  sum.bump = highestBump(comparisons.map((c) => c.summary.bump).filter((b): b is Bump => b !== null)) ?? null;
  return sum;
}

function findingJson(finding: Finding) {
  const { rule, category, severity, message, location, side, file, line, method, path, usedBy, against, severityOverride } = finding;
  return { rule, category, severity, message, location, side, file, line, method, path, usedBy, against, severityOverride };
}

function waiverJson(waiver: Waiver) {
  const { rule, contract, location, reason, expires, line } = waiver;
  return { rule, contract, location, reason, ...(expires ? { expires } : {}), line };
}

/** A breaking finding with what the gate made of it. */
function gateFindingJson(verdict: GateVerdict) {
  return (finding: Finding) => {
    const status = verdict.status.get(finding);
    if (!status) return findingJson(finding);
    const gate =
      status.kind === 'acknowledged'
        ? { status: status.kind, changesets: status.changesets }
        : status.kind === 'waived'
          ? { status: status.kind, waiver: waiverJson(status.waiver) }
          : { status: status.kind };
    return { ...findingJson(finding), gate };
  };
}

function contractJson(comparison: Comparison, filter: (f: Finding) => boolean, toJson: (f: Finding) => object = findingJson) {
  const { contract, base, hasBase, removed, findings, summary } = comparison;
  return {
    name: contract.name,
    format: contract.format,
    path: contract.path,
    ...(removed ? { removed: true } : {}),
    base: { label: base.label, version: base.version, file: base.file, present: hasBase, earlier: base.earlier },
    summary,
    changes: findings.filter(filter).map(toJson),
    ...(comparison.error ? { error: comparison.error } : {}),
    ...(comparison.inputs ? { inputs: comparison.inputs } : {}),
  };
}

export function diffJson(comparisons: Comparison[], severity: Severity | 'all') {
  const filter = (f: Finding) => severity === 'all' || f.severity === severity;
  return { contracts: comparisons.map((c) => contractJson(c, filter)), summary: totals(comparisons) };
}

export function breakingJson(comparisons: Comparison[], verdict: GateVerdict = judge(comparisons)) {
  const summary = totals(comparisons);
  const problems = waiverProblems(verdict);
  return {
    breaking: verdict.failed,
    breakingCount: summary.breaking,
    contracts: comparisons.map((c) => contractJson(c, (f) => f.severity !== 'patch', gateFindingJson(verdict))),
    summary,
    gate: {
      allowAcknowledged: verdict.allowAcknowledged,
      open: verdict.counts.open,
      acknowledged: verdict.counts.acknowledged,
      waived: verdict.counts.waived,
      unreadable: verdict.counts.unreadable,
      waivers: {
        file: verdict.waiverFile,
        expired: verdict.expired.map((w, i) => ({ ...waiverJson(w), message: problems.errors[i]! })),
        unmatched: verdict.unmatched.map((w, i) => ({ ...waiverJson(w), message: problems.warnings[i]! })),
      },
    },
    ...(verdict.policy ? { policy: policyJson(verdict.policy) } : {}),
  };
}
