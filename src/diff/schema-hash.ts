/**
 * Structural hashes of schema nodes, so equal subtrees are skipped without walking them. Key order and the
 * order of `enum`/`required`/`type` do not count. A node that can reach a cycle gets no hash (null): such nodes
 * are walked by the comparator, whose pair memo terminates them.
 *
 * Hashes are exact (hash-consing, no digests): every distinct structure gets a small integer id from a table
 * shared by both sides, and a node's key is built from its keys and its children's ids only, so each node costs
 * time in its own size, once, and two nodes have the same hash exactly when they are equal.
 */

const UNORDERED = new Set(['enum', 'required', 'type']);
const IN_PROGRESS = -1;
const UNHASHABLE = -2;

/** Ids of distinct structures, shared by the hashers whose hashes are compared with each other. */
export class StructureTable {
  private readonly composites = new Map<string, number>();
  private readonly strings = new Map<string, number>();
  private readonly numbers = new Map<number, number>();
  private next = 4; // 0 null, 1 false, 2 true, 3 undefined

  composite(key: string): number {
    let id = this.composites.get(key);
    if (id === undefined) this.composites.set(key, (id = this.next++));
    return id;
  }

  /** Primitives are equal exactly when their JSON texts are (NaN and Infinity print as null). */
  primitive(value: unknown): number {
    switch (typeof value) {
      case 'string': {
        let id = this.strings.get(value);
        if (id === undefined) this.strings.set(value, (id = this.next++));
        return id;
      }
      case 'number': {
        if (!Number.isFinite(value)) return 0;
        let id = this.numbers.get(value);
        if (id === undefined) this.numbers.set(value, (id = this.next++));
        return id;
      }
      case 'boolean':
        return value ? 2 : 1;
      case 'object':
        return 0;
      case 'bigint':
        return this.composite(`n${String(value)}`);
      default:
        return 3; // undefined, functions, symbols: JSON.stringify gives undefined for all of them
    }
  }
}

export class SchemaHasher {
  private readonly cache = new Map<object, number>(); // lives as long as the comparison: no need for a WeakMap's cost

  /** `refUrl`: the URL an unresolved `{ $ref }` resolves to, hashed in place of its spelling. */
  constructor(private readonly table: StructureTable = new StructureTable(), private readonly refUrl?: (node: object) => string | undefined) {}

  /** Two hashers whose hashes compare: one per side of a comparison. */
  static pair(baseRefUrl?: (node: object) => string | undefined, revisionRefUrl?: (node: object) => string | undefined): { base: SchemaHasher; revision: SchemaHasher } {
    const table = new StructureTable();
    return { base: new SchemaHasher(table, baseRefUrl), revision: new SchemaHasher(table, revisionRefUrl) };
  }

  hash(node: unknown): string | null {
    if (node === null || typeof node !== 'object') return JSON.stringify(node) ?? 'undefined';
    const id = this.id(node);
    return id < 0 ? null : `#${id}`;
  }

  /** The hash `hash` gave the object before (null: it can reach a cycle); undefined when it has none yet. */
  known(node: object): string | null | undefined {
    const id = this.cache.get(node);
    if (id === undefined || id === IN_PROGRESS) return undefined;
    return id < 0 ? null : `#${id}`;
  }

  /** The node's structure id, or UNHASHABLE when it can reach a cycle. */
  private id(node: unknown): number {
    if (node === null || typeof node !== 'object') return this.table.primitive(node);
    const cached = this.cache.get(node);
    if (cached === IN_PROGRESS) return UNHASHABLE;
    if (cached !== undefined) return cached;
    this.cache.set(node, IN_PROGRESS);
    const id = this.compute(node);
    this.cache.set(node, id);
    return id;
  }

  private compute(node: object): number {
    if (Array.isArray(node)) {
      let key = '[';
      for (const item of node) {
        const child = this.id(item);
        if (child < 0) return UNHASHABLE;
        key += `${child},`;
      }
      return this.table.composite(key);
    }
    let key = '{';
    let unreachable = false;
    // Keys are named by their ids in the shared table (short keys hash faster than the names themselves).
    for (const name of Object.keys(node).sort()) {
      const value = (node as Record<string, unknown>)[name];
      if (UNORDERED.has(name) && Array.isArray(value)) {
        const parts = value.map((v) => this.id(v));
        if (parts.some((p) => p < 0)) unreachable = true;
        else key += `${this.table.primitive(name)}u${parts.sort((a, b) => a - b).join('.')},`;
        continue;
      }
      const child = this.id(name === '$ref' && typeof value === 'string' ? this.refUrl?.(node) ?? value : value);
      if (child < 0) unreachable = true; // keep hashing children so their own hashes get cached
      else key += `${this.table.primitive(name)}=${child},`;
    }
    return unreachable ? UNHASHABLE : this.table.composite(key);
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

function sameList(x: string[], y: string[]): boolean {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * `canonicalJson(a, maxDepth) === canonicalJson(b, maxDepth)`, decided by walking both values in step without
 * building either text, and stopping at the first difference. `knownEqual` may vouch for a pair of objects
 * (equal structural hashes), which are then not walked: values reaching a whole schema graph meet many.
 */
export function canonicalEqual(a: unknown, b: unknown, maxDepth = Infinity, knownEqual?: (x: object, y: object) => boolean): boolean {
  const seenA = new Map<object, number>();
  const seenB = new Map<object, number>();
  const equal = (x: unknown, y: unknown, depth: number): boolean => {
    const xObject = x !== null && typeof x === 'object';
    const yObject = y !== null && typeof y === 'object';
    if (!xObject || !yObject) {
      if (xObject || yObject) return false;
      return x === y || (JSON.stringify(x) ?? 'undefined') === (JSON.stringify(y) ?? 'undefined');
    }
    if (depth > maxDepth) return true;
    if (knownEqual?.(x, y)) return true;
    const knownA = seenA.get(x);
    const knownB = seenB.get(y);
    if (knownA !== undefined || knownB !== undefined) return knownA === knownB;
    seenA.set(x, seenA.size);
    seenB.set(y, seenB.size);
    const xArray = Array.isArray(x);
    if (xArray !== Array.isArray(y)) return false;
    if (xArray) {
      const ya = y as unknown[];
      if (x.length !== ya.length) return false;
      for (let i = 0; i < x.length; i++) if (!equal(x[i], ya[i], depth + 1)) return false;
      return true;
    }
    const xr = x as Record<string, unknown>;
    const yr = y as Record<string, unknown>;
    const xKeys = Object.keys(xr);
    const yKeys = Object.keys(yr);
    if (xKeys.length !== yKeys.length) return false;
    // Keys written in the same order (most are) need no sort: sorting both lists made most of this walk's garbage.
    if (!sameList(xKeys, yKeys)) {
      xKeys.sort();
      yKeys.sort();
      if (!sameList(xKeys, yKeys)) return false;
    }
    for (const key of xKeys) if (!equal(xr[key], yr[key], depth + 1)) return false;
    return true;
  };
  return equal(a, b, 0);
}
