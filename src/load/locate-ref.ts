/**
 * Following one `$ref` to the node it names: a JSON Pointer or `$anchor` inside a file or an `$id`-named
 * resource, passing through other `$ref`s met on the way. Read-only: run on the data as written, before any
 * `$ref` is replaced.
 */
import { escapeSegment, pointerSegments } from '../toolkit/json-pointer.ts';
import { findId, type Located, type RefSite } from './ref-scan.ts';
import { isRecord } from '../toolkit/values.ts';
import type { RefGraph } from './collect-ref-files.ts';

export interface RefLocator {
  /** The target of one `$ref` (one step, not following chains); undefined when it stays opaque. */
  locate(site: RefSite, depth?: number): Located | undefined;
  /** Where a `$ref` finally leads, following refs to refs; undefined when it stays an opaque URL ref. */
  finalTarget(refObject: object): Located | undefined;
}

export const isRef = (value: unknown): value is { $ref: string } => isRecord(value) && typeof value.$ref === 'string';

/** A `$ref` with sibling keywords is merged with its target, not replaced by it. */
export function hasSiblings(refObject: object): boolean {
  return Object.keys(refObject).length > 1;
}

export function refLocator(graph: RefGraph, display: (file: string) => string): RefLocator {
  const { files, sites, names, unreadable, errors } = graph;

  /** The node a fragment names inside `base` (following refs met on the way). */
  const walkFragment = (site: RefSite, base: Located, fragment: string, depth: number): Located => {
    if (fragment === '') return base;
    if (!fragment.startsWith('/')) {
      const anchored = names.get(base.file)?.anchors.get(fragment);
      if (!anchored) throw errors.broken(site, `no $anchor '${fragment}' in ${display(base.file)}`);
      return anchored;
    }
    const segments = pointerSegments(`#${fragment}`);
    if (!segments) throw errors.broken(site, `'#${fragment}' is not a valid JSON Pointer`);
    let current = base;
    for (let i = 0; i < segments.length; i++) {
      let node = current.node;
      const through = isRef(node) && !Object.hasOwn(node, segments[i]) ? sites.get(node) : undefined;
      if (through) {
        // The pointer passes through another $ref: continue in its target.
        current = locate(through, depth + 1) ?? fail(site, current, segments[i]);
        node = current.node;
      }
      const segment = segments[i];
      const hasIt = Array.isArray(node) ? /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < node.length : isRecord(node) && Object.hasOwn(node, segment);
      if (!hasIt) fail(site, current, segment);
      current = { file: current.file, node: (node as any)[segment], pointer: `${current.pointer}/${escapeSegment(segment)}` };
    }
    return current;
  };
  const fail = (site: RefSite, parent: Located, segment: string): never => {
    throw errors.broken(site, `${display(parent.file)} has nothing at '#${parent.pointer}/${escapeSegment(segment)}'`);
  };

  const fileTargets = new Map<string, Located>();
  const locate = (site: RefSite, depth = 0): Located | undefined => {
    if (depth > 64) throw errors.broken(site, 'the reference chain is too long');
    if (site.base && site.ref.startsWith('#')) return walkFragment(site, site.base, site.ref.slice(1), depth);
    const target = site.target;
    const file = target.kind === 'file' ? target.file : target.mappedFile;
    if (file && !files.has(file) && unreadable.has(file)) throw errors.cannotRead(site, unreadable.get(file)!, 'fix the $ref or the file it names');
    if (target.kind === 'file') {
      // Many refs share a target: walk each file + fragment once.
      const key = `${target.file}#${target.fragment}`;
      let found = fileTargets.get(key);
      if (!found) {
        found = walkFragment(site, { file: target.file, node: files.get(target.file)!.data, pointer: '' }, target.fragment, depth);
        fileTargets.set(key, found);
      }
      return found;
    }
    const named = findId(names, target.uri);
    if (named) return walkFragment(site, named, target.fragment, depth);
    if (target.mappedFile) {
      return walkFragment(site, { file: target.mappedFile, node: files.get(target.mappedFile)!.data, pointer: '' }, target.fragment, depth);
    }
    return undefined;
  };

  const finalTargets = new Map<object, Located | undefined>();
  const finalTarget = (refObject: object): Located | undefined => {
    if (finalTargets.has(refObject)) return finalTargets.get(refObject);
    const seen = new Set<object>([refObject]);
    let site = sites.get(refObject)!;
    let found = locate(site);
    // Follow plain `{ $ref }` hops; stop at a `$ref` with siblings: it becomes a merged object of its own.
    while (found && isRef(found.node) && sites.has(found.node) && !hasSiblings(found.node)) {
      if (finalTargets.has(found.node)) {
        found = finalTargets.get(found.node) ?? found;
        break;
      }
      if (seen.has(found.node)) throw errors.broken(sites.get(refObject)!, 'the reference chain is circular and never reaches a value');
      seen.add(found.node);
      site = sites.get(found.node)!;
      const next = locate(site);
      if (!next) break; // an opaque URL ref at the end of the chain
      found = next;
    }
    finalTargets.set(refObject, found);
    return found;
  };

  return { locate, finalTarget };
}
