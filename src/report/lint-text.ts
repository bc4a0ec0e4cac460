/** `lint` text output: one block per contract, `[level] rule message file:line`, then a count line. */
import { countBySeverity, hasErrors, type LintReport } from '../lint/types.ts';

type Paint = (colour: 'red' | 'yellow' | 'blue' | 'gray' | 'green' | 'bold', text: string) => string;
const plain: Paint = (_colour, text) => text;

const COLOUR = { error: 'red', warn: 'yellow', info: 'blue', hint: 'gray' } as const;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function lintCountLine(report: LintReport): string {
  const failed = report.contracts.filter(hasErrors).length;
  const passed = report.contracts.length - failed;
  return `${plural(passed, 'contract')} passed, ${failed} with errors`;
}

export function renderLintText(report: LintReport, paint: Paint = plain): string {
  const lines: string[] = [];
  for (const result of report.contracts) {
    lines.push(paint('bold', `${result.name} (${result.format}, ${result.spec})  ${result.file}`));
    for (const fix of result.fixed) lines.push(`  ${paint('green', '[fixed]')} ${fix.rule} ${fix.description} ${fix.file} ${paint('gray', fix.pointer || '/')}`);
    if (result.violations.length === 0) lines.push(`  ${paint('green', 'no violations')}`);
    for (const v of result.violations) {
      const where = v.line ? `${v.file}:${v.line}` : v.file;
      lines.push(`  ${paint(COLOUR[v.severity], `[${v.severity}]`)} ${v.rule} ${v.message} ${paint('gray', where)}`);
    }
    if (result.violations.length) {
      const c = countBySeverity(result.violations);
      lines.push(`  ${plural(c.error, 'error')}, ${plural(c.warn, 'warning')}${c.info ? `, ${c.info} info` : ''}${c.hint ? `, ${plural(c.hint, 'hint')}` : ''}`);
    }
    lines.push('');
  }
  lines.push(lintCountLine(report));
  return `${lines.join('\n')}\n`;
}
