/**
 * ajv's own words for a value that fails a one-keyword schema part (as located by quick-validate.ts), so a
 * surely invalid example is reported without compiling anything. The texts are those of ajv's keyword
 * definitions (vocabularies/validation, applicator/oneOf.js, compile/validate/dataType.js, boolSchema.js);
 * a test compares them with ajv's on every keyword handled here. Undefined for any other part (applicators,
 * a keyword with an unusual value, a oneOf whose first two branches do not surely match), which leaves the
 * wording, and the verdict, to ajv.
 */
import { isRecord } from '../toolkit/values.ts';

const LIMITS: Record<string, string> = { maximum: '<=', minimum: '>=', exclusiveMaximum: '<', exclusiveMinimum: '>' };
const COUNTS: Record<string, [comparison: string, unit: string]> = {
  maxLength: ['more', 'characters'],
  minLength: ['fewer', 'characters'],
  maxItems: ['more', 'items'],
  minItems: ['fewer', 'items'],
  maxProperties: ['more', 'properties'],
  minProperties: ['fewer', 'properties'],
};

/**
 * The message ajv gives for `value` failing `part` (instance path not included). `surelyValid` tells
 * whether the value surely passes a subschema (quickValidate's `true`).
 */
export function ajvMessage(part: unknown, value: unknown, surelyValid: (schema: unknown, value: unknown) => boolean): string | undefined {
  if (part === false) return 'boolean schema is false';
  if (!isRecord(part)) return undefined;
  const keys = Object.keys(part);
  // ajv reads `nullable: true` as adding null to the types, but words the error with `type` alone.
  if (keys.length === 2 && part.nullable === true && 'type' in part) return typeMessage(part.type);
  if (keys.length !== 1) return undefined;
  const [keyword] = keys;
  const limit = part[keyword];
  switch (keyword) {
    case 'type':
      return typeMessage(limit);
    case 'enum':
      return Array.isArray(limit) ? 'must be equal to one of the allowed values' : undefined;
    case 'const':
      return 'must be equal to constant';
    case 'multipleOf':
      return typeof limit === 'number' ? `must be multiple of ${limit}` : undefined;
    case 'pattern':
      return typeof limit === 'string' ? `must match pattern "${limit}"` : undefined;
    case 'format':
      return typeof limit === 'string' ? `must match format "${limit}"` : undefined;
    case 'additionalProperties':
      return limit === false ? 'must NOT have additional properties' : undefined;
    case 'required':
      return requiredMessage(limit, value);
    case 'oneOf':
      // ajv stops at the second matching branch and keeps the errors of the branches that failed before it
      // ahead of its own: its own comes first when the first two branches match.
      return Array.isArray(limit) && limit.length > 1 && surelyValid(limit[0], value) && surelyValid(limit[1], value) ? 'must match exactly one schema in oneOf' : undefined;
  }
  if (typeof limit !== 'number') return undefined;
  if (keyword in LIMITS) return `must be ${LIMITS[keyword]} ${limit}`;
  if (keyword in COUNTS) return `must NOT have ${COUNTS[keyword][0]} than ${limit} ${COUNTS[keyword][1]}`;
  return undefined;
}

function typeMessage(type: unknown): string | undefined {
  const types = Array.isArray(type) ? type : [type];
  return types.length && types.every((t) => typeof t === 'string') ? `must be ${String(type)}` : undefined;
}

/** ajv names the first missing property in the list, missing as ajv tests it (`value[name] === undefined`). */
function requiredMessage(names: unknown, value: unknown): string | undefined {
  if (!Array.isArray(names) || !isRecord(value) || !names.every((name) => typeof name === 'string')) return undefined;
  const missing = names.find((name: string) => value[name] === undefined);
  return missing === undefined ? undefined : `must have required property '${missing}'`;
}
