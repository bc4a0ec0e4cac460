/**
 * Finds every schema object in a document in one walk of the file as written ($refs are not followed, so a
 * shared schema is visited once however often it is referenced). Results are cached per document.
 */
import { INSTANCE_DATA_KEYWORDS, SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../toolkit/json-schema-vocabulary.ts';
import { joinPointer, valueAt } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import type { LintDocument } from './types.ts';

export interface SchemaNode {
  schema: Record<string, any>;
  pointer: string;
  /** True for a schema that is not nested inside another schema (a component, a media type schema...). */
  root: boolean;
}

const SCHEMA_MAPS = SUBSCHEMA_MAP_KEYWORDS;
const SCHEMA_VALUES = SUBSCHEMA_KEYWORDS;
const SCHEMA_LISTS = [...SUBSCHEMA_LIST_KEYWORDS, 'items'];
/** Keys whose values are data, never walked for schemas. */
const DATA_KEYS = new Set<string>([...INSTANCE_DATA_KEYWORDS, 'x-examples']);

function walkSchema(schema: unknown, pointer: string, root: boolean, out: SchemaNode[], seen: WeakSet<object>): void {
  if (!isRecord(schema) || seen.has(schema)) return;
  seen.add(schema);
  out.push({ schema, pointer, root });
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isRecord(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, joinPointer(pointer, key, name), false, out, seen);
  }
  for (const key of SCHEMA_VALUES) if (isRecord(schema[key])) walkSchema(schema[key], joinPointer(pointer, key), false, out, seen);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, joinPointer(pointer, key, i), false, out, seen));
  }
  if (isRecord(schema.dependencies)) {
    for (const [name, sub] of Object.entries(schema.dependencies)) if (isRecord(sub)) walkSchema(sub, joinPointer(pointer, 'dependencies', name), false, out, seen);
  }
}

/** Positions in an OpenAPI document that hold a schema, found by walking the non-schema structure. */
function walkOpenApi(node: unknown, pointer: string, parentKey: string | undefined, version: string, out: SchemaNode[], seen: WeakSet<object>): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  if (Array.isArray(node)) {
    seen.add(node);
    node.forEach((item, i) => walkOpenApi(item, joinPointer(pointer, i), parentKey, version, out, seen));
    return;
  }
  if (!isRecord(node)) return;
  // Swagger 2.0 non-body parameters, headers and items are schema-like (type, enum, items, default).
  if (version === '2.0' && (parentKey === 'parameters' || parentKey === 'headers') && typeof node.type === 'string' && node.in !== 'body') {
    walkSchema(node, pointer, true, out, seen);
    return;
  }
  seen.add(node);
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
    const child = joinPointer(pointer, key);
    if (key === 'schema' && isRecord(value)) walkSchema(value, child, true, out, seen);
    else if ((key === 'schemas' && pointer === '/components') || (key === 'definitions' && pointer === '')) {
      if (isRecord(value)) for (const [name, sub] of Object.entries(value)) walkSchema(sub, joinPointer(child, name), true, out, seen);
    } else walkOpenApi(value, child, key, version, out, seen);
  }
}

const cache = new WeakMap<object, SchemaNode[]>();

export function schemasOf(doc: LintDocument): SchemaNode[] {
  if (!isRecord(doc.data)) return [];
  let found = cache.get(doc.data);
  if (!found) {
    found = [];
    const seen = new WeakSet<object>();
    if (doc.schemaRoots) for (const root of doc.schemaRoots) walkSchema(valueAt(doc.data, root), root, true, found, seen);
    else if (doc.kind.format === 'json-schema') walkSchema(doc.data, '', true, found, seen);
    else walkOpenApi(doc.data, '', undefined, doc.kind.version, found, seen);
    cache.set(doc.data, found);
  }
  return found;
}

/** The JSON types a schema allows, or undefined when it does not say. */
export function declaredTypes(schema: Record<string, any>): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t: unknown): t is string => typeof t === 'string');
  return undefined;
}

/** Whether a value matches one of the JSON types (integer included; `nullable: true` allows null). */
export function matchesType(value: unknown, types: string[], nullable = false): boolean {
  if (value === null && nullable) return true;
  return types.some((type) => {
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
      case 'file':
        return true;
      default:
        return true;
    }
  });
}
