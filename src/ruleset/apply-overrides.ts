/** specver.yaml `rules.severity`: a new severity per rule id, or `off`. Unknown ids are a ConfigError. */
import { ConfigError } from '../errors.ts';
import { SEVERITIES, type Severity } from '../types.ts';
import type { RuleDefinition } from './load-rules.ts';

export type SeverityOverride = Severity | 'off';

/** Validate overrides against the known rule ids; returns them typed. */
export function checkOverrides(rules: RuleDefinition[], overrides: Record<string, string> = {}): Map<string, SeverityOverride> {
  const known = new Set(rules.map((r) => r.id));
  known.add('unclassified');
  const result = new Map<string, SeverityOverride>();
  for (const [id, value] of Object.entries(overrides)) {
    if (!known.has(id)) {
      throw new ConfigError(`rules.severity names an unknown rule '${id}'`, { hint: 'run `specver rules list` to see the rule ids' });
    }
    if (value !== 'off' && !(SEVERITIES as readonly string[]).includes(value)) {
      throw new ConfigError(`rules.severity.${id} must be one of breaking, non-breaking, patch, off (got '${value}')`);
    }
    result.set(id, value as SeverityOverride);
  }
  return result;
}
