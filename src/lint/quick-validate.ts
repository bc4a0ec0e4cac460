/**
 * A small interpreting validator for the common JSON Schema keywords, used to confirm that an example is
 * valid without paying for ajv's code generation (compiling every schema an example touches dominated lint
 * time on large specs). It answers `true` only when sure; `false` (invalid) and `undefined` (a keyword it
 * does not implement, an unknown reference) send the example to ajv, which gives the authoritative answer
 * and its message. Being stricter than ajv is harmless; being laxer never happens for what it implements.
 * Keywords ajv does not know (with `strict: false`) are ignored, as ajv does.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isRecord } from './pointer.ts';

/** Validation keywords ajv applies that this validator does not implement: seeing one means "ask ajv". */
const DEFER = new Set([
  'multipleOf', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'propertyNames', 'dependencies', 'dependentRequired',
  'dependentSchemas', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'prefixItems', 'additionalItems',
  '$dynamicRef', '$recursiveRef', 'formatMinimum', 'formatMaximum', 'formatExclusiveMinimum', 'formatExclusiveMaximum', 'discriminator',
]);

type Verdict = boolean | undefined;
const regexes = new Map<string, RegExp | null>();

function regex(source: string): RegExp | null {
  let re = regexes.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source);
    } catch {
      re = null;
    }
    regexes.set(source, re);
  }
  return re;
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
      return typeof value === 'number' && Number.isFinite(value);
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

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => deepEqual(item, (b as unknown[])[i]));
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual((a as any)[key], (b as any)[key]));
}

function formatOk(value: unknown, name: unknown): Verdict {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(fullFormats, name)) return true;
  const def = (fullFormats as Record<string, unknown>)[name];
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
export function quickValidate(schema: unknown, value: unknown, resolve: (ref: string) => unknown, depth = 0): Verdict {
  if (schema === true) return true;
  if (schema === false) return false;
  if (!isRecord(schema) || depth > MAX_DEPTH) return undefined;
  let verdict: Verdict = true;
  // Every keyword is looked at: an invalid one settles nothing while a deferred one may still follow.
  const fold = (v: Verdict) => {
    if (v === false) verdict = verdict === undefined ? undefined : false;
    else if (v === undefined) verdict = undefined;
  };
  for (const key of Object.keys(schema)) if (DEFER.has(key)) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    if (target === undefined) return undefined;
    fold(quickValidate(target, value, resolve, depth + 1));
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const results = types.map((t: unknown) => typeOk(value, t));
    if (results.includes(undefined)) return undefined;
    if (!results.includes(true)) return false;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((item: unknown) => deepEqual(item, value))) return false;
  if ('const' in schema && !deepEqual(schema.const, value)) return false;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && !(value >= schema.minimum)) return false;
    if (typeof schema.maximum === 'number' && !(value <= schema.maximum)) return false;
    if (typeof schema.exclusiveMinimum === 'number' && !(value > schema.exclusiveMinimum)) return false;
    if (typeof schema.exclusiveMaximum === 'number' && !(value < schema.exclusiveMaximum)) return false;
    if (typeof schema.exclusiveMinimum === 'boolean' || typeof schema.exclusiveMaximum === 'boolean') return undefined;
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number') {
      const length = [...value].length;
      if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
      if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
    }
    if (typeof schema.pattern === 'string') {
      const re = regex(schema.pattern);
      if (!re) return undefined;
      if (!re.test(value)) return false;
    }
  }
  if (schema.format !== undefined) fold(formatOk(value, schema.format));
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return false;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return false;
    if (Array.isArray(schema.items)) return undefined;
    if (schema.items !== undefined) for (const item of value) fold(quickValidate(schema.items, item, resolve, depth + 1));
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) return false;
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) return false;
    if (Array.isArray(schema.required) && schema.required.some((name: unknown) => typeof name === 'string' && !Object.prototype.hasOwnProperty.call(value, name))) return false;
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties).map(([p, s]) => [regex(p), s] as const) : [];
    if (patterns.some(([re]) => re === null)) return undefined;
    for (const key of keys) {
      let matched = false;
      if (Object.prototype.hasOwnProperty.call(properties, key)) {
        matched = true;
        fold(quickValidate(properties[key], value[key], resolve, depth + 1));
      }
      for (const [re, sub] of patterns) {
        if (re!.test(key)) {
          matched = true;
          fold(quickValidate(sub, value[key], resolve, depth + 1));
        }
      }
      if (!matched && schema.additionalProperties !== undefined) fold(quickValidate(schema.additionalProperties, value[key], resolve, depth + 1));
    }
  }
  if (Array.isArray(schema.allOf)) for (const sub of schema.allOf) fold(quickValidate(sub, value, resolve, depth + 1));
  if (Array.isArray(schema.anyOf)) {
    const results = schema.anyOf.map((sub: unknown) => quickValidate(sub, value, resolve, depth + 1));
    fold(results.includes(true) ? true : results.includes(undefined) ? undefined : false);
  }
  if (Array.isArray(schema.oneOf)) {
    const results = schema.oneOf.map((sub: unknown) => quickValidate(sub, value, resolve, depth + 1));
    fold(results.includes(undefined) ? undefined : results.filter((r: Verdict) => r === true).length === 1);
  }
  if (schema.not !== undefined) {
    const result = quickValidate(schema.not, value, resolve, depth + 1);
    fold(result === undefined ? undefined : !result);
  }
  return verdict;
}
