/** `lint --format github`: GitHub Actions workflow annotations, one per violation, with file and line. */
import type { LintReport } from '../lint/types.ts';
import { lintCountLine } from './lint-text.ts';
import { escapeCommandData as escapeData, escapeCommandProperty as escapeProperty } from './workflow-command.ts';

const LEVEL = { error: 'error', warn: 'warning', info: 'notice', hint: 'notice' } as const;

export function renderLintGithub(report: LintReport): string {
  const lines: string[] = [];
  for (const result of report.contracts) {
    for (const v of result.violations) {
      const props = [`file=${escapeProperty(v.file)}`];
      if (v.line) props.push(`line=${v.line}`);
      props.push(`title=${escapeProperty(`specver lint: ${v.rule}`)}`);
      lines.push(`::${LEVEL[v.severity]} ${props.join(',')}::${escapeData(v.message)}`);
    }
  }
  lines.push(lintCountLine(report));
  return `${lines.join('\n')}\n`;
}
