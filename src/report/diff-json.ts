/** The --json documents of `diff` and `breaking` (schemas/output/diff.schema.json, breaking.schema.json). */
import type { Finding, Summary } from '../classify/types.ts';
import type { Comparison } from '../pipeline/compare-contract.ts';
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
  const { rule, category, severity, message, location, side, file, line, method, path, usedBy } = finding;
  return { rule, category, severity, message, location, side, file, line, method, path, usedBy };
}

function contractJson(comparison: Comparison, filter: (f: Finding) => boolean) {
  const { contract, base, hasBase, findings, summary } = comparison;
  return {
    name: contract.name,
    format: contract.format,
    path: contract.path,
    base: { label: base.label, version: base.version, file: base.file, present: hasBase },
    summary,
    changes: findings.filter(filter).map(findingJson),
  };
}

export function diffJson(comparisons: Comparison[], severity: Severity | 'all') {
  const filter = (f: Finding) => severity === 'all' || f.severity === severity;
  return { contracts: comparisons.map((c) => contractJson(c, filter)), summary: totals(comparisons) };
}

export function breakingJson(comparisons: Comparison[]) {
  const summary = totals(comparisons);
  return {
    breaking: summary.breaking > 0,
    breakingCount: summary.breaking,
    contracts: comparisons.map((c) => contractJson(c, (f) => f.severity !== 'patch')),
    summary,
  };
}
