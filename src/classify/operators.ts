/** Custom json-rules-engine operators for classification conditions; each a few lines. */
import type { Engine } from 'json-rules-engine';
import { ToolError } from '../errors.ts';
import { compilePattern, MAX_PATTERN_INPUT } from '../lint/safe-expressions.ts';
import { PatternTooSlowError, untrustedRegex, type UntrustedRegex } from '../lint/untrusted-regex.ts';

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const asTypes = (v: unknown): Set<string> => new Set(typeof v === 'string' ? v.split('|') : asList(v).map(String));

/**
 * Patterns are checked when the rule file loads (ruleset/check-facts.ts refuses unsafe ones), and a team's rule
 * file is repository content, so they run on the linear-time engine all the same; compiled once.
 * `g`/`y` are dropped: they make `test` stateful.
 */
const patterns = new Map<string, UntrustedRegex>();
function pattern(source: string): UntrustedRegex {
  let compiled = patterns.get(source);
  if (!compiled) {
    const written = compilePattern(source);
    patterns.set(source, (compiled = untrustedRegex(written.source, written.flags.replace(/[gy]/g, ''))));
  }
  return compiled;
}

function matchesPattern(text: string, source: string): boolean {
  try {
    return pattern(source).test(text);
  } catch (error) {
    if (error instanceof PatternTooSlowError) throw new ToolError(`a rule's 'matches' ${error.message}`, { hint: 'simplify the pattern (no lookaround or backreferences)' });
    throw error;
  }
}

export const OPERATORS: Record<string, (fact: any, value: any) => boolean> = {
  /** The fact is defined (the value is ignored; `true` by convention). */
  present: (fact, value) => (fact !== undefined && fact !== null) === (value !== false),
  /** The fact is undefined. */
  absent: (fact, value) => (fact === undefined || fact === null) === (value !== false),
  /** Every element of the fact is in the value. */
  subsetOf: (fact, value) => asList(fact).every((item) => asList(value).includes(item)),
  /** Every element of the value is in the fact. */
  supersetOf: (fact, value) => asList(value).every((item) => asList(fact).includes(item)),
  /** The fact is a string the regex matches (`abc` or `/abc/i`); long values are cut as lint's `pattern` does. */
  matches: (fact, value) => typeof fact === 'string' && matchesPattern(fact.slice(0, MAX_PATTERN_INPUT), String(value)),
  /** The fact is a string that starts with the value. */
  startsWith: (fact, value) => typeof fact === 'string' && fact.startsWith(String(value)),
  /** The fact is a string that ends with the value. */
  endsWith: (fact, value) => typeof fact === 'string' && fact.endsWith(String(value)),
  /** A type change from `value.from`-style fact `{before, after}` that only widens (integer -> number). */
  typeWidened: (fact, value) => {
    const before = asTypes(fact?.before);
    const after = asTypes(fact?.after);
    const covered = [...before].every((t) => after.has(t) || (t === 'integer' && after.has('number')));
    return covered === (value !== false);
  },
};

export function addOperators(engine: Engine): void {
  for (const [name, fn] of Object.entries(OPERATORS)) engine.addOperator(name, fn);
}
