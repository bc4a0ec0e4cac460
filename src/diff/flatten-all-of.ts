/**
 * `allOf` folded into its parent where that is exact: members whose keywords do not conflict are merged
 * (properties united, required united, annotations kept from the first writer). So `allOf: [{type: boolean},
 * {description: ...}]` equals `{type: boolean, description: ...}`, and a property moved between an allOf
 * member and the parent is no change. Conflicting members (and `$ref`s) stay in an allOf beside the merged
 * keywords and are compared member by member.
 * One merged object per source node (cached), so identity memos keep working.
 */
import { canonicalEqual } from './schema-hash.ts';
import { ANNOTATIONS as ANNOTATION_KINDS } from './schema-keywords.ts';
import { isRecord } from '../toolkit/values.ts';

const ANNOTATIONS = new Set(Object.keys(ANNOTATION_KINDS));
const cache = new WeakMap<object, Record<string, any>>();
/** Merged `properties` object -> property name -> the `properties` object (of the parent or a member) it was written in. */
const writers = new WeakMap<object, Map<string, object>>();

/** The `properties` object a merged property was written in, so its location is where it is written. */
export function writtenIn(properties: object, name: string): object | undefined {
  return writers.get(properties)?.get(name);
}

function recordWriters(merged: Record<string, any>, from: Record<string, any>): void {
  if (!isRecord(merged.properties) || !isRecord(from.properties)) return;
  let names = writers.get(merged.properties);
  if (!names) writers.set(merged.properties, (names = new Map()));
  const written = writers.get(from.properties);
  for (const name of Object.keys(from.properties)) if (!names.has(name)) names.set(name, written?.get(name) ?? from.properties);
}
const inProgress = new WeakSet<object>();
/** Merged node -> keyword -> the member (or nested writer) it was folded from, so changes are located where written. */
const keyWriters = new WeakMap<object, Map<string, object>>();

/** The allOf member a merged node's keyword was written in (undefined when the node itself wrote it). */
export function keyWriter(merged: object, key: string): object | undefined {
  return keyWriters.get(merged)?.get(key);
}

/** Partly merged node -> the allOf list it was written with, so kept members keep their written index. */
const written = new WeakMap<object, unknown[]>();

/** Where an allOf member was written in the node's own allOf (its index in the merged list when not found). */
export function writtenIndex(merged: object, member: unknown, index: number): number {
  const list = written.get(merged);
  const at = list ? list.indexOf(member) : -1;
  return at >= 0 ? at : index;
}

/** Whether `member` folds into `target` without a conflicting keyword (what mergeInto would refuse). */
function fits(target: Record<string, any>, member: Record<string, any>): boolean {
  for (const [key, value] of Object.entries(member)) {
    if (!(key in target)) continue;
    const current = target[key];
    if (current === value || ANNOTATIONS.has(key)) continue;
    if (key === 'properties' && isRecord(current) && isRecord(value)) {
      for (const [name, schema] of Object.entries(value)) {
        if (name in current && current[name] !== schema && !canonicalEqual(current[name], schema, 6)) return false;
      }
      continue;
    }
    if (key === 'required' && Array.isArray(current) && Array.isArray(value)) continue;
    if (!canonicalEqual(current, value, 6)) return false;
  }
  return true;
}

/** Folds a member that `fits` into `target`: properties and required united, other keywords already equal. */
function mergeInto(target: Record<string, any>, member: Record<string, any>): void {
  for (const [key, value] of Object.entries(member)) {
    if (!(key in target)) {
      target[key] = key === 'properties' ? { ...value } : key === 'required' && Array.isArray(value) ? [...value] : value;
      continue;
    }
    const current = target[key];
    if (key === 'properties' && isRecord(current) && isRecord(value)) {
      for (const [name, schema] of Object.entries(value)) current[name] = current[name] ?? schema;
    } else if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      for (const name of value) if (!current.includes(name)) current.push(name);
    }
  }
}

export function flattenAllOf(node: Record<string, any>): Record<string, any> {
  if (!Array.isArray(node.allOf) || node.allOf.length === 0) return node;
  const cached = cache.get(node);
  if (cached) return cached;
  if (inProgress.has(node)) return node;
  inProgress.add(node);
  const { allOf, ...rest } = node;
  const merged: Record<string, any> = copy(rest);
  const parts: Record<string, any>[] = [rest];
  const kept: unknown[] = [];
  const writers = new Map<string, object>();
  for (const member of allOf as unknown[]) {
    if (!isRecord(member) || typeof member.$ref === 'string') { kept.push(member); continue; }
    const flat = flattenAllOf(member);
    const { allOf: inner, ...own } = flat;
    // A conflicting member stays a member; the others fold in (allOf is a conjunction, so either is exact).
    if (!fits(merged, own)) { kept.push(member); continue; }
    for (const key of Object.keys(own)) if (!(key in merged)) writers.set(key, keyWriter(flat, key) ?? member);
    mergeInto(merged, own);
    parts.push(own);
    if (Array.isArray(inner)) kept.push(...inner);
  }
  for (const part of parts) recordWriters(merged, part);
  const unchanged = kept.length === allOf.length && kept.every((m, i) => m === allOf[i]);
  if (kept.length > 0) merged.allOf = kept;
  if (!unchanged) { written.set(merged, allOf); keyWriters.set(merged, writers); }
  inProgress.delete(node);
  const result = unchanged ? node : merged;
  cache.set(node, result);
  return result;
}

/** A copy whose `properties` and `required` can be extended without touching the source. */
function copy(node: Record<string, any>): Record<string, any> {
  const out = { ...node };
  if (isRecord(out.properties)) out.properties = { ...out.properties };
  if (Array.isArray(out.required)) out.required = [...out.required];
  return out;
}
