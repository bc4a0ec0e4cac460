/**
 * The core functions (Spectral's vocabulary): each judges the value at a rule's target. Patterns of the
 * built-in rules run on native RegExp; a team's patterns run on the linear-time engine (untrusted-regex.ts),
 * and every pattern passes the backtracking guard when its rule file loads.
 */
import { compilePattern, MAX_PATTERN_INPUT, unsafeRegexReason } from '../safe-expressions.ts';
import { compareCodePoints, isRecord } from '../../toolkit/values.ts';
import { untrustedRegex } from '../untrusted-regex.ts';
import { NO_OPTIONS, NONE, type LintFunction } from './contract.ts';
import { schema } from './schema.ts';

const CASES: Record<string, RegExp> = {
  flat: /^[a-z][a-z0-9]*$/,
  camel: /^[a-z][a-z0-9]*(?:[A-Z0-9][a-z0-9]*)*$/,
  pascal: /^[A-Z][a-z0-9]*(?:[A-Z0-9][a-z0-9]*)*$/,
  kebab: /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
  cobol: /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
  macro: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/,
};

/** Patterns of the built-in rules: specver's own, so they run on native RegExp. */
const trustedPatterns = new Set<string>();

const regexCache = new Map<string, RegExp>();
/** A rule's pattern: native when built in, else on the linear-time engine (a team's rule file is untrusted). */
function regex(source: string): { test(text: string): boolean } {
  if (!trustedPatterns.has(source)) {
    const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
    return literal ? untrustedRegex(literal[1], literal[2]) : untrustedRegex(source);
  }
  let compiled = regexCache.get(source);
  if (!compiled) {
    compiled = compilePattern(source);
    regexCache.set(source, compiled);
  }
  return compiled;
}

function size(target: unknown): number | undefined {
  if (typeof target === 'string' || Array.isArray(target)) return target.length;
  if (typeof target === 'number') return target;
  if (isRecord(target)) return Object.keys(target).length;
  return undefined;
}

function compareKeys(a: unknown, b: unknown): number {
  return compareCodePoints(String(a), String(b));
}

export const truthy: LintFunction = {
  name: 'truthy',
  description: 'The value is set and not empty (not false, 0, "" or null).',
  optionsSchema: NO_OPTIONS,
  messages: { missing: 'is missing or empty' },
  judgesAbsent: true,
  run: (value) => (value ? NONE : [{}]),
};

export const falsy: LintFunction = {
  name: 'falsy',
  description: 'The value is absent, false, 0, "" or null.',
  optionsSchema: NO_OPTIONS,
  messages: { set: 'must not be set' },
  run: (value) => (value ? [{}] : []),
};

export const defined: LintFunction = {
  name: 'defined',
  description: 'The value is present (any value, even false or null).',
  optionsSchema: NO_OPTIONS,
  messages: { missing: 'must be defined' },
  judgesAbsent: true,
  run: (value) => (value === undefined ? [{}] : []),
};

export const undefinedFunction: LintFunction = {
  name: 'undefined',
  description: 'The value is absent.',
  optionsSchema: NO_OPTIONS,
  messages: { present: 'must not be defined' },
  run: (value) => (value === undefined ? NONE : [{}]),
};

export const pattern: LintFunction<{ match?: string; notMatch?: string }> = {
  name: 'pattern',
  description: 'A string matches `match` and does not match `notMatch` (regular expressions, `/.../flags` allowed).',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: { match: { type: 'string', minLength: 1 }, notMatch: { type: 'string', minLength: 1 } },
  },
  messages: { match: "must match the pattern '{{pattern}}'", notMatch: "must not match the pattern '{{pattern}}'" },
  placeholders: ['pattern'],
  messageIdsFor: (options) => (['match', 'notMatch'] as const).filter((key) => options[key] !== undefined),
  run(value, options) {
    if (typeof value !== 'string') return NONE;
    const text = value.length > MAX_PATTERN_INPUT ? value.slice(0, MAX_PATTERN_INPUT) : value;
    if (options.match !== undefined && !regex(options.match).test(text)) return [{ messageId: 'match', values: { pattern: options.match } }];
    if (options.notMatch !== undefined && regex(options.notMatch).test(text)) return [{ messageId: 'notMatch', values: { pattern: options.notMatch } }];
    return NONE;
  },
  checkOptions(options) {
    for (const key of ['match', 'notMatch'] as const) {
      const source = options[key];
      if (source === undefined) continue;
      const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
      const reason = unsafeRegexReason(literal ? literal[1] : source);
      if (reason) return `pattern ${key} '${source}' ${reason}`;
    }
    return undefined;
  },
  trustOptions(options) {
    for (const key of ['match', 'notMatch'] as const) if (typeof options?.[key] === 'string') trustedPatterns.add(options[key]);
  },
};

export const casing: LintFunction<{ type: string; disallowDigits?: boolean }> = {
  name: 'casing',
  description: "A string is written in a case: flat, camel, pascal, kebab, cobol, snake or macro. Spectral's `separator` option is accepted and not applied.",
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['type'],
    properties: {
      type: { enum: Object.keys(CASES) },
      disallowDigits: { type: 'boolean' },
      separator: { type: 'object', properties: { char: { type: 'string' }, allowLeading: { type: 'boolean' } } },
    },
  },
  messages: { casing: 'must be {{type}} case' },
  placeholders: ['type'],
  run(value, options) {
    if (typeof value !== 'string' || value === '') return NONE;
    const ok = CASES[options.type].test(value) && !(options.disallowDigits && /\d/.test(value));
    return ok ? NONE : [{ values: { type: options.type } }];
  },
};

export const length: LintFunction<{ min?: number; max?: number }> = {
  name: 'length',
  description: 'The length of a string or list, the number of keys of an object, or a number, is within min..max.',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: { min: { type: 'number', minimum: 0 }, max: { type: 'number', minimum: 0 } },
  },
  messages: { min: 'must be at least {{min}} long', max: 'must be at most {{max}} long' },
  placeholders: ['min', 'max'],
  messageIdsFor: (options) => (['min', 'max'] as const).filter((key) => options[key] !== undefined),
  run(value, options) {
    const n = size(value);
    if (n === undefined) return NONE;
    if (options.min !== undefined && n < options.min) return [{ messageId: 'min', values: { min: options.min } }];
    if (options.max !== undefined && n > options.max) return [{ messageId: 'max', values: { max: options.max } }];
    return NONE;
  },
};

export const enumeration: LintFunction<{ values: unknown[] }> = {
  name: 'enumeration',
  description: 'The value is one of `values`.',
  optionsSchema: { type: 'object', additionalProperties: false, required: ['values'], properties: { values: { type: 'array' } } },
  messages: { notAllowed: 'must be one of {{allowed}}' },
  placeholders: ['allowed'],
  run(value, options) {
    if (value === undefined) return NONE;
    return options.values.some((v) => v === value) ? NONE : [{ values: { allowed: options.values.map(String).join(', ') } }];
  },
};

export const alphabetical: LintFunction<{ keyedBy?: string }> = {
  name: 'alphabetical',
  description: 'A list (by its items, or by the `keyedBy` field of each) or the keys of an object are sorted.',
  optionsSchema: { type: 'object', additionalProperties: false, properties: { keyedBy: { type: 'string', minLength: 1 } } },
  messages: { unsorted: "must be sorted alphabetically ('{{first}}' comes before '{{second}}')" },
  placeholders: ['first', 'second'],
  run(value, options) {
    const keys = Array.isArray(value)
      ? value.map((item) => (options.keyedBy && isRecord(item) ? item[options.keyedBy] : item))
      : isRecord(value)
        ? Object.keys(value)
        : undefined;
    if (!keys) return NONE;
    for (let i = 1; i < keys.length; i++) {
      if (compareKeys(keys[i - 1], keys[i]) > 0) return [{ values: { first: String(keys[i]), second: String(keys[i - 1]) } }];
    }
    return NONE;
  },
};

export const xor: LintFunction<{ properties: string[] }> = {
  name: 'xor',
  description: 'An object has exactly one of `properties`.',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['properties'],
    properties: { properties: { type: 'array', minItems: 2, items: { type: 'string' } } },
  },
  messages: { notExactlyOne: 'must have exactly one of {{properties}}' },
  placeholders: ['properties'],
  run(value, options) {
    if (!isRecord(value)) return NONE;
    const present = options.properties.filter((p) => value[p] !== undefined);
    return present.length === 1 ? NONE : [{ values: { properties: options.properties.join(', ') } }];
  },
};

export const CORE_FUNCTIONS: LintFunction[] = [truthy, falsy, defined, undefinedFunction, pattern, casing, length, enumeration, alphabetical, xor, schema];
