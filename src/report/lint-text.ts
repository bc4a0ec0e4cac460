/** `lint` text output: one block per contract, `[level] rule message file:line`, then a count line. */
import { countBySeverity, type LintReport, type LintSeverity, type LintViolation } from '../lint/types.ts';
import { fails } from '../lint/severity-threshold.ts';

type Paint = (colour: 'red' | 'yellow' | 'blue' | 'gray' | 'green' | 'bold', text: string) => string;
const plain: Paint = (_colour, text) => text;

const COLOUR = { error: 'red', warn: 'yellow', info: 'blue', hint: 'gray' } as const;

export interface LintTextOptions {
  /** The lowest level that fails the run (`--fail-severity`). */
  failSeverity?: LintSeverity;
  /** `-q`: only contracts with findings, no per-contract counts. */
  quiet?: boolean;
  /** `--verbose`: baselined findings are listed too. */
  verbose?: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function lintCountLine(report: LintReport, failSeverity: LintSeverity = 'error'): string {
  const failed = report.contracts.filter((c) => fails(c, failSeverity)).length;
  const passed = report.contracts.length - failed;
  const baselined = report.contracts.reduce((n, c) => n + (c.baselined?.length ?? 0), 0);
  const what = failSeverity === 'error' ? 'with errors' : `with findings at ${failSeverity} or above`;
  return `${plural(passed, 'contract')} passed, ${failed} ${what}${baselined > 0 ? ` (${plural(baselined, 'baselined finding')} not counted)` : ''}`;
}

function line(v: LintViolation, paint: Paint, tag?: string): string {
  const where = v.line ? `${v.file}:${v.line}` : v.file;
  const label = tag ? paint('gray', `[${tag}]`) : paint(COLOUR[v.severity], `[${v.severity}]`);
  return `  ${label} ${v.rule} ${v.message} ${paint('gray', where)}`;
}

export function renderLintText(report: LintReport, paint: Paint = plain, options: LintTextOptions = {}): string {
  const lines: string[] = [];
  for (const result of report.contracts) {
    const baselined = result.baselined ?? [];
    if (options.quiet && result.violations.length === 0) continue;
    lines.push(paint('bold', `${result.name} (${result.format}, ${result.spec})  ${result.file}`));
    for (const fix of result.fixed) lines.push(`  ${paint('green', '[fixed]')} ${fix.rule} ${fix.description} ${fix.file} ${paint('gray', fix.pointer || '/')}`);
    if (result.violations.length === 0) lines.push(`  ${paint('green', baselined.length > 0 ? 'no new violations' : 'no violations')}`);
    for (const v of result.violations) lines.push(line(v, paint));
    if (options.verbose) for (const v of baselined) lines.push(line(v, paint, `baselined ${v.severity}`));
    if (result.violations.length && !options.quiet) {
      const c = countBySeverity(result.violations);
      lines.push(`  ${plural(c.error, 'error')}, ${plural(c.warn, 'warning')}${c.info ? `, ${c.info} info` : ''}${c.hint ? `, ${plural(c.hint, 'hint')}` : ''}`);
    }
    if (baselined.length > 0 && !options.verbose && !options.quiet) lines.push(`  ${paint('gray', `${plural(baselined.length, 'baselined finding')} (--verbose lists them)`)}`);
    lines.push('');
  }
  lines.push(lintCountLine(report, options.failSeverity));
  return `${lines.join('\n')}\n`;
}
