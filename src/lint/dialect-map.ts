/**
 * Folds draft-04 (and OpenAPI 3.0) schema keywords into their draft-07 spelling, so ajv's draft-07 support
 * can check them: `id` -> `$id`, boolean `exclusiveMinimum`/`exclusiveMaximum` -> numbers, and 3.0
 * `nullable: true` -> a `null` type. ajv-draft-04 is not a dependency; this mapping stands in for it.
 */
import { isRecord } from '../toolkit/values.ts';

const MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const VALUES = ['additionalProperties', 'items', 'additionalItems', 'not'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];

/** Rewrites one schema object in place (not its subschemas). */
export function mapSchemaKeywords(schema: Record<string, any>, options: { nullable: boolean; ids: boolean }): void {
  if (options.ids && typeof schema.id === 'string' && schema.$id === undefined) {
    schema.$id = schema.id;
    delete schema.id;
  }
  if (typeof schema.$schema === 'string' && /draft-04/.test(schema.$schema)) delete schema.$schema;
  for (const [bound, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive] && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else delete schema[exclusive];
  }
  if (options.nullable && schema.nullable === true) {
    if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    else if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
}

/** A draft-07 copy of a whole draft-04 schema document (walks schema positions only). */
export function draft04ToDraft07(schema: unknown): unknown {
  const copy = structuredClone(schema);
  const walk = (node: unknown) => {
    if (!isRecord(node)) return;
    mapSchemaKeywords(node, { nullable: false, ids: true });
    for (const key of MAPS) if (isRecord(node[key])) for (const sub of Object.values(node[key])) walk(sub);
    for (const key of VALUES) if (isRecord(node[key])) walk(node[key]);
    for (const key of LISTS) if (Array.isArray(node[key])) node[key].forEach(walk);
  };
  walk(copy);
  return copy;
}
