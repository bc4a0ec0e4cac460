/**
 * Structural hashes of schema nodes, so equal subtrees are skipped without walking them. Key order and the
 * order of `enum`/`required` do not count. A node that can reach a cycle gets no hash (null): such nodes are
 * walked by the comparator, whose pair memo terminates them.
 */
import { createHash } from 'node:crypto';

const UNORDERED = new Set(['enum', 'required', 'type']);
const IN_PROGRESS = Symbol('in-progress');

export class SchemaHasher {
  private readonly cache = new WeakMap<object, string | null | typeof IN_PROGRESS>();

  hash(node: unknown): string | null {
    if (node === null || typeof node !== 'object') return JSON.stringify(node) ?? 'undefined';
    const cached = this.cache.get(node);
    if (cached === IN_PROGRESS) return null;
    if (cached !== undefined) return cached;
    this.cache.set(node, IN_PROGRESS);
    const hash = this.compute(node);
    this.cache.set(node, hash);
    return hash;
  }

  private compute(node: object): string | null {
    const digest = createHash('sha1');
    if (Array.isArray(node)) {
      digest.update('[');
      for (const item of node) {
        const child = this.hash(item);
        if (child === null) return null;
        digest.update(child).update(',');
      }
      return digest.digest('base64');
    }
    digest.update('{');
    let unreachable = false;
    for (const key of Object.keys(node).sort()) {
      const value = (node as Record<string, unknown>)[key];
      let child: string | null;
      if (UNORDERED.has(key) && Array.isArray(value)) {
        const parts = value.map((v) => this.hash(v));
        child = parts.includes(null) ? null : (parts as string[]).sort().join('|');
      } else child = this.hash(value);
      if (child === null) unreachable = true; // keep hashing children so their own hashes get cached
      else digest.update(key).update(':').update(child).update(',');
    }
    return unreachable ? null : digest.digest('base64');
  }
}

/**
 * Canonical text of a JSON value (sorted keys), for comparing enum values, defaults and keywords by meaning.
 * Safe on object cycles and shared nodes: a node already written in this call prints as a back-reference,
 * so the text stays linear in the size of the value. `maxDepth` bounds it for values that reach a whole
 * schema graph (an extension holding schemas): deeper levels are compared where those schemas are used.
 */
export function canonicalJson(value: unknown, maxDepth = Infinity): string {
  const seen = new Map<object, number>();
  const write = (v: unknown, depth = 0): string => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'undefined';
    if (depth > maxDepth) return '…';
    const known = seen.get(v);
    if (known !== undefined) return `#${known}`;
    seen.set(v, seen.size);
    if (Array.isArray(v)) return `[${v.map((item) => write(item, depth + 1)).join(',')}]`;
    const record = v as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${write(record[k], depth + 1)}`).join(',')}}`;
  };
  return write(value);
}
