/** `specver rules test` results: the JSON document (schemas/output/rules-test.schema.json) and its text. */

export interface RulesTestReport {
  /** specver.yaml whose rule files and severities were used, or null (built-in rules only). */
  config: string | null;
  files: { file: string; rule: string; kind: 'classify' | 'lint'; cases: { group: 'fires' | 'quiet' | 'valid' | 'invalid'; name: string; passed: boolean; problems: string[] }[] }[];
  summary: { cases: number; passed: number; failed: number };
}

type Paint = (colour: 'bold' | 'dim' | 'red' | 'green', text: string) => string;
const plain: Paint = (_colour, text) => text;

/** One block per case file, one line per case (problems indented under a failed one), then the counts. */
export function renderRulesTestText(report: RulesTestReport, paint: Paint = plain): string {
  const lines: string[] = [];
  for (const file of report.files) {
    lines.push(`${paint('bold', file.file)} (${file.rule})`);
    for (const c of file.cases) {
      lines.push(`  ${c.passed ? paint('green', 'pass') : paint('red', 'FAIL')}  ${c.group}: ${c.name}`);
      for (const problem of c.problems) lines.push(`        ${paint('dim', problem)}`);
    }
  }
  const { cases, passed, failed } = report.summary;
  if (lines.length) lines.push('');
  lines.push(`${cases} case${cases === 1 ? '' : 's'}: ${passed} passed, ${failed} failed`);
  return `${lines.join('\n')}\n`;
}
