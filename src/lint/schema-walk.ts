/**
 * The schema-aware traversal behind the `#schemas` alias (rules/lint/aliases.json says where schemas start):
 * every schema object of a document in one walk of the file as written ($refs are not followed, so a shared
 * schema is visited once however often it is referenced), subschemas found through the JSON Schema
 * vocabulary of toolkit/json-schema-vocabulary.ts.
 */
import { INSTANCE_DATA_KEYWORDS, SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../toolkit/json-schema-vocabulary.ts';
import { lastSegment, valueAt } from '../toolkit/json-pointer.ts';
import { LazyPointer, pointerOf, type Place } from './lazy-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { mayShareNodes } from '../load/parse-source.ts';

export interface SchemaNode {
  schema: Record<string, any>;
  readonly pointer: string;
  /** The schema again, and the key it sits at: a node is a match of the `#schemas` alias as it is. */
  value: Record<string, any>;
  key: string | number | undefined;
  /** True for a schema that is not nested inside another schema (a component, a media type schema...). */
  root: boolean;
}

/** A schema node; its pointer is built only when read (see lazy-pointer.ts). */
class Node implements SchemaNode {
  constructor(
    readonly schema: Record<string, any>,
    private readonly place: Place,
    readonly key: string | number | undefined,
    readonly root: boolean,
  ) {}
  get value(): Record<string, any> {
    return this.schema;
  }
  get pointer(): string {
    return pointerOf(this.place);
  }
}

const SCHEMA_MAPS = SUBSCHEMA_MAP_KEYWORDS;
const SCHEMA_VALUES = SUBSCHEMA_KEYWORDS;
const SCHEMA_LISTS = [...SUBSCHEMA_LIST_KEYWORDS, 'items'];
/** Keys whose values are data, never walked for schemas. */
export const DATA_KEYS: ReadonlySet<string> = new Set<string>([...INSTANCE_DATA_KEYWORDS, 'x-examples']);

// `seen` holds every walked object: a Set, as the document outlives the walk (a WeakSet costs far more per add).
function walkSchema(schema: unknown, place: Place, key: string | number | undefined, root: boolean, out: SchemaNode[], seen: Set<object>): void {
  if (!isRecord(schema) || seen.has(schema)) return;
  seen.add(schema);
  const node = new Node(schema, place, key, root);
  out.push(node);
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword];
    if (isRecord(map)) {
      const at = new LazyPointer(place, keyword);
      for (const name of Object.keys(map)) walkSchema(map[name], new LazyPointer(at, name), name, false, out, seen);
    }
  }
  for (const keyword of SCHEMA_VALUES) if (isRecord(schema[keyword])) walkSchema(schema[keyword], new LazyPointer(place, keyword), keyword, false, out, seen);
  for (const keyword of SCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) {
      const at = new LazyPointer(place, keyword);
      for (let i = 0; i < list.length; i++) walkSchema(list[i], new LazyPointer(at, i), i, false, out, seen);
    }
  }
  const dependencies = schema.dependencies;
  if (isRecord(dependencies)) {
    const at = new LazyPointer(place, 'dependencies');
    for (const name of Object.keys(dependencies)) if (isRecord(dependencies[name])) walkSchema(dependencies[name], new LazyPointer(at, name), name, false, out, seen);
  }
}

/** A schema walk from a root at a pointer (its key read from the pointer). */
const walkRoot = (schema: unknown, pointer: string, out: SchemaNode[], seen: Set<object>) => walkSchema(schema, pointer, pointer === '' ? undefined : lastSegment(pointer), true, out, seen);

/**
 * The schema nodes of a document: walks its structure (outside `x-` extensions and example data) in
 * document order; a node among `targets`, or the value of a `rootKeys` key, starts a schema walk. Targets the
 * structure walk does not reach are walked after it.
 */
export function walkSchemas(data: unknown, targets: { pointer: string; value: unknown }[], rootKeys: ReadonlySet<string>): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new Set<object>();
  const starts = new Set<unknown>(targets.map((t) => t.value));
  // In a tree (no YAML anchors) the structure walk meets each node once: only schemas are remembered then.
  const tree = !mayShareNodes(data);
  const walkStructure = (node: unknown, place: Place): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    if (starts.has(node)) {
      walkRoot(node, pointerOf(place), out, seen);
      return;
    }
    if (!tree) seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) walkStructure(node[i], new LazyPointer(place, i));
      return;
    }
    for (const key of Object.keys(node)) {
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      const value = (node as Record<string, unknown>)[key];
      if (value === null || typeof value !== 'object') continue;
      if (rootKeys.has(key) && isRecord(value)) walkSchema(value, new LazyPointer(place, key), key, true, out, seen);
      else walkStructure(value, new LazyPointer(place, key));
    }
  };
  walkStructure(data, '');
  for (const target of targets) walkRoot(target.value, target.pointer, out, seen);
  return out;
}

/** The schema nodes below the given roots only (a referenced file: the schemas other files refer to). */
export function walkSchemasFrom(data: unknown, roots: string[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new Set<object>();
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
