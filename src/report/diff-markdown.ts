/** `diff --format markdown`: the table a pull-request comment or job summary shows. */
import type { Comparison } from '../pipeline/comparison.ts';
import type { Severity } from '../types.ts';
import { bySeverity, describeFinding, whereOf } from './change-line.ts';

const BADGE: Record<Severity, string> = {
  breaking: '🔴 BREAKING',
  'non-breaking': '🟡 non-breaking',
  patch: '⚪ patch',
};

/** Table cells must not break the row: escape pipes, fold newlines, keep code spans intact. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/</g, '&lt;');
}

export function renderDiffMarkdown(comparisons: Comparison[], severity: Severity | 'all'): string {
  const lines = ['## API contract changes', ''];
  const rows: string[] = [];
  for (const { contract, findings } of comparisons) {
    for (const finding of bySeverity(findings)) {
      if (severity !== 'all' && finding.severity !== severity) continue;
      rows.push(`| ${cell(contract.name)} | ${BADGE[finding.severity]} | ${cell(describeFinding(finding))} | \`${cell(whereOf(finding))}\` |`);
    }
  }
  if (rows.length === 0) lines.push('No changes against the last released versions.');
  else lines.push('| Contract | Severity | Change | Location |', '|---|---|---|---|', ...rows);
  lines.push('');
  const bumps = comparisons.map(({ contract, summary, hasBase }) => {
    if (!hasBase) return `\`${contract.name}\`: new contract`;
    if (!summary.bump) return `\`${contract.name}\`: no changes`;
    return `\`${contract.name}\`: **${summary.bump}** (${summary.breaking} breaking, ${summary.nonBreaking} non-breaking, ${summary.patch} patch)`;
  });
  lines.push(`**Suggested bumps:** ${bumps.join(' · ')}`);
  return `${lines.join('\n')}\n`;
}
