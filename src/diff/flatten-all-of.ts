/**
 * `allOf` folded into its parent where that is exact: members whose keywords do not conflict are merged
 * (properties united, required united, annotations kept from the first writer). So `allOf: [{type: boolean},
 * {description: ...}]` equals `{type: boolean, description: ...}`, and a property moved between an allOf
 * member and the parent is no change. Conflicting members stay an allOf and are compared member by member.
 * One merged object per source node (cached), so identity memos keep working.
 */
import { canonicalEqual } from './schema-hash.ts';

const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'externalDocs', '$comment']);
const cache = new WeakMap<object, Record<string, any>>();
/** Merged `properties` object -> property name -> the `properties` object (of the parent or a member) it was written in. */
const writers = new WeakMap<object, Map<string, object>>();

/** The `properties` object a merged property was written in, so its location is where it is written. */
export function writtenIn(properties: object, name: string): object | undefined {
  return writers.get(properties)?.get(name);
}

function recordWriters(merged: Record<string, any>, from: Record<string, any>): void {
  if (!isObject(merged.properties) || !isObject(from.properties)) return;
  let names = writers.get(merged.properties);
  if (!names) writers.set(merged.properties, (names = new Map()));
  const written = writers.get(from.properties);
  for (const name of Object.keys(from.properties)) if (!names.has(name)) names.set(name, written?.get(name) ?? from.properties);
}
const inProgress = new WeakSet<object>();

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeInto(target: Record<string, any>, member: Record<string, any>): boolean {
  for (const [key, value] of Object.entries(member)) {
    if (!(key in target)) {
      target[key] = key === 'properties' ? { ...value } : key === 'required' && Array.isArray(value) ? [...value] : value;
      continue;
    }
    const current = target[key];
    if (current === value || ANNOTATIONS.has(key)) continue;
    if (key === 'properties' && isObject(current) && isObject(value)) {
      for (const [name, schema] of Object.entries(value)) {
        if (name in current && current[name] !== schema && !canonicalEqual(current[name], schema, 6)) return false;
        current[name] = current[name] ?? schema;
      }
      continue;
    }
    if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      for (const name of value) if (!current.includes(name)) current.push(name);
      continue;
    }
    if (!canonicalEqual(current, value, 6)) return false;
  }
  return true;
}

export function flattenAllOf(node: Record<string, any>): Record<string, any> {
  if (!Array.isArray(node.allOf) || node.allOf.length === 0) return node;
  const cached = cache.get(node);
  if (cached) return cached;
  if (inProgress.has(node)) return node;
  inProgress.add(node);
  const { allOf, ...rest } = node;
  const merged: Record<string, any> = { ...rest };
  if (isObject(merged.properties)) merged.properties = { ...merged.properties };
  if (Array.isArray(merged.required)) merged.required = [...merged.required];
  let exact = true;
  const parts: Record<string, any>[] = [rest];
  for (const member of allOf as unknown[]) {
    if (!isObject(member) || typeof member.$ref === 'string') { exact = false; break; }
    const flat = flattenAllOf(member);
    if (Array.isArray(flat.allOf) || !mergeInto(merged, flat)) { exact = false; break; }
    parts.push(flat);
  }
  if (exact) for (const part of parts) recordWriters(merged, part);
  inProgress.delete(node);
  const result = exact ? merged : node;
  cache.set(node, result);
  return result;
}
