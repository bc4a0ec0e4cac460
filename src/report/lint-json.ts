/** `lint --format json` / `--json`: the document described by schemas/output/lint.schema.json. */
import type { StaleEntry } from '../lint/baseline.ts';
import { fails } from '../lint/severity-threshold.ts';
import { countBySeverity, type LintReport, type LintSeverity, type LintViolation } from '../lint/types.ts';

export interface LintJsonOptions {
  failSeverity?: LintSeverity;
  /** The baseline file when one was read or written (relative to the root), and its stale entries. */
  baseline?: { file: string; stale: StaleEntry[] };
}

function violationJson(v: LintViolation) {
  return { rule: v.rule, severity: v.severity, message: v.message, file: v.file, line: v.line ?? null, pointer: v.pointer, fixable: v.fix !== undefined };
}

export function lintJson(report: LintReport, options: LintJsonOptions = {}): object {
  const failSeverity = options.failSeverity ?? 'error';
  const contracts = report.contracts.map((result) => {
    const counts = countBySeverity(result.violations);
    return {
      name: result.name,
      format: result.format,
      spec: result.spec,
      file: result.file,
      status: fails(result, failSeverity) ? 'failed' : 'passed',
      counts: { error: counts.error, warn: counts.warn, info: counts.info, hint: counts.hint },
      violations: result.violations.map(violationJson),
      baselined: (result.baselined ?? []).map(violationJson),
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
      baselined: contracts.reduce((n, c) => n + c.baselined.length, 0),
      failSeverity,
    },
    ...(options.baseline
      ? { baseline: { file: options.baseline.file, stale: options.baseline.stale.map(({ rule, contract, file, pointer, count, found }) => ({ rule, contract, file, pointer, count, found })) } }
      : {}),
  };
}
