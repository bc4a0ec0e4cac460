/**
 * The summary specver generates for a changeset (`changeset --no-interactive` without --message, and the
 * default answer of the interactive summary prompt): per contract the counts, then the first few breaking
 * changes (or, without any, the first few others), so the changelog leads with what can break a client.
 * It is one line of markdown, with the spec text in it escaped: it goes on into CHANGELOG.md, the release PR
 * body and job summaries, where a path holding a newline or HTML must show as text.
 */
import type { Finding } from '../classify/types.ts';
import { bySeverity, describeFinding } from '../report/change-line.ts';
import { markdownText } from '../report/markdown-text.ts';
import type { Bump } from '../types.ts';

const SHOWN = 3;

export interface DetectedChanges {
  contract: string;
  bump: Bump;
  findings: readonly Finding[];
}

/** "3 changes (1 breaking, 2 non-breaking)": only the severities present. */
export function countsText(findings: readonly Finding[]): string {
  const count = (severity: Finding['severity']) => findings.filter((f) => f.severity === severity).length;
  const parts = (['breaking', 'non-breaking', 'patch'] as const).filter((s) => count(s) > 0).map((s) => `${count(s)} ${s}`);
  return `${findings.length} ${findings.length === 1 ? 'change' : 'changes'} (${parts.join(', ')})`;
}

function contractSummary({ contract: name, bump, findings }: DetectedChanges): string {
  const contract = markdownText(name);
  if (findings.length === 0) return `${contract}: ${bump} changes`;
  const breaking = findings.filter((f) => f.severity === 'breaking');
  const lead = breaking.length > 0 ? breaking : bySeverity(findings);
  const items = [...new Set(lead.map((f) => markdownText(describeFinding(f))))];
  const more = items.length > SHOWN ? ` (and ${items.length - SHOWN} more${breaking.length > 0 ? ' breaking' : ''})` : '';
  return `${contract}: ${countsText(findings)}. ${breaking.length > 0 ? 'Breaking: ' : ''}${items.slice(0, SHOWN).join('; ')}${more}`;
}

/** One line: the contracts' summaries after one another. */
export function generatedSummary(changes: readonly DetectedChanges[]): string {
  return changes.map(contractSummary).join('. ');
}
