/**
 * oneOf / anyOf / allOf member lists compared member by member: members pair by meaning (match-members.ts),
 * a union that appeared or went as a whole is one change, and an allOf member that could not fold into its
 * parent is reported as what it adds or takes.
 */
import type { ChangeKind, RawChange } from './types.ts';
import type { Located, Walk } from './schema-keywords.ts';
import { matchMembers, type MemberKey } from './match-members.ts';
import { keptPath, writtenIndex } from './flatten-all-of.ts';
import { disjoint, type UnionEnv } from './union-wrap.ts';
import { isRecord } from '../toolkit/values.ts';
import { branchScope } from './schema-scope.ts';
import { show } from './schema-keywords.ts';
import { acceptsValue } from './value-acceptance.ts';
import { exclusiveOf } from './schema-inclusion.ts';

export interface MembersEnv extends UnionEnv {
  /** `at`: where the member is reached (its list's pointer and index), which spares a search for its origin. */
  memberKey(side: 'base' | 'revision', member: unknown, at?: string): MemberKey;
}

const hasUnion = (node: Record<string, any>): boolean => (Array.isArray(node.oneOf) && node.oneOf.length > 0) || (Array.isArray(node.anyOf) && node.anyOf.length > 0);

/** The schema that accepts everything: what an allOf member is compared with when it was added or removed. */
const EMPTY: Record<string, any> = Object.freeze({});

/** `baseKeyword`: the keyword the base list is written under, when oneOf became anyOf (or the reverse). */
export function compareMembers(c: MembersEnv, keyword: 'oneOf' | 'anyOf' | 'allOf', before: unknown, after: unknown, b: Located, r: Located, walk: Walk, add: (changes: RawChange[]) => void, baseKeyword: 'oneOf' | 'anyOf' | 'allOf' = keyword): void {
  const bm = Array.isArray(before) ? before : [];
  const rm = Array.isArray(after) ? after : [];
  if (bm.length === 0 && rm.length === 0) return;
  if (keyword !== 'allOf' && (bm.length === 0 || rm.length === 0) && !hasUnion(bm.length === 0 ? b.node : r.node)) {
    // The whole union appeared or went (beside other keywords): values must now match a member, or no longer.
    const added = bm.length === 0;
    // A union every old value still matches (`type: array` -> `oneOf: [array, string]`) only widens.
    const narrows = added && !unionIncludesBase(c, keyword, rm, b.node, r.node);
    const list = added ? r : b;
    const names = (added ? rm : bm).map((m, i) => c.memberName(added ? 'revision' : 'base', m, i, `${list.pointer}/${added ? keyword : baseKeyword}/${i}`));
    add([c.emit('schema-union', added ? 'added' : 'removed', narrows ? 'narrowed' : 'widened', b, r, added ? keyword : undefined, walk, {
      field: keyword, value: names[0], from: added ? 'schema' : `${keyword} [${names.join(', ')}]`, to: added ? `${keyword} [${names.join(', ')}]` : 'schema',
    })]);
    return;
  }
  const kind = `schema-${keyword === 'oneOf' ? 'one' : keyword === 'anyOf' ? 'any' : 'all'}-of` as ChangeKind;
  const bList = c.child('base', b, baseKeyword, isRecord(b.node) && Array.isArray(b.node[baseKeyword]) ? b.node[baseKeyword] : bm);
  const rList = c.child('revision', r, keyword, isRecord(r.node) && Array.isArray(r.node[keyword]) ? r.node[keyword] : rm);
  // allOf members that stayed beside merged keywords keep the index they are written at; a oneOf/anyOf member
  // keeps its index in the written list (a `{type: 'null'}` member read as nullable is not in `bm`).
  const listed = (node: unknown, kw: string, m: unknown, i: number) => {
    const list = isRecord(node) ? node[kw] : undefined;
    const at = Array.isArray(list) ? list.indexOf(m) : -1;
    return at >= 0 ? at : i;
  };
  const bAt = (i: number) => String(keyword === 'allOf' ? writtenIndex(b.node, bm[i], i) : listed(b.node, baseKeyword, bm[i], i));
  const rAt = (j: number) => String(keyword === 'allOf' ? writtenIndex(r.node, rm[j], j) : listed(r.node, keyword, rm[j], j));
  // Where a member is reached: an allOf member kept from a folded member's own allOf sits deeper than its index.
  const reached = (side: Located, list: Located, m: unknown, at: string) => {
    const kept = keyword === 'allOf' && isRecord(side.node) ? keptPath(side.node, m) : undefined;
    return kept ? `${side.pointer}/${kept}` : `${list.pointer}/${at}`;
  };
  const baseKey = (m: unknown, i: number) => c.memberKey('base', m, reached(b, bList, m, bAt(i)));
  const revisionKey = (m: unknown, j: number) => c.memberKey('revision', m, reached(r, rList, m, rAt(j)));
  const matched = matchMembers(bm, rm, baseKey, revisionKey);
  const { pairs } = matched;
  // Judged as a whole: every value the old members accepted (with their parent's other keywords) is still
  // accepted by the new members. Then a member that went moved into another, and what narrowed in a member is
  // accepted elsewhere: no value the union accepted is rejected.
  const inUnion = keyword !== 'allOf' && bm.length > 0 && rm.length > 0 ? memberCoverage(c, keyword, baseKeyword, bm, rm, b.node, r.node) : () => false;
  // Asked only where a member-level finding depends on it: the proof costs far more than most member comparisons.
  let coveredAnswer: boolean | undefined;
  const covered = (): boolean => (coveredAnswer ??= keyword !== 'allOf' && bm.length > 0 && rm.length > 0 && bm.every((m) => inUnion(m)));
  // An anyOf member identical to another member of its list accepts nothing the other does not: adding or
  // removing such a copy changes no value's validity. (In a oneOf a copy matters: values matching both fail.)
  const added = keyword === 'anyOf' ? withoutCopies(matched.added, matched.revisionKeys) : matched.added;
  const removed = keyword === 'anyOf' ? withoutCopies(matched.removed, matched.baseKeys) : matched.removed;
  for (const [i, j] of pairs) {
    // The parent applies to every instance its members apply to (looked for only where the member itself differs).
    const scope = isRecord(b.node) && isRecord(r.node) ? branchScope(walk.scope, b.node, r.node, bm[i], rm[j], 1) : undefined;
    const changes = c.pair(c.child('base', bList, bAt(i), bm[i]), c.child('revision', rList, rAt(j), rm[j]), { ...walk, schemaPath: `${walk.schemaPath}<${keyword}#${rAt(j)}>`, scope });
    const judged = changes.some(judgedByWholeMayChange) && covered() ? changes.map((change) => judgedByWhole(c, change)) : changes;
    const kept = judged.filter((change) => !(change.effect === 'narrowed' && (covered() || stillAccepted(change, bm[i], r.node))));
    for (const change of judged) if (!kept.includes(change)) c.withdraw(change);
    add(kept);
  }
  // A union of consts is an enum written another way (`oneOf: [{const: a}, {const: b}]`): a member added or
  // removed is an enum value added or removed, judged (and overridden) by the enum rules.
  const enumLike = keyword !== 'allOf' && bm.length > 0 && rm.length > 0 && bm.every(isConstMember) && rm.every(isConstMember);
  const grows = keyword === 'allOf' ? 'narrowed' : 'widened';
  const shrinks = keyword === 'allOf' ? 'widened' : 'narrowed';
  // oneOf is exclusive: a new member that may overlap another rejects the values matching both.
  const overlaps = (j: number) => keyword === 'oneOf' && !isRecord(r.node.discriminator) && rm.some((m, i) => i !== j && !disjoint(rm[j], m));
  // An allOf member that could not fold into its parent (it conflicts with it) is reported as what it adds to
  // (or took from) the accepted set; only a member that cannot be looked into (a remote ref) stays opaque.
  const visible = (m: unknown) => keyword === 'allOf' && isRecord(m) && typeof m.$ref !== 'string';
  for (const j of added) {
    if (visible(rm[j])) { add(c.pair({ node: EMPTY, pointer: b.pointer, ...(b.file ? { file: b.file } : {}) }, c.child('revision', rList, rAt(j), rm[j]), walk)); continue; }
    if (enumLike) { add([c.emit('schema-enum-value', 'added', 'widened', bList, c.slot(rList, rAt(j), rm[j]), undefined, walk, { value: show(rm[j].const) })]); continue; }
    add([c.emit(kind, 'added', overlaps(j) && !covered() ? 'incomparable' : grows, bList, c.slot(rList, rAt(j), rm[j]), undefined, walk, { value: c.memberName('revision', rm[j], Number(rAt(j)), `${rList.pointer}/${rAt(j)}`) })]);
  }
  for (const i of removed) {
    if (inUnion(bm[i])) continue; // it moved: its values are accepted by the new members
    if (visible(bm[i])) { add(c.pair(c.child('base', bList, bAt(i), bm[i]), { node: EMPTY, pointer: r.pointer, ...(r.file ? { file: r.file } : {}) }, walk)); continue; }
    if (enumLike) { add([c.emit('schema-enum-value', 'removed', 'narrowed', c.slot(bList, bAt(i), bm[i]), rList, undefined, walk, { value: show(bm[i].const) })]); continue; }
    add([c.emit(kind, 'removed', shrinks, c.slot(bList, bAt(i), bm[i]), rList, undefined, walk, { value: c.memberName('base', bm[i], Number(bAt(i)), `${bList.pointer}/${bAt(i)}`) })]);
  }
}

const UNION_KEYS = ['oneOf', 'anyOf'];

/** Kinds whose action names their effect (`not widened`): a change of them the parts could not judge can be. */
const ACTION_IS_EFFECT = new Set(['schema-not', 'schema-conditional']);

/**
 * A change inside a member that the member alone could not judge (`not` changed), while the union as a whole
 * still accepts every value it did: as the whole sees it, it widens (or changes nothing).
 */
function judgedByWhole(c: MembersEnv, change: RawChange): RawChange {
  return judgedByWholeMayChange(change) ? c.rejudge(change, 'widened', 'widened') : change;
}
const judgedByWholeMayChange = (change: RawChange): boolean =>
  change.effect === 'incomparable' && change.action === 'changed' && ACTION_IS_EFFECT.has(change.kind);

/**
 * An enum value removed from a member's own enum that the new schema as a whole still accepts (another member's
 * case-insensitive `pattern` matches it): no value is rejected.
 */
function stillAccepted(change: RawChange, member: unknown, revision: Record<string, any>): boolean {
  if (change.kind !== 'schema-enum-value' || change.action !== 'removed' || !isRecord(member) || !Array.isArray(member.enum)) return false;
  if (!change.basePointer?.endsWith('/enum')) return false;
  const value = member.enum.find((v: unknown) => show(v) === change.context.value);
  return value !== undefined && acceptsValue(revision, value) === true;
}
const without = (node: Record<string, any>, keys: string[]) => Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)));

/**
 * A node without its union, made once per node: the inclusion proofs remember their comparisons by the
 * identity of the schemas compared, so the same node must give the same object every time it is asked.
 */
const withoutUnionOf = new WeakMap<object, Record<string, any>>();
function withoutUnion(node: Record<string, any>): Record<string, any> {
  let rest = withoutUnionOf.get(node);
  if (!rest) withoutUnionOf.set(node, (rest = without(node, UNION_KEYS)));
  return rest;
}

/**
 * Whether the union that appeared (with the new parent's other keywords) accepts every value the old schema did.
 * Asked once per pair of nodes and member list: a schema reached in several directions or from several
 * operations meets the same question again.
 */
interface UnionAnswer { members: unknown[]; answer: boolean }
const unionAnswers = new WeakMap<MembersEnv, WeakMap<object, WeakMap<object, Map<string, UnionAnswer>>>>();
function unionIncludesBase(c: MembersEnv, keyword: 'oneOf' | 'anyOf', members: unknown[], base: Record<string, any>, revision: Record<string, any>): boolean {
  let byBase = unionAnswers.get(c);
  if (!byBase) unionAnswers.set(c, (byBase = new WeakMap()));
  let byRevision = byBase.get(base);
  if (!byRevision) byBase.set(base, (byRevision = new WeakMap()));
  let answers = byRevision.get(revision);
  if (!answers) byRevision.set(revision, (answers = new Map()));
  const known = answers.get(keyword);
  // The member list is read from a view of the node (its null member left out), so it is checked, not assumed.
  if (known && known.members.length === members.length && known.members.every((m, i) => m === members[i])) return known.answer;
  const answer = c.includes(unionOf(revision, keyword, members), [withoutUnion(base), withoutUnion(revision)]);
  answers.set(keyword, { members, answer });
  return answer;
}

/** The new members as the union they form: a oneOf told apart by a discriminator picks one member, like anyOf. */
function unionOf(node: Record<string, any>, keyword: 'oneOf' | 'anyOf', members: unknown[]): Record<string, unknown[]> {
  return { [keyword === 'oneOf' && !isRecord(node.discriminator) ? 'oneOf' : 'anyOf']: members };
}

/**
 * Whether an old member, read with its parent's other keywords (and the new parent's, which a value must meet
 * anyway), is inside the new union. Every old member inside: the union as a whole accepts all it did (the old
 * side is read as anyOf: a oneOf accepts no more).
 */
function memberCoverage(c: MembersEnv, keyword: 'oneOf' | 'anyOf', baseKeyword: string, bm: unknown[], rm: unknown[], base: Record<string, any>, revision: Record<string, any>): (member: unknown) => boolean {
  const union = unionOf(revision, keyword, rm);
  // An old oneOf member's values matched no other old member: that too is known of them.
  const exclusive = baseKeyword === 'oneOf' && !isRecord(base.discriminator) ? [exclusiveOf(bm)] : [];
  const context = [withoutUnion(base), withoutUnion(revision), ...exclusive];
  const known = new Map<unknown, boolean>();
  return (member) => {
    if (!known.has(member)) known.set(member, c.includes(union, [...context, member]));
    return known.get(member)!;
  };
}

/** Keywords a const member may carry besides `const` without constraining anything more. */
const CONST_MEMBER_ANNOTATIONS = new Set(['const', 'title', 'description', '$comment', 'deprecated', 'examples', 'type']);

/** A member that accepts exactly one value (its `type`, if any, only restates the const's). */
function isConstMember(member: unknown): member is { const: unknown } {
  if (!isRecord(member) || !('const' in member)) return false;
  return Object.keys(member).every((key) => CONST_MEMBER_ANNOTATIONS.has(key) || key.startsWith('x-'));
}

/** The unmatched members that are not an identical copy of another member of the same list (the first copy stays). */
function withoutCopies(unmatched: number[], keys: MemberKey[]): number[] {
  const unmatchedSet = new Set(unmatched);
  return unmatched.filter((index) => {
    const hash = keys[index].hash;
    if (hash === null) return true;
    // A copy is redundant when its twin stays in the list: a matched member, or an unmatched one written earlier.
    return !keys.some((other, k) => k !== index && other.hash === hash && (!unmatchedSet.has(k) || k < index));
  });
}
