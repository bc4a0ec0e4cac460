/**
 * Proves that every value one schema accepts, another accepts too, judging combinators (anyOf, oneOf, allOf,
 * not, dependentSchemas) by what the whole accepts rather than member by member. It answers true only with a
 * proof: false means "not proved", and callers keep their member-level findings then. The narrow side is a
 * conjunction (a member together with its parent's other keywords), since a member alone says too little.
 */
import type { SchemaEffect } from './types.ts';
import { flattenAllOf } from './flatten-all-of.ts';
import { canonicalJson } from './schema-hash.ts';
import { disjoint as provablyDisjoint } from './union-wrap.ts';
import { acceptsValue } from './value-acceptance.ts';
import { isRecord } from '../toolkit/values.ts';

export interface InclusionEnv {
  /** What going from `before` to `after` does to the accepted set (a comparison of its own). */
  relation(before: unknown, after: unknown): SchemaEffect;
}

type Conj = readonly unknown[];

const NEUTRAL = new Set([
  'title', 'description', 'default', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly',
  '$id', '$schema', '$anchor', '$dynamicAnchor', '$defs', 'definitions', 'markdownDescription', 'externalDocs',
]);
/** Keywords read together: splitting a schema between them would change what it means. */
const ENTANGLED = ['unevaluatedProperties', 'unevaluatedItems', 'if', '$ref', '$dynamicRef', '$recursiveRef'];
const MAX_DEPTH = 6;
/** Steps one question may take: unions of unions branch, and a proof not found within it is no proof. */
const STEP_BUDGET = 5000;
/** Kept beside a oneOf member taken apart from its oneOf: a value matching it matches no other member. */
const EXCLUSIVE = Symbol('exclusive oneOf members');

const isNeutral = (key: string) => NEUTRAL.has(key) || key.startsWith('x-');
const constraintKeys = (node: Record<string, any>) => Object.keys(node).filter((key) => !isNeutral(key));
const accepts = (node: unknown) => node === true || (isRecord(node) && constraintKeys(node).length === 0);
const without = (node: Record<string, any>, keys: string[]) => Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)));

/** A schema as the conjunction of parts that can be judged one by one (its allOf members, its unions, its `not`). */
function partsOf(node: unknown): unknown[] {
  if (!isRecord(node) || EXCLUSIVE in node) return [node];
  if (ENTANGLED.some((key) => key in node)) return [node];
  const parts: unknown[] = [];
  if (Array.isArray(node.allOf)) parts.push(...node.allOf.flatMap(partsOf));
  for (const key of ['anyOf', 'oneOf', 'not'] as const) if (key in node) parts.push({ [key]: node[key] });
  const rest = without(node, ['allOf', 'anyOf', 'oneOf', 'not']);
  if (constraintKeys(rest).length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

/** The finite set of values the conjunction allows (from an enum or const in it), when it has one. */
function finiteValues(narrow: Conj): unknown[] | undefined {
  const holder = narrow.find((n) => isRecord(n) && ('const' in n || Array.isArray(n.enum))) as Record<string, any> | undefined;
  if (!holder) return undefined;
  const values: unknown[] = 'const' in holder ? [holder.const] : holder.enum;
  // Values another part rejects are not in the set at all.
  return values.filter((v) => narrow.every((n) => n === holder || acceptsValue(n, v) !== false));
}

/** What a member of a oneOf brings along when it is judged apart from its list: it matches no other member. */
export function exclusiveOf(members: unknown[]): object {
  return { [EXCLUSIVE]: members };
}

function requiredOf(narrow: Conj): Set<string> {
  const names = new Set<string>();
  for (const n of narrow) if (isRecord(n) && Array.isArray(n.required)) for (const name of n.required) if (typeof name === 'string') names.add(name);
  return names;
}

const propertySchemas = (narrow: Conj, name: string) =>
  narrow.filter((n) => isRecord(n) && isRecord(n.properties) && name in n.properties).map((n) => (n as Record<string, any>).properties[name]);

/** A member that says only "these properties are present". */
const onlyRequires = (member: unknown): member is { required: string[] } =>
  isRecord(member) && Array.isArray(member.required) && constraintKeys(member).every((key) => key === 'required');

/** The property name is not allowed by a closed object (no declared property, no pattern that could admit it). */
function closedAgainst(node: unknown, name: string): boolean {
  if (!isRecord(node) || node.additionalProperties !== false) return false;
  if (isRecord(node.properties) && name in node.properties) return false;
  return !isRecord(node.patternProperties) || Object.keys(node.patternProperties).length === 0;
}

export class InclusionProver {
  private steps = 0;
  constructor(private readonly env: InclusionEnv) {}

  /** Counts a step of the current question (depth 0 starts one); false once its budget is spent. */
  private step(depth: number): boolean {
    if (depth === 0) this.steps = 0;
    return ++this.steps <= STEP_BUDGET;
  }

  /** Every value all of `narrow` accepts, `wide` accepts too (proved). */
  includes(wide: unknown, narrow: Conj, depth = 0): boolean {
    if (accepts(wide) || narrow.includes(false)) return true;
    if (!this.step(depth) || depth > MAX_DEPTH || wide === false) return false;
    if (narrow.includes(wide)) return true;
    const values = finiteValues(narrow);
    if (values) {
      const answers = values.map((v) => acceptsValue(wide, v));
      if (answers.every((a) => a === true)) return true;
      if (answers.includes(false)) return false;
    }
    // A union on the narrow side: each of its members must be included (oneOf accepts no more than anyOf).
    const split = narrow.flatMap((n) => (isRecord(n) ? partsOf(flattenAllOf(n)) : [n]));
    const union = split.findIndex((n) => isRecord(n) && (Array.isArray(n.anyOf) || Array.isArray(n.oneOf)));
    if (union >= 0) {
      const node = split[union] as Record<string, any>;
      const others = split.filter((_, i) => i !== union);
      const members: unknown[] = node.anyOf ?? node.oneOf;
      const exclusive = node.anyOf ? [] : [exclusiveOf(members)];
      return members.length > 0 && members.every((m) => this.includes(wide, [...others, ...exclusive, m], depth + 1));
    }
    const parts = isRecord(wide) ? partsOf(flattenAllOf(wide)) : [wide];
    if (parts.length > 1) return parts.every((part) => this.includes(part, split, depth + 1));
    return this.includesPart(parts[0], split, depth);
  }

  private includesPart(wide: unknown, narrow: Conj, depth: number): boolean {
    if (!isRecord(wide)) return false;
    if ('not' in wide && constraintKeys(wide).length === 1) return this.disjoint(narrow, wide.not, depth + 1);
    if (Array.isArray(wide.anyOf)) return this.inUnion(wide.anyOf, narrow, false, depth);
    if (Array.isArray(wide.oneOf)) return this.inUnion(wide.oneOf, narrow, true, depth);
    if (narrow.some((n) => { const e = this.env.relation(n, wide); return e === 'widened' || e === 'none'; })) return true;
    return this.includesShape(wide, narrow, depth);
  }

  /** Object shape: the required names, the declared type and each property's schema, checked one by one. */
  private includesShape(wide: Record<string, any>, narrow: Conj, depth: number): boolean {
    const keys = constraintKeys(wide);
    if (!keys.every((key) => key === 'type' || key === 'properties' || key === 'required')) return false;
    const required = requiredOf(narrow);
    if (Array.isArray(wide.required) && !wide.required.every((name: unknown) => typeof name === 'string' && required.has(name))) return false;
    if ('type' in wide) {
      const allowed = new Set<unknown>([].concat(wide.type));
      const typed = narrow.some((n) => isRecord(n) && [].concat(n.type ?? []).length > 0 && [].concat(n.type).every((t) => allowed.has(t) || (t === 'integer' && allowed.has('number'))));
      if (!typed) return false;
    }
    const properties: Record<string, unknown> = isRecord(wide.properties) ? wide.properties : {};
    return Object.entries(properties).every(([name, schema]) => {
      if (accepts(schema)) return true;
      const mine = propertySchemas(narrow, name);
      return mine.length > 0 && this.includes(schema, mine, depth + 1);
    });
  }

  /**
   * `narrow` within the union of `members`: inside one member (for oneOf, disjoint from every other), or inside
   * a member together with the one that accepts exactly the values it leaves out (`{p: S}` and `{p: {not: S}}`).
   */
  private inUnion(members: unknown[], narrow: Conj, exclusive: boolean, depth: number): boolean {
    const outside = (keep: number[]) => !exclusive || members.every((m, k) => keep.includes(k) || this.disjoint(narrow, m, depth + 1));
    for (let j = 0; j < members.length; j++) if (this.includes(members[j], narrow, depth + 1) && outside([j])) return true;
    for (let a = 0; a < members.length; a++) {
      for (let b = 0; b < members.length; b++) {
        const rest = a === b ? undefined : complementRest(members[a], members[b]);
        if (rest === undefined || !outside([a, b])) continue;
        if (exclusive && !this.disjoint([...narrow, members[a]], members[b], depth + 1)) continue;
        if (this.includes(members[a], narrow, depth + 1) || this.includes(rest, narrow, depth + 1)) return true;
      }
    }
    return false;
  }

  /** No value accepted by all of `narrow` is accepted by `other` (proved). */
  disjoint(narrow: Conj, other: unknown, depth = 0): boolean {
    if (other === false || narrow.includes(false)) return true;
    if (!this.step(depth) || depth > MAX_DEPTH || !isRecord(other)) return false;
    if (narrow.some((n) => provablyDisjoint(n, other))) return true;
    const values = finiteValues(narrow);
    if (values && values.every((v) => acceptsValue(other, v) === false)) return true;
    // `not: Y` on the narrow side with `other` inside Y: nothing can match both.
    if (narrow.some((n) => isRecord(n) && 'not' in n && constraintKeys(n).length === 1 && this.includes(n.not, [other], depth + 1))) return true;
    const flat = flattenAllOf(other);
    const parts = partsOf(flat);
    if (parts.length > 1) return parts.some((part) => this.disjoint(narrow, part, depth + 1));
    if ('not' in flat && constraintKeys(flat).length === 1) return this.includes(flat.not, narrow, depth + 1);
    if (Array.isArray(flat.anyOf) || Array.isArray(flat.oneOf)) return (flat.anyOf ?? flat.oneOf).every((m: unknown) => this.disjoint(narrow, m, depth + 1));
    const required = requiredOf([...narrow, flat]);
    // A property `other` requires that a closed object on the narrow side never has.
    if (Array.isArray(flat.required) && flat.required.some((name: unknown) => typeof name === 'string' && narrow.some((n) => closedAgainst(n, name)))) return true;
    // A oneOf on the narrow side two of whose "has these properties" members would both match.
    for (const n of narrow) {
      const members: unknown[] = !isRecord(n) ? [] : Array.isArray(n.oneOf) ? n.oneOf : ((n as Record<symbol, unknown[]>)[EXCLUSIVE] ?? []);
      if (members.filter((m: unknown) => onlyRequires(m) && m.required.every((name) => required.has(name))).length >= 2) return true;
    }
    // A present property whose values cannot satisfy both sides.
    const properties: Record<string, unknown> = isRecord(flat.properties) ? flat.properties : {};
    for (const [name, schema] of Object.entries(properties)) {
      if (!required.has(name)) continue;
      const mine = propertySchemas(narrow, name);
      if (mine.length > 0 && this.disjoint(mine, schema, depth + 1)) return true;
    }
    return false;
  }
}

/**
 * `b` is `rest` plus a property `p` that must NOT match `S`, and `a` says only that `p` matches `S`: then
 * `a` or `b` accepts everything `a` or `rest` does. Returns `rest`, or undefined when the pair is not so.
 */
function complementRest(a: unknown, b: unknown): Record<string, any> | undefined {
  if (!isRecord(a) || !isRecord(b) || !isRecord(a.properties) || !isRecord(b.properties)) return undefined;
  if (constraintKeys(a).some((key) => key !== 'properties')) return undefined;
  const names = Object.keys(a.properties);
  if (names.length !== 1) return undefined;
  const name = names[0]!;
  const negated = b.properties[name];
  if (!isRecord(negated) || constraintKeys(negated).length !== 1 || !('not' in negated)) return undefined;
  if (canonicalJson(negated.not) !== canonicalJson(a.properties[name])) return undefined;
  const properties = without(b.properties, [name]);
  return { ...without(b, ['properties']), ...(Object.keys(properties).length > 0 ? { properties } : {}) };
}
