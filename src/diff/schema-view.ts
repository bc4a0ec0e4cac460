/**
 * Reading a schema by meaning: its type set (`x` = `[x]`), whether it accepts null (3.0 `nullable`, 3.1
 * `type: [x, 'null']`, or a `{type: 'null'}` member of oneOf/anyOf), and its numeric bounds with the 3.0
 * boolean `exclusiveMinimum` folded into the 3.1 numeric form.
 */
import { isRecord } from '../toolkit/values.ts';

export interface SchemaView {
  /** The node whose keywords are compared (a lone non-null oneOf/anyOf member is unwrapped). */
  node: Record<string, any>;
  /** Allowed non-null types, or null when unconstrained. */
  types: Set<string> | null;
  nullable: boolean;
  /** oneOf / anyOf members other than the null one. */
  oneOf?: unknown[];
  anyOf?: unknown[];
  bounds: Record<string, number | undefined>;
}

function isNullSchema(member: unknown): boolean {
  if (!isRecord(member)) return false;
  const types = member.type;
  const onlyNull = types === 'null' || (Array.isArray(types) && types.length === 1 && types[0] === 'null');
  if (onlyNull) return true;
  return Array.isArray(member.enum) && member.enum.length === 1 && member.enum[0] === null && member.type === undefined;
}

const STRUCTURAL = ['type', 'properties', 'items', 'allOf', 'enum', 'const', 'additionalProperties'];

/** Keywords that leave a oneOf/anyOf node meaning exactly "one of its members" (no further assertion). */
const UNION_NEUTRAL = new Set([
  'oneOf', 'anyOf', 'discriminator', 'nullable', 'x-nullable', 'title', 'description', 'example', 'examples',
  'externalDocs', '$comment', 'deprecated', 'default', 'readOnly', 'writeOnly', '$id', '$schema', '$anchor',
  '$dynamicAnchor', '$defs', 'definitions',
]);

/** A node that is only a oneOf or an anyOf (not both), with annotations at most. */
export function isPureUnion(node: Record<string, any>): boolean {
  if (Array.isArray(node.oneOf) === Array.isArray(node.anyOf)) return false;
  return Object.keys(node).every((key) => UNION_NEUTRAL.has(key) || key.startsWith('x-'));
}

export function viewOf(schema: Record<string, any>, nullableKeyword: boolean): SchemaView {
  let node = schema;
  let nullable = false;
  let oneOf = Array.isArray(node.oneOf) ? node.oneOf : undefined;
  let anyOf = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (oneOf?.some(isNullSchema)) { nullable = true; oneOf = oneOf.filter((m) => !isNullSchema(m)); }
  if (anyOf?.some(isNullSchema)) { nullable = true; anyOf = anyOf.filter((m) => !isNullSchema(m)); }
  const lone = oneOf?.length === 1 && !anyOf ? oneOf[0] : anyOf?.length === 1 && !oneOf ? anyOf[0] : undefined;
  // A lone member is the schema itself (`oneOf: [T]` = `anyOf: [T]` = `T`), when nothing else constrains it.
  if (isRecord(lone) && (nullable ? !STRUCTURAL.some((k) => k in schema) : isPureUnion(schema))) {
    node = lone;
    oneOf = Array.isArray(node.oneOf) ? node.oneOf : undefined;
    anyOf = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  }
  // Swagger 2.0 tools spell it x-nullable.
  if (nullableKeyword && [schema, node].some((n) => n.nullable === true || n['x-nullable'] === true)) nullable = true;
  let types: Set<string> | null = null;
  const declared = node.type;
  if (typeof declared === 'string' || Array.isArray(declared)) {
    types = new Set((Array.isArray(declared) ? declared : [declared]).map(String));
    if (types.has('null')) {
      nullable = true;
      types.delete('null');
      if (types.size === 0) types = new Set(['null']);
    }
  }
  if (Array.isArray(node.enum) && node.enum.includes(null)) nullable = true;
  return { node, types, nullable, oneOf, anyOf, bounds: boundsOf(node) };
}

function numeric(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Lower/upper bounds: `minimum`, `exclusiveMinimum` (numeric form), lengths, item and property counts. */
export function boundsOf(node: Record<string, any>): Record<string, number | undefined> {
  const bounds: Record<string, number | undefined> = {};
  let minimum = numeric(node.minimum);
  let maximum = numeric(node.maximum);
  let exclusiveMinimum = numeric(node.exclusiveMinimum);
  let exclusiveMaximum = numeric(node.exclusiveMaximum);
  if (node.exclusiveMinimum === true && minimum !== undefined) { exclusiveMinimum = minimum; minimum = undefined; }
  if (node.exclusiveMaximum === true && maximum !== undefined) { exclusiveMaximum = maximum; maximum = undefined; }
  Object.assign(bounds, { minimum, maximum, exclusiveMinimum, exclusiveMaximum });
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']) {
    bounds[key] = numeric(node[key]);
  }
  return bounds;
}

/** Bound keyword -> change kind and whether raising it narrows (lower bounds) or widens (upper bounds). */
export const BOUND_KEYWORDS: Record<string, { kind: string; lower: boolean }> = {
  minimum: { kind: 'schema-minimum', lower: true },
  maximum: { kind: 'schema-maximum', lower: false },
  exclusiveMinimum: { kind: 'schema-exclusive-minimum', lower: true },
  exclusiveMaximum: { kind: 'schema-exclusive-maximum', lower: false },
  minLength: { kind: 'schema-min-length', lower: true },
  maxLength: { kind: 'schema-max-length', lower: false },
  minItems: { kind: 'schema-min-items', lower: true },
  maxItems: { kind: 'schema-max-items', lower: false },
  minProperties: { kind: 'schema-min-properties', lower: true },
  maxProperties: { kind: 'schema-max-properties', lower: false },
};

/** integer is a subset of number; int32 of int64; float of double. */
const WIDER_FORMAT: Record<string, string> = { int32: 'int64', float: 'double' };

/** Integer formats and their ranges, as [lowest value, one past the highest] so 2^63 and 2^64 stay exact doubles. */
const INTEGER_FORMAT_RANGES: Record<string, readonly [number, number]> = {
  int8: [-(2 ** 7), 2 ** 7], int16: [-(2 ** 15), 2 ** 15], int32: [-(2 ** 31), 2 ** 31], int64: [-(2 ** 63), 2 ** 63],
  uint8: [0, 2 ** 8], uint16: [0, 2 ** 16], uint32: [0, 2 ** 32], uint64: [0, 2 ** 64],
};

/**
 * Whether `format` rejects no value a schema read as `view` accepts: an integer format whose range holds every
 * integer the bounds allow (`int32` on an integer bounded to 0..21600).
 */
export function formatRejectsNothing(format: unknown, view: SchemaView): boolean {
  const range = typeof format === 'string' ? INTEGER_FORMAT_RANGES[format] : undefined;
  if (!range || view.types?.size !== 1 || !view.types.has('integer')) return false;
  const { minimum, exclusiveMinimum, maximum, exclusiveMaximum } = view.bounds;
  // The lowest and highest integer the bounds allow (an exclusive bound excludes its own value).
  const low = Math.max(minimum ?? -Infinity, exclusiveMinimum === undefined ? -Infinity : Math.floor(exclusiveMinimum) + 1);
  const high = Math.min(maximum ?? Infinity, exclusiveMaximum === undefined ? Infinity : Math.ceil(exclusiveMaximum) - 1);
  return low >= range[0] && high < range[1];
}

export function formatEffect(before: string, after: string): 'widened' | 'narrowed' | 'incomparable' {
  if (WIDER_FORMAT[before] === after) return 'widened';
  if (WIDER_FORMAT[after] === before) return 'narrowed';
  return 'incomparable';
}

/** Effect of going from one type set to another (null = unconstrained). */
export function typeEffect(before: Set<string> | null, after: Set<string> | null): 'widened' | 'narrowed' | 'incomparable' | 'none' {
  if (before === null && after === null) return 'none';
  if (before === null) return 'narrowed';
  if (after === null) return 'widened';
  const covers = (wide: Set<string>, t: string) => wide.has(t) || (t === 'integer' && wide.has('number'));
  const widens = [...before].every((t) => covers(after, t));
  const narrows = [...after].every((t) => covers(before, t));
  if (widens && narrows) return 'none';
  if (widens) return 'widened';
  if (narrows) return 'narrowed';
  return 'incomparable';
}
