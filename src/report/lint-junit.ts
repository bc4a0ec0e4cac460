/** `lint --format junit`: one suite per contract, one failing case per error or warning, one passing case when clean. */
import type { LintReport } from '../lint/types.ts';
import { renderJunit, type JunitSuite } from './junit.ts';

export function renderLintJunit(report: LintReport): string {
  const suites: JunitSuite[] = report.contracts.map((result) => {
    const cases = result.violations
      .filter((v) => v.severity === 'error' || v.severity === 'warn')
      .map((v) => ({
        name: `${v.rule} ${v.file}:${v.line ?? 0}`,
        className: `specver.lint.${result.name}`,
        failure: { message: v.message, type: v.severity, detail: `${v.file}:${v.line ?? 0} ${v.pointer}` },
      }));
    return { name: `lint ${result.name}`, cases: cases.length ? cases : [{ name: 'no violations', className: `specver.lint.${result.name}` }] };
  });
  return renderJunit('specver lint', suites);
}
