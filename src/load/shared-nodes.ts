/**
 * The nodes a resolved document holds in more than one place. A parsed JSON or YAML file (without anchors) is a
 * tree: each node has one parent. Resolution adds the only other edges: each target put in place of a `$ref`
 * gains a parent per use, a merged `$ref` (one with sibling keywords) shares its target's members, and a merged
 * object can be put in several places. So every path that meets a node twice, a cycle included, passes through
 * one of these. A walker of two documents in step (cyclic-equality.ts) keeps memos for these nodes only.
 */
import { mayShareNodes } from './parse-source.ts';
import { resolvedDataOf } from './consume-data.ts';
import type { MergedRefs } from './merge-sibling-refs.ts';
import type { Replacement } from './replace-refs.ts';
import type { SourceFile } from './types.ts';

/** Undefined when a file shares nodes as parsed (YAML anchors and aliases): then any node may be shared. */
export function sharedNodesOf(replacement: Replacement, merged: MergedRefs, files: Map<string, SourceFile>): Set<object> | undefined {
  for (const source of files.values()) if (mayShareNodes(resolvedDataOf(source))) return undefined;
  const shared = new Set<object>(replacement.writtenTargets.keys());
  // The root has a parent of its own: the caller that holds the document (a `$ref: '#'` cycles back to it).
  if (typeof replacement.document === 'object' && replacement.document !== null) shared.add(replacement.document);
  for (const [object, { target }] of merged.mergedFrom) {
    shared.add(object);
    for (const key of Object.keys(target)) {
      const member = (target as Record<string, unknown>)[key];
      if (typeof member === 'object' && member !== null) shared.add(member);
    }
  }
  return shared;
}
