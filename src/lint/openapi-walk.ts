/** Iteration helpers over an OpenAPI document as written: operations, parameters, local $refs. */
import { decodeUriComponentSafe } from '../toolkit/uri.ts';
import { pathItemOperations } from '../toolkit/openapi.ts';
import { joinPointer, valueAt } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { LazyPointer, type Place } from './lazy-pointer.ts';


export interface OperationNode {
  path: string;
  /** `get`, ... as written; under OpenAPI 3.2 also `query` and `additionalOperations` keys (`LINK`). */
  method: string;
  /** The pointer from the path item: `get`, `additionalOperations/LINK`. */
  segment: string;
  operation: Record<string, any>;
  pointer: string;
  pathItem: Record<string, any>;
  pathPointer: string;
}

/** The document's OpenAPI version as `pathItemOperations` reads it (`3.2` holds `query` and `additionalOperations`). */
export function openApiMinor(data: unknown): string {
  const declared = isRecord(data) ? String(data.openapi ?? data.swagger ?? '') : '';
  return /^3\.2(\.|-|$)/.test(declared) ? '3.2' : declared.slice(0, 3);
}

export function operationsOf(data: unknown): OperationNode[] {
  const out: OperationNode[] = [];
  const paths = isRecord(data) ? data.paths : undefined;
  if (!isRecord(paths)) return out;
  const version = openApiMinor(data);
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    const pathPointer = joinPointer('/paths', path);
    for (const { node: operation, segment } of pathItemOperations(pathItem, version)) {
      const method = segment.startsWith('additionalOperations/') ? segment.slice('additionalOperations/'.length).replace(/~1/g, '/').replace(/~0/g, '~') : segment;
      if (typeof operation.$ref !== 'string') out.push({ path, method, segment, operation, pointer: `${pathPointer}/${segment}`, pathItem, pathPointer });
    }
  }
  return out;
}

/** Follows an in-document `$ref` (one hop at a time, at most a few) to the object it names. */
export function resolveLocal(data: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 10 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#')) return current;
    current = valueAt(data, decodeUriComponentSafe(ref.slice(1)));
  }
  return current;
}

export interface ParameterNode {
  parameter: Record<string, any>;
  pointer: string;
}

/** The parameters listed at a pointer (path item or operation), with local $refs followed. */
export function parametersAt(data: unknown, owner: Record<string, any>, ownerPointer: string): ParameterNode[] {
  const list = owner.parameters;
  if (!Array.isArray(list)) return [];
  const out: ParameterNode[] = [];
  list.forEach((item, i) => {
    const parameter = resolveLocal(data, item);
    if (isRecord(parameter) && typeof parameter.name === 'string') out.push({ parameter, pointer: joinPointer(ownerPointer, 'parameters', i) });
  });
  return out;
}

export interface RefNode {
  ref: string;
  pointer: string;
  /** The nearest enclosing object with an `$id` (or `id`), against which `#...` fragments resolve. */
  scope: unknown;
  /** The object holding the `$ref`. */
  holder: Record<string, any>;
}

/** Every `$ref` string in the document with its pointer (one walk, cached; pointers built when read). */
const refCache = new WeakMap<object, RefNode[]>();
export function refsOf(data: unknown): RefNode[] {
  if (!isRecord(data) && !Array.isArray(data)) return [];
  let found = refCache.get(data as object);
  if (found) return found;
  found = [];
  const list = found;
  const seen = new WeakSet<object>();
  const walk = (node: unknown, place: Place, scope: unknown) => {
    // YAML aliases can make shared (even cyclic) nodes: each is walked once.
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, new LazyPointer(place, i), scope));
    else if (isRecord(node)) {
      const own = place !== '' && (typeof node.$id === 'string' || (typeof node.id === 'string' && /^[a-z]+:\/\//i.test(node.id))) ? node : scope;
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (key === '$ref' && typeof value === 'string') list.push(refNode(value, new LazyPointer(place, key), own, node));
        else if (typeof value === 'object' && value !== null && key !== 'enum' && key !== 'const' && key !== 'example' && key !== 'examples') walk(value, new LazyPointer(place, key), own);
      }
    }
  };
  walk(data, '', data);
  refCache.set(data as object, found);
  return found;
}

function refNode(ref: string, place: LazyPointer, scope: unknown, holder: Record<string, any>): RefNode {
  return {
    ref,
    scope,
    holder,
    get pointer() {
      return place.pointer;
    },
  };
}
