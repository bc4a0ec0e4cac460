/**
 * The core lint functions (Spectral's vocabulary). Each takes the value at the rule's target and its
 * options, and returns the problems found (empty when the value passes). Options are checked once at load
 * time by `checkFunctionOptions`.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, Options, ValidateFunction } from 'ajv/dist/2020.js';
import type { CoreFunctionName } from './types.ts';
import { compilePattern, MAX_PATTERN_INPUT, unsafeRegexReason } from './safe-expressions.ts';
import { isRecord } from '../toolkit/values.ts';
import { quickValidate } from './quick-validate.ts';
import { untrustedRegex, untrustedRegExpEngine } from './untrusted-regex.ts';

export interface FunctionProblem {
  error: string;
  /** Segments below the target, when the problem is deeper (e.g. one array item). */
  at?: (string | number)[];
}

type LintFunction = (target: unknown, options: any) => FunctionProblem[];

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
export function trustPatternsOf(options: Record<string, unknown> | undefined): void {
  for (const key of ['match', 'notMatch']) if (typeof options?.[key] === 'string') trustedPatterns.add(options[key] as string);
}

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

/** An ajv 2020 instance, loaded on first use: most lint runs settle every `schema` check without it. */
function newAjv(options: Options): Ajv2020 {
  const { Ajv2020: AjvClass } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  return new AjvClass(options);
}

let ajv: Ajv2020 | undefined;
const schemaCache = new WeakMap<object, ValidateFunction>();
/**
 * The validator of a `schema` function's schema. Run-time compiles skip checking the schema against the
 * 2020-12 meta-schema (compiling that costs more than the rules' tiny schemas): `checkFunctionOptions` has
 * checked team rules with `strictlyCompiles`, and the test suite checks the built-in ones.
 */
function schemaValidator(schema: object): ValidateFunction {
  let validate = schemaCache.get(schema);
  if (!validate) {
    ajv ??= newAjv({ allErrors: false, strict: false, allowUnionTypes: true, logger: false, validateSchema: false, code: { regExp: untrustedRegExpEngine } });
    validate = ajv.compile(schema);
    schemaCache.set(schema, validate);
  }
  return validate;
}

let strictAjv: Ajv2020 | undefined;
/** Compiles a schema the way a rule author needs it checked: against the meta-schema; throws when invalid. */
function strictlyCompiles(schema: object): void {
  strictAjv ??= newAjv({ allErrors: false, strict: false, allowUnionTypes: true, logger: false });
  strictAjv.compile(schema);
}

function size(target: unknown): number | undefined {
  if (typeof target === 'string' || Array.isArray(target)) return target.length;
  if (typeof target === 'number') return target;
  if (isRecord(target)) return Object.keys(target).length;
  return undefined;
}

function compareKeys(a: unknown, b: unknown): number {
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export const FUNCTIONS: Record<CoreFunctionName, LintFunction> = {
  truthy: (target) => (target ? [] : [{ error: 'is missing or empty' }]),
  falsy: (target) => (target ? [{ error: 'must not be set' }] : []),
  defined: (target) => (target === undefined ? [{ error: 'must be defined' }] : []),
  undefined: (target) => (target === undefined ? [] : [{ error: 'must not be defined' }]),
  pattern(target, options: { match?: string; notMatch?: string }) {
    if (typeof target !== 'string') return [];
    const text = target.length > MAX_PATTERN_INPUT ? target.slice(0, MAX_PATTERN_INPUT) : target;
    if (options.match !== undefined && !regex(options.match).test(text)) return [{ error: `must match the pattern '${options.match}'` }];
    if (options.notMatch !== undefined && regex(options.notMatch).test(text)) return [{ error: `must not match the pattern '${options.notMatch}'` }];
    return [];
  },
  casing(target, options: { type: string; disallowDigits?: boolean }) {
    if (typeof target !== 'string' || target === '') return [];
    const ok = CASES[options.type].test(target) && !(options.disallowDigits && /\d/.test(target));
    return ok ? [] : [{ error: `must be ${options.type} case` }];
  },
  length(target, options: { min?: number; max?: number }) {
    const n = size(target);
    if (n === undefined) return [];
    if (options.min !== undefined && n < options.min) return [{ error: `must be at least ${options.min} long` }];
    if (options.max !== undefined && n > options.max) return [{ error: `must be at most ${options.max} long` }];
    return [];
  },
  enumeration(target, options: { values: unknown[] }) {
    if (target === undefined) return [];
    return options.values.some((v) => v === target) ? [] : [{ error: `must be one of ${options.values.map(String).join(', ')}` }];
  },
  alphabetical(target, options: { keyedBy?: string }) {
    const keys = Array.isArray(target)
      ? target.map((item) => (options.keyedBy && isRecord(item) ? item[options.keyedBy] : item))
      : isRecord(target)
        ? Object.keys(target)
        : undefined;
    if (!keys) return [];
    for (let i = 1; i < keys.length; i++) {
      if (compareKeys(keys[i - 1], keys[i]) > 0) {
        return [{ error: `must be sorted alphabetically ('${String(keys[i])}' comes before '${String(keys[i - 1])}')` }];
      }
    }
    return [];
  },
  xor(target, options: { properties: string[] }) {
    if (!isRecord(target)) return [];
    const present = options.properties.filter((p) => target[p] !== undefined);
    return present.length === 1 ? [] : [{ error: `must have exactly one of ${options.properties.join(', ')}` }];
  },
  schema(target, options: { schema: object }) {
    if (target === undefined) return [];
    // A value the quick validator is sure of needs no compiled validator; ajv words the problems.
    if (quickValidate(options.schema, target, () => undefined) === true) return [];
    const validate = schemaValidator(options.schema);
    if (validate(target)) return [];
    const first = validate.errors?.[0];
    const where = first?.instancePath ? `${first.instancePath} ` : '';
    return [{ error: `${where}${first?.message ?? 'does not match the schema'}`.trim() }];
  },
};

/** Why a function's options are unusable, or undefined. Called once per rule at load time. */
export function checkFunctionOptions(name: CoreFunctionName, options: Record<string, unknown> = {}): string | undefined {
  const asString = (key: string) => options[key] === undefined || typeof options[key] === 'string';
  switch (name) {
    case 'pattern': {
      if (options.match === undefined && options.notMatch === undefined) return 'pattern needs match or notMatch';
      if (!asString('match') || !asString('notMatch')) return 'pattern match/notMatch must be strings';
      for (const key of ['match', 'notMatch']) {
        const source = options[key] as string | undefined;
        if (source === undefined) continue;
        const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
        const reason = unsafeRegexReason(literal ? literal[1] : source);
        if (reason) return `pattern ${key} '${source}' ${reason}`;
      }
      return undefined;
    }
    case 'casing':
      return typeof options.type === 'string' && options.type in CASES ? undefined : `casing type must be one of ${Object.keys(CASES).join(', ')}`;
    case 'length':
      return options.min === undefined && options.max === undefined ? 'length needs min or max' : undefined;
    case 'enumeration':
      return Array.isArray(options.values) ? undefined : 'enumeration needs a values list';
    case 'xor':
      return Array.isArray(options.properties) && options.properties.length >= 2 ? undefined : 'xor needs at least two properties';
    case 'schema': {
      if (!isRecord(options.schema) && typeof options.schema !== 'boolean') return 'schema needs a schema object';
      const unsafe = unsafePatternIn(options.schema);
      if (unsafe) return `schema ${unsafe}`;
      try {
        strictlyCompiles(options.schema as object);
      } catch (error) {
        return `schema does not compile: ${(error as Error).message}`;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The first `pattern` / `patternProperties` regex in a rule's schema that the regex guard refuses. */
function unsafePatternIn(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = unsafePatternIn(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(node)) return undefined;
  const sources = [typeof node.pattern === 'string' ? node.pattern : undefined, ...(isRecord(node.patternProperties) ? Object.keys(node.patternProperties) : [])];
  for (const source of sources) {
    const reason = source === undefined ? undefined : unsafeRegexReason(source);
    if (reason) return `pattern '${source}' ${reason}`;
  }
  for (const value of Object.values(node)) {
    const found = unsafePatternIn(value);
    if (found) return found;
  }
  return undefined;
}
