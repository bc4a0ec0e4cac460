/**
 * A schema that became a oneOf/anyOf whose members include (a version of) it, and the reverse, is ONE change:
 * the plain schema is compared with its best-matching member, never keyword by keyword with the union (which
 * would report every property as removed). `oneOf` is exclusive: a value that matches two members is rejected,
 * so wrapping a schema in a oneOf whose other members overlap it rejects some values it accepted.
 */
import type { Origin, RawChange, SchemaEffect } from './types.ts';
import type { Located, Walk } from './schema-keywords.ts';
import type { Recursor } from './schema-applicators.ts';
import type { SchemaView } from './schema-view.ts';
import { isPureUnion } from './schema-view.ts';
import { flattenAllOf } from './flatten-all-of.ts';
import { canonicalJson } from './schema-hash.ts';
import { show } from './schema-keywords.ts';
import { lastSegment, splitPointer } from '../toolkit/json-pointer.ts';
import { untrustedRegex } from '../lint/untrusted-regex.ts';
import { isRecord } from '../toolkit/values.ts';

type Side = 'base' | 'revision';
type Add = (changes: RawChange[]) => void;

export interface UnionEnv extends Recursor {
  /** The component a node was written in (`#/components/schemas/Pet`), when any. */
  componentOf(side: Side, node: unknown): string | undefined;
  /** Printable name of a member: its component, title, const or type. */
  /** `at`: the pointer the member is reached by, which spares a search for its origin. */
  memberName(side: Side, member: unknown, index: number, at?: string): string;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The JSON types a schema can accept, when they are known: its `type`, else the types of its `const`/`enum`
 * values, else the union of its `oneOf`/`anyOf` members' types (`{enum: [on, off]}` is a string schema).
 */
function typesOf(node: Record<string, any>, depth = 0): Set<string> | undefined {
  const declared = node.type;
  if (typeof declared === 'string') return new Set([declared]);
  if (Array.isArray(declared)) return new Set(declared.map(String));
  if ('const' in node) return new Set([jsonTypeOf(node.const)]);
  if (Array.isArray(node.enum)) return new Set(node.enum.map(jsonTypeOf));
  const members = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (!members || members.length === 0 || depth > 3) return undefined;
  const union = new Set<string>();
  for (const member of members) {
    const types = isRecord(member) ? typesOf(flattenAllOf(member), depth + 1) : undefined;
    if (!types) return undefined;
    for (const type of types) union.add(type);
  }
  return union;
}

function valuesOf(node: Record<string, any>): Set<string> | undefined {
  if ('const' in node) return new Set([canonicalJson(node.const)]);
  return Array.isArray(node.enum) ? new Set(node.enum.map((v: unknown) => canonicalJson(v))) : undefined;
}

const overlapTypes = (x: Set<string>, y: Set<string>) =>
  [...x].some((t) => y.has(t) || (t === 'integer' && y.has('number')) || (t === 'number' && y.has('integer')));

/**
 * Provably no value matches both schemas: different types, distinct const/enum values, or a property both
 * require whose schemas are disjoint (a type tag). Anything else may overlap.
 */
export function disjoint(x: unknown, y: unknown, depth = 0): boolean {
  if (x === false || y === false) return true;
  if (!isRecord(x) || !isRecord(y) || depth > 3) return false;
  const a = flattenAllOf(x);
  const b = flattenAllOf(y);
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta && tb && !overlapTypes(ta, tb)) return true;
  const va = valuesOf(a);
  const vb = valuesOf(b);
  if (va && vb && ![...va].some((v) => vb.has(v))) return true;
  const ra: unknown[] = Array.isArray(a.required) ? a.required : [];
  const rb = new Set(Array.isArray(b.required) ? b.required : []);
  const pa: Record<string, unknown> = isRecord(a.properties) ? a.properties : {};
  const pb: Record<string, unknown> = isRecord(b.properties) ? b.properties : {};
  for (const name of ra) {
    if (typeof name !== 'string' || !rb.has(name)) continue;
    if (name in pa && name in pb && disjoint(pa[name], pb[name], depth + 1)) return true;
  }
  // Objects only: a closed object forbids a property the other requires (OpenAPI's Header against Reference).
  const objectOnly = (t: Set<string> | undefined) => t !== undefined && t.size === 1 && t.has('object');
  return objectOnly(ta) && objectOnly(tb) && (forbidsARequired(a, b) || forbidsARequired(b, a));
}

/** `closed` admits no property beyond its own and `other` requires one it does not admit. */
function forbidsARequired(closed: Record<string, any>, other: Record<string, any>): boolean {
  if (closed.additionalProperties !== false || !Array.isArray(other.required)) return false;
  const own: Record<string, unknown> = isRecord(closed.properties) ? closed.properties : {};
  const patterns = isRecord(closed.patternProperties) ? Object.keys(closed.patternProperties) : [];
  return other.required.some((name: unknown) => typeof name === 'string' && !Object.hasOwn(own, name) && !patterns.some((p) => mayMatch(p, name)));
}

/** A pattern that cannot be read or run counts as matching: the members are then not shown apart. */
function mayMatch(pattern: string, name: string): boolean {
  try {
    return untrustedRegex(pattern, 'u').test(name);
  } catch {
    return true;
  }
}

/** Every pair of members is disjoint (or a discriminator tells them apart): oneOf and anyOf then accept the same. */
export function membersDisjoint(node: Record<string, any>, members: unknown[]): boolean {
  if (isRecord(node.discriminator)) return true;
  return members.every((m, i) => members.slice(i + 1).every((n) => disjoint(m, n)));
}

function shape(node: unknown): Set<string> {
  if (!isRecord(node)) return new Set();
  const flat = flattenAllOf(node);
  return new Set([
    ...[...(typesOf(flat) ?? [])].map((t) => `type:${t}`),
    ...Object.keys(isRecord(flat.properties) ? flat.properties : {}).map((p) => `prop:${p}`),
  ]);
}

/**
 * The member that stands for the plain schema: an equal one, else one written in the same component, else the
 * most similar shape (types and property names) sharing at least one token; undefined when none does.
 */
function bestMember(env: UnionEnv, plainSide: Side, plain: unknown, members: unknown[]): number | undefined {
  const unionSide: Side = plainSide === 'base' ? 'revision' : 'base';
  const equal = (m: unknown) => (plainSide === 'base' ? env.same(plain, m) : env.same(m, plain));
  const index = members.findIndex(equal);
  if (index >= 0) return index;
  const component = env.componentOf(plainSide, plain);
  if (component) {
    const same = members.findIndex((m) => env.componentOf(unionSide, m) === component);
    if (same >= 0) return same;
  }
  const mine = shape(plain);
  let best: number | undefined;
  let bestScore = 0;
  members.forEach((m, i) => {
    const theirs = shape(m);
    const types = (s: Set<string>) => new Set([...s].filter((t) => t.startsWith('type:')).map((t) => t.slice(5)));
    if (types(mine).size > 0 && types(theirs).size > 0 && !overlapTypes(types(mine), types(theirs))) return;
    const union = new Set([...mine, ...theirs]).size;
    const score = union === 0 ? 0 : [...mine].filter((t) => theirs.has(t)).length / union;
    if (score > bestScore) { best = i; bestScore = score; }
  });
  return best;
}

/**
 * Handles `plain -> oneOf/anyOf [.., plain']` and the reverse. Returns false (nothing done) when neither side
 * is such a pair, so the caller compares keyword by keyword.
 */
export function compareUnionWrap(env: UnionEnv, b: Located, r: Located, bv: SchemaView, rv: SchemaView, walk: Walk, add: Add): boolean {
  const unionOf = (v: SchemaView) => (isPureUnion(v.node) ? (v.oneOf ? 'oneOf' : 'anyOf') : undefined);
  const plain = (v: SchemaView) => !v.oneOf && !v.anyOf;
  const keyword = (plain(bv) ? unionOf(rv) : undefined) ?? (plain(rv) ? unionOf(bv) : undefined);
  if (!keyword) return false;
  const wrapped = plain(bv);
  const [plainSide, unionSide]: [Side, Side] = wrapped ? ['base', 'revision'] : ['revision', 'base'];
  const [p, u, uv] = wrapped ? [b, r, rv] : [r, b, bv];
  const members = uv[keyword]!;
  const raw: unknown[] = u.node[keyword];
  // Every member accepts only values the plain schema accepts (a free-form object became specific shapes):
  // the union is the narrower side, not the wider one.
  const inside = (x: unknown) => { const e = wrapped ? env.relation(p.node, x) : env.relation(x, p.node); return e === (wrapped ? 'narrowed' : 'widened') || e === 'none'; };
  const found = bestMember(env, plainSide, p.node, members);
  // No member stands for the plain schema, yet it accepts every member's values (`oneOf: [string, boolean]` -> `{}`).
  const index = found ?? (members.length > 0 && members.every(inside) ? 0 : undefined);
  if (index === undefined) return false;
  const member = members[index];
  const rawIndex = raw.indexOf(member);
  const list = env.child(unionSide, u, keyword, raw);
  const m = env.child(unionSide, list, String(rawIndex), member);
  // oneOf rejects a value matching two members: a plain value that another member also matches.
  const overlapping = keyword === 'oneOf' && !isRecord(u.node.discriminator) && members.some((other, i) => i !== index && !disjoint(member, other));
  const within = !overlapping && members.every(inside);
  if (within && members.some((x) => (wrapped ? env.same(p.node, x) : env.same(x, p.node)))) return true; // the union accepts exactly the plain schema's values
  const effect: SchemaEffect = overlapping ? 'incomparable' : within === wrapped ? 'narrowed' : 'widened';
  const names = members.map((x, i) => { const at = raw.indexOf(x) >= 0 ? raw.indexOf(x) : i; return env.memberName(unionSide, x, at, `${list.pointer}/${at}`); });
  const described = `${keyword} [${names.join(', ')}]`;
  const plainName = env.memberName(plainSide, p.node, -1, p.pointer);
  add([env.emit('schema-union', wrapped ? 'added' : 'removed', effect, b, r, wrapped ? keyword : undefined, walk, {
    field: keyword, value: names[index], from: wrapped ? plainName : described, to: wrapped ? described : plainName,
  })]);
  if (bv.nullable !== rv.nullable) add([env.emit('schema-nullable', rv.nullable ? 'added' : 'removed', rv.nullable ? 'widened' : 'narrowed', b, r, 'nullable', walk)]);
  // A free-form object standing for a member with declared properties says nothing to compare them with.
  const freeForm = isRecord(p.node) && !isRecord(p.node.properties) && isRecord(member) && isRecord(flattenAllOf(member).properties);
  if (!freeForm && !within) add(wrapped ? env.pair(p, m, walk) : env.pair(m, p, walk));
  return true;
}

export function componentPointer(node: unknown, originOf?: (node: object) => Origin | undefined): string | undefined {
  const origin = isRecord(node) && originOf ? originOf(node) : undefined;
  return origin && /^\/(components\/schemas|definitions|\$defs)\/[^/]+$/.test(origin.pointer) ? `${origin.file}#${origin.pointer}` : undefined;
}

/** A member named as a reader knows it: its component, title, const value or type; its index only as a last resort. */
export function memberName(member: unknown, index: number, originOf?: (node: object) => Origin | undefined): string {
  const origin = isRecord(member) && originOf ? originOf(member) : undefined;
  if (origin && /^\/(components\/schemas|definitions|\$defs)\//.test(origin.pointer)) return lastSegment(origin.pointer);
  // A schema written in another file (`block.yaml#/Capella/BeaconBlock`) is named by its pointer there.
  if (namedOrigin(origin)) return splitPointer(origin!.pointer).join('.');
  if (!isRecord(member)) return index >= 0 ? `#${index}` : 'schema';
  if (typeof member.title === 'string') return member.title;
  if ('const' in member) return show(member.const);
  if (Array.isArray(member.enum) && member.enum.length === 1) return show(member.enum[0]);
  if (typeof member.type === 'string' || Array.isArray(member.type)) return ([] as unknown[]).concat(member.type).join('|');
  return index >= 0 ? `#${index}` : 'schema';
}

/**
 * The name a member has as a shared schema, so members pair by name wherever they were inserted: a component
 * or definition, or a node written elsewhere (`$ref: './types/block.yaml#/Capella/BeaconBlock'`), named by its
 * file's base name and pointer. A member written inline in its list has no name (its pointer is an index).
 */
export function namedOrigin(origin: Origin | undefined): string | undefined {
  if (!origin) return undefined;
  if (/^\/(components|definitions|\$defs)\//.test(origin.pointer)) return origin.pointer;
  if (origin.pointer === '' || /\/(oneOf|anyOf|allOf)\/\d+$/.test(origin.pointer) || origin.pointer.startsWith('/paths/')) return undefined;
  return `${origin.file.split('/').pop()}#${origin.pointer}`;
}
