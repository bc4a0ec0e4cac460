/**
 * The JSON Schema keyword vocabulary (draft-04 .. 2020-12, with OpenAPI's `example`) that walkers of schemas
 * share: which keywords hold subschemas, and which hold instance data that is never a schema nor a `$ref`.
 */

/** Keywords holding one subschema (`items` also holds a list in draft-04 .. 2019-09). */
export const SUBSCHEMA_KEYWORDS = ['items', 'additionalItems', 'contains', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'if', 'then', 'else', 'not', 'contentSchema'] as const;

/** Keywords holding a map from names to subschemas (the names may be anything, `default` included). */
export const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'] as const;

/** Keywords holding a list of subschemas. */
export const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** Keywords whose values are instance data (a `$ref` or `type` there means nothing). */
export const INSTANCE_DATA_KEYWORDS = ['enum', 'const', 'example', 'examples', 'default'] as const;

/** Maps whose keys are names chosen by the author (a property or response called `default` is not a default value). */
const NAMED_MAPS = new Set<string>([
  ...SUBSCHEMA_MAP_KEYWORDS, 'schemas', 'responses', 'examples', 'headers', 'parameters', 'requestBodies', 'callbacks', 'links', 'pathItems', 'paths',
]);
const LITERAL_KEYWORDS = new Set(['example', 'const', 'enum', 'default']);

/**
 * Whether the object under `key` is instance data (an example, default, enum or const value, a JSON Schema
 * `examples` list, an OpenAPI Example Object's `value`): never a schema, and a `$ref` key in it is not a
 * reference. `parentKey` and `grandparentKey` are the keys of the object holding `key` and of its holder.
 */
export function isInstanceData(key: string, value: object, parentKey: string | undefined, grandparentKey: string | undefined): boolean {
  if (parentKey !== undefined && NAMED_MAPS.has(parentKey)) return false;
  if (LITERAL_KEYWORDS.has(key)) return true;
  if (key === 'examples') return Array.isArray(value);
  return key === 'value' && grandparentKey === 'examples';
}
