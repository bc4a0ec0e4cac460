/**
 * Leaf keyword comparisons of the schema comparator: types and nullability, values (enum, const, default),
 * numeric and length bounds, flags and annotations. Each reports through the comparator's emitter.
 */
import { sunsetOf } from './lifecycle.ts';
import type { ChangeAction, ChangeContext, ChangeKind, Direction, RawChange, SchemaEffect } from './types.ts';
import { canonicalEqual, canonicalJson } from './schema-hash.ts';
import { patternEffect } from './pattern-inclusion.ts';
import type { Scope } from './schema-scope.ts';
import { BOUND_KEYWORDS, formatEffect, formatRejectsNothing, typeEffect, type SchemaView } from './schema-view.ts';

export interface Located { node: any; pointer: string; file?: string }
/** `scope`: the other schemas that apply to the same instance (schema-scope.ts), for the nodes it names. */
export interface Walk { direction: Direction; context: ChangeContext; schemaPath: string; scope?: Scope }
export interface KeywordEmitter {
  emit(kind: ChangeKind, action: ChangeAction, effect: SchemaEffect, b: Located, r: Located, key: string | undefined, walk: Walk,
    extra?: Partial<ChangeContext> & { before?: unknown; after?: unknown }): RawChange;
  same(before: unknown, after: unknown): boolean;
}

export const ANNOTATIONS: Record<string, ChangeKind> = {
  title: 'schema-title', description: 'schema-description', example: 'schema-example', examples: 'schema-example',
  externalDocs: 'external-docs', $comment: 'schema-comment',
};

export function show(value: unknown): string {
  if (value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function compareTypes(k: KeywordEmitter, b: Located, r: Located, bv: SchemaView, rv: SchemaView, walk: Walk, add: (c: RawChange) => void): void {
  // `type: null` is a schema that accepts only null; a nullable schema on the other side accepts null too, so
  // only the other side's types are added (or removed): `null` -> `number|null` widens.
  const onlyNull = (v: SchemaView) => v.types?.size === 1 && v.types.has('null');
  const effect = onlyNull(bv) && rv.nullable && !onlyNull(rv) ? 'widened'
    : onlyNull(rv) && bv.nullable && !onlyNull(bv) ? 'narrowed'
    : typeEffect(bv.types, rv.types);
  if (effect !== 'none') {
    const action: ChangeAction = effect === 'incomparable' ? 'changed' : effect;
    const print = (v: SchemaView) => (v.types ? [...v.types, ...(v.nullable && !onlyNull(v) ? ['null'] : [])].sort().join('|') : 'any');
    add(k.emit('schema-type', action, effect, b, r, 'type', walk, { before: print(bv), after: print(rv) }));
  }
  if (bv.nullable !== rv.nullable) {
    add(k.emit('schema-nullable', rv.nullable ? 'added' : 'removed', rv.nullable ? 'widened' : 'narrowed', b, r, 'nullable', walk));
  }
  const bf = b.node.format;
  const rf = r.node.format;
  if (bf !== rf) {
    // A format that rejects no value the bounds allow (int32 on 0..21600) neither narrows when added (judged
    // against what the base accepted) nor widens when removed (against what the revision accepts).
    const addsNothing = rf === undefined || formatRejectsNothing(rf, bv);
    const dropsNothing = bf === undefined || formatRejectsNothing(bf, rv);
    if (bf === undefined) { if (!addsNothing) add(k.emit('schema-format', 'added', 'narrowed', b, r, 'format', walk, { after: rf })); }
    else if (rf === undefined) { if (!dropsNothing) add(k.emit('schema-format', 'removed', 'widened', b, r, 'format', walk, { before: bf })); }
    else if (addsNothing && dropsNothing) { /* both formats hold every value the bounds allow */ }
    else if (addsNothing || dropsNothing) {
      const fx = addsNothing ? 'widened' : 'narrowed';
      add(k.emit('schema-format', fx, fx, b, r, 'format', walk, { before: bf, after: rf }));
    } else {
      const fx = formatEffect(String(bf), String(rf));
      add(k.emit('schema-format', fx === 'incomparable' ? 'changed' : fx, fx, b, r, 'format', walk, { before: bf, after: rf }));
    }
  }
}
export function compareValues(k: KeywordEmitter, b: Located, r: Located, walk: Walk, add: (c: RawChange) => void): void {
  for (const [keyword, kind] of [['enum', 'schema-enum-value'], ['x-extensible-enum', 'schema-extensible-enum-value']] as const) {
    const before = b.node[keyword];
    const after = r.node[keyword];
    if (!Array.isArray(before) && !Array.isArray(after)) continue;
    if (!Array.isArray(before) || !Array.isArray(after)) {
      if (keyword === 'enum') {
        const added = Array.isArray(after);
        add(k.emit('schema-enum', added ? 'added' : 'removed', added ? 'narrowed' : 'widened', b, r, keyword, walk, { before, after }));
      } else {
        const added = Array.isArray(after);
        for (const value of (added ? after : before) as unknown[]) {
          add(k.emit(kind, added ? 'added' : 'removed', 'none', b, r, keyword, walk, { value: show(value) }));
        }
      }
      continue;
    }
    const beforeSet = new Map(before.map((v) => [canonicalJson(v), v]));
    const afterSet = new Map(after.map((v) => [canonicalJson(v), v]));
    // x-extensible-enum lists known values without restricting them: no effect on the accepted set.
    const restricts = keyword === 'enum';
    for (const [key, value] of afterSet) {
      if (!beforeSet.has(key)) add(k.emit(kind, 'added', restricts ? 'widened' : 'none', b, r, keyword, walk, { value: show(value) }));
    }
    for (const [key, value] of beforeSet) {
      if (!afterSet.has(key)) add(k.emit(kind, 'removed', restricts ? 'narrowed' : 'none', b, r, keyword, walk, { value: show(value) }));
    }
  }
  const bc = b.node.const;
  const rc = r.node.const;
  if (!canonicalEqual(bc, rc)) {
    const action: ChangeAction = bc === undefined ? 'added' : rc === undefined ? 'removed' : 'changed';
    const effect: SchemaEffect = action === 'added' ? 'narrowed' : action === 'removed' ? 'widened' : 'incomparable';
    add(k.emit('schema-const', action, effect, b, r, 'const', walk, { before: bc, after: rc }));
  }
  const bd = b.node.default;
  const rd = r.node.default;
  if (!canonicalEqual(bd, rd)) {
    const action: ChangeAction = bd === undefined ? 'added' : rd === undefined ? 'removed' : 'changed';
    add(k.emit('schema-default', action, 'none', b, r, 'default', walk, { before: bd, after: rd }));
  }
}
const ZERO_IS_NO_BOUND = new Set(['minLength', 'minItems', 'minProperties']);

export function compareBounds(k: KeywordEmitter, b: Located, r: Located, bv: SchemaView, rv: SchemaView, walk: Walk, add: (c: RawChange) => void): void {
  const done = compareSwitchedBounds(k, b, r, bv, rv, walk, add);
  for (const [keyword, { kind, lower }] of Object.entries(BOUND_KEYWORDS)) {
    if (done.has(keyword)) continue;
    const before = bv.bounds[keyword];
    const after = rv.bounds[keyword];
    if (before === after) continue;
    // minLength/minItems/minProperties 0 admits every value: writing or dropping it is no change.
    if (ZERO_IS_NO_BOUND.has(keyword) && (before ?? 0) === (after ?? 0)) continue;
    let action: ChangeAction;
    let narrows: boolean;
    if (before === undefined) { action = 'added'; narrows = true; }
    else if (after === undefined) { action = 'removed'; narrows = false; }
    else { action = after > before ? 'increased' : 'decreased'; narrows = (after > before) === lower; }
    add(k.emit(kind as ChangeKind, action, narrows ? 'narrowed' : 'widened', b, r, writtenAt(action === 'removed' ? b.node : r.node, keyword), walk, { before, after }));
  }
  const bm = b.node.multipleOf;
  const rm = r.node.multipleOf;
  if (bm !== rm && (typeof bm === 'number' || typeof rm === 'number')) {
    let action: ChangeAction = 'changed';
    let effect: SchemaEffect = 'incomparable';
    if (typeof bm !== 'number') { action = 'added'; effect = 'narrowed'; }
    else if (typeof rm !== 'number') { action = 'removed'; effect = 'widened'; }
    else if (Number.isInteger(rm / bm)) effect = 'narrowed';
    else if (Number.isInteger(bm / rm)) effect = 'widened';
    add(k.emit('schema-multiple-of', action, effect, b, r, 'multipleOf', walk, { before: bm, after: rm }));
  }
  // An empty pattern matches every string: it is no constraint.
  const bp = b.node.pattern === '' ? undefined : b.node.pattern;
  const rp = r.node.pattern === '' ? undefined : r.node.pattern;
  if (bp !== rp) {
    let action: ChangeAction = bp === undefined ? 'added' : rp === undefined ? 'removed' : 'changed';
    let effect: SchemaEffect = action === 'added' ? 'narrowed' : action === 'removed' ? 'widened' : 'incomparable';
    if (action === 'changed' && typeof bp === 'string' && typeof rp === 'string') {
      // Stricter or looser where inclusion is provable (`+` -> `{2,}`); the same strings written otherwise is no change.
      const proved = patternEffect(bp, rp);
      if (proved !== 'incomparable') { effect = proved; action = proved === 'none' ? action : proved; }
    }
    if (effect !== 'none') add(k.emit('schema-pattern', action, effect, b, r, 'pattern', walk, { before: bp, after: rp }));
  }
  const bu = b.node.uniqueItems === true;
  const ru = r.node.uniqueItems === true;
  if (bu !== ru) add(k.emit('schema-unique-items', ru ? 'added' : 'removed', ru ? 'narrowed' : 'widened', b, r, 'uniqueItems', walk));
}
/** OpenAPI 3.0 / draft-04 `exclusiveMaximum: true`: the bound's value is written at `maximum`. */
function writtenAt(node: Record<string, any>, keyword: string): string {
  if (typeof node[keyword] !== 'boolean') return keyword;
  return keyword === 'exclusiveMaximum' ? 'maximum' : keyword === 'exclusiveMinimum' ? 'minimum' : keyword;
}

/**
 * `maximum: 10` -> `exclusiveMaximum: 10` (or the reverse, or draft-04's boolean form) is one bound that moved,
 * not one removed and one added: compared as a single effective bound. Returns the keywords it handled.
 */
function compareSwitchedBounds(k: KeywordEmitter, b: Located, r: Located, bv: SchemaView, rv: SchemaView, walk: Walk, add: (c: RawChange) => void): Set<string> {
  const done = new Set<string>();
  for (const [inclusive, exclusive, lower] of [['minimum', 'exclusiveMinimum', true], ['maximum', 'exclusiveMaximum', false]] as const) {
    const side = (v: SchemaView) => {
      const inc = v.bounds[inclusive];
      const exc = v.bounds[exclusive];
      if ((inc === undefined) === (exc === undefined)) return undefined;
      return inc !== undefined ? { value: inc, exclusive: false, keyword: inclusive } : { value: exc!, exclusive: true, keyword: exclusive };
    };
    const before = side(bv);
    const after = side(rv);
    if (!before || !after || before.keyword === after.keyword) continue;
    done.add(inclusive).add(exclusive);
    // Tighter: a higher lower bound / lower upper bound, or the same value made exclusive.
    const moved = lower ? after.value - before.value : before.value - after.value;
    const tighter = moved > 0 || (moved === 0 && after.exclusive);
    if (moved === 0) {
      // Same value, only the exclusivity moved: "maximum 20 became exclusive", never "changed from 20 to 20".
      add(k.emit(BOUND_KEYWORDS[inclusive].kind as ChangeKind, tighter ? 'narrowed' : 'widened', tighter ? 'narrowed' : 'widened', b, r, after.keyword, walk, { field: inclusive, before: before.value, after: after.value }));
      continue;
    }
    const action: ChangeAction = tighter === lower ? 'increased' : 'decreased';
    add(k.emit(BOUND_KEYWORDS[after.keyword].kind as ChangeKind, action, tighter ? 'narrowed' : 'widened', b, r, after.keyword, walk, { before: before.value, after: after.value }));
  }
  return done;
}

export function compareFlags(k: KeywordEmitter, b: Located, r: Located, walk: Walk, add: (c: RawChange) => void): void {
  const flags = [['readOnly', 'schema-read-only'], ['writeOnly', 'schema-write-only'], ['deprecated', 'schema-deprecated']] as const;
  for (const [keyword, kind] of flags) {
    const before = b.node[keyword] === true;
    const after = r.node[keyword] === true;
    // A deprecation carries the schema's own x-sunset (the minimum deprecation period is checked against it).
    const sunset = keyword === 'deprecated' ? sunsetOf(r.node) : undefined;
    if (before !== after) add(k.emit(kind, after ? 'added' : 'removed', 'none', b, r, keyword, walk, sunset === undefined ? {} : { sunset }));
  }
  for (const [keyword, kind] of Object.entries(ANNOTATIONS)) {
    const before = b.node[keyword];
    const after = r.node[keyword];
    if (k.same(before, after)) continue;
    const action: ChangeAction = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    add(k.emit(kind, action, 'none', b, r, keyword, walk, { field: keyword, ...(keyword === 'title' ? { before, after } : {}) }));
  }
}