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
/**
 * Where a folded part was written: the part (an allOf member, or a `properties` object) and its pointer relative
 * to the node that was folded (`properties`, `allOf/1`, `allOf/1/properties`), so its origin is found along it.
 */
export interface FoldedPart { holder: object; at: string }

/** Merged `properties` object -> property name -> the `properties` object (of the parent or a member) it was written in. */
const writers = new WeakMap<object, Map<string, FoldedPart>>();

/** The `properties` object a merged property was written in, so its location is where it is written. */
export function writtenIn(properties: object, name: string): FoldedPart | undefined {
  return writers.get(properties)?.get(name);
}

/** `prefix`: where `from` sits in the node being folded ('' for the node's own keywords, `allOf/<i>/` for a member). */
function recordWriters(merged: Record<string, any>, from: Record<string, any>, prefix: string): void {
  if (!isRecord(merged.properties) || !isRecord(from.properties)) return;
  let names = writers.get(merged.properties);
  if (!names) writers.set(merged.properties, (names = new Map()));
  const written = writers.get(from.properties);
  for (const name of Object.keys(from.properties)) {
    if (names.has(name)) continue;
    const inner = written?.get(name);
    names.set(name, inner ? { holder: inner.holder, at: prefix + inner.at } : { holder: from.properties, at: `${prefix}properties` });
  }
}
const inProgress = new WeakSet<object>();
/** Merged node -> keyword -> the member (or nested writer) it was folded from, so changes are located where written. */
const keyWriters = new WeakMap<object, Map<string, FoldedPart>>();

/** The allOf member a merged node's keyword was written in (undefined when the node itself wrote it). */
export function keyWriter(merged: object, key: string): FoldedPart | undefined {
  return keyWriters.get(merged)?.get(key);
}

/** Partly merged node -> the allOf list it was written with, so kept members keep their written index. */
const written = new WeakMap<object, unknown[]>();

/** Partly merged node -> each member kept in its allOf -> where that member was written, relative to the node. */
const keptPaths = new WeakMap<object, Map<unknown, string>>();

/** Where a member kept in a merged node's allOf was written, relative to the node (`allOf/1/allOf/0`). */
export function keptPath(merged: object, member: unknown): string | undefined {
  return keptPaths.get(merged)?.get(member);
}

/** Where an allOf member was written in the node's own allOf (its index in the merged list when not found). */
export function writtenIndex(merged: object, member: unknown, index: number): number {
  const list = written.get(merged);
  const at = list ? list.indexOf(member) : -1;
  return at >= 0 ? at : index;
}

/** Merged nodes and the `properties` objects copied for them: written nowhere, so never looked up in a document. */
const folded = new WeakSet<object>();

/** Whether `node` was made here by folding (a merged node or its merged `properties`), not read from a document. */
export function isFolded(node: object): boolean {
  return folded.has(node);
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
  const parts: [Record<string, any>, string][] = [[rest, '']];
  const kept: unknown[] = [];
  const paths = new Map<unknown, string>();
  const keep = (member: unknown, path: string) => {
    kept.push(member);
    if (!paths.has(member)) paths.set(member, path);
  };
  const writers = new Map<string, FoldedPart>();
  (allOf as unknown[]).forEach((member, index) => {
    if (!isRecord(member) || typeof member.$ref === 'string') { keep(member, `allOf/${index}`); return; }
    const flat = flattenAllOf(member);
    const { allOf: inner, ...own } = flat;
    // A conflicting member stays a member; the others fold in (allOf is a conjunction, so either is exact).
    const at = `allOf/${index}`;
    if (!fits(merged, own)) { keep(member, at); return; }
    for (const key of Object.keys(own)) {
      if (key in merged) continue;
      const nested = keyWriter(flat, key);
      writers.set(key, nested ? { holder: nested.holder, at: `${at}/${nested.at}` } : { holder: member, at });
    }
    mergeInto(merged, own);
    parts.push([own, `${at}/`]);
    if (Array.isArray(inner)) inner.forEach((m, k) => keep(m, `${at}/${keptPath(flat, m) ?? `allOf/${k}`}`));
  });
  for (const [part, prefix] of parts) recordWriters(merged, part, prefix);
  const unchanged = kept.length === allOf.length && kept.every((m, i) => m === allOf[i]);
  if (kept.length > 0) merged.allOf = kept;
  if (!unchanged) { written.set(merged, allOf); keyWriters.set(merged, writers); keptPaths.set(merged, paths); }
  inProgress.delete(node);
  if (!unchanged) {
    folded.add(merged);
    if (isRecord(merged.properties)) folded.add(merged.properties);
  }
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
