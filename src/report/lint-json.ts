/** `lint --format json` / `--json`: the document described by schemas/output/lint.schema.json. */
import { countBySeverity, hasErrors, type LintReport } from '../lint/types.ts';

export function lintJson(report: LintReport): object {
  const contracts = report.contracts.map((result) => {
    const counts = countBySeverity(result.violations);
    return {
      name: result.name,
      format: result.format,
      spec: result.spec,
      file: result.file,
      status: hasErrors(result) ? 'failed' : 'passed',
      counts: { error: counts.error, warn: counts.warn, info: counts.info, hint: counts.hint },
      violations: result.violations.map((v) => ({
        rule: v.rule,
        severity: v.severity,
        message: v.message,
        file: v.file,
        line: v.line ?? null,
        pointer: v.pointer,
        fixable: v.fix !== undefined,
      })),
      fixed: result.fixed,
    };
  });
  const failed = contracts.filter((c) => c.status === 'failed').length;
  return {
    contracts,
    summary: {
      contracts: contracts.length,
      passed: contracts.length - failed,
      failed,
      errors: contracts.reduce((n, c) => n + c.counts.error, 0),
      warnings: contracts.reduce((n, c) => n + c.counts.warn, 0),
      fixed: contracts.reduce((n, c) => n + c.fixed.length, 0),
    },
  };
}
