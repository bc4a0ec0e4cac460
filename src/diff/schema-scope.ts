/**
 * The other schemas that apply to the same instance as the node being compared: the parent of an if/then/else
 * branch or of an allOf/anyOf/oneOf member, and, going down, their properties and items of the same name. A
 * constraint the base already enforced there (a `required` restated in a branch, `type: object` restated in an
 * `else`) rejects nothing new, so it is no change. A scope is made for one pair of child nodes and applies only
 * to them, so a walk that carries it further never applies it to another instance.
 */
import { flattenAllOf } from './flatten-all-of.ts';
import { viewOf } from './schema-view.ts';
import { isRecord } from '../toolkit/values.ts';

export interface Scope {
  /** The base and revision nodes this scope applies to. */
  baseFor: unknown;
  revisionFor: unknown;
  base: Record<string, any>[];
  revision: Record<string, any>[];
}

/** More than a few enclosing schemas add nothing in practice and would make memo keys long. */
const MAX_SCOPE = 6;

const ids = new WeakMap<object, number>();
let nextId = 1;
const idOf = (node: object): number => {
  let id = ids.get(node);
  if (id === undefined) ids.set(node, (id = nextId++));
  return id;
};

/** The scope `scope` if it was made for exactly these nodes. */
export function scopeFor(scope: Scope | undefined, base: unknown, revision: unknown): Scope | undefined {
  return scope && scope.baseFor === base && scope.revisionFor === revision && (scope.base.length > 0 || scope.revision.length > 0) ? scope : undefined;
}

/** A memo key part: which enclosing schemas applied (empty without a scope). */
export function scopeKey(scope: Scope | undefined): string {
  return scope ? `${scope.base.map(idOf).join(',')}|${scope.revision.map(idOf).join(',')}` : '';
}

const cap = (nodes: Record<string, any>[]) => [...new Set(nodes)].slice(0, MAX_SCOPE);

/**
 * Whether enclosing schemas can change a verdict on this pair: its types, required names or declared property
 * names differ. Other pairs get no scope, so they share one comparison (and one set of changes) with every
 * other place they are reached from.
 */
function matters(base: unknown, revision: unknown, depth = 4): boolean {
  if (!isRecord(base) || !isRecord(revision) || depth === 0) return false;
  const b = flattenAllOf(base);
  const r = flattenAllOf(revision);
  const types = (n: Record<string, any>) => JSON.stringify([n.type ?? null].flat().map(String).sort());
  const names = (value: unknown) => (Array.isArray(value) ? value.map(String).sort().join('\u0000') : '');
  const declared = (n: Record<string, any>) => (isRecord(n.properties) ? Object.keys(n.properties).sort().join('\u0000') : '');
  if (types(b) !== types(r) || names(b.required) !== names(r.required) || declared(b) !== declared(r)) return true;
  // A few levels down: a restated type under an unchanged property still needs the scope to get there.
  if (matters(b.items, r.items, depth - 1)) return true;
  const bp = isRecord(b.properties) ? b.properties : {};
  const rp = isRecord(r.properties) ? r.properties : {};
  return Object.keys(bp).some((name) => matters(bp[name], rp[name], depth - 1));
}

/** Scope of a branch or member of `parentB`/`parentR`: the parents (and what applied to them) apply to it too. */
export function branchScope(outer: Scope | undefined, parentB: Record<string, any>, parentR: Record<string, any>, childB: unknown, childR: unknown, depth = 4): Scope | undefined {
  if (!matters(childB, childR, depth)) return undefined;
  return { baseFor: childB, revisionFor: childR, base: cap([parentB, ...(outer?.base ?? [])]), revision: cap([parentR, ...(outer?.revision ?? [])]) };
}

/** Scope of a child reached by `step` (a property, the items) from a node whose scope is `scope`. */
export function descendScope(scope: Scope | undefined, childB: unknown, childR: unknown, step: (node: Record<string, any>) => unknown): Scope | undefined {
  if (!scope || !matters(childB, childR)) return undefined;
  const down = (nodes: Record<string, any>[]) => nodes.map((n) => step(flattenAllOf(n))).filter(isRecord) as Record<string, any>[];
  const next = { baseFor: childB, revisionFor: childR, base: cap(down(scope.base)), revision: cap(down(scope.revision)) };
  return next.base.length > 0 || next.revision.length > 0 ? next : undefined;
}

/** Whether an enclosing schema requires property `name`. */
export function scopeRequires(nodes: Record<string, any>[] | undefined, name: string): boolean {
  return (nodes ?? []).some((n) => {
    const required = flattenAllOf(n).required;
    return Array.isArray(required) && required.includes(name);
  });
}

/** The schemas enclosing schemas give property `name`. */
export function scopeProperties(nodes: Record<string, any>[] | undefined, name: string): unknown[] {
  return (nodes ?? []).map((n) => flattenAllOf(n).properties).filter(isRecord).map((p) => p[name]).filter((s) => s !== undefined);
}

/**
 * The types a node accepts once its enclosing schemas are applied too (null = unconstrained): `else` restating
 * `type: object` under a parent of type object accepts objects either way.
 */
export function scopedTypes(types: Set<string> | null, nodes: Record<string, any>[] | undefined, nullableKeyword: boolean): Set<string> | null {
  let result = types;
  for (const node of nodes ?? []) {
    const other = viewOf(flattenAllOf(node), nullableKeyword).types;
    if (!other) continue;
    if (!result) { result = new Set(other); continue; }
    const next = new Set<string>();
    for (const t of result) {
      if (other.has(t) || (t === 'integer' && other.has('number'))) next.add(t);
      else if (t === 'number' && other.has('integer')) next.add('integer');
    }
    result = next;
  }
  return result;
}
