/**
 * specver.yaml `rules.severity` (a new severity per rule id, or `off`) and `rules.overrides` (scoped blocks).
 * Unknown ids are a ConfigError naming the line.
 */
import { ConfigError } from '../errors.ts';
import { didYouMean } from '../toolkit/close-matches.ts';
import { SEVERITIES, type OverrideBlock, type Severity } from '../types.ts';
import type { RuleDefinition } from './load-rules.ts';
import { configLine, SeverityPolicy } from './scoped-overrides.ts';

export type SeverityOverride = Severity | 'off';

/** Validate overrides against the known rule ids; returns them typed. */
export function checkOverrides(rules: RuleDefinition[], overrides: Record<string, string> = {}, configFile?: string): Map<string, SeverityOverride> {
  const known = new Set(rules.map((r) => r.id));
  known.add('unclassified');
  const result = new Map<string, SeverityOverride>();
  for (const [id, value] of Object.entries(overrides)) {
    if (!known.has(id)) {
      throw new ConfigError(`rules.severity names an unknown rule '${id}'`, {
        ...(configFile ? { file: SeverityPolicy.shown(configFile), line: configLine(configFile, ['rules', 'severity'], id) } : {}),
        hint: didYouMean(id, known) ?? 'run `specver rules list` to see the rule ids',
      });
    }
    if (value !== 'off' && !(SEVERITIES as readonly string[]).includes(value)) {
      throw new ConfigError(`rules.severity.${id} must be one of breaking, non-breaking, patch, off (got '${value}')`);
    }
    result.set(id, value as SeverityOverride);
  }
  return result;
}

const policies = new WeakMap<RuleDefinition[], Map<string, SeverityPolicy>>();
/** The classification severity policy of a rule set and config (validated; one per process and input). */
export function severityPolicy(rules: RuleDefinition[], severity: Record<string, string> = {}, overrides: OverrideBlock[] = [], configFile?: string): SeverityPolicy {
  let byInput = policies.get(rules);
  if (!byInput) policies.set(rules, (byInput = new Map()));
  const key = JSON.stringify([severity, overrides, configFile ?? '']);
  let policy = byInput.get(key);
  if (!policy) {
    const ids = new Map<string, string | undefined>(rules.map((r) => [r.id, r.category]));
    ids.set('unclassified', 'unclassified');
    byInput.set(key, (policy = new SeverityPolicy({ section: 'rules', rules: ids, severity, overrides, ...(configFile ? { configFile } : {}) })));
  }
  return policy;
}
