/**
 * A spec file that cannot be parsed is a lint finding of the `spec-parseable` rule (as in Spectral and
 * Redocly), not an input error: lint reports it with its file and line and goes on with the other contracts.
 * The rule's message and severity come from its rule file; the loading stage's error supplies the details.
 */
import { ConfigError } from '../errors.ts';
import { parseSource } from '../load/load.ts';
import type { SourceFile } from '../load/types.ts';
import { interpolate } from './run-lint.ts';
import type { LintRule, LintViolation } from './types.ts';

/** The function of the rules whose findings the parser makes (a file that does not parse has no document). */
export const PARSEABLE_FUNCTION = 'parseable';

export type Parsed = { source: SourceFile; problem?: undefined } | { source?: undefined; problem: ConfigError };

/** Parses a spec's text; a syntax problem (invalid YAML or JSON, empty, nested too deep) is returned, not thrown. */
export function parseForLint(text: string, path: string, display: string): Parsed {
  try {
    return { source: parseSource(text, path, { displayPath: display }) };
  } catch (error) {
    if (error instanceof ConfigError) return { problem: error };
    throw error;
  }
}

/** The loading stage names the file (and line) first; the finding carries them apart. */
function reasonOf(problem: ConfigError, display: string): string {
  const prefix = `${display}:`;
  if (!problem.message.startsWith(prefix)) return problem.message;
  return problem.message.slice(prefix.length).replace(/^\d+:/, '').trim() || problem.message;
}

/** The findings for a file that does not parse: one per active `parseable` rule of the contract's format. */
export function unparsableViolations(problem: ConfigError, display: string, format: 'openapi' | 'json-schema', rules: LintRule[]): LintViolation[] {
  const error = reasonOf(problem, display);
  return rules
    .filter((rule) => rule.then?.some((then) => then.function === PARSEABLE_FUNCTION) && rule.severity !== 'off' && (rule.format === undefined || rule.format === format))
    .map((rule) => ({
      rule: rule.id,
      severity: rule.severity as LintViolation['severity'],
      message: interpolate(rule.message, { description: rule.description, reason: error, error, path: '/', value: undefined }),
      file: display,
      line: problem.line ?? 1,
      pointer: '',
    }));
}
