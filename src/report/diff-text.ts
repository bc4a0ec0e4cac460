/** Human output of `diff`: per contract a header with counts and the suggested bump, then one line per change. */
import type { Output } from '../cli/output.ts';
import type { Summary } from '../classify/types.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import type { Severity } from '../types.ts';
import { bySeverity, describeFinding, overrideNote, SEVERITY_LABEL, whereOf } from './change-line.ts';

const COLOUR = { breaking: 'red', 'non-breaking': 'yellow', patch: 'gray' } as const;

export function countsLine(summary: Summary): string {
  const noun = summary.total === 1 ? 'change' : 'changes';
  return `${summary.total} ${noun} (${summary.breaking} breaking, ${summary.nonBreaking} non-breaking, ${summary.patch} patch)`;
}

/** The final line: what the whole run found, so a long report need not be scrolled back. */
export function totalLine(comparisons: Comparison[]): string {
  const sum = (pick: (s: Summary) => number) => comparisons.reduce((n, c) => n + pick(c.summary), 0);
  const total = sum((s) => s.total);
  const contracts = comparisons.filter((c) => c.summary.total > 0).length;
  const failed = comparisons.filter((c) => c.error).length;
  const notCompared = failed > 0 ? `; ${failed} ${failed === 1 ? 'contract' : 'contracts'} not compared (cannot be read)` : '';
  const compared = comparisons.length - failed;
  if (total === 0) return `No changes in ${compared} ${compared === 1 ? 'contract' : 'contracts'}${notCompared}`;
  const noun = contracts === 1 ? 'contract' : 'contracts';
  return `${total} ${total === 1 ? 'change' : 'changes'} in ${contracts} ${noun}: ${sum((s) => s.breaking)} breaking, ${sum((s) => s.nonBreaking)} non-breaking, ${sum((s) => s.patch)} patch${notCompared}`;
}

/** The line of a contract that could not be compared: what failed and where (the error's hint goes to stderr). */
export function notComparedLine(comparison: Comparison): string {
  return `not compared: ${comparison.error?.message ?? ''}`;
}

export function renderDiffText(
  out: Output,
  comparisons: Comparison[],
  options: { severity: Severity | 'all'; verbose: boolean; quiet?: boolean },
): string {
  const lines: string[] = [];
  for (const comparison of comparisons) {
    const { contract, base, hasBase, findings, summary } = comparison;
    // Transitive compatibility: the earlier releases checked too.
    const earlier = base.earlier?.length ? ` and ${base.earlier.join(', ')}` : '';
    const title = `${out.paint('bold', contract.name)} (${contract.format}, ${contract.path} vs ${base.label}${earlier})`;
    if (comparison.error) {
      lines.push(`${title}: ${out.paint('red', notComparedLine(comparison))}`);
      continue;
    }
    if (!hasBase) {
      lines.push(`${title}: new contract, not present at the base`);
      continue;
    }
    if (summary.total === 0) {
      lines.push(`${title}: no changes`);
      continue;
    }
    lines.push(`${title}: ${countsLine(summary)}, suggested bump: ${summary.bump}`);
    // --quiet: the per-contract counts only.
    if (options.quiet) continue;
    const shown = bySeverity(options.severity === 'all' ? findings : findings.filter((f) => f.severity === options.severity));
    for (const finding of shown) {
      const label = SEVERITY_LABEL[finding.severity].padEnd(12);
      lines.push(`  ${out.paint(COLOUR[finding.severity], label)} ${describeFinding(finding)} ${out.paint('dim', `[${finding.rule}]`)}`);
      if (options.verbose) {
        lines.push(`               ${out.paint('gray', `at ${finding.location || '/'} (${whereOf(finding)})`)}`);
        const override = overrideNote(finding);
        if (override) lines.push(`               ${out.paint('gray', override)}`);
      }
    }
    if (shown.length === 0) lines.push(`  no ${options.severity} changes`);
  }
  lines.push(totalLine(comparisons));
  return lines.join('\n');
}
