/**
 * The applicator keywords of JSON Schema 2020-12 beyond the OpenAPI subset, for the one schema comparator:
 * array positions (prefixItems / items), contains, patternProperties, unevaluated*, dependentRequired,
 * dependentSchemas, propertyNames, if/then/else and not. Each says what a change does to the accepted set;
 * where that cannot be known (a changed `if` beside both branches, an undecidable `not`), it says `incomparable`.
 */
import type { ChangeAction, ChangeKind, RawChange, SchemaEffect } from './types.ts';
import type { KeywordEmitter, Located, Walk } from './schema-keywords.ts';
import { isEmptyRecord, isRecord } from '../toolkit/values.ts';
import { branchScope, descendScope } from './schema-scope.ts';

export interface Recursor extends KeywordEmitter {
  pair(b: Located, r: Located, walk: Walk): RawChange[];
  child(side: 'base' | 'revision', parent: Located, key: string, node: unknown): Located;
  slot(parent: Located, key: string, node: unknown): Located;
  /** Effect on the accepted set of going from one schema to another, judged apart from the diff. */
  relation(before: unknown, after: unknown): SchemaEffect;
  /** What changed inside, in words, when `relation` found changes there. */
  inside(before: unknown, after: unknown): string | undefined;
  /** Every value all of `narrow` accepts, `wide` accepts too: proved over the whole schemas (schema-inclusion.ts). */
  includes(wide: unknown, narrow: unknown[]): boolean;
  /** A change judged on a part turned out to leave the whole accepting all it did: it is no change of the whole. */
  withdraw(change: RawChange): void;
  /** A copy of a change as this use judges it (the original is withdrawn, as by `withdraw`). */
  rejudge(change: RawChange, action: ChangeAction, effect: SchemaEffect): RawChange;
}

/** The `inside` context field, when there are words for it. */
const insideOf = (c: Recursor, before: unknown, after: unknown): { inside?: string } => {
  const inside = c.inside(before, after);
  return inside === undefined ? {} : { inside };
};

type Add = (changes: RawChange[]) => void;

const at = (walk: Walk, suffix: string): Walk => ({ ...walk, schemaPath: `${walk.schemaPath}${suffix}` });

/** Printable state of a closable slot (a schema may be cyclic: never printed whole). */
function describe(value: unknown): string {
  return value === undefined || value === true ? 'any' : value === false ? 'false' : 'a schema';
}

/** `true` (OpenAPI 3.1 keeps boolean subschemas as written) is an absent slot. */
const open = (value: unknown): unknown => (value === true ? undefined : value);

/** Keywords that may evaluate array items besides prefixItems/items, so unevaluatedItems cannot be read alone. */
const ITEM_EVALUATORS = ['contains', 'anyOf', 'oneOf', 'allOf', 'if', '$ref', '$dynamicRef'];

/**
 * What checks the positions past prefixItems: `items`, else `unevaluatedItems` where nothing else evaluates
 * items (a tuple closed by `unevaluatedItems: false`), else anything.
 */
function restOf(node: Record<string, any>): { key: string; node: unknown } {
  const items = open(node.items);
  if (items !== undefined || node.unevaluatedItems === undefined || ITEM_EVALUATORS.some((k) => node[k] !== undefined)) return { key: 'items', node: items };
  return { key: 'unevaluatedItems', node: open(node.unevaluatedItems) };
}

/** A slot of "open" (absent / true), "closed" (false) or a schema. Ranked closed < schema < open. */
function rank(value: unknown): number {
  return value === false ? 0 : isRecord(value) ? 1 : 2;
}

/**
 * A keyword whose absence means "anything": added narrows, removed widens, both present recurse.
 * `closable` keywords (items, unevaluated*) also rank `false` below a schema below absent.
 */
function single(c: Recursor, keyword: string, kind: ChangeKind, b: Located, r: Located, walk: Walk, add: Add, suffix: string): void {
  const before = b.node[keyword];
  const after = r.node[keyword];
  if (before === undefined && after === undefined) return;
  if (isRecord(before) && isRecord(after)) {
    add(c.pair(c.child('base', b, keyword, before), c.child('revision', r, keyword, after), at(walk, suffix)));
    return;
  }
  const rb = rank(before);
  const ra = rank(after);
  if (rb === ra) return;
  const widened = ra > rb;
  const action: ChangeAction = before === undefined ? 'added' : after === undefined ? 'removed' : widened ? 'widened' : 'narrowed';
  add([c.emit(kind, action, widened ? 'widened' : 'narrowed', b, r, keyword, walk, { field: keyword, from: describe(before), to: describe(after) })]);
}

/** A position's schema, with `true` and `{}` (both accept anything) read as open. */
const positionSchema = (value: unknown): unknown => (isEmptyRecord(value) ? undefined : open(value));

/** The schema declares its types and none is `array`: it accepts no array, so its items never apply. */
function acceptsNoArray(node: Record<string, unknown>): boolean {
  const type = node.type;
  if (typeof type === 'string') return type !== 'array';
  return Array.isArray(type) && type.length > 0 && !type.includes('array');
}

/** Array items: position i is checked by prefixItems[i], else by items, else anything. */
function compareArrayItems(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  const bp: unknown[] = Array.isArray(b.node.prefixItems) ? b.node.prefixItems : [];
  const rp: unknown[] = Array.isArray(r.node.prefixItems) ? r.node.prefixItems : [];
  const bList = c.child('base', b, 'prefixItems', bp);
  const rList = c.child('revision', r, 'prefixItems', rp);
  const bRest = restOf(b.node);
  const rRest = restOf(r.node);
  for (let i = 0; i < Math.max(bp.length, rp.length); i++) {
    const bAt = i < bp.length ? c.child('base', bList, String(i), positionSchema(bp[i])) : c.child('base', b, bRest.key, positionSchema(bRest.node));
    const rAt = i < rp.length ? c.child('revision', rList, String(i), positionSchema(rp[i])) : c.child('revision', r, rRest.key, positionSchema(rRest.node));
    if (isRecord(bAt.node) && isRecord(rAt.node)) { add(c.pair(bAt, rAt, at(walk, `[${i}]`))); continue; }
    const rb = rank(bAt.node);
    const ra = rank(rAt.node);
    if (rb === ra) continue;
    const widened = ra > rb;
    const action: ChangeAction = i >= bp.length ? 'added' : i >= rp.length ? 'removed' : widened ? 'widened' : 'narrowed';
    add([c.emit('schema-prefix-items', action, widened ? 'widened' : 'narrowed', i < bp.length ? bAt : bList, i < rp.length ? rAt : rList, undefined, walk, { value: String(i) })]);
  }
  const bi = open(b.node.items);
  const ri = open(r.node.items);
  if (bp.length === 0 && rp.length === 0 && (isRecord(bi) || isRecord(ri)) && bi !== false && ri !== false) {
    // Items that appear with the array type itself (`type: string` -> `type: array, items`) are part of the
    // type change reported for the schema, not a schema added of their own.
    if ((bi === undefined && acceptsNoArray(b.node)) || (ri === undefined && acceptsNoArray(r.node))) return;
    // The OpenAPI form: one items schema (absent on one side: a schema added or removed).
    add(c.pair(c.child('base', b, 'items', bi), c.child('revision', r, 'items', ri), { ...at(walk, '[]'), scope: descendScope(walk.scope, bi, ri, (n) => open(n.items)) }));
    return;
  }
  single(c, 'items', 'schema-items', b, r, walk, add, '[]');
}

function compareContains(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  single(c, 'contains', 'schema-contains', b, r, walk, add, '<contains>');
  const bounded = (node: any) => node.contains !== undefined;
  for (const [keyword, kind, lower] of [['minContains', 'schema-min-contains', true], ['maxContains', 'schema-max-contains', false]] as const) {
    // Without `contains` the bounds mean nothing; minContains defaults to 1.
    const value = (node: any) => (bounded(node) ? (typeof node[keyword] === 'number' ? node[keyword] : lower ? 1 : undefined) : undefined);
    const before = value(b.node);
    const after = value(r.node);
    if (before === after || !bounded(b.node) || !bounded(r.node)) continue;
    let action: ChangeAction;
    let narrows: boolean;
    if (before === undefined) { action = 'added'; narrows = true; }
    else if (after === undefined) { action = 'removed'; narrows = false; }
    else { action = after > before ? 'increased' : 'decreased'; narrows = (after > before) === lower; }
    add([c.emit(kind, action, narrows ? 'narrowed' : 'widened', b, r, keyword, walk, { before, after })]);
  }
}

/** `true` or `{}`: a subschema that accepts every value. */
function acceptsAnything(value: unknown): boolean {
  return value === true || (isRecord(value) && Object.keys(value).length === 0);
}

/** patternProperties: a new pattern constrains matching names in an open object, admits them in a closed one. */
function comparePatternProperties(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  const bp: Record<string, unknown> = isRecord(b.node.patternProperties) ? b.node.patternProperties : {};
  const rp: Record<string, unknown> = isRecord(r.node.patternProperties) ? r.node.patternProperties : {};
  const bMap = c.child('base', b, 'patternProperties', bp);
  const rMap = c.child('revision', r, 'patternProperties', rp);
  const closed = b.node.additionalProperties === false || b.node.unevaluatedProperties === false;
  const constrained = isRecord(b.node.additionalProperties);
  for (const pattern of [...new Set([...Object.keys(bp), ...Object.keys(rp)])].sort()) {
    if (pattern in bp && pattern in rp) {
      add(c.pair(c.child('base', bMap, pattern, bp[pattern]), c.child('revision', rMap, pattern, rp[pattern]), at(walk, `/${pattern}/`)));
      continue;
    }
    const added = pattern in rp;
    const anything = acceptsAnything(added ? rp[pattern] : bp[pattern]);
    // A pattern whose schema accepts anything constrains no value; it only takes the names it matches away from
    // additionalProperties, so in an open object it changes nothing.
    if (anything && !closed && !constrained) continue;
    const effect: SchemaEffect = constrained ? (anything ? (added ? 'widened' : 'narrowed') : 'incomparable') : closed === added ? 'widened' : 'narrowed';
    const bs = added ? bMap : c.slot(bMap, pattern, bp[pattern]);
    const rs = added ? c.slot(rMap, pattern, rp[pattern]) : rMap;
    add([c.emit('schema-pattern-property', added ? 'added' : 'removed', effect, bs, rs, undefined, walk, { value: pattern, closed })]);
  }
}

function compareDependentRequired(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  const bd: Record<string, unknown> = isRecord(b.node.dependentRequired) ? b.node.dependentRequired : {};
  const rd: Record<string, unknown> = isRecord(r.node.dependentRequired) ? r.node.dependentRequired : {};
  for (const name of [...new Set([...Object.keys(bd), ...Object.keys(rd)])].sort()) {
    const before = new Set(Array.isArray(bd[name]) ? (bd[name] as unknown[]).map(String) : []);
    const after = new Set(Array.isArray(rd[name]) ? (rd[name] as unknown[]).map(String) : []);
    for (const other of [...after].sort()) if (!before.has(other)) add([c.emit('schema-dependent-required', 'added', 'narrowed', b, r, 'dependentRequired', walk, { property: name, value: `${name} -> ${other}` })]);
    for (const other of [...before].sort()) if (!after.has(other)) add([c.emit('schema-dependent-required', 'removed', 'widened', b, r, 'dependentRequired', walk, { property: name, value: `${name} -> ${other}` })]);
  }
}

function compareDependentSchemas(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  const bd: Record<string, unknown> = isRecord(b.node.dependentSchemas) ? b.node.dependentSchemas : {};
  const rd: Record<string, unknown> = isRecord(r.node.dependentSchemas) ? r.node.dependentSchemas : {};
  const bMap = c.child('base', b, 'dependentSchemas', bd);
  const rMap = c.child('revision', r, 'dependentSchemas', rd);
  for (const name of [...new Set([...Object.keys(bd), ...Object.keys(rd)])].sort()) {
    if (name in bd && name in rd) {
      add(c.pair(c.child('base', bMap, name, bd[name]), c.child('revision', rMap, name, rd[name]), { ...at(walk, `<if ${name}>`), context: { ...walk.context, property: name } }));
      continue;
    }
    const added = name in rd;
    // Every value the old schema accepted with the property present already meets the new dependent schema
    // (a oneOf of "has identifier" / "has url" admitted no value with both): nothing it accepted is rejected.
    if (added && c.includes(rd[name], [b.node, { required: [name] }])) continue;
    add([c.emit('schema-dependent-schema', added ? 'added' : 'removed', added ? 'narrowed' : 'widened',
      added ? bMap : c.slot(bMap, name, bd[name]), added ? c.slot(rMap, name, rd[name]) : rMap, undefined, walk, { property: name, value: name })]);
  }
}

/** if/then/else: with the same `if`, `then` and `else` compare like any subschema; a changed `if` is incomparable. */
function compareConditional(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  // An `if` without `then` or `else` constrains nothing.
  const bi = b.node.then !== undefined || b.node.else !== undefined ? b.node.if : undefined;
  const ri = r.node.then !== undefined || r.node.else !== undefined ? r.node.if : undefined;
  if (bi === undefined && ri === undefined) return;
  if (bi === undefined || ri === undefined) {
    const added = ri !== undefined;
    add([c.emit('schema-conditional', added ? 'added' : 'removed', added ? 'narrowed' : 'widened', b, r, 'if', walk, { field: 'if' })]);
    return;
  }
  if (!c.same(bi, ri)) {
    const effect = ifEffect(c, b.node, r.node);
    if (effect !== 'none') add([c.emit('schema-conditional', effect === 'incomparable' ? 'changed' : effect, effect, b, r, 'if', walk, { field: 'if', ...insideOf(c, bi, ri) })]);
    return;
  }
  for (const branch of ['then', 'else']) {
    const before = b.node[branch];
    const after = r.node[branch];
    // The parent applies to every instance a branch applies to.
    if (isRecord(before) && isRecord(after)) add(c.pair(c.child('base', b, branch, before), c.child('revision', r, branch, after), { ...at(walk, `<${branch}>`), scope: branchScope(walk.scope, b.node, r.node, before, after) }));
    else if (before !== undefined || after !== undefined) {
      const added = after !== undefined;
      add([c.emit('schema-conditional', added ? 'added' : 'removed', added ? 'narrowed' : 'widened', b, r, branch, walk, { field: branch })]);
    }
  }
}

/**
 * A changed `if` beside one unchanged branch: with `then` alone the schema accepts `not if` or `then`, so a
 * wider `if` narrows it; with `else` alone it accepts `if` or `else`, so a wider `if` widens it. With both
 * branches (or a branch changed too) inclusion cannot be decided from the parts.
 */
function ifEffect(c: Recursor, before: Record<string, any>, after: Record<string, any>): SchemaEffect {
  const only = (n: Record<string, any>) => (n.then !== undefined && n.else === undefined ? 'then' : n.else !== undefined && n.then === undefined ? 'else' : undefined);
  const branch = only(before);
  if (!branch || only(after) !== branch || !c.same(before[branch], after[branch])) return 'incomparable';
  const inner = c.relation(before.if, after.if);
  if (inner !== 'widened' && inner !== 'narrowed') return inner === 'none' ? 'none' : 'incomparable';
  if (branch === 'else') return inner;
  return inner === 'widened' ? 'narrowed' : 'widened';
}

/** `not` inverts: a `not` schema that accepts more makes the whole accept less, and the reverse. */
function compareNot(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  const before = b.node.not;
  const after = r.node.not;
  if (before === undefined && after === undefined) return;
  if (before !== undefined && after !== undefined) {
    if (c.same(before, after)) return;
    const inner = c.relation(before, after);
    if (inner === 'none') return;
    const effect: SchemaEffect = inner === 'widened' ? 'narrowed' : inner === 'narrowed' ? 'widened' : 'incomparable';
    add([c.emit('schema-not', effect === 'incomparable' ? 'changed' : effect, effect, b, r, 'not', walk, { field: 'not', ...insideOf(c, before, after) })]);
    return;
  }
  const added = after !== undefined;
  add([c.emit('schema-not', added ? 'added' : 'removed', added ? 'narrowed' : 'widened', b, r, 'not', walk, { field: 'not' })]);
}

/** Keywords this module handles (the comparator skips them in its catch-all). */
export const APPLICATOR_KEYWORDS = [
  'prefixItems', 'contains', 'minContains', 'maxContains', 'patternProperties', 'unevaluatedProperties',
  'unevaluatedItems', 'dependentRequired', 'dependentSchemas', 'propertyNames', 'if', 'then', 'else', 'not',
];

export function compareApplicators(c: Recursor, b: Located, r: Located, walk: Walk, add: Add): void {
  compareArrayItems(c, b, r, walk, add);
  compareContains(c, b, r, walk, add);
  single(c, 'unevaluatedItems', 'schema-unevaluated-items', b, r, walk, add, '[*]');
  comparePatternProperties(c, b, r, walk, add);
  single(c, 'unevaluatedProperties', 'schema-unevaluated-properties', b, r, walk, add, '.*');
  single(c, 'propertyNames', 'schema-property-names', b, r, walk, add, '<name>');
  compareDependentRequired(c, b, r, walk, add);
  compareDependentSchemas(c, b, r, walk, add);
  compareConditional(c, b, r, walk, add);
  compareNot(c, b, r, walk, add);
}
