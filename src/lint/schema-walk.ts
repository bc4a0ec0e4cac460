/**
 * The schema-aware traversal behind the `#schemas` alias (rules/lint/aliases.json says where schemas start):
 * every schema object of a document in one walk of the file as written ($refs are not followed, so a shared
 * schema is visited once however often it is referenced), subschemas found through the JSON Schema
 * vocabulary of toolkit/json-schema-vocabulary.ts.
 */
import { INSTANCE_DATA_KEYWORDS, SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../toolkit/json-schema-vocabulary.ts';
import { joinPointer, lastSegment, valueAt } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';

export interface SchemaNode {
  schema: Record<string, any>;
  pointer: string;
  /** The schema again, and the key it sits at: a node is a match of the `#schemas` alias as it is. */
  value: Record<string, any>;
  key: string | number | undefined;
  /** True for a schema that is not nested inside another schema (a component, a media type schema...). */
  root: boolean;
}

const SCHEMA_MAPS = SUBSCHEMA_MAP_KEYWORDS;
const SCHEMA_VALUES = SUBSCHEMA_KEYWORDS;
const SCHEMA_LISTS = [...SUBSCHEMA_LIST_KEYWORDS, 'items'];
/** Keys whose values are data, never walked for schemas. */
export const DATA_KEYS: ReadonlySet<string> = new Set<string>([...INSTANCE_DATA_KEYWORDS, 'x-examples']);

function walkSchema(schema: unknown, pointer: string, key: string | number | undefined, root: boolean, out: SchemaNode[], seen: WeakSet<object>): void {
  if (!isRecord(schema) || seen.has(schema)) return;
  seen.add(schema);
  out.push({ schema, value: schema, pointer, key, root });
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword];
    if (isRecord(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, joinPointer(pointer, keyword, name), name, false, out, seen);
  }
  for (const keyword of SCHEMA_VALUES) if (isRecord(schema[keyword])) walkSchema(schema[keyword], joinPointer(pointer, keyword), keyword, false, out, seen);
  for (const keyword of SCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, joinPointer(pointer, keyword, i), i, false, out, seen));
  }
  if (isRecord(schema.dependencies)) {
    for (const [name, sub] of Object.entries(schema.dependencies)) if (isRecord(sub)) walkSchema(sub, joinPointer(pointer, 'dependencies', name), name, false, out, seen);
  }
}

/** A schema walk from a root at a pointer (its key read from the pointer). */
const walkRoot = (schema: unknown, pointer: string, out: SchemaNode[], seen: WeakSet<object>) => walkSchema(schema, pointer, pointer === '' ? undefined : lastSegment(pointer), true, out, seen);

/**
 * The schema nodes of a document: walks its structure (outside `x-` extensions and example data) in
 * document order; a node among `targets`, or the value of a `rootKeys` key, starts a schema walk. Targets the
 * structure walk does not reach are walked after it.
 */
export function walkSchemas(data: unknown, targets: { pointer: string; value: unknown }[], rootKeys: ReadonlySet<string>): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new WeakSet<object>();
  const starts = new Set<unknown>(targets.map((t) => t.value));
  const walkStructure = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    if (starts.has(node)) {
      walkRoot(node, pointer, out, seen);
      return;
    }
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, i) => walkStructure(item, joinPointer(pointer, i)));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      const child = joinPointer(pointer, key);
      if (rootKeys.has(key) && isRecord(value)) walkSchema(value, child, key, true, out, seen);
      else walkStructure(value, child);
    }
  };
  walkStructure(data, '');
  for (const target of targets) walkRoot(target.value, target.pointer, out, seen);
  return out;
}

/** The schema nodes below the given roots only (a referenced file: the schemas other files refer to). */
export function walkSchemasFrom(data: unknown, roots: string[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new WeakSet<object>();
  for (const root of roots) walkRoot(valueAt(data, root), root, out, seen);
  return out;
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
