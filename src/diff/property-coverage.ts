/**
 * What applies to a property name that `properties` does not declare: the first matching `patternProperties`
 * schema, else `additionalProperties`, else `unevaluatedProperties` (true or absent = open, false = closed, a
 * schema = partially open). A property added or removed is judged against what covered its name before or after;
 * `additionalProperties` itself is compared here too.
 */
import type { RawChange, SchemaEffect } from './types.ts';
import type { Located, Walk } from './schema-keywords.ts';
import { show } from './schema-keywords.ts';
import type { Recursor } from './schema-applicators.ts';
import { untrustedRegex } from '../lint/untrusted-regex.ts';
import { isRecord } from '../toolkit/values.ts';

export type Coverage = { kind: 'open' } | { kind: 'closed' } | { kind: 'schema'; schema: Record<string, any> };

function slot(value: unknown): Coverage {
  if (value === false) return { kind: 'closed' };
  return isRecord(value) && Object.keys(value).length > 0 ? { kind: 'schema', schema: value } : { kind: 'open' };
}

export function coverageOf(node: Record<string, any>, name: string): Coverage {
  const patterns: Record<string, unknown> = isRecord(node.patternProperties) ? node.patternProperties : {};
  for (const [pattern, schema] of Object.entries(patterns)) {
    let matches = false;
    try {
      // A spec's pattern is untrusted: the linear-time engine, never a backtracking one.
      matches = untrustedRegex(pattern, 'u').test(name);
    } catch {
      continue; // an invalid (or too slow) pattern is the linter's business
    }
    if (matches) return slot(schema);
  }
  return slot(node.additionalProperties !== undefined ? node.additionalProperties : node.unevaluatedProperties);
}

/** `false`, or its normalised form `{not: {}}`: no value is accepted. */
function rejectsAll(schema: unknown): boolean {
  return schema === false || (isRecord(schema) && Object.keys(schema).length === 1 && isRecord(schema.not) && Object.keys(schema.not).length === 0);
}

/**
 * Effect of declaring (`added`) or dropping (`removed`) a property whose name the other side covers by
 * `cover`. Closed: the name becomes allowed (or forbidden); open: it becomes (or stops being) constrained;
 * a schema: the two schemas decide. A required property also makes its absence invalid (or valid).
 * `covers(wide, narrow)`: every value `narrow` accepts, `wide` accepts too.
 */
export function coveredEffect(
  declared: unknown, cover: Coverage, required: boolean, action: 'added' | 'removed', covers: (wide: unknown, narrow: unknown) => boolean,
): SchemaEffect {
  const flip = (e: SchemaEffect): SchemaEffect => (action === 'added' ? e : e === 'widened' ? 'narrowed' : e === 'narrowed' ? 'widened' : e);
  // How the declared schema compares with the coverage, as accepted values of the named property.
  let relation: SchemaEffect;
  if (rejectsAll(declared)) relation = cover.kind === 'closed' ? 'none' : 'narrowed';
  else if (cover.kind === 'open') relation = 'narrowed';
  else if (cover.kind === 'closed') relation = 'widened';
  else {
    const wider = covers(declared, cover.schema);
    const narrower = covers(cover.schema, declared);
    relation = wider && narrower ? 'none' : wider ? 'widened' : narrower ? 'narrowed' : 'incomparable';
  }
  // Requiring the name also rejects objects without it: only a narrowing stays a narrowing.
  if (required) relation = relation === 'none' || relation === 'narrowed' ? 'narrowed' : 'incomparable';
  return flip(relation);
}

/** additionalProperties itself: closed < constrained (a schema) < open; two schemas are compared. */
export function compareAdditional(c: Recursor, b: Located, r: Located, walk: Walk, add: (changes: RawChange[]) => void): void {
  const before = b.node.additionalProperties;
  const after = r.node.additionalProperties;
  const rank = (v: unknown) => (v === false ? 0 : isRecord(v) ? 1 : 2); // closed < constrained < open
  if (rank(before) === 1 && rank(after) === 1) {
    add(c.pair(c.child('base', b, 'additionalProperties', before), c.child('revision', r, 'additionalProperties', after), { ...walk, schemaPath: `${walk.schemaPath}.*` }));
    return;
  }
  if (rank(before) === rank(after)) return;
  const widened = rank(after) > rank(before);
  add([c.emit('schema-additional-properties', widened ? 'widened' : 'narrowed', widened ? 'widened' : 'narrowed', b, r, 'additionalProperties', walk, {
    // A schema may be cyclic: it is named, never printed whole.
    from: before === undefined ? 'allowed' : isRecord(before) ? 'a schema' : show(before),
    to: after === undefined ? 'allowed' : isRecord(after) ? 'a schema' : show(after),
  })]);
}
