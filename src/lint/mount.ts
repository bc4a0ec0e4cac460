/**
 * Multi-file OpenAPI specs: builds one merged view of the document in which every `$ref` into another local
 * file is replaced by the node it names, so path items, operations, parameters, responses and schemas written
 * elsewhere are linted by every rule, in their place in the API. Each merged node remembers the file and
 * pointer it was written at, so a finding is reported there; a node referenced from many places is one shared
 * object (walkers visit it once, and findings are deduplicated by where they are written).
 * Source data is never changed: the merged view is a copy.
 */
import { dirname, relative, resolve } from 'node:path';
import { isReallyInside } from '../store/safe-path.ts';
import type { SourceCache } from './document.ts';
import { isRecord, joinPointer, parentPointer, splitPointer, valueAt } from './pointer.ts';

export interface Origin {
  /** Absolute path of the file the node is written in. */
  path: string;
  pointer: string;
}

export interface Located {
  /** Absolute path. */
  path: string;
  pointer: string;
  line?: number;
}

export interface MountedSpec {
  data: unknown;
  /** Where the node at a pointer of the merged view is written. */
  locate(pointer: string): Located;
  /** Every file whose nodes the merged view holds, the root first (absolute paths). */
  files: string[];
}

/** Keys whose values are data (never references) unless they name an entry of a map of named things. */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const', 'value']);
const NAMED_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas', 'paths', 'responses', 'parameters', 'headers', 'examples', 'requestBodies', 'securitySchemes', 'links', 'callbacks', 'pathItems', 'content', 'encoding', 'variables', 'webhooks']);

function isRemote(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^file:/i.test(ref);
}

/** Whether a document written in `path` refers to any other local file. */
export function hasExternalRefs(refs: { ref: string }[]): boolean {
  return refs.some(({ ref }) => !ref.startsWith('#') && !isRemote(ref));
}

/** What mounting needs of a parsed file. */
export interface ParsedFile {
  data: unknown;
  lineOf(pointer: string): number | undefined;
}

export function mountSpec(root: ParsedFile, rootPath: string, projectRoot: string, cache: SourceCache): MountedSpec {
  const origins = new WeakMap<object, Origin>();
  const built = new Map<string, unknown>();
  const building = new Set<string>();
  const files = new Set<string>([rootPath]);
  const sourceOf = (path: string): ParsedFile | null => (path === rootPath ? root : cache.get(path));

  /** The target of a ref written in `from`, or undefined when it stays a ref (remote, missing, anchor). */
  const target = (ref: string, from: string): Origin | undefined => {
    if (isRemote(ref)) return undefined;
    const hash = ref.indexOf('#');
    const address = hash < 0 ? ref : ref.slice(0, hash);
    let fragment = hash < 0 ? '' : ref.slice(hash + 1);
    let path = from;
    try {
      fragment = decodeURIComponent(fragment);
      if (address !== '') path = resolve(dirname(from), decodeURIComponent(address.replace(/^file:\/\//i, '')));
    } catch {
      return undefined;
    }
    if (fragment !== '' && !fragment.startsWith('/')) return undefined;
    if (path !== from && !isReallyInside(projectRoot, path)) return undefined;
    const source = sourceOf(path);
    if (!source || valueAt(source.data, fragment) === undefined) return undefined;
    return { path, pointer: fragment };
  };

  const copy = (node: unknown, at: Origin, parentKey: string | undefined): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const key = `${at.path}#${at.pointer}`;
    if (built.has(key)) return built.get(key);
    // A cycle stays a reference, so the merged view is a tree with shared nodes, never a cyclic graph.
    if (building.has(key)) return node;
    if (isRecord(node) && typeof node.$ref === 'string') {
      const to = target(node.$ref, at.path);
      // Refs inside the root file keep pointing into the merged root; refs into other files are inlined.
      if (to && (to.path !== rootPath || at.path !== rootPath)) {
        if (to.path === rootPath) return { $ref: `#${to.pointer.split('/').map((s) => encodeURIComponent(s).replace(/%2F/gi, '/')).join('/')}` };
        files.add(to.path);
        return copy(valueAt(sourceOf(to.path)!.data, to.pointer), to, parentKey);
      }
    }
    building.add(key);
    let out: unknown;
    if (Array.isArray(node)) {
      out = node.map((item, i) => copy(item, { path: at.path, pointer: joinPointer(at.pointer, i) }, parentKey));
    } else {
      const record: Record<string, unknown> = {};
      const inNamedMap = parentKey !== undefined && NAMED_MAPS.has(parentKey);
      for (const [name, value] of Object.entries(node)) {
        const isData = !inNamedMap && (DATA_KEYS.has(name) || name.startsWith('x-'));
        record[name] = isData ? value : copy(value, { path: at.path, pointer: joinPointer(at.pointer, name) }, inNamedMap ? undefined : name);
      }
      out = record;
    }
    building.delete(key);
    origins.set(out as object, at);
    built.set(key, out);
    return out;
  };

  const data = copy(root.data, { path: rootPath, pointer: '' }, undefined);

  const locate = (pointer: string): Located => {
    let current: unknown = data;
    let best = origins.get(data as object) ?? { path: rootPath, pointer: '' };
    let rest: string[] = [];
    for (const segment of splitPointer(pointer)) {
      if (current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, segment)) {
        current = (current as any)[segment];
        const origin = current !== null && typeof current === 'object' ? origins.get(current) : undefined;
        if (origin) {
          best = origin;
          rest = [];
          continue;
        }
      } else current = undefined;
      rest.push(segment);
    }
    const filePointer = joinPointer(best.pointer, ...rest);
    const source = sourceOf(best.path);
    let line: number | undefined;
    for (let p = filePointer; source; p = parentPointer(p)) {
      line = source.lineOf(p);
      if (line !== undefined || p === '') break;
    }
    return { path: best.path, pointer: filePointer, line };
  };

  return { data, locate, files: [...files] };
}

export function shownPath(path: string, projectRoot: string): string {
  return relative(projectRoot, path).split('\\').join('/');
}
