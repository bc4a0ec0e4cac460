/**
 * `lint --fail-severity`: the lowest level that fails the run (error by default, as Spectral's), and what
 * the displays keep (`--display-only-failures`, `-q`).
 */
import type { ContractLintResult, LintReport, LintSeverity } from './types.ts';

const RANK: Record<LintSeverity, number> = { hint: 0, info: 1, warn: 2, error: 3 };

export function atOrAbove(severity: LintSeverity, threshold: LintSeverity): boolean {
  return RANK[severity] >= RANK[threshold];
}

/** Whether a contract fails the run: a (not baselined) finding at or above the threshold. */
export function fails(result: ContractLintResult, threshold: LintSeverity): boolean {
  return result.violations.some((v) => atOrAbove(v.severity, threshold));
}

/** The report with only the findings at or above `threshold` (baselined ones too). */
export function keepAtOrAbove(report: LintReport, threshold: LintSeverity): LintReport {
  return {
    contracts: report.contracts.map((result) => ({
      ...result,
      violations: result.violations.filter((v) => atOrAbove(v.severity, threshold)),
      ...(result.baselined ? { baselined: result.baselined.filter((v) => atOrAbove(v.severity, threshold)) } : {}),
    })),
  };
}
