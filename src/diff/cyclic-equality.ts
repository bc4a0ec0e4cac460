/**
 * Equality of two values that can reach a cycle (recursive schemas after $ref resolution), which get no
 * structural hash: equal when their unfoldings are equal, under the hashes' meaning (key order, and the order of
 * `enum`/`required`/`type`, do not count). Decided coinductively: a pair met again while it is being checked is
 * assumed equal, and the assumption holds when the whole check succeeds. Parts with hashes already made are
 * answered by them; the rest is walked in step, stopping at the first difference.
 *
 * Both answers are remembered for later checks: a pair is proven equal once nothing it relied on is still
 * being checked, and every pair on the path to a difference is unequal (the difference sits at the same place
 * in each of them), so a document's operations that share recursive components walk them about once.
 */
import { PairMap } from '../toolkit/pair-map.ts';

const UNORDERED = new Set(['enum', 'required', 'type']);

/**
 * A structural hash one side's value already has (null when it can reach a cycle, undefined when none was made);
 * both sides share one id table.
 */
export type SideHash = (node: object) => string | null | undefined;

/** Primitives compare as the hashes do: by JSON meaning (NaN and Infinity as null; undefined as itself). */
function samePrimitive(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  const nx = typeof x === 'number' && !Number.isFinite(x) ? null : x;
  const ny = typeof y === 'number' && !Number.isFinite(y) ? null : y;
  return nx === ny;
}

/** `value`'s answer: unequal, or equal relying on no open assumption (PROVEN), or on one at that depth. */
const UNEQUAL = -1;
const PROVEN = Number.POSITIVE_INFINITY;
/**
 * From this depth on, every pair is remembered again: should a cycle pass through no node named shared (a node
 * made after loading and put in two places), it is still met as an open pair on a later turn.
 */
const UNTRACKED_DEPTH = 200;

export class CyclicEquality {
  private readonly equal = new PairMap<true>();
  private readonly unequal = new PairMap<true>();
  /** Pairs being checked, with their depth: met again, they are assumed equal. */
  private readonly open = new PairMap<number>();
  /**
   * Pairs found equal while relying on an open pair (at the depth kept in `tentativeLow`): proven once that pair
   * is, dropped if it is not. Met again meanwhile, they answer with that depth instead of being walked again.
   */
  private readonly tentative: Array<[object, object]> = [];
  private readonly tentativeLow = new PairMap<number>();

  /**
   * `baseShared` / `revisionShared`: the nodes each side holds in more than one place (LoadedSpec.sharedNodes).
   * With both, a pair of nodes held in one place each keeps no memo: it is met again only through its parents'
   * pair met again, whose memo answers, and so on up to a pair of shared nodes or a caller's pair. Without them,
   * every pair is remembered.
   */
  constructor(
    private readonly baseHash: SideHash,
    private readonly revisionHash: SideHash,
    private readonly baseShared?: ReadonlySet<object>,
    private readonly revisionShared?: ReadonlySet<object>,
  ) {}

  /** Whether two values of the two sides are equal (hashable values by hash, cyclic ones by their unfolding). */
  same(x: unknown, y: unknown): boolean {
    return this.value(x, y, 0) !== UNEQUAL;
  }

  /**
   * UNEQUAL, or the smallest depth of an open pair the equality relied on (PROVEN when none). A pair that
   * relied on nothing above itself is proven with every tentative pair found since it opened (Tarjan's
   * low-link), so a failed check elsewhere keeps the equal parts it walked.
   */
  private value(x: unknown, y: unknown, depth: number): number {
    if (x === y) return PROVEN; // the same primitive (most are), or the very same object
    const xObject = typeof x === 'object' && x !== null;
    const yObject = typeof y === 'object' && y !== null;
    if (!xObject || !yObject) return !xObject && !yObject && samePrimitive(x, y) ? PROVEN : UNEQUAL;
    // Hashes the comparison has already made answer at once; others are not made here (hashing every
    // description and example of an operation costs more than comparing them).
    const hx = this.baseHash(x);
    const hy = this.revisionHash(y);
    if (hx !== undefined && hy !== undefined && (hx !== null || hy !== null)) return hx === hy ? PROVEN : UNEQUAL;
    if (depth > 0 && depth < UNTRACKED_DEPTH && this.baseShared && this.revisionShared && !this.baseShared.has(x) && !this.revisionShared.has(y)) {
      return this.members(x, y, depth + 1);
    }
    if (this.equal.has(x, y)) return PROVEN;
    const openAt = this.open.get(x, y) ?? this.tentativeLow.get(x, y);
    if (openAt !== undefined) return openAt;
    if (this.unequal.has(x, y)) return UNEQUAL;
    this.open.set(x, y, depth);
    const mark = this.tentative.length;
    const low = this.members(x, y, depth + 1);
    this.open.delete(x, y);
    if (low === UNEQUAL) {
      this.unequal.set(x, y, true);
      this.settle(mark, false); // they relied on this pair: unknown now
      return UNEQUAL;
    }
    if (low < depth) {
      this.tentative.push([x, y]);
      this.tentativeLow.set(x, y, low);
      return low;
    }
    this.equal.set(x, y, true);
    this.settle(mark, true);
    return PROVEN;
  }

  /** The tentative pairs found since `mark`: proven, or dropped. */
  private settle(mark: number, proven: boolean): void {
    for (let i = mark; i < this.tentative.length; i++) {
      const [a, b] = this.tentative[i]!;
      this.tentativeLow.delete(a, b);
      if (proven) this.equal.set(a, b, true);
    }
    this.tentative.length = mark;
  }

  private members(x: object, y: object, depth: number): number {
    const xArray = Array.isArray(x);
    if (xArray !== Array.isArray(y)) return UNEQUAL;
    if (xArray) return this.items(x, y as unknown[], depth);
    const xr = x as Record<string, unknown>;
    const yr = y as Record<string, unknown>;
    const keys = Object.keys(xr);
    if (keys.length !== Object.keys(yr).length) return UNEQUAL;
    let low = PROVEN;
    for (const key of keys) {
      const a = xr[key];
      const b = yr[key];
      // Parsed values are never undefined: only a missing key (or an inherited `__proto__`) needs the own-key test.
      if ((b === undefined || key === '__proto__') && !Object.prototype.hasOwnProperty.call(yr, key)) return UNEQUAL;
      const result = UNORDERED.has(key) && Array.isArray(a) && Array.isArray(b) ? this.unordered(a, b, depth) : this.value(a, b, depth);
      if (result === UNEQUAL) return UNEQUAL;
      if (result < low) low = result;
    }
    return low;
  }

  private items(x: unknown[], y: unknown[], depth: number): number {
    if (x.length !== y.length) return UNEQUAL;
    let low = PROVEN;
    for (let i = 0; i < x.length; i++) {
      const result = this.value(x[i], y[i], depth);
      if (result === UNEQUAL) return UNEQUAL;
      if (result < low) low = result;
    }
    return low;
  }

  /** `enum`/`required`/`type` lists: primitives as sets with counts; lists holding objects in order (or unequal). */
  private unordered(x: unknown[], y: unknown[], depth: number): number {
    if (x.length !== y.length) return UNEQUAL;
    let inOrder = true;
    for (let i = 0; i < x.length && inOrder; i++) inOrder = x[i] === y[i];
    if (inOrder) return PROVEN; // the same primitives in the same order (or the same objects)
    const primitive = (v: unknown) => typeof v !== 'object' || v === null;
    if (!x.every(primitive) || !y.every(primitive)) return this.items(x, y, depth);
    const key = (v: unknown) => `${typeof v}:${String(typeof v === 'number' && !Number.isFinite(v) ? null : v)}`;
    const xs = x.map(key).sort();
    const ys = y.map(key).sort();
    return xs.every((k, i) => k === ys[i]) ? PROVEN : UNEQUAL;
  }
}
