/**
 * Resolving in place: each `$ref` object is replaced in its parent by its target, so a target used in several
 * places is one shared object, circular refs become object cycles, and no node is copied (a 4 MB spec resolves
 * in tens of ms). A `$ref` with sibling keywords is left for merge-sibling-refs.ts.
 */
import { hasSiblings, isRef, type RefLocator } from './locate-ref.ts';
import type { Located, RefPlace, RefSite } from './ref-scan.ts';
import { isRecord } from '../toolkit/values.ts';
import type { SourceFile } from './types.ts';

/** The document being resolved, and the edges resolving added to it (for finding where nodes were written). */
export interface Replacement {
  /** The root file's data, or what was put in place of a `$ref` at the root. */
  document: unknown;
  /** Parent -> the keys a target or merged object was put on: edges not written in any file. */
  replaced: Map<object, Set<string>>;
  /** Where each target put in place of a `$ref` was written (its file and pointer there). */
  writtenTargets: Map<object, Located>;
}

/** A `$ref` with sibling keywords whose target is a node of a file: merged once every plain ref is in place. */
export interface SiblingMerge {
  refObject: Record<string, unknown>;
  target: Record<string, unknown>;
  place: RefPlace;
  written: Located;
}

/** A `$ref` whose target is itself a `$ref` with siblings: it takes that ref's merged object once it exists. */
export interface ViaMerged {
  refObject: Record<string, unknown>;
  target: Record<string, unknown>;
  place: RefPlace;
  siblings: boolean;
}

export function replaceRefs(root: SourceFile, sites: Map<object, RefSite>, locator: RefLocator): { replacement: Replacement; merges: SiblingMerge[]; viaMerged: ViaMerged[] } {
  const replacement: Replacement = { document: root.data, replaced: new Map(), writtenTargets: new Map() };
  const { replaced, writtenTargets } = replacement;
  const merges: SiblingMerge[] = [];
  const viaMerged: ViaMerged[] = [];
  // Every target is found before anything moves: a pointer must be walked along the data as written.
  for (const refObject of sites.keys()) locator.finalTarget(refObject);
  for (const [refObject, site] of sites) {
    const found = locator.finalTarget(refObject);
    if (!found) continue; // opaque: stays { $ref: url }
    const siblings = hasSiblings(refObject);
    for (const place of site.places) {
      if (isRecord(found.node) && isRef(found.node) && sites.has(found.node) && hasSiblings(found.node))
        viaMerged.push({ refObject: refObject as Record<string, unknown>, target: found.node, place, siblings });
      else if (siblings && isRecord(found.node) && !isRef(found.node)) merges.push({ refObject: refObject as Record<string, unknown>, target: found.node, place, written: found });
      else if (place.parent) {
        put(place.parent, place.key, found.node, replaced);
        if (typeof found.node === 'object' && found.node !== null) writtenTargets.set(found.node, found);
      } else replacement.document = found.node;
    }
  }
  return { replacement, merges, viaMerged };
}

/** Sets a key (an index for arrays); `__proto__` becomes an own property, never the prototype. */
export function put(parent: Record<string, unknown> | unknown[], key: string, value: unknown, replaced?: Map<object, Set<string>>): void {
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else if (key === '__proto__') Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  else parent[key] = value;
  if (replaced) {
    const keys = replaced.get(parent);
    if (keys) keys.add(key);
    else replaced.set(parent, new Set([key]));
  }
}
