/**
 * A small interpreting validator for the common JSON Schema keywords, used to judge an example without
 * paying for ajv's code generation (compiling every schema an example touches dominated lint time on large
 * specs). It answers `true` (surely valid) or `false` (surely invalid) only where it agrees with ajv, and
 * `undefined` where it is unsure (a keyword it does not implement, an unknown reference, a non-finite
 * number), which sends the example to ajv. Both answers must match ajv: `not` and `oneOf` turn a wrong
 * `false` into a wrong `true`. For an invalid value, `locateFailure` names the small failing part, so ajv
 * compiles only that to confirm it and word the message. Keywords ajv does not know (with `strict: false`)
 * are ignored, as ajv does.
 */
import { INSTANCE_DATA_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../toolkit/json-schema-vocabulary.ts';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { untrustedRegex, type UntrustedRegex } from './untrusted-regex.ts';
import { isRecord } from '../toolkit/values.ts';
import { quickUriFormats } from '../toolkit/uri-formats.ts';

/** Validation keywords ajv applies that this validator does not implement: seeing one means "ask ajv". */
const DEFER = new Set([
  'contains', 'minContains', 'maxContains', 'dependencies', 'dependentRequired',
  'dependentSchemas', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'prefixItems', 'additionalItems',
  '$dynamicRef', '$recursiveRef', 'formatMinimum', 'formatMaximum', 'formatExclusiveMinimum', 'formatExclusiveMaximum',
]);
// `discriminator` is not among them: ajv applies it only with its `discriminator` option, which specver leaves off.

type Verdict = boolean | undefined;
/**
 * A spec's pattern on the linear-time engine; null when it does not compile or needs V8 under a time budget,
 * which sends the value to ajv (whose engine is the same, and whose timeout the examples check reports).
 */
function regex(source: string): UntrustedRegex | null {
  try {
    const re = untrustedRegex(source);
    return re.linear ? re : null;
  } catch {
    return null;
  }
}

function compiles(source: string): boolean {
  try {
    untrustedRegex(source);
    return true;
  } catch {
    return false;
  }
}

function typeOk(value: unknown, type: unknown): Verdict {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return undefined;
  }
}

/** Equality as ajv's (fast-deep-equal): NaN equals NaN. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => deepEqual(item, (b as unknown[])[i]));
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual((a as any)[key], (b as any)[key]));
}

function plainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(plainData);
  return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(plainData);
}

const formats: Record<string, unknown> = { ...fullFormats, ...quickUriFormats(fullFormats as Parameters<typeof quickUriFormats>[0]) };

function formatOk(value: unknown, name: unknown): Verdict {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(formats, name)) return true;
  const def = formats[name];
  const check = (validate: unknown, data: unknown): Verdict => {
    if (validate instanceof RegExp) return validate.test(String(data));
    if (typeof validate === 'function') return Boolean(validate(data));
    return true;
  };
  if (isRecord(def) && !(def instanceof RegExp)) {
    if (def.async) return undefined;
    const applies = def.type === 'number' ? typeof value === 'number' : typeof value === 'string';
    return applies ? check(def.validate, value) : true;
  }
  return typeof value === 'string' ? check(def, value) : true;
}

const MAX_DEPTH = 200;

/**
 * Whether `value` is valid against `schema`; `resolve` maps a `$ref` string to its schema (undefined when
 * unknown, which defers to ajv).
 */
const deferring = new WeakMap<object, boolean>();
/** Whether a schema uses a keyword quickValidate leaves to ajv (per schema object, asked once). */
function defers(schema: Record<string, unknown>): boolean {
  let found = deferring.get(schema);
  if (found === undefined) {
    found = Object.keys(schema).some((key) => DEFER.has(key));
    deferring.set(schema, found);
  }
  return found;
}

const NO_PROPERTIES: Record<string, unknown> = {};

export function quickValidate(schema: unknown, value: unknown, resolve: (ref: string) => unknown, depth = 0): Verdict {
  if (schema === true) return true;
  if (schema === false) return false;
  // ajv (strictNumbers off) takes Infinity for an integer, and YAML can spell NaN: leave those to ajv.
  if (!isRecord(schema) || depth > MAX_DEPTH || (typeof value === 'number' && !Number.isFinite(value))) return undefined;
  let verdict: Verdict = true;
  // Every keyword must hold: one surely failing settles it; one not judged leaves it open unless one fails.
  const fold = (v: Verdict) => {
    if (v === false) verdict = false;
    else if (v === undefined && verdict === true) verdict = undefined;
  };
  if (defers(schema)) fold(undefined);
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    fold(target === undefined ? undefined : quickValidate(target, value, resolve, depth + 1));
  }
  // ajv reads OpenAPI's `nullable: true` as allowing null, and refuses to compile it without `type`.
  if (schema.nullable === true && schema.type === undefined) fold(undefined);
  if (schema.type !== undefined && !(schema.nullable === true && value === null)) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const results = types.map((t: unknown) => typeOk(value, t));
    if (results.includes(undefined)) fold(undefined);
    else if (!results.includes(true)) return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((item: unknown) => deepEqual(item, value))) return false;
  if ('const' in schema && !deepEqual(schema.const, value)) return false;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && !(value >= schema.minimum)) return false;
    if (typeof schema.maximum === 'number' && !(value <= schema.maximum)) return false;
    if (typeof schema.exclusiveMinimum === 'number' && !(value > schema.exclusiveMinimum)) return false;
    if (typeof schema.exclusiveMaximum === 'number' && !(value < schema.exclusiveMaximum)) return false;
    if (typeof schema.exclusiveMinimum === 'boolean' || typeof schema.exclusiveMaximum === 'boolean') fold(undefined);
    if (typeof schema.multipleOf === 'number') {
      // ajv's own test (without its multipleOfPrecision option): the quotient must print as an integer.
      const quotient = value / schema.multipleOf;
      if (schema.multipleOf === 0 || quotient !== parseInt(String(quotient), 10)) return false;
    } else if (schema.multipleOf !== undefined) fold(undefined);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number') {
      const length = [...value].length;
      if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
      if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
    }
    if (typeof schema.pattern === 'string') {
      const re = regex(schema.pattern);
      if (!re) fold(undefined);
      else if (!re.test(value)) return false;
    }
  }
  if (schema.format !== undefined) fold(formatOk(value, schema.format));
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return false;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return false;
    // ajv compares items with fast-deep-equal (or, for scalar item types, by a key that agrees with it),
    // which also compares prototypes: items other than plain data are left to ajv.
    if (schema.uniqueItems === true) {
      if (!value.every(plainData)) fold(undefined);
      else if (value.some((item, i) => value.some((other, j) => j > i && deepEqual(item, other)))) return false;
    } else if (schema.uniqueItems !== undefined && schema.uniqueItems !== false) fold(undefined);
    if (Array.isArray(schema.items)) fold(undefined);
    else if (schema.items !== undefined) for (const item of value) fold(quickValidate(schema.items, item, resolve, depth + 1));
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) return false;
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) return false;
    // ajv's own test: a name found on Object.prototype (`constructor`) is present.
    if (Array.isArray(schema.required) && schema.required.some((name: unknown) => typeof name === 'string' && value[name] === undefined)) return false;
    if (schema.propertyNames !== undefined) for (const key of keys) fold(quickValidate(schema.propertyNames, key, resolve, depth + 1));
    const properties = isRecord(schema.properties) ? schema.properties : NO_PROPERTIES;
    const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties).map(([p, s]) => [regex(p), s] as const) : undefined;
    if (!patterns && schema.additionalProperties === undefined) {
      // Only the listed properties constrain the value: look them up rather than walk every key.
      for (const key of Object.keys(properties)) if (Object.prototype.hasOwnProperty.call(value, key)) fold(quickValidate(properties[key], value[key], resolve, depth + 1));
    } else if (patterns?.some(([re]) => re === null)) fold(undefined);
    else for (const key of keys) {
      let matched = false;
      if (Object.prototype.hasOwnProperty.call(properties, key)) {
        matched = true;
        fold(quickValidate(properties[key], value[key], resolve, depth + 1));
      }
      for (const [re, sub] of patterns ?? []) {
        if (re?.test(key)) {
          matched = true;
          fold(quickValidate(sub, value[key], resolve, depth + 1));
        }
      }
      if (!matched && schema.additionalProperties !== undefined) fold(quickValidate(schema.additionalProperties, value[key], resolve, depth + 1));
    }
  }
  if (Array.isArray(schema.allOf)) for (const sub of schema.allOf) fold(quickValidate(sub, value, resolve, depth + 1));
  if (Array.isArray(schema.anyOf)) {
    // The first branch that surely matches settles it.
    let any: Verdict = false;
    for (const sub of schema.anyOf) {
      const result = quickValidate(sub, value, resolve, depth + 1);
      if (result === true) {
        any = true;
        break;
      }
      if (result === undefined) any = undefined;
    }
    fold(any);
  }
  if (Array.isArray(schema.oneOf)) {
    const results = schema.oneOf.map((sub: unknown) => quickValidate(sub, value, resolve, depth + 1));
    const matches = results.filter((r: Verdict) => r === true).length;
    fold(matches > 1 ? false : results.includes(undefined) ? undefined : matches === 1);
  }
  if (schema.not !== undefined) {
    const result = quickValidate(schema.not, value, resolve, depth + 1);
    fold(result === undefined ? undefined : !result);
  }
  return verdict;
}

/** A part of a schema that rejects a part of the value: `path` leads from the example to `value`. */
export interface Failure {
  path: (string | number)[];
  /** A small schema (one keyword, or one applicator with its branches) that rejects `value`. */
  schema: unknown;
  value: unknown;
}

/**
 * For a value quickValidate is sure is invalid, the small parts that make it so (undefined otherwise). The
 * value is invalid wherever every returned part is: each step down (a property, an item, an allOf branch,
 * a `$ref`) only applies more constraints, and an anyOf/oneOf none of whose branches matches yields one
 * part per branch. The first part is the one ajv reports first in most cases (type before anything else,
 * then the order of the keywords below); other applicators (`not`, oneOf with several matches) are
 * returned whole.
 */
export function locateFailure(schema: unknown, value: unknown, resolve: (ref: string) => unknown): Failure[] | undefined {
  return quickValidate(schema, value, resolve) === false ? locate(schema, value, resolve, [], 0) : undefined;
}

function locate(schema: unknown, value: unknown, resolve: (ref: string) => unknown, path: (string | number)[], depth: number): Failure[] | undefined {
  if (!isRecord(schema) || depth > MAX_DEPTH) return schema === false ? [{ path, schema, value }] : undefined;
  const here = (part: Record<string, unknown>, partValue = value): Failure[] => [{ path, schema: part, value: partValue }];
  const fails = (sub: unknown, subValue: unknown) => quickValidate(sub, subValue, resolve, depth + 1) === false;
  const below = (sub: unknown, subValue: unknown, segment?: string | number) => locate(sub, subValue, resolve, segment === undefined ? path : [...path, segment], depth + 1);
  const own = (keywords: string[]) => {
    for (const keyword of keywords) if (schema[keyword] !== undefined && fails({ [keyword]: schema[keyword] }, value)) return here({ [keyword]: schema[keyword] });
    return undefined;
  };
  // Keywords in the order ajv checks them, so the first part is usually the error ajv reports first.
  if (schema.type !== undefined && !(schema.nullable === true && value === null)) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t: unknown) => typeOk(value, t) === true)) return here(schema.nullable === true ? { type: schema.type, nullable: true } : { type: schema.type });
  }
  if (typeof schema.$ref === 'string' && fails(resolve(schema.$ref), value)) return below(resolve(schema.$ref), value);
  const local = own(['const', 'enum']);
  if (local) return local;
  if (schema.not !== undefined && fails({ not: schema.not }, value)) return here({ not: schema.not });
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(schema[keyword]) || !fails({ [keyword]: schema[keyword] }, value)) continue;
    // No branch matches: each branch's own failure (ajv reports the first branch's first error first).
    const parts = schema[keyword].every((sub: unknown) => fails(sub, value)) ? schema[keyword].map((sub: unknown) => below(sub, value)) : [];
    return parts.length && parts.every(Boolean) ? (parts as Failure[][]).flat() : here({ [keyword]: schema[keyword] });
  }
  if (Array.isArray(schema.allOf)) {
    const branch = schema.allOf.find((sub: unknown) => fails(sub, value));
    if (branch !== undefined) return below(branch, value);
  }
  const typed = own(['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'pattern', 'format', 'maxItems', 'minItems']);
  if (typed) return typed;
  if (Array.isArray(value) && schema.items !== undefined && !Array.isArray(schema.items)) {
    const index = value.findIndex((item) => fails(schema.items, item));
    if (index >= 0) return below(schema.items, value[index], index);
  }
  if (!isRecord(value)) return undefined;
  const counts = own(['maxProperties', 'minProperties', 'required']);
  if (counts) return counts;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties).map(([p, s]) => [regex(p), s] as const) : [];
  // A pattern only V8 can run (under its time budget) is left to ajv, with the rest of this object.
  if (patterns.some(([re]) => re === null)) return undefined;
  const has = (key: string) => Object.prototype.hasOwnProperty.call(value, key);
  if (schema.additionalProperties !== undefined) {
    for (const key of Object.keys(value)) {
      if (Object.prototype.hasOwnProperty.call(properties, key) || patterns.some(([re]) => re?.test(key))) continue;
      // One offending property suffices for ajv's message, and keeps the part free of the other names.
      if (schema.additionalProperties === false) return here({ additionalProperties: false }, Object.fromEntries([[key, value[key]]]));
      if (fails(schema.additionalProperties, value[key])) return below(schema.additionalProperties, value[key], key);
    }
  }
  for (const key of Object.keys(properties)) if (has(key) && fails(properties[key], value[key])) return below(properties[key], value[key], key);
  for (const [re, sub] of patterns) {
    for (const key of Object.keys(value)) if (re?.test(key) && fails(sub, value[key])) return below(sub, value[key], key);
  }
  return undefined;
}

const NUMERIC_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties'];
/** Data, not schemas: not walked (a `$ref` or `type` there means nothing). */
const DATA_KEYWORDS = new Set<string>(INSTANCE_DATA_KEYWORDS);
/** Keywords holding a map from names to schemas (whose names may be anything, `default` included). */
const SCHEMA_MAPS = new Set<string>(SUBSCHEMA_MAP_KEYWORDS);

/**
 * Whether ajv can compile the schema and every schema it references, as far as a walk can tell: each `$ref`
 * resolves, no `nullable` without `type`, keyword values of the right type, patterns that compile. ajv
 * refuses to compile a schema when anything it references is broken, and such schemas' examples are not
 * judged, so a located failure is trusted only where this holds. A wrong `false` only costs a full compile.
 * `memo` keeps results per schema object (pass one per document).
 */
export function closureCompiles(schema: unknown, resolve: (ref: string) => unknown, memo: WeakMap<object, boolean>): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  const known = memo.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<object>();
  const walk = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return true;
    seen.add(node);
    if (memo.get(node) === true) return true;
    if (Array.isArray(node)) return node.every(walk);
    if (!isRecord(node)) return true;
    if (typeof node.$ref === 'string') {
      const target = resolve(node.$ref);
      if (target === undefined || !walk(target)) return false;
    }
    if (node.nullable === true && node.type === undefined) return false;
    if (NUMERIC_KEYWORDS.some((key) => key in node && typeof node[key] !== 'number')) return false;
    if ('pattern' in node && (typeof node.pattern !== 'string' || !compiles(node.pattern))) return false;
    if (isRecord(node.patternProperties) && Object.keys(node.patternProperties).some((p) => !compiles(p))) return false;
    if (node.type !== undefined && !(Array.isArray(node.type) ? node.type : [node.type]).every((t: unknown) => typeOk(null, t) !== undefined)) return false;
    return Object.entries(node).every(([key, child]) => {
      if (DATA_KEYWORDS.has(key) || key.startsWith('x-')) return true;
      return SCHEMA_MAPS.has(key) && isRecord(child) ? Object.values(child).every(walk) : walk(child);
    });
  };
  const result = walk(schema);
  memo.set(schema, result);
  return result;
}
