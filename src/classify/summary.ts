/** Counts per severity and the suggested bump (pure). */
import { BUMP_FOR_SEVERITY, highestBump } from '../types.ts';
import type { Finding, Summary } from './types.ts';

export function summarize(findings: Finding[]): Summary {
  const summary: Summary = { total: findings.length, breaking: 0, nonBreaking: 0, patch: 0, bump: null };
  for (const finding of findings) {
    if (finding.severity === 'breaking') summary.breaking++;
    else if (finding.severity === 'non-breaking') summary.nonBreaking++;
    else summary.patch++;
  }
  summary.bump = highestBump(findings.map((f) => BUMP_FOR_SEVERITY[f.severity])) ?? null;
  return summary;
}
