/**
 * A LoadedSpec built from an in-memory OpenAPI document with in-document `$ref`s only: used by the rule
 * case runner (case files hold small inline documents) and by tests. Refs are replaced by their targets
 * (shared by identity, cycles kept as object cycles); http(s) refs stay `{ $ref: url }`.
 */
import { decodeUriComponentSafe } from '../toolkit/uri.ts';
import { escapeSegment, unescapeSegment } from '../toolkit/json-pointer.ts';
import type { LoadedSpec, NodeOrigin, SpecKind } from '../load/types.ts';
import { DEFAULT_DIALECT, dialectOf } from '../load/detect.ts';

function kindOf(doc: any): SpecKind {
  if (doc && 'swagger' in doc) return { format: 'openapi', version: '2.0', declared: String(doc.swagger) };
  const declared = String(doc?.openapi ?? '3.0.3');
  const version = declared.startsWith('3.2') ? '3.2' : declared.startsWith('3.1') ? '3.1' : '3.0';
  return { format: 'openapi', version, declared };
}

/** A standalone JSON Schema built in memory (dialect from `$schema`, default 2020-12). */
export function inlineJsonSchema(document: unknown, path = '/virtual/schema.json'): LoadedSpec {
  const declared = (document as any)?.$schema;
  const dialect = typeof declared === 'string' ? dialectOf(declared) ?? DEFAULT_DIALECT : DEFAULT_DIALECT;
  return { ...inlineSpec(document, path), kind: { format: 'json-schema', dialect, ...(typeof declared === 'string' ? { declared } : {}) } };
}

export function inlineSpec(document: unknown, path = '/virtual/openapi.json'): LoadedSpec {
  const origins = new WeakMap<object, NodeOrigin>();
  const copies = new Map<string, any>();
  // Deep copy first (so two specs never share nodes), recording where each object was written.
  const copy = (value: any, pointer: string): any => {
    if (value === null || typeof value !== 'object') return value;
    const out: any = Array.isArray(value) ? [] : {};
    origins.set(out, { file: path, pointer });
    copies.set(pointer, out);
    for (const [key, child] of Object.entries(value)) out[key] = copy(child, `${pointer}/${escapeSegment(key)}`);
    return out;
  };
  const root = copy(document, '');
  const target = (ref: string): any => {
    if (!ref.startsWith('#')) return undefined;
    let node = root;
    for (const token of ref.slice(1).split('/').slice(1)) {
      if (node === null || typeof node !== 'object') return undefined;
      node = node[unescapeSegment(decodeUriComponentSafe(token))];
    }
    return node;
  };
  const seen = new WeakSet<object>();
  // The targets put in place of refs, and the root, are the nodes held in more than one place (LoadedSpec.sharedNodes).
  const shared = new Set<object>(root !== null && typeof root === 'object' ? [root] : []);
  const resolveIn = (node: any): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [key, child] of Object.entries(node)) {
      let value: any = child;
      const chain = new Set<string>();
      while (value && typeof value === 'object' && typeof value.$ref === 'string' && value.$ref.startsWith('#') && !chain.has(value.$ref)) {
        chain.add(value.$ref);
        const next = target(value.$ref);
        if (next === undefined) break;
        value = next;
      }
      node[key] = value;
      if (value !== child && value !== null && typeof value === 'object') shared.add(value);
      resolveIn(value);
    }
  };
  resolveIn(root);
  const text = JSON.stringify(document, null, 2);
  const source = { path, text, encoding: 'json' as const, data: document, lineOf: () => undefined };
  // Refs left as written (URLs, siblings of a published schema) are named by the URL they resolve to against
  // the root `$id`, as the loader names them.
  const rootId = typeof root?.$id === 'string' && /^https?:\/\//i.test(root.$id) ? root.$id : undefined;
  const refUrl = (node: object): string | undefined => {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string' || ref.startsWith('#')) return undefined;
    try {
      return new URL(ref, rootId).href;
    } catch {
      return undefined;
    }
  };
  return {
    path, kind: kindOf(document), source, document: root, files: new Map([[path, source]]),
    origin: (node: object) => origins.get(node), refUrl, sharedNodes: shared,
  };
}
