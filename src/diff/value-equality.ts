/**
 * Whether a keyword's or an extension's value is unchanged: by structural hash, or, for values that reach a cycle
 * (no hash), by `canonicalEqual` to a bounded depth (deeper levels are compared where those schemas are used).
 *
 * - The bounded comparison is made once per pair of shapes. A value's shape is its text down to the first nodes
 *   its side holds in more than one place (shared nodes, named by identity). Two values of one shape reach the
 *   same graph from the same places, so the walk, which depends only on that graph, gives the same answer.
 *   Stripe writes `x-expansionResources: { oneOf: [{ $ref: ... }] }` 252 times around a few dozen components,
 *   and each fresh wrapper walked a component's unfolding again.
 * - An extension is a vendor annotation (decisions.md 3). One that names a component names the same thing while
 *   both sides declare that component under one name: what changed inside the component is reported where it is
 *   used as a schema, not again as a change of every extension that names it (Stripe's unchanged
 *   `x-expansionResources` were reported changed on 459 operations). Keywords keep comparing content: an opaque
 *   assertion such as `contentSchema` holds a schema that is used nowhere else.
 */
import type { ComponentNames } from './component-names.ts';
import { canonicalEqual } from './schema-hash.ts';

/** How deep values that reach a cycle are compared. */
const BOUNDED_DEPTH = 8;
/** Wrappers nested deeper than this above their shared nodes are walked every time (no shape is made). */
const MAX_SHAPE_DEPTH = 6;

export interface ValueEqualityEnv {
  /** Structural hashes of either side's values (null where a value reaches a cycle). */
  hash: { base: (value: unknown) => string | null; revision: (value: unknown) => string | null };
  /** Vouches for equal pairs of objects (structural equality, cycles included). */
  knownEqual: (x: object, y: object) => boolean;
  names?: { base?: ComponentNames; revision?: ComponentNames };
  /** The nodes each side holds in more than one place: shapes are made only with both. */
  shared?: { base?: ReadonlySet<object>; revision?: ReadonlySet<object> };
}

export class ValueEquality {
  private readonly answers = new Map<string, boolean>();
  private readonly ids = new Map<object, number>();

  constructor(private readonly env: ValueEqualityEnv) {}

  /** A keyword's value: equal hashes, or equal to a bounded depth where a cycle prevents a hash. */
  same(before: unknown, after: unknown): boolean {
    const hb = this.env.hash.base(before);
    const ha = this.env.hash.revision(after);
    if (hb !== null && ha !== null) return hb === ha;
    return this.bounded(before, after, this.env.knownEqual, '');
  }

  /** An extension's value: as a keyword's, except that a component both sides declare under one name is equal. */
  sameExtension(before: unknown, after: unknown): boolean {
    const hb = this.env.hash.base(before);
    const ha = this.env.hash.revision(after);
    if (hb !== null && ha !== null) return hb === ha || canonicalEqual(before, after, Infinity, this.sameComponentOrEqual);
    return this.bounded(before, after, this.sameComponentOrEqual, 'x');
  }

  private bounded(before: unknown, after: unknown, vouch: (x: object, y: object) => boolean, kind: string): boolean {
    const { base, revision } = this.env.shared ?? {};
    const b = base && revision ? this.shape(before, base, 0, new Set()) : undefined;
    const r = b === undefined ? undefined : this.shape(after, revision!, 0, new Set());
    if (b === undefined || r === undefined) return canonicalEqual(before, after, BOUNDED_DEPTH, vouch);
    const key = `${kind}\u0000${b}\u0000${r}`;
    let answer = this.answers.get(key);
    if (answer === undefined) this.answers.set(key, (answer = canonicalEqual(before, after, BOUNDED_DEPTH, vouch)));
    return answer;
  }

  private readonly sameComponentOrEqual = (x: object, y: object): boolean => {
    const bases = this.env.names?.base?.(x);
    if (bases) {
      const revisions = this.env.names?.revision?.(y);
      if (revisions?.some((name) => bases.includes(name))) return true;
    }
    return this.env.knownEqual(x, y);
  };

  /**
   * The value's text above its shared nodes (`#id` each); undefined when that is too deep to be worth it, or when
   * a node not named shared is met twice (the walk would compare it by its place, which the text does not keep).
   */
  private shape(value: unknown, shared: ReadonlySet<object>, depth: number, met: Set<object>): string | undefined {
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'u';
    if (shared.has(value)) {
      let id = this.ids.get(value);
      if (id === undefined) this.ids.set(value, (id = this.ids.size));
      return `#${id}`;
    }
    if (depth >= MAX_SHAPE_DEPTH || met.has(value)) return undefined;
    met.add(value);
    let text = Array.isArray(value) ? '[' : '{';
    for (const [key, item] of Object.entries(value)) {
      const inner = this.shape(item, shared, depth + 1, met);
      if (inner === undefined) return undefined;
      text += `${JSON.stringify(key)}:${inner},`;
    }
    return text;
  }
}
