/**
 * `$ref` with sibling keywords (OpenAPI 3.1, JSON Schema 2019-09+): each becomes a new object, the siblings over
 * the target's keys, put in place of the `$ref`. Records, for each merged object, where it sits and what it
 * was made from, so origins can be traced through it.
 */
import { put, type Replacement, type SiblingMerge, type ViaMerged } from './replace-refs.ts';
import type { Located, RefPlace } from './ref-scan.ts';
import type { NodeOrigin } from './types.ts';

/** Where a node was written, or the parent and key it hangs on (to be walked up). */
export type OriginRecord = NodeOrigin | { parent: object; key: string };

export interface MergedRefs {
  /** Merged object -> where it was put (its parent and key, or the root of the root file). */
  mergedOrigins: WeakMap<object, OriginRecord>;
  /** Merged object -> where its target was written (when the target is a node of a file, not another merge). */
  mergedTargets: Map<object, Located>;
  /** Merged object -> the object its non-sibling keys came from (a node of a file or another merged object). */
  mergedFrom: Map<object, { target: object; siblings: Set<string> }>;
}

export function mergeSiblingRefs(replacement: Replacement, rootPath: string, merges: SiblingMerge[], viaMerged: ViaMerged[]): MergedRefs {
  const { replaced } = replacement;
  const mergedOrigins = new WeakMap<object, OriginRecord>();
  const mergedOf = new Map<object, Record<string, unknown>>();
  const mergedTargets = new Map<object, Located>();
  const mergedFrom = new Map<object, { target: object; siblings: Set<string> }>();
  const mergeInto = (refObject: Record<string, unknown>, target: Record<string, unknown>, place: RefPlace, written?: Located) => {
    const merged: Record<string, unknown> = mergedOf.get(refObject) ?? {};
    if (!mergedOf.has(refObject)) {
      mergedOf.set(refObject, merged);
      mergedFrom.set(merged, { target, siblings: new Set(Object.keys(refObject).filter((key) => key !== '$ref')) });
      if (written) mergedTargets.set(merged, written);
      for (const key of Object.keys(target)) put(merged, key, target[key]);
      for (const key of Object.keys(refObject)) if (key !== '$ref') put(merged, key, refObject[key]);
    }
    if (place.parent) {
      put(place.parent, place.key, merged, replaced);
      if (!mergedOrigins.has(merged)) mergedOrigins.set(merged, { parent: place.parent, key: place.key });
    } else {
      replacement.document = merged;
      mergedOrigins.set(merged, { file: rootPath, pointer: '' });
    }
  };
  for (const { refObject, target, place, written } of merges) mergeInto(refObject, target, place, written);
  // Chains through `$ref`s with siblings resolve once the merged object they point at exists.
  let pending = viaMerged;
  while (pending.length > 0) {
    const waiting = pending.filter(({ refObject, target, place, siblings }) => {
      const merged = mergedOf.get(target);
      if (!merged) return true;
      if (siblings) mergeInto(refObject, merged, place);
      else if (place.parent) put(place.parent, place.key, merged, replaced);
      else replacement.document = merged;
      return false;
    });
    if (waiting.length === pending.length) break; // sibling refs that only point at each other: left as written
    pending = waiting;
  }
  // A merged object copied before another merge was made may still hold that `$ref` object.
  for (const merged of mergedOf.values()) {
    for (const key of Object.keys(merged)) {
      const value = merged[key];
      if (typeof value === 'object' && value !== null && mergedOf.has(value)) put(merged, key, mergedOf.get(value));
    }
  }
  return { mergedOrigins, mergedTargets, mergedFrom };
}
