/**
 * `lint.overrides`: scoped lint levels by contract, spec file and JSON Pointer, on top of `lint.severity`.
 * A rule that is off project-wide still runs on a contract where some block turns it on; each violation then
 * gets the level of the last block matching its file and pointer (`off` drops it).
 */
import type { ContractConfig, OverrideBlock } from '../types.ts';
import type { LintRule, LintSeverity, LintViolation } from '../lint/types.ts';
import { SeverityPolicy } from './scoped-overrides.ts';

/** The lint policy for rules whose severities already include `lint.severity` (validated: unknown id -> exit 2). */
export function lintPolicy(rules: LintRule[], overrides: OverrideBlock[] = [], configFile?: string): SeverityPolicy {
  return new SeverityPolicy({ section: 'lint', rules: new Map(rules.map((r) => [r.id, undefined])), overrides, ...(configFile ? { configFile } : {}) });
}

/** The rules to run on one contract: those off project-wide but turned on by a block that may apply to it. */
export function rulesForContract(rules: LintRule[], policy: SeverityPolicy, contract: ContractConfig): LintRule[] {
  return rules.map((rule) => {
    if (rule.severity !== 'off') return rule;
    const on = policy.scopedFor(rule.id).find((s) => s.severity !== 'off' && policy.contractMatches(s.block, contract.name));
    return on ? { ...rule, severity: on.severity as LintSeverity } : rule;
  });
}

/** One contract's violations at the level in effect where each sits (`off` ones dropped). */
export function applyLintPolicy(contract: string, violations: LintViolation[], rules: LintRule[], policy: SeverityPolicy): LintViolation[] {
  const defaults = new Map(rules.map((r) => [r.id, r.severity]));
  return violations.flatMap((violation) => {
    const { severity } = policy.severityOf({ rule: violation.rule, contract, file: violation.file, pointer: violation.pointer }, defaults.get(violation.rule) ?? violation.severity);
    return severity === 'off' ? [] : [{ ...violation, severity: severity as LintSeverity }];
  });
}
