/**
 * Human output of `breaking`: per contract its counts per severity, then `[breaking]` / `[non-breaking]` lines
 * (the tags the specification gives this command; the same words as every other reporter), then the count line.
 */
import type { Output } from '../cli/output.ts';
import { isBlocking, judge, statusNote, waiverProblems, type GateVerdict } from '../gate/verdict.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import { bySeverity, describeFinding, overrideNote } from './change-line.ts';
import { notComparedLine } from './diff-text.ts';
import { policyTextLines } from './policy-changes.ts';

export function breakingCount(comparisons: Comparison[]): number {
  return comparisons.reduce((n, c) => n + c.summary.breaking, 0);
}

export function countLine(count: number): string {
  if (count === 0) return 'No breaking changes found';
  return `${count} breaking ${count === 1 ? 'change' : 'changes'} found`;
}

/** The count line with what the gate made of the changes: "3 breaking changes found (1 acknowledged, 1 waived)". */
export function verdictLine(verdict: GateVerdict): string {
  const { acknowledged, waived, breaking } = verdict.counts;
  const parts = [
    ...(acknowledged > 0 ? [`${acknowledged} acknowledged${verdict.allowAcknowledged ? ' and allowed' : ''}`] : []),
    ...(waived > 0 ? [`${waived} waived`] : []),
  ];
  const unreadable = verdict.counts.unreadable;
  // A contract that cannot be read proves nothing: the line must not read as a pass.
  const failed = unreadable > 0 ? `; ${unreadable} ${unreadable === 1 ? 'contract' : 'contracts'} not compared (cannot be read), so the gate fails` : '';
  return `${countLine(breaking)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}${failed}`;
}

/**
 * Lines of the report; with `quiet`, only breaking lines and the count line; with `verbose`, the severity a
 * scoped override of specver.yaml set, under its change.
 */
export function renderBreakingText(out: Output, comparisons: Comparison[], quiet: boolean, verdict: GateVerdict = judge(comparisons), verbose = false): string {
  // Policy changes come first, even with --quiet: the verdict below depends on them.
  const lines: string[] = policyTextLines(verdict.policy).map((line) => (line.startsWith('  !') ? out.paint('yellow', line) : out.paint('bold', line)));
  for (const comparison of comparisons) {
    const { contract, hasBase, removed, findings, summary } = comparison;
    if (comparison.error) {
      lines.push(`${quiet ? contract.name : `${out.paint('bold', contract.name)} (${contract.format})`}: ${out.paint('red', notComparedLine(comparison))}`);
      continue;
    }
    const relevant = bySeverity(findings).filter((f) => f.severity === 'breaking' || (!quiet && f.severity === 'non-breaking'));
    if (!quiet) {
      const title = `${out.paint('bold', contract.name)} (${contract.format})`;
      if (removed) lines.push(`${title}: removed by this pull request`);
      else if (!hasBase) lines.push(`${title}: new contract, nothing to compare`);
      // Patches are not listed, but counted: "no changes" would hide them.
      else lines.push(summary.total === 0 ? `${title}: no changes` : `${title}: ${summary.breaking} breaking, ${summary.nonBreaking} non-breaking, ${summary.patch} patch`);
    }
    for (const finding of relevant) {
      const status = verdict.status.get(finding);
      const blocking = isBlocking(verdict, finding);
      const tag =
        finding.severity !== 'breaking'
          ? out.paint('yellow', '[non-breaking]')
          : out.paint(blocking ? 'red' : 'yellow', '[breaking]');
      const note = statusNote(status);
      const rule = out.paint('dim', `[${finding.rule}]`);
      lines.push(`${quiet ? `${contract.name}: ` : '  '}${tag} ${describeFinding(finding)}${note ? ` ${note}` : ''} ${rule}`);
      const override = verbose ? overrideNote(finding) : '';
      if (override) lines.push(`      ${out.paint('gray', override)}`);
    }
  }
  // Expired waivers fail the gate: shown as results, even with --quiet.
  for (const error of waiverProblems(verdict).errors) lines.push(out.paint('red', `! ${error}`));
  lines.push(verdictLine(verdict));
  return lines.join('\n');
}
