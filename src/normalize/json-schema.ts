/**
 * JSON Schema draft-04 .. 2020-12 normalised into one 2020-12 shaped model before comparison, so that a
 * dialect change with equivalent keywords is no change: boolean `exclusiveMaximum/Minimum` -> numeric,
 * `items: [..]` + `additionalItems` -> `prefixItems` + `items`, `dependencies` -> `dependentRequired` /
 * `dependentSchemas`, `definitions` -> `$defs`, `const` -> one-value `enum`, single-type arrays -> a string,
 * OpenAPI 3.0 `nullable` -> a `null` type, boolean subschemas -> `{}` / `{not: {}}`.
 *
 * The input is a resolved document (shared targets by identity, cycles as object cycles); the output keeps
 * that shape (one normalised node per source node), and `sourceOf` maps back so origins still work.
 */
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../toolkit/json-schema-vocabulary.ts';
import { isRecord } from '../toolkit/values.ts';
import type { JsonSchemaDialect } from '../load/types.ts';

/** Keywords holding one subschema. Booleans here keep their meaning as "open"/"closed" (see BOOLEAN_SLOTS). */
const SINGLE: ReadonlySet<string> = new Set(SUBSCHEMA_KEYWORDS);
/** Keywords holding a map of subschemas. */
const MAPS: ReadonlySet<string> = new Set(SUBSCHEMA_MAP_KEYWORDS);
/** Keywords holding a list of subschemas. */
const LISTS: ReadonlySet<string> = new Set(SUBSCHEMA_LIST_KEYWORDS);
/** Slots where `true` means "no constraint" (dropped) and `false` means "closed" (kept as `false`). */
const BOOLEAN_SLOTS = new Set(['items', 'additionalItems', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems']);

export interface NormalizedSchema {
  root: unknown;
  /** The source node a normalised node was made from (undefined for synthetic nodes). */
  sourceOf(node: object): object | undefined;
}


export function normalizeJsonSchema(document: unknown, dialect: JsonSchemaDialect): NormalizedSchema {
  // Maps, not WeakMaps: they live as long as the comparison, and a WeakMap entry costs several times more to add.
  const done = new Map<object, Record<string, any>>();
  const sources = new Map<object, object>();

  const schema = (value: unknown): unknown => {
    if (value === true) return {};
    if (value === false) return { not: {} };
    if (!isRecord(value)) return value;
    const known = done.get(value);
    if (known) return known;
    const out: Record<string, any> = {};
    done.set(value, out);
    sources.set(out, value);
    fill(value, out);
    return out;
  };

  const map = (value: unknown): unknown => {
    if (!isRecord(value)) return value;
    const out: Record<string, any> = {};
    for (const key of Object.keys(value)) out[key] = schema(value[key]);
    return out;
  };

  const fill = (node: Record<string, any>, out: Record<string, any>): void => {
    // Object.keys, not Object.entries: no array per keyword of every schema of the document.
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === 'items' && Array.isArray(value)) continue; // handled below with additionalItems
      if (key === 'additionalItems' || key === 'dependencies' || key === 'nullable' || key === 'const') continue;
      if (BOOLEAN_SLOTS.has(key) && typeof value === 'boolean') {
        if (value === false) out[key] = false;
        continue;
      }
      if (SINGLE.has(key)) out[key] = schema(value);
      else if (key === '$defs' || key === 'definitions') out.$defs = { ...(isRecord(out.$defs) ? out.$defs : {}), ...(map(value) as object) };
      else if (MAPS.has(key)) out[key] = map(value);
      else if (LISTS.has(key)) out[key] = Array.isArray(value) ? value.map(schema) : value;
      else if (key === 'id' && dialect === 'draft-04' && typeof value === 'string') out.$id = value;
      else out[key] = value;
    }
    if (Array.isArray(node.items)) {
      out.prefixItems = node.items.map(schema);
      const rest = node.additionalItems;
      if (rest === false) out.items = false;
      else if (rest !== undefined && rest !== true) out.items = schema(rest);
    }
    foldDependencies(node, out, schema);
    foldExclusiveBounds(out);
    foldType(node, out);
    foldConst(node, out);
  };

  const root = schema(document);
  return { root, sourceOf: (node) => sources.get(node) };
}

function foldDependencies(node: Record<string, any>, out: Record<string, any>, schema: (v: unknown) => unknown): void {
  const deps = node.dependencies;
  if (!isRecord(deps)) return;
  for (const [name, value] of Object.entries(deps)) {
    if (Array.isArray(value)) {
      out.dependentRequired = { ...(isRecord(out.dependentRequired) ? out.dependentRequired : {}), [name]: value };
    } else {
      out.dependentSchemas = { ...(isRecord(out.dependentSchemas) ? out.dependentSchemas : {}), [name]: schema(value) };
    }
  }
}

/** draft-04 (and OpenAPI 3.0): `exclusiveMaximum: true` qualifies `maximum`. */
function foldExclusiveBounds(out: Record<string, any>): void {
  for (const [exclusive, inclusive] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[inclusive] === 'number') {
      out[exclusive] = out[inclusive];
      delete out[inclusive];
    } else delete out[exclusive];
  }
}

/** `["string"]` = `"string"`; OpenAPI 3.0 `nullable: true` = a `null` type. */
function foldType(node: Record<string, any>, out: Record<string, any>): void {
  let types: string[] | undefined = typeof out.type === 'string' ? [out.type] : Array.isArray(out.type) ? out.type.map(String) : undefined;
  if (node.nullable === true && types && !types.includes('null')) types = [...types, 'null'];
  if (node.nullable !== undefined && node.nullable !== true && node.nullable !== false) out.nullable = node.nullable;
  if (!types) return;
  const unique = [...new Set(types)].sort();
  out.type = unique.length === 1 ? unique[0] : unique;
}

/** `const: x` = `enum: [x]` (and both together = the enum values equal to the const). */
function foldConst(node: Record<string, any>, out: Record<string, any>): void {
  if (!('const' in node)) return;
  const value = node.const;
  if (!Array.isArray(out.enum)) { out.enum = [value]; return; }
  const text = JSON.stringify(value);
  out.enum = out.enum.filter((v: unknown) => JSON.stringify(v) === text);
}
