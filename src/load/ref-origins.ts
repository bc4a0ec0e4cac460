/**
 * Where each node of a resolved document was written (file and JSON Pointer), for messages that name a line.
 * A resolved node can be reached along many paths, so its origin is found from the files as written: cheaply
 * along the pointer the caller reached it by when there is one, otherwise from a table built on first use by
 * walking each file along the edges it was written with (not the ones resolution added).
 */
import { escapeSegment, pointerSegments } from '../toolkit/json-pointer.ts';
import { mayShareNodes } from './parse-source.ts';
import { resolvedDataOf } from './consume-data.ts';
import type { MergedRefs, OriginRecord } from './merge-sibling-refs.ts';
import type { Replacement } from './replace-refs.ts';
import { isRecord } from '../toolkit/values.ts';
import type { NodeOrigin, SourceFile } from './types.ts';

export interface RefOrigins {
  /** Where a node was written; `at`, the pointer the caller reached it by, spares the table when it is there. */
  origin(node: object, at?: string): NodeOrigin | undefined;
  /** Where key `key` of a node was written: for a merged `$ref`, in the target unless the key is a sibling. */
  keyOrigin(node: object, key: string, at?: string): NodeOrigin | undefined;
}

/** Call once every file's data is consumed (consume-data.ts): the walk reads the data resolution left. */
export function refOrigins(root: SourceFile, files: Map<string, SourceFile>, replacement: Replacement, merged: MergedRefs): RefOrigins {
  const { document, replaced, writtenTargets } = replacement;
  const { mergedOrigins, mergedTargets, mergedFrom } = merged;
  const origins = new Map<object, OriginRecord>(); // a Map: faster than a WeakMap, and it lives as long as the document
  let originsBuilt = false;
  /** Walks each file along the edges it was written with (not the replaced ones), once, on first use. */
  const buildOrigins = () => {
    originsBuilt = true;
    for (const [file, source] of files) {
      const data = resolvedDataOf(source);
      if (typeof data !== 'object' || data === null || origins.has(data)) continue;
      origins.set(data, { file, pointer: '' });
      const stack: object[] = [data];
      while (stack.length > 0) {
        const node = stack.pop() as Record<string, unknown>;
        const skip = replaced.get(node);
        for (const key of Object.keys(node)) {
          const child = node[key];
          if (typeof child !== 'object' || child === null || origins.has(child) || skip?.has(key)) continue;
          origins.set(child, { parent: node, key });
          stack.push(child);
        }
      }
    }
  };

  /**
   * Where `node` was written, when it is the node reached from the root by `pointer` or by a prefix of it:
   * along edges as written, and across each edge a `$ref` target was put on, into where that target was
   * written; through a merged `$ref` (one with sibling keywords) into its target's members. Undefined when the
   * pointer leads elsewhere, enters a merged `$ref`'s siblings, or enters a file that shares nodes (YAML
   * aliases: a node written in several places, where the table's choice is the answer).
   */
  const sharesNodes = (file: string) => mayShareNodes(resolvedDataOf(files.get(file)!));
  const rootData = document === resolvedDataOf(root) && !sharesNodes(root.path) ? document : undefined;
  const originAlong = (node: object, pointer: string): NodeOrigin | undefined => {
    const segments = pointerSegments(pointer);
    if (!segments || rootData === undefined) return undefined;
    let current: unknown = rootData;
    let written: NodeOrigin = { file: root.path, pointer: '' };
    let inside = '';
    let found = current === node ? { ...written } : undefined;
    for (const segment of segments) {
      if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, segment)) break;
      const next = (current as Record<string, unknown>)[segment];
      // The edges of a merged `$ref` that came from its target are the target's, where it was written; its
      // sibling keywords were written beside the `$ref` (not followed: the table has no entry for them either).
      let holder = current as object;
      if (mergedOrigins.has(current)) {
        const target = mergedTargets.get(current);
        if (!target || sharesNodes(target.file) || !isRecord(target.node) || !Object.prototype.hasOwnProperty.call(target.node, segment) || target.node[segment] !== next) break;
        holder = target.node;
        written = { file: target.file, pointer: target.pointer };
        inside = '';
      }
      if (replaced.get(holder)?.has(segment)) {
        const merged = typeof next === 'object' && next !== null ? mergedOrigins.get(next) : undefined;
        if (merged && 'parent' in merged && merged.parent === holder && merged.key === segment) inside += `/${escapeSegment(segment)}`;
        else {
          const target = typeof next === 'object' && next !== null ? writtenTargets.get(next) : undefined;
          if (!target || sharesNodes(target.file)) break;
          written = { file: target.file, pointer: target.pointer };
          inside = '';
        }
      } else inside += `/${escapeSegment(segment)}`;
      current = next;
      if (current === node) found = { file: written.file, pointer: written.pointer + inside };
    }
    return found;
  };

  /** Answers found along pointers (a node's written place is one), for later lookups of the same node without one. */
  const answered = new Map<object, NodeOrigin>();
  const origin = (node: object, at?: string): NodeOrigin | undefined => {
    // Most located nodes sit where they were written: answered without building the table of every node.
    if (!originsBuilt) {
      const known = answered.get(node);
      if (known) return known;
      const along = at === undefined ? undefined : originAlong(node, at);
      if (along) {
        answered.set(node, along);
        return along;
      }
    }
    if (!originsBuilt) buildOrigins();
    const record = origins.get(node) ?? mergedOrigins.get(node);
    if (!record) return undefined;
    if ('file' in record) return record;
    // Walk up to the nearest node with a known file + pointer, then memoize the answer.
    const keys: string[] = [];
    let current: OriginRecord | undefined = record;
    while (current && !('file' in current)) {
      keys.push(current.key);
      current = origins.get(current.parent) ?? mergedOrigins.get(current.parent);
    }
    if (!current) return undefined;
    const resolved = { file: current.file, pointer: current.pointer + keys.reverse().map((k) => `/${escapeSegment(k)}`).join('') };
    origins.set(node, resolved);
    return resolved;
  };

  const keyOrigin = (node: object, key: string, at?: string): NodeOrigin | undefined => {
    let holder = node;
    let pointer = at;
    let known: NodeOrigin | undefined;
    for (let from = mergedFrom.get(holder); from && !from.siblings.has(key); from = mergedFrom.get(holder)) {
      // The target of a merged `$ref` was written where the `$ref` led (unless its file shares nodes through
      // YAML aliases): asking the table of every node for it would build that table for one answer. Once the
      // table is built, it answers, as in `origin`.
      const target = originsBuilt ? undefined : mergedTargets.get(holder);
      known = target && target.node === from.target && !sharesNodes(target.file) ? { file: target.file, pointer: target.pointer } : undefined;
      holder = from.target;
      pointer = undefined;
    }
    const written = known ?? origin(holder, pointer);
    return written && { file: written.file, pointer: `${written.pointer}/${escapeSegment(key)}` };
  };

  return { origin, keyOrigin };
}
