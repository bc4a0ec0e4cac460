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
