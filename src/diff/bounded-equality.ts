/**
 * `canonicalEqual` to a bounded depth for values that reach a cycle (they get no structural hash), remembered by
 * their shape: an extension such as Stripe's `x-expansionResources: { oneOf: [{ $ref: customer }] }` is written
 * hundreds of times around the same few components, and each fresh wrapper walked the component's unfolding
 * again (about 2% of a Stripe `diff`).
 *
 * A value's shape is its text down to the first node its side holds in more than one place (a shared node, named
 * by its identity). Two values of one shape reach the same graph from the same places, so the walk, which
 * depends only on that graph, gives the same answer: it is made once per pair of shapes.
 */
import { canonicalEqual } from './schema-hash.ts';

/** Wrappers nested deeper than this above their shared nodes are walked every time (no shape is made). */
const MAX_SHAPE_DEPTH = 6;

export class BoundedEquality {
  private readonly answers = new Map<string, boolean>();
  private readonly ids = new Map<object, number>();

  constructor(
    private readonly baseShared: ReadonlySet<object>,
    private readonly revisionShared: ReadonlySet<object>,
    private readonly maxDepth: number,
    private readonly knownEqual: (x: object, y: object) => boolean,
  ) {}

  equal(before: unknown, after: unknown): boolean {
    const b = this.shape(before, this.baseShared, 0, new Set());
    const r = b === undefined ? undefined : this.shape(after, this.revisionShared, 0, new Set());
    if (b === undefined || r === undefined) return canonicalEqual(before, after, this.maxDepth, this.knownEqual);
    const key = `${b}\u0000${r}`;
    let answer = this.answers.get(key);
    if (answer === undefined) this.answers.set(key, (answer = canonicalEqual(before, after, this.maxDepth, this.knownEqual)));
    return answer;
  }

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
