/**
 * Whether a schema accepts one concrete value (an enum or const value), answered only where it can be sure:
 * true, false, or undefined when a keyword it does not evaluate could decide. Union comparisons use it to see
 * whether a value dropped from one member is still accepted by another (a case-insensitive `pattern`).
 */
import { untrustedRegex } from '../lint/untrusted-regex.ts';
import { isRecord } from '../toolkit/values.ts';
import { canonicalJson } from './schema-hash.ts';

/** Keywords that never reject a value. */
const NEUTRAL = new Set([
  'title', 'description', 'default', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly',
  '$id', '$schema', '$anchor', '$dynamicAnchor', '$defs', 'definitions', 'markdownDescription', 'enumDescriptions',
  'markdownEnumDescriptions', 'deprecationMessage', 'externalDocs', 'xml', 'discriminator',
]);

/** Keywords that only apply to objects or arrays: a scalar passes them. */
const CONTAINER_ONLY = new Set([
  'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties',
  'maxProperties', 'dependentRequired', 'dependentSchemas', 'dependencies', 'unevaluatedProperties', 'items',
  'prefixItems', 'additionalItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems',
  'unevaluatedItems',
]);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
}

/** A spec's pattern, read as JSON Schema reads it (ECMAScript with the `u` flag; without it when that fails). */
function patternMatches(source: string, text: string): boolean | undefined {
  for (const flags of ['u', '']) {
    try {
      return untrustedRegex(source, flags).test(text);
    } catch (error) {
      // Invalid under this flag: try the next. Too slow to match (PatternTooSlowError): unknown, no second try.
      if (!(error instanceof SyntaxError)) return undefined;
    }
  }
  return undefined;
}

const and = (x: boolean | undefined, y: boolean | undefined) => (x === false || y === false ? false : x === true && y === true ? true : undefined);

/** Does `schema` accept `value`? Undefined when it cannot tell (objects and arrays meet their keywords here). */
export function acceptsValue(schema: unknown, value: unknown, depth = 0): boolean | undefined {
  if (schema === true) return true;
  if (schema === false) return false;
  if (!isRecord(schema) || depth > 8) return undefined;
  const type = jsonType(value);
  const scalar = type !== 'object' && type !== 'array';
  let verdict: boolean | undefined = true;
  for (const key of Object.keys(schema)) {
    if (verdict === false) return false;
    if (NEUTRAL.has(key) || key.startsWith('x-')) continue;
    const keyword = schema[key];
    if (CONTAINER_ONLY.has(key)) { if (!scalar) verdict = and(verdict, undefined); continue; }
    verdict = and(verdict, keywordAccepts(schema, key, keyword, value, type, depth));
  }
  return verdict;
}

function keywordAccepts(schema: Record<string, any>, key: string, keyword: any, value: unknown, type: string, depth: number): boolean | undefined {
  switch (key) {
    case 'type': {
      const types: unknown[] = Array.isArray(keyword) ? keyword : [keyword];
      // OpenAPI 3.0's `nullable` admits null; JSON Schema has no such keyword: which one this is, is not known here.
      if (type === 'null' && schema.nullable === true) return undefined;
      return types.includes(type) || (type === 'integer' && types.includes('number'));
    }
    case 'nullable': return true; // read with `type` above
    case 'enum': return Array.isArray(keyword) ? keyword.some((v) => canonicalJson(v) === canonicalJson(value)) : undefined;
    case 'const': return canonicalJson(keyword) === canonicalJson(value);
    case 'pattern': return typeof value !== 'string' ? true : typeof keyword === 'string' ? patternMatches(keyword, value) : undefined;
    case 'minLength': return typeof value !== 'string' ? true : typeof keyword === 'number' ? [...value].length >= keyword : undefined;
    case 'maxLength': return typeof value !== 'string' ? true : typeof keyword === 'number' ? [...value].length <= keyword : undefined;
    case 'minimum': return typeof value !== 'number' ? true : typeof keyword === 'number' ? (schema.exclusiveMinimum === true ? value > keyword : value >= keyword) : undefined;
    case 'maximum': return typeof value !== 'number' ? true : typeof keyword === 'number' ? (schema.exclusiveMaximum === true ? value < keyword : value <= keyword) : undefined;
    case 'exclusiveMinimum': return typeof value !== 'number' || typeof keyword === 'boolean' ? true : typeof keyword === 'number' ? value > keyword : undefined;
    case 'exclusiveMaximum': return typeof value !== 'number' || typeof keyword === 'boolean' ? true : typeof keyword === 'number' ? value < keyword : undefined;
    case 'format': return typeof value !== 'string' ? true : undefined;
    case 'not': { const inner = acceptsValue(keyword, value, depth + 1); return inner === undefined ? undefined : !inner; }
    case 'allOf': return Array.isArray(keyword) ? keyword.reduce<boolean | undefined>((acc, m) => and(acc, acceptsValue(m, value, depth + 1)), true) : undefined;
    case 'anyOf': {
      if (!Array.isArray(keyword)) return undefined;
      const answers = keyword.map((m) => acceptsValue(m, value, depth + 1));
      return answers.includes(true) ? true : answers.includes(undefined) ? undefined : false;
    }
    case 'oneOf': {
      if (!Array.isArray(keyword)) return undefined;
      const answers = keyword.map((m) => acceptsValue(m, value, depth + 1));
      if (answers.includes(undefined)) return undefined;
      return answers.filter((a) => a === true).length === 1;
    }
    default: return undefined; // $ref to another document, if/then/else, multipleOf, a keyword of another dialect...
  }
}
