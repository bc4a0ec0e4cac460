/** Walking parsed files for `$ref`s and for the `$id` / `$anchor` names refs can point at. */
import { nestingError } from './input-limits.ts';
import { toPointer } from '../toolkit/json-pointer.ts';
import { decodeUriComponentSafe } from '../toolkit/uri.ts';
import { isInstanceData } from '../toolkit/json-schema-vocabulary.ts';
import { isRecord } from '../toolkit/values.ts';
import { mayShareNodes } from './parse-source.ts';
import type { RefTarget } from './ref-targets.ts';
import type { SourceFile } from './types.ts';

export interface Located {
  file: string;
  node: unknown;
  pointer: string;
}

export interface Resource extends Located {
  uri: string;
}

/** Entries named by `$id` (absolute URI, no fragment) or `$anchor`, per file. */
export interface Names {
  ids: Map<string, Located>;
  anchors: Map<string, Located>;
}

export interface RefSite {
  ref: string;
  file: string;
  /** Pointer segments of the `$ref` object in its file (for the error line). */
  segments: string[];
  target: RefTarget;
  /** The enclosing embedded schema resource (a nested `$id`), against which the ref is resolved. */
  base?: Resource;
  /** For a relative ref in a file with an http(s) root `$id`: the URL it means, used when no local file exists. */
  idRelative?: RefTarget;
  /** Where the `$ref` object sits (more than one place when a YAML alias repeats it); no parent for a root ref. */
  places: RefPlace[];
}

export interface RefPlace {
  parent?: Record<string, unknown> | unknown[];
  key: string;
}



/** A ref relative to an embedded resource's absolute `$id` that names another `$id` in a loaded file. */
export function idTargetOf(site: RefSite, names: Map<string, Names>): RefTarget | undefined {
  if (!site.base || site.ref.startsWith('#')) return undefined;
  let uri: URL;
  try {
    uri = new URL(site.ref, site.base.uri);
  } catch {
    return undefined;
  }
  const fragment = uri.hash.slice(1);
  uri.hash = '';
  return findId(names, uri.href) ? { kind: 'uri', uri: uri.href, fragment: decodeUriComponentSafe(fragment) } : undefined;
}

export function rootIdOf(data: unknown): string | undefined {
  return isRecord(data) && typeof data.$id === 'string' && /^https?:\/\//i.test(data.$id) ? data.$id : undefined;
}

export function idRelative(ref: string, rootId: string): RefTarget | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(ref)) return undefined;
  try {
    const uri = new URL(ref, rootId);
    const fragment = decodeUriComponentSafe(uri.hash.slice(1));
    uri.hash = '';
    return { kind: 'uri', uri: uri.href, fragment };
  } catch {
    return undefined;
  }
}

export function findId(names: Map<string, Names>, uri: string): Located | undefined {
  const key = uri.replace(/#$/, '');
  for (const entry of names.values()) {
    const found = entry.ids.get(key);
    if (found) return found;
  }
  return undefined;
}

/**
 * Walks one parsed file: reports each `$ref` object with its pointer segments and records `$id` / `$anchor`
 * names. Shared (YAML alias) nodes are visited once.
 */
export function scanFile(
  source: SourceFile,
  onRef: (refObject: object, place: RefPlace, found?: { ref: string; segments: string[]; base: Resource | undefined }) => void,
  names: Map<string, Names>,
  displayOf?: (file: string) => string,
): void {
  const display = displayOf?.(source.path) ?? source.path;
  const withNames = source.text.includes('$id') || source.text.includes('$anchor');
  const entry: Names = { ids: new Map(), anchors: new Map() };
  names.set(source.path, entry);
  const rootId = isRecord(source.data) && typeof source.data.$id === 'string' ? source.data.$id : undefined;
  // Only YAML with anchors can reach one object twice (or loop); plain trees skip the bookkeeping.
  const visited = mayShareNodes(source.data) ? new Set<object>() : undefined;
  const path: string[] = [];
  let base: Resource | undefined;
  const visit = (node: unknown, parent: RefPlace['parent'], key: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (visited?.has(node)) {
      // A YAML alias repeating a `$ref` object: that place is resolved too.
      if (typeof (node as Record<string, unknown>).$ref === 'string') onRef(node, { parent, key });
      return;
    }
    visited?.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(String(i));
        visit(node[i], node, String(i));
        path.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const outer = base;
    const resource = withNames ? recordNames(record, source.path, path, rootId, entry) : undefined;
    if (resource && path.length > 0) base = resource;
    if (typeof record.$ref === 'string') onRef(record, { parent, key }, { ref: record.$ref, segments: path.slice(), base });
    const parentKey = path[path.length - 1];
    const grandparentKey = path[path.length - 2];
    // for...in, not Object.keys: no array per node (parsed objects have no enumerable inherited keys).
    for (const key in record) {
      const child = record[key];
      if (typeof child !== 'object' || child === null) continue;
      if (isInstanceData(key, child, parentKey, grandparentKey)) continue;
      path.push(key);
      visit(child, record, key);
      path.pop();
    }
    base = outer;
  };
  try {
    visit(source.data, undefined, '');
  } catch (error) {
    if (error instanceof RangeError) throw nestingError(display, undefined, error);
    throw error;
  }
}

/** Indexes a node's `$id` / `$anchor`; returns the resource when the `$id` is an absolute URI. */
function recordNames(record: Record<string, unknown>, file: string, path: string[], rootId: string | undefined, entry: Names): Resource | undefined {
  const here = (): Located => ({ file, node: record, pointer: toPointer(path) });
  let resource: Resource | undefined;
  if (typeof record.$id === 'string') {
    let id = record.$id.replace(/#$/, '');
    if (rootId && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(id)) {
      try {
        id = new URL(id, rootId).href.replace(/#$/, '');
      } catch {
        // a relative $id without a usable base: index it as written
      }
    }
    if (id.includes('#') && !record.$id.endsWith('#')) {
      // draft-04/06/07 plain-name fragment ids ("#foo") act as anchors
      entry.anchors.set(id.slice(id.indexOf('#') + 1), here());
    } else {
      const located = here();
      if (!entry.ids.has(id)) entry.ids.set(id, located);
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(id)) resource = { ...located, uri: id };
    }
  }
  if (typeof record.$anchor === 'string' && !entry.anchors.has(record.$anchor)) entry.anchors.set(record.$anchor, here());
  return resource;
}
