/** Human output of `diff`: per contract a header with counts and the suggested bump, then one line per change. */
import type { Output } from '../cli/output.ts';
import type { Summary } from '../classify/types.ts';
import type { Comparison } from '../pipeline/compare-contract.ts';
import type { Severity } from '../types.ts';
import { describeFinding, SEVERITY_LABEL, whereOf } from './change-line.ts';

const COLOUR = { breaking: 'red', 'non-breaking': 'yellow', patch: 'gray' } as const;

export function countsLine(summary: Summary): string {
  const noun = summary.total === 1 ? 'change' : 'changes';
  return `${summary.total} ${noun} (${summary.breaking} breaking, ${summary.nonBreaking} non-breaking, ${summary.patch} patch)`;
}

export function renderDiffText(
  out: Output,
  comparisons: Comparison[],
  options: { severity: Severity | 'all'; verbose: boolean },
): string {
  const lines: string[] = [];
  for (const { contract, base, hasBase, findings, summary } of comparisons) {
    const title = `${out.paint('bold', contract.name)} (${contract.format}, ${contract.path} vs ${base.label})`;
    if (!hasBase) {
      lines.push(`${title}: new contract, not present at the base`);
      continue;
    }
    if (summary.total === 0) {
      lines.push(`${title}: no changes`);
      continue;
    }
    lines.push(`${title}: ${countsLine(summary)}, suggested bump: ${summary.bump}`);
    const shown = options.severity === 'all' ? findings : findings.filter((f) => f.severity === options.severity);
    for (const finding of shown) {
      const label = SEVERITY_LABEL[finding.severity].padEnd(12);
      lines.push(`  ${out.paint(COLOUR[finding.severity], label)} ${describeFinding(finding)}`);
      if (options.verbose) {
        lines.push(`               ${out.paint('gray', `${finding.rule} at ${finding.location || '/'} (${whereOf(finding)})`)}`);
      }
    }
    if (shown.length === 0) lines.push(`  no ${options.severity} changes`);
  }
  return lines.join('\n');
}
