/** `diff --format markdown`: the table a pull-request comment or job summary shows. */
import type { Comparison } from '../pipeline/comparison.ts';
import type { Severity } from '../types.ts';
import { bySeverity, describeFinding, whereOf } from './change-line.ts';
import { codeSpan, markdownText } from './markdown-text.ts';

const BADGE: Record<Severity, string> = {
  breaking: '🔴 BREAKING',
  'non-breaking': '🟡 non-breaking',
  patch: '⚪ patch',
};

export function renderDiffMarkdown(comparisons: Comparison[], severity: Severity | 'all'): string {
  const lines = ['## API contract changes', ''];
  const rows: string[] = [];
  for (const { contract, findings } of comparisons) {
    for (const finding of bySeverity(findings)) {
      if (severity !== 'all' && finding.severity !== severity) continue;
      // <code> rather than a code span: inside a table a code span cannot show a backslash before a pipe.
      rows.push(`| ${markdownText(contract.name)} | ${BADGE[finding.severity]} | ${markdownText(describeFinding(finding))} | <code>${markdownText(whereOf(finding))}</code> |`);
    }
  }
  if (rows.length === 0) lines.push('No changes against the last released versions.');
  else lines.push('| Contract | Severity | Change | Location |', '|---|---|---|---|', ...rows);
  lines.push('');
  const bumps = comparisons.map(({ contract, summary, hasBase }) => {
    const name = codeSpan(contract.name);
    if (!hasBase) return `${name}: new contract`;
    if (!summary.bump) return `${name}: no changes`;
    return `${name}: **${summary.bump}** (${summary.breaking} breaking, ${summary.nonBreaking} non-breaking, ${summary.patch} patch)`;
  });
  lines.push(`**Suggested bumps:** ${bumps.join(' · ')}`);
  return `${lines.join('\n')}\n`;
}
