/** `diff --format markdown`: the table a pull-request comment or job summary shows. */
import type { Finding } from '../classify/types.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import type { Severity } from '../types.ts';
import { bySeverity, describeFinding, whereOf } from './change-line.ts';
import { codeSpan, markdownText } from './markdown-text.ts';

export const BADGE: Record<Severity, string> = {
  breaking: '🔴 BREAKING',
  'non-breaking': '🟡 non-breaking',
  patch: '⚪ patch',
};

/**
 * What the changes were found against, as markdown: the git ref (`--base <ref>`) or the old spec given on the
 * command line when every contract was compared with the same one, else the last released versions.
 */
export function againstMarkdown(comparisons: readonly Comparison[]): string {
  const compared = comparisons.filter((c) => !c.error && c.hasBase);
  const bases = new Set(compared.map((c) => (c.inputs ? c.inputs.base : c.base.label.startsWith('git:') ? c.base.label.slice('git:'.length) : '')));
  const [only] = bases;
  return bases.size === 1 && only ? codeSpan(only) : 'the last released versions';
}

/** The changes table (or a no-changes line); `note` adds what the gate made of a change. */
export function changesTable(comparisons: readonly Comparison[], severity: Severity | 'all', note: (finding: Finding) => string = () => ''): string[] {
  const rows: string[] = [];
  for (const { contract, findings } of comparisons) {
    for (const finding of bySeverity(findings)) {
      if (severity !== 'all' && finding.severity !== severity) continue;
      const extra = note(finding);
      const change = `${describeFinding(finding)}${extra ? ` ${extra}` : ''}`;
      // <code> rather than a code span: inside a table a code span cannot show a backslash before a pipe.
      rows.push(`| ${markdownText(contract.name)} | ${BADGE[finding.severity]} | ${markdownText(change)} | <code>${markdownText(whereOf(finding))}</code> |`);
    }
  }
  if (rows.length === 0) return [`No changes against ${againstMarkdown(comparisons)}.`];
  return ['| Contract | Severity | Change | Location |', '|---|---|---|---|', ...rows];
}

/** "**Suggested bumps:** `petstore`: **major** (1 breaking, ...) · `orders`: no changes". */
export function bumpsLine(comparisons: readonly Comparison[]): string {
  const bumps = comparisons.map(({ contract, summary, hasBase, error }) => {
    const name = codeSpan(contract.name);
    if (error) return `${name}: **not compared** (${markdownText(error.message)})`;
    if (!hasBase) return `${name}: new contract`;
    if (!summary.bump) return `${name}: no changes`;
    return `${name}: **${summary.bump}** (${summary.breaking} breaking, ${summary.nonBreaking} non-breaking, ${summary.patch} patch)`;
  });
  return `**Suggested bumps:** ${bumps.join(' · ')}`;
}

export function renderDiffMarkdown(comparisons: Comparison[], severity: Severity | 'all'): string {
  const lines = ['## API contract changes', '', ...changesTable(comparisons, severity), '', bumpsLine(comparisons)];
  return `${lines.join('\n')}\n`;
}
