/**
 * The one schema comparator: request bodies, responses, parameters, headers (and standalone JSON Schema)
 * all go through `SchemaComparator.compare`. It reports keyword-level changes with their effect on the set of
 * accepted values (narrowed / widened / incomparable / none); the direction is an input that rules read, never
 * a reason to copy code. Each (base node, revision node, direction) pair is compared once: a shared component
 * reached from several operations yields one set of changes whose `usedBy` lists every use.
 */
import { extended } from '../toolkit/extended.ts';
import { sunsetMove, sunsetOf } from './lifecycle.ts';
import type { ChangeAction, ChangeContext, ChangeKind, Direction, Origin, RawChange, SchemaEffect } from './types.ts';
import { SchemaHasher, canonicalEqual } from './schema-hash.ts';
import { CyclicEquality } from './cyclic-equality.ts';
import { ValueEquality } from './value-equality.ts';
import { BOUND_KEYWORDS, viewOf, type SchemaView } from './schema-view.ts';
import { ANNOTATIONS, compareBounds, compareFlags, compareTypes, compareValues, show, type KeywordEmitter, type Located, type Walk } from './schema-keywords.ts';
import { flattenAllOf } from './flatten-all-of.ts';
import { compareMembers, type MembersEnv } from './union-members.ts';
import { componentAt, enterComponent } from './schema-component.ts';
import { escapeSegment } from '../toolkit/json-pointer.ts';
import { APPLICATOR_KEYWORDS, compareApplicators, type Recursor } from './schema-applicators.ts';
import { compareUnionWrap, componentPointer, memberName, membersDisjoint, namedOrigin, type UnionEnv } from './union-wrap.ts';
import { stabilityMove } from './stability.ts';
import { compareDiscriminator } from './schema-discriminator.ts';
import { compareObject, type ObjectEnv } from './schema-object.ts';
import { SchemaLocator } from './schema-locator.ts';
import { OVER_BUDGET, WholeSchemaQuestions } from './schema-questions.ts';
import { isRecord } from '../toolkit/values.ts';
import { InclusionProver } from './schema-inclusion.ts';
import { scopeFor, scopeKey, scopedTypes } from './schema-scope.ts';
import { typeEffect } from './schema-view.ts';
import type { ComponentNames } from './component-names.ts';

export interface ComparatorEnv {
  /** Where a node was written; `at` is the pointer it was reached by (the answer when it was written there). */
  baseOrigin?: (node: object, at?: string) => Origin | undefined;
  revisionOrigin?: (node: object, at?: string) => Origin | undefined;
  /** Where a keyword of a node was written (a `$ref` with siblings takes its other keywords from its target). */
  baseKeyOrigin?: (node: object, key: string, at?: string) => Origin | undefined;
  revisionKeyOrigin?: (node: object, key: string, at?: string) => Origin | undefined;
  /** The absolute URL an unresolved `{ $ref }` node names (see LoadedSpec.refUrl). */
  baseRefUrl?: (node: object) => string | undefined;
  revisionRefUrl?: (node: object) => string | undefined;
  /** The component names a schema object is declared under (component-names.ts). */
  baseComponentNames?: ComponentNames;
  revisionComponentNames?: ComponentNames;
  /** OpenAPI 2.0/3.0: the `nullable` keyword means "null allowed". */
  baseNullableKeyword?: boolean;
  revisionNullableKeyword?: boolean;
  /** The nodes a side holds in more than one place (LoadedSpec.sharedNodes): structural equality remembers only those. */
  baseSharedNodes?: ReadonlySet<object>;
  revisionSharedNodes?: ReadonlySet<object>;
}
export interface CompareUse {
  direction: Direction;
  /** Context shared by every change of this use (method, path, subject, status, media type...). */
  context?: ChangeContext;
  /** Printable name of the use (`GET /pets`), collected into `usedBy`. */
  use?: string;
  basePointer?: string;
  revisionPointer?: string;
}

interface Entry { changes: RawChange[]; done: boolean }

/** Keywords handled explicitly below, or carrying no constraint. */
const HANDLED = new Set([
  'type', 'nullable', 'format', 'enum', 'const', 'x-extensible-enum', 'multipleOf', 'pattern', 'uniqueItems',
  'properties', 'required', 'additionalProperties', 'items', 'readOnly', 'writeOnly', 'oneOf', 'anyOf', 'allOf',
  'discriminator', 'default', 'deprecated', '$ref', '$id', '$schema', '$anchor', '$dynamicAnchor', '$defs',
  '$vocabulary', 'definitions', 'x-nullable', ...Object.keys(BOUND_KEYWORDS), ...Object.keys(ANNOTATIONS),
  ...APPLICATOR_KEYWORDS,
]);

/** Assertions with no keyword-level comparison: a change to one is incomparable. Other unknown keywords are annotations. */
const OPAQUE_ASSERTIONS = new Set(['$dynamicRef', '$recursiveRef', 'contentSchema', 'dependencies', 'additionalItems']);

export class SchemaComparator {
  private readonly memo = new Map<string, Map<object, Map<object, Entry>>>();
  private readonly uses = new Map<RawChange, Set<string>>();
  private readonly all: RawChange[] = [];
  /**
   * Changes found on a part whose whole still accepts everything it did (see `Recursor.withdraw`). One that a
   * schema use still reaches by another way (a shared component used outside that union) is reported all the same.
   */
  private readonly withdrawn = new Set<RawChange>();
  private readonly reached = new Set<RawChange>();
  private readonly prover = new InclusionProver({ relation: (before, after) => this.questions.relation(before, after) });

  private readonly keywordEmitter: KeywordEmitter = { emit: (...args) => this.emit(...args), same: (b, a) => this.values.same(b, a) };
  // extended(): a spread followed by new properties would give each comparator's objects hidden classes of their own.
  private readonly recursor: Recursor = extended(this.keywordEmitter, {
    pair: (b, r, walk) => this.pair(b, r, walk),
    child: (side, parent, key, node) => this.at.child(side, parent, key, node),
    slot: (parent, key, node) => this.at.slot(parent, key, node),
    relation: (before, after) => this.questions.relation(before, after),
    inside: (before, after) => this.questions.inside(before, after),
    includes: (wide, narrow) => this.prover.includes(wide, narrow),
    withdraw: (change) => { this.withdrawn.add(change); },
    rejudge: (change, action, effect) => this.rejudge(change, action, effect),
  } satisfies Omit<Recursor, keyof KeywordEmitter>);
  private readonly unionEnv: UnionEnv = extended(this.recursor, {
    componentOf: (side, node) => componentPointer(node, (n) => this.at.originOf(side, n)),
    memberName: (side, member, index, at) => memberName(member, index, (n) => this.at.originOf(side, n, at)),
  } satisfies Omit<UnionEnv, keyof Recursor>);

  private readonly membersEnv: MembersEnv = extended(this.unionEnv, { memberKey: (side, member, at) => this.memberKey(side, member, at) } satisfies Omit<MembersEnv, keyof UnionEnv>);
  private readonly objectEnv: ObjectEnv = extended(this.recursor, { writer: (side, owner, merged, name) => this.at.writer(side, owner, merged, name) } satisfies Omit<ObjectEnv, keyof Recursor>);

  /**
   * `hasher` hashes a `{ $ref }` by the URL it resolves to, so equal spellings under different `$id`s differ. A
   * nested comparison shares its parent's hashes, which depend on structure only: the whole-union questions
   * compare the same subtrees over and over, and hashing them afresh each time cost more than the rest.
   */
  constructor(
    private readonly env: ComparatorEnv = {},
    private readonly nested = false,
    private readonly hasher = SchemaHasher.pair(env.baseRefUrl, env.revisionRefUrl),
    /** Schema pairs compared inside whole-schema questions so far, shared by the nested comparisons. */
    private readonly proofWork = { spent: 0 },
  ) {
    this.equalMeansSame = (env.baseNullableKeyword ?? false) === (env.revisionNullableKeyword ?? false);
    this.at = new SchemaLocator(env, nested);
    this.cyclic = new CyclicEquality((node) => hasher.base.known(node), (node) => hasher.revision.known(node), env.baseSharedNodes, env.revisionSharedNodes);
    this.values = new ValueEquality({
      hash: { base: (value) => hasher.base.hash(value), revision: (value) => hasher.revision.hash(value) },
      knownEqual: this.sameStructure,
      names: { base: env.baseComponentNames, revision: env.revisionComponentNames },
      shared: { base: env.baseSharedNodes, revision: env.revisionSharedNodes },
    });
    this.questions = new WholeSchemaQuestions(nested, proofWork, (questionEnd) => {
      const inner = new SchemaComparator(env, true, hasher, proofWork);
      inner.questionEnd = questionEnd;
      return inner;
    });
  }

  /** Whole-schema questions, each a comparison of its own (schema-questions.ts). */
  private readonly questions: WholeSchemaQuestions;
  /** In a nested comparison: the pair count at which its question is abandoned. */
  private questionEnd = Infinity;

  /** Where the nodes of either side were written (schema-locator.ts). */
  private readonly at: SchemaLocator;

  /** Compare one schema use; returns the changes inside it (shared ones included, already counted once). */
  compare(base: unknown, revision: unknown, use: CompareUse): RawChange[] {
    // Most schema uses of two versions are equal: answer those from the hashes, before locating either side
    // (locating builds the document's origin table, which a diff without changes never needs).
    if (this.equalMeansSame && isRecord(base) && isRecord(revision) && this.sameStructure(base, revision)) return [];
    const walk: Walk = { direction: use.direction, context: extended(use.context ?? {}, { direction: use.direction }), schemaPath: '' };
    const b = this.at.locate('base', base, use.basePointer ?? '');
    const r = this.at.locate('revision', revision, use.revisionPointer ?? '');
    const changes = this.pair(b, r, walk);
    for (const change of changes) this.reached.add(change);
    if (use.use) for (const change of changes) this.uses.get(change)!.add(use.use);
    return changes;
  }

  /** Schema pairs compared so far by whole-schema questions. */
  proofPairs(): number {
    return this.proofWork.spent;
  }

  /**
   * Every distinct change found so far, with `usedBy` filled where a change serves more than one use. Changes
   * that land on the same node of a shared component from different (non-shared) parents are one change too.
   */
  changes(): RawChange[] {
    const merged = new Map<string, RawChange>();
    for (const change of this.all) {
      if (this.withdrawn.has(change) && !this.reached.has(change)) continue;
      const side = change.action === 'removed' ? `b${change.baseFile ?? ''}#${change.basePointer}` : `r${change.revisionFile ?? ''}#${change.revisionPointer}`;
      const c = change.context;
      const key = [change.kind, change.action, side, c.direction, c.value, c.from, c.to, c.field, c.property].join('\u0000');
      const first = merged.get(key);
      if (!first) { merged.set(key, change); continue; }
      for (const use of this.uses.get(change)!) this.uses.get(first)!.add(use);
    }
    const result = [...merged.values()];
    for (const change of result) {
      const uses = this.uses.get(change)!;
      if (uses.size > 1) change.usedBy = [...uses].sort();
    }
    return result;
  }

  /**
   * Equal schemas mean the same only when both sides read `nullable` alike: a 3.0 document and a 3.1 one (where
   * it is no keyword) are walked even where they are written the same.
   */
  private readonly equalMeansSame: boolean;
  private readonly cyclic: CyclicEquality;

  /**
   * Structurally equal (hashes; values that reach a cycle by their unfolding): any two values of the two
   * documents, so a caller can skip the parts of a document that are equal, sharing the comparison's hashes.
   */
  readonly sameStructure = (x: unknown, y: unknown): boolean => this.cyclic.same(x, y);

  /** Keyword and extension values compared by meaning (value-equality.ts). */
  private readonly values: ValueEquality;

  private emit(
    kind: ChangeKind, action: ChangeAction, effect: SchemaEffect, b: Located, r: Located, key: string | undefined,
    walk: Walk, extra: Partial<ChangeContext> & { before?: unknown; after?: unknown } = {},
  ): RawChange {
    const { before, after, ...context } = extra;
    const suffix = key === undefined ? '' : `/${escapeSegment(key)}`;
    // A keyword folded in from an allOf member is located in that member.
    if (key !== undefined) { b = this.at.keyHolder('base', b, key); r = this.at.keyHolder('revision', r, key); }
    const change: RawChange = {
      kind, action, effect,
      basePointer: b.pointer + suffix, revisionPointer: r.pointer + suffix,
      ...(b.file ? { baseFile: b.file } : {}), ...(r.file ? { revisionFile: r.file } : {}),
      before, after,
      context: extended(walk.context, { schemaPath: walk.schemaPath }, context),
    };
    if (change.context.from === undefined && before !== undefined) change.context.from = show(before);
    if (change.context.to === undefined && after !== undefined) change.context.to = show(after);
    this.uses.set(change, new Set());
    this.all.push(change);
    return change;
  }

  private pair(b: Located, r: Located, walk: Walk): RawChange[] {
    if (this.nested && ++this.proofWork.spent > this.questionEnd) throw OVER_BUDGET;
    const base = b.node;
    const revision = r.node;
    if (base === undefined && revision === undefined) return [];
    if (base === undefined || revision === undefined) {
      const effect = base === undefined ? 'narrowed' : 'widened';
      return [this.emit('schema', base === undefined ? 'added' : 'removed', effect, b, r, undefined, walk)];
    }
    if (!isRecord(base) || !isRecord(revision)) {
      if (canonicalEqual(base, revision)) return [];
      return [this.emit('schema', 'changed', 'incomparable', b, r, undefined, walk, { before: base, after: revision })];
    }
    const baseHash = this.hasher.base.hash(base);
    if (this.equalMeansSame) {
      const revisionHash = this.hasher.revision.hash(revision);
      if (baseHash !== null && baseHash === revisionHash) return [];
      // Both reach a cycle (no hash): equal unfoldings, decided once per pair and kept, have nothing to report.
      if (baseHash === null && revisionHash === null && this.sameStructure(base, revision)) return [];
    }
    walk = enterComponent(walk, componentAt(r) ?? componentAt(b));
    // Enclosing schemas apply only to the nodes their scope was made for; they change what is reported.
    const scope = scopeFor(walk.scope, base, revision);
    walk = { ...walk, scope };
    const memoKey = scope ? `${walk.direction}|${scopeKey(scope)}` : walk.direction;
    let byBase = this.memo.get(memoKey);
    if (!byBase) this.memo.set(memoKey, (byBase = new Map()));
    let byRevision = byBase.get(base);
    if (!byRevision) byBase.set(base, (byRevision = new Map()));
    const known = byRevision.get(revision);
    if (known) return known.changes; // done, or re-entered through a cycle (assumed equal so far)
    const entry: Entry = { changes: [], done: false };
    byRevision.set(revision, entry);
    const collected = new Set<RawChange>();
    this.keywords(b, r, walk, (list) => { for (const c of list) collected.add(c); });
    entry.changes = [...collected];
    entry.done = true;
    return entry.changes;
  }

  private keywords(b: Located, r: Located, walk: Walk, add: (changes: RawChange[]) => void): void {
    if (typeof b.node.$ref === 'string' || typeof r.node.$ref === 'string') {
      // An unresolved (remote) reference is opaque: compared by the URL it resolves to, not by its spelling.
      if (this.refUrl('base', b.node) !== this.refUrl('revision', r.node)) add([this.emit('schema-ref-url', 'changed', 'incomparable', b, r, '$ref', walk, { before: b.node.$ref, after: r.node.$ref })]);
      return;
    }
    const bf = flattenAllOf(b.node);
    const rf = flattenAllOf(r.node);
    if (bf !== b.node) b = { ...b, node: bf };
    if (rf !== r.node) r = { ...r, node: rf };
    const bv = viewOf(b.node, this.env.baseNullableKeyword ?? false);
    const rv = viewOf(r.node, this.env.revisionNullableKeyword ?? false);
    if (bv.node !== b.node || rv.node !== r.node) {
      if (bv.node !== b.node) b = this.at.lone('base', b, bv.node);
      if (rv.node !== r.node) r = this.at.lone('revision', r, rv.node);
      // Both sides read as the same component (`anyOf: [$ref]` on each): messages name that component.
      const [bc, rc] = [componentAt(b), componentAt(r)];
      if (bc && rc && bc.name === rc.name) walk = enterComponent(walk, rc);
    }
    if (compareUnionWrap(this.unionEnv, b, r, bv, rv, walk, add)) return;
    const one = (change: RawChange) => add([change]);
    compareTypes(this.keywordEmitter, b, r, bv, this.restatedTypes(bv, rv, walk), walk, one);
    compareValues(this.keywordEmitter, b, r, walk, one);
    compareBounds(this.keywordEmitter, b, r, bv, rv, walk, one);
    compareFlags(this.keywordEmitter, b, r, walk, one);
    compareObject(this.objectEnv, b, r, walk, add);
    compareApplicators(this.recursor, b, r, walk, add);
    const switched = this.compareUnionKind(b, r, bv, rv, walk, add);
    if (switched) compareMembers(this.membersEnv, switched, switched === 'anyOf' ? bv.oneOf : bv.anyOf, switched === 'anyOf' ? rv.anyOf : rv.oneOf, b, r, walk, add, switched === 'anyOf' ? 'oneOf' : 'anyOf');
    else {
      compareMembers(this.membersEnv, 'oneOf', bv.oneOf, rv.oneOf, b, r, walk, add);
      compareMembers(this.membersEnv, 'anyOf', bv.anyOf, rv.anyOf, b, r, walk, add);
    }
    compareMembers(this.membersEnv, 'allOf', b.node.allOf, r.node.allOf, b, r, walk, add);
    this.compareOthers(b, r, walk, one);
  }

  /** The same change as one use judges it (another use reaching the original still reports the original). */
  private rejudge(change: RawChange, action: ChangeAction, effect: SchemaEffect): RawChange {
    const copy: RawChange = { ...change, action, effect, context: { ...change.context } };
    this.withdrawn.add(change);
    this.uses.set(copy, new Set());
    this.all.push(copy);
    return copy;
  }

  private refUrl(side: 'base' | 'revision', node: Record<string, any>): unknown {
    if (typeof node.$ref !== 'string') return undefined;
    const resolve = side === 'base' ? this.env.baseRefUrl : this.env.revisionRefUrl;
    return resolve?.(node) ?? node.$ref;
  }

  /**
   * The revision's view, with the base's types when the enclosing schemas make both accept the same types (a
   * branch restating its parent's `type`): then no type change is reported.
   */
  private restatedTypes(bv: SchemaView, rv: SchemaView, walk: Walk): SchemaView {
    const scope = walk.scope;
    if (!scope || typeEffect(bv.types, rv.types) === 'none') return rv;
    const before = scopedTypes(bv.types, scope.base, this.env.baseNullableKeyword ?? false);
    const after = scopedTypes(rv.types, scope.revision, this.env.revisionNullableKeyword ?? false);
    return typeEffect(before, after) === 'none' ? { ...rv, types: bv.types } : rv;
  }

  /**
   * oneOf -> anyOf with the same members only widens (a value may now match several); anyOf -> oneOf narrows.
   * Returns the keyword whose members are then compared against the other side's, or undefined.
   */
  private compareUnionKind(b: Located, r: Located, bv: SchemaView, rv: SchemaView, walk: Walk, add: (changes: RawChange[]) => void): 'oneOf' | 'anyOf' | undefined {
    const only = (v: SchemaView) => (v.oneOf && !v.anyOf ? 'oneOf' : v.anyOf && !v.oneOf ? 'anyOf' : undefined);
    const before = only(bv);
    const after = only(rv);
    if (!before || !after || before === after) return undefined;
    // With pairwise disjoint members no value can match two: oneOf and anyOf accept the same values.
    if (membersDisjoint(b.node, bv[before]!) && membersDisjoint(r.node, rv[after]!)) return after;
    const widened = after === 'anyOf';
    add([this.emit('schema-one-of', widened ? 'widened' : 'narrowed', widened ? 'widened' : 'narrowed', b, r, after, walk, { from: before, to: after })]);
    return after;
  }

  private memberKey(side: 'base' | 'revision', member: unknown, at?: string): { hash: string | null; origin?: string; written?: Origin; components?: readonly string[]; title?: string; shape: string[] } {
    const node = isRecord(member) ? member : {};
    // Looked up on first use: members paired by their hashes alone never need where they were written, and
    // finding that for a member of a whole-schema question (whose pointers are not the document's) walks the
    // whole document.
    let written: Origin | undefined | null = null;
    const writtenAt = () => (written === null ? (written = isRecord(member) ? this.at.originOf(side, member, at) : undefined) : written);
    const shape = [
      ...[].concat(node.type ?? []).map((t: string) => `type:${t}`),
      ...Object.keys(isRecord(node.properties) ? node.properties : {}).map((p) => `prop:${p}`),
      ...(node.$ref ? [`ref:${node.$ref}`] : []),
    ];
    const components = isRecord(member) ? (side === 'base' ? this.env.baseComponentNames : this.env.revisionComponentNames)?.(member) : undefined;
    return {
      hash: side === 'base' ? this.hasher.base.hash(member) : this.hasher.revision.hash(member),
      get origin() { return namedOrigin(writtenAt()); },
      get written() { return writtenAt(); },
      components, title: typeof node.title === 'string' ? node.title : undefined, shape,
    };
  }

  private compareOthers(b: Located, r: Located, walk: Walk, add: (c: RawChange) => void): void {
    if (isRecord(b.node.discriminator) || isRecord(r.node.discriminator)) compareDiscriminator(this.keywordEmitter, b, r, walk, add, (side, member, at) => this.memberKey(side, member, at));
    const keys = new Set([...Object.keys(b.node), ...Object.keys(r.node)]);
    for (const key of [...keys].sort()) {
      if (HANDLED.has(key)) continue;
      const before = b.node[key];
      const after = r.node[key];
      if (key.startsWith('x-') ? this.values.sameExtension(before, after) : this.values.same(before, after)) continue;
      const action: ChangeAction = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
      if (key === 'x-sunset' && walk.direction !== 'standalone') { this.compareSunset(b, r, walk, add); continue; }
      if (key === 'x-stability-level' && walk.direction !== 'standalone') { this.compareStability(b, r, walk, add); continue; }
      if (key.startsWith('x-')) add(this.emit('extension', action, 'none', b, r, key, walk, { field: key }));
      else add(this.emit('schema-keyword', action, OPAQUE_ASSERTIONS.has(key) ? 'incomparable' : 'none', b, r, key, walk, { field: key }));
    }
  }

  /** A property's (or schema's) x-stability-level moved: a lower level withdraws a compatibility promise. */
  private compareStability(b: Located, r: Located, walk: Walk, add: (c: RawChange) => void): void {
    const move = stabilityMove(b.node, r.node);
    if (move) add(this.emit('schema-stability', move.action, 'none', b, r, 'x-stability-level', walk, { field: 'x-stability-level', before: move.before, after: move.after, ...(move.stabilityInvalid ? { stabilityInvalid: true } : {}) }));
  }

  /** A property's (or schema's) x-sunset moved: lifecycle.ts says how, rules say what it means. */
  private compareSunset(b: Located, r: Located, walk: Walk, add: (c: RawChange) => void): void {
    const move = sunsetMove(sunsetOf(b.node), sunsetOf(r.node));
    if (move) add(this.emit('schema-sunset', move.action, 'none', b, r, 'x-sunset', walk, { field: 'x-sunset', deprecated: r.node.deprecated === true, ...move.context }));
  }
}

/** Compare two schemas once, without sharing a memo with other uses (standalone JSON Schema, tests). */
export function compareSchemas(base: unknown, revision: unknown, options: CompareUse & ComparatorEnv): RawChange[] {
  const comparator = new SchemaComparator(options);
  comparator.compare(base, revision, options);
  return comparator.changes();
}
