/**
 * Serialization facts about a parameter's schema. A single value is written the same way whether the
 * parameter is a scalar or an array (`?x=v` in every style), so a scalar that becomes an array still accepts
 * what clients sent; and `explode` only changes how arrays and objects are written, never a primitive.
 */
import { isRecord } from '../toolkit/values.ts';

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/** The declared types besides `null` (a list, as OpenAPI 3.1 allows, or one). */
function typesOf(schema: any): unknown[] {
  if (!isRecord(schema)) return [];
  return Array.isArray(schema.type) ? schema.type.filter((t: unknown) => t !== 'null') : schema.type === undefined ? [] : [schema.type];
}

function typeOf(schema: any): string | undefined {
  const type = typesOf(schema);
  return type.length === 1 && typeof type[0] === 'string' ? type[0] : undefined;
}

/** The schema describes one primitive value (type string, number, integer or boolean). */
export function isPrimitive(schema: any): boolean {
  const type = typeOf(schema);
  return type !== undefined && PRIMITIVES.has(type);
}

/** The schema describes one primitive value of one of several types (`type: [string, integer]`). */
function isPrimitiveOfAny(schema: any): boolean {
  const types = typesOf(schema);
  return types.length > 0 && types.every((t) => typeof t === 'string' && PRIMITIVES.has(t));
}

/** The scalar types as one text (`integer|string`), for the message of a shape change. */
export function scalarTypes(schema: any): string {
  return typesOf(schema).map(String).sort().join('|');
}

/** The schema is an array of one item schema. */
function isArrayOf(schema: any): boolean {
  return typeOf(schema) === 'array' && isRecord(schema.items);
}

/** `became-array` (scalar -> array of items), `became-scalar` (the reverse), or undefined. */
export function arrayShift(base: any, revision: any): 'became-array' | 'became-scalar' | undefined {
  if (isPrimitiveOfAny(base) && isArrayOf(revision)) return 'became-array';
  if (isArrayOf(base) && isPrimitiveOfAny(revision)) return 'became-scalar';
  return undefined;
}
