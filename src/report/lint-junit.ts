/**
 * `lint --format junit`: one suite per contract, one case per finding at warn level or above (or at the
 * --fail-severity, when lower), one passing case when clean. Only the findings that fail the run are
 * failures, so the report agrees with the exit code: CI test views (GitHub, GitLab, Jenkins, Azure) paint any
 * failure red. The others are passed cases whose system-out says what was found, visible in the case's
 * details without failing the build; "skipped" would read as a check that did not run.
 */
import { atOrAbove } from '../lint/severity-threshold.ts';
import type { LintReport, LintSeverity } from '../lint/types.ts';
import { renderJunit, type JunitSuite } from './junit.ts';

export function renderLintJunit(report: LintReport, failSeverity: LintSeverity = 'error'): string {
  const shown: LintSeverity = atOrAbove(failSeverity, 'warn') ? 'warn' : failSeverity;
  const suites: JunitSuite[] = report.contracts.map((result) => {
    const cases = result.violations
      .filter((v) => atOrAbove(v.severity, shown))
      .map((v) => {
        const where = `${v.file}:${v.line ?? 0} ${v.pointer}`;
        const base = { name: `${v.rule} ${v.file}:${v.line ?? 0}`, className: `specver.lint.${result.name}` };
        return atOrAbove(v.severity, failSeverity)
          ? { ...base, failure: { message: v.message, type: v.severity, detail: where } }
          : { ...base, systemOut: `${v.severity} (below --fail-severity ${failSeverity}, not failing): ${v.message} at ${where}` };
      });
    return { name: `lint ${result.name}`, cases: cases.length ? cases : [{ name: 'no violations', className: `specver.lint.${result.name}` }] };
  });
  return renderJunit('specver lint', suites);
}
