/** Human output of `breaking`: `[breaking]` / `[non-breaking]` lines per contract, then the count line. */
import type { Output } from '../cli/output.ts';
import type { Comparison } from '../pipeline/compare-contract.ts';
import { describeFinding } from './change-line.ts';

export function breakingCount(comparisons: Comparison[]): number {
  return comparisons.reduce((n, c) => n + c.summary.breaking, 0);
}

export function countLine(count: number): string {
  if (count === 0) return 'No breaking changes found';
  return `${count} breaking ${count === 1 ? 'change' : 'changes'} found`;
}

/** Lines of the report; with `quiet`, only breaking lines and the count line. */
export function renderBreakingText(out: Output, comparisons: Comparison[], quiet: boolean): string {
  const lines: string[] = [];
  for (const { contract, hasBase, findings } of comparisons) {
    const relevant = findings.filter((f) => f.severity === 'breaking' || (!quiet && f.severity === 'non-breaking'));
    if (!quiet) {
      const title = `${out.paint('bold', contract.name)} (${contract.format})`;
      if (!hasBase) lines.push(`${title}: new contract, nothing to compare`);
      else lines.push(relevant.length === 0 ? `${title}: no changes` : title);
    }
    for (const finding of relevant) {
      const tag = finding.severity === 'breaking' ? out.paint('red', '[breaking]') : out.paint('yellow', '[non-breaking]');
      lines.push(`${quiet ? `${contract.name}: ` : '  '}${tag} ${describeFinding(finding)}`);
    }
  }
  lines.push(countLine(breakingCount(comparisons)));
  return lines.join('\n');
}
