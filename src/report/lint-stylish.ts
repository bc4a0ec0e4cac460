/** `lint --format stylish`: ESLint's stylish layout, grouped by file, with a problem count at the end. */
import type { LintReport, LintViolation } from '../lint/types.ts';

const LABEL = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' } as const;

export function renderLintStylish(report: LintReport): string {
  const byFile = new Map<string, LintViolation[]>();
  for (const result of report.contracts) {
    for (const v of result.violations) {
      const list = byFile.get(v.file) ?? [];
      list.push(v);
      byFile.set(v.file, list);
    }
  }
  const lines: string[] = [];
  let errors = 0;
  let warnings = 0;
  for (const [file, violations] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(file);
    const sorted = [...violations].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const lineWidth = Math.max(...sorted.map((v) => String(v.line ?? 0).length));
    const levelWidth = Math.max(...sorted.map((v) => LABEL[v.severity].length));
    const messageWidth = Math.max(...sorted.map((v) => v.message.length));
    for (const v of sorted) {
      if (v.severity === 'error') errors++;
      else if (v.severity === 'warn') warnings++;
      lines.push(`  ${String(v.line ?? 0).padStart(lineWidth)}  ${LABEL[v.severity].padEnd(levelWidth)}  ${v.message.padEnd(messageWidth)}  ${v.rule}`);
    }
    lines.push('');
  }
  const total = [...byFile.values()].reduce((n, list) => n + list.length, 0);
  if (total === 0) return '';
  lines.push(`\u2716 ${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})`);
  return `${lines.join('\n')}\n`;
}
