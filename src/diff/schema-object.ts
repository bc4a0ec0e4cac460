/**
 * The object keywords of one schema pair: `properties` (each property removed, added, or compared in its own
 * right), `required` (as the direction sees it: clients never send readOnly properties, servers never return
 * writeOnly ones) and, through property-coverage.ts, `additionalProperties` and `patternProperties`. Part of
 * the schema comparator (compare-schemas.ts), which gives it the way to recurse and to locate and emit changes.
 */
import { sunsetOf } from './lifecycle.ts';
import type { ChangeContext, RawChange } from './types.ts';
import type { Located, Walk } from './schema-keywords.ts';
import type { Recursor } from './schema-applicators.ts';
import { compareAdditional, coverageOf, coveredEffect } from './property-coverage.ts';
import { descendScope, scopeProperties, scopeRequires } from './schema-scope.ts';
import { isRecord } from '../toolkit/values.ts';

export interface ObjectEnv extends Recursor {
  /** The `properties` a property was written in (`merged`, the properties of `owner`): an allOf member's when it was merged from one. */
  writer(side: 'base' | 'revision', owner: Located, merged: Located, name: string): Located;
}

export function compareObject(env: ObjectEnv, b: Located, r: Located, walk: Walk, add: (changes: RawChange[]) => void): void {
  const covers = (wide: unknown, narrow: unknown): boolean => {
    const effect = env.relation(narrow, wide);
    return effect === 'widened' || effect === 'none';
  };
  const bp: Record<string, any> = isRecord(b.node.properties) ? b.node.properties : {};
  const rp: Record<string, any> = isRecord(r.node.properties) ? r.node.properties : {};
  const breq = new Set<string>(Array.isArray(b.node.required) ? b.node.required : []);
  const rreq = new Set<string>(Array.isArray(r.node.required) ? r.node.required : []);
  const names = [...new Set([...Object.keys(bp), ...Object.keys(rp)])].sort();
  const bProps = env.child('base', b, 'properties', bp);
  const rProps = env.child('revision', r, 'properties', rp);
  for (const name of names) {
    const schemaPath = walk.schemaPath ? `${walk.schemaPath}.${name}` : name;
    const inner: Walk = { ...walk, schemaPath };
    if (!(name in rp)) {
      const bc = env.slot(env.writer('base', b, bProps, name), name, bp[name]);
      const flags = flagsOf(bp[name]);
      const cover = coverageOf(r.node, name);
      const effect = coveredEffect(bp[name], cover, breq.has(name), 'removed', covers);
      if (effect === 'none') continue;
      add([env.emit('schema-property', 'removed', effect, bc, rProps, undefined, walk, { property: name, schemaPath, required: breq.has(name), closed: cover.kind === 'closed', ...flags })]);
      continue;
    }
    if (!(name in bp)) {
      const rc = env.slot(env.writer('revision', r, rProps, name), name, rp[name]);
      const flags = flagsOf(rp[name]);
      // Required before (here or by an enclosing schema): declaring it now does not make it newly required.
      const required = rreq.has(name) && !breq.has(name) && !scopeRequires(walk.scope?.base, name);
      // An enclosing schema of the base already held the property to values this schema accepts.
      if (!required && scopeProperties(walk.scope?.base, name).some((held) => covers(rp[name], held))) continue;
      const cover = coverageOf(b.node, name);
      const effect = coveredEffect(rp[name], cover, required, 'added', covers);
      if (effect === 'none') continue;
      add([env.emit('schema-property', 'added', effect, bProps, rc, undefined, walk, { property: name, schemaPath, required, closed: cover.kind === 'closed', hasDefault: isRecord(rp[name]) && 'default' in rp[name], ...flags })]);
      continue;
    }
    const flags = flagsOf(rp[name], bp[name]);
    inner.context = { ...walk.context, property: name, ...flags };
    inner.scope = descendScope(walk.scope, bp[name], rp[name], (n) => (isRecord(n.properties) ? n.properties[name] : undefined));
    add(env.pair(env.child('base', env.writer('base', b, bProps, name), name, bp[name]), env.child('revision', env.writer('revision', r, rProps, name), name, rp[name]), inner));
  }
  // Required as this direction sees it: clients never send readOnly properties, servers never return writeOnly ones.
  const hidden = walk.direction === 'request' ? 'readOnly' : walk.direction === 'response' ? 'writeOnly' : undefined;
  const effective = (req: boolean, props: Record<string, any>, name: string) => req && !(hidden && isRecord(props[name]) && props[name][hidden] === true);
  for (const name of [...new Set([...breq, ...rreq])].sort()) {
    // A name an enclosing schema requires is required here too (restated in a branch, or moved into one).
    const bHas = breq.has(name) || scopeRequires(walk.scope?.base, name);
    const rHas = rreq.has(name) || scopeRequires(walk.scope?.revision, name);
    // A property added or removed carries its own requiredness, except a declaration that went while the
    // name became required (`{properties: {p}}` -> `{required: [p]}`): values must now have it.
    if (!(name in bp && name in rp) && (name in bp || name in rp) && !(name in bp && rHas && !bHas)) continue;
    const before = effective(bHas, bp, name);
    const after = effective(rHas, rp, name);
    if (bHas === rHas && before === after) continue;
    const became = before !== after ? after : rHas;
    // A flag that moved the property in or out of view: it is judged as the side where it is required.
    const flags = before !== after ? flagsOf(after ? rp[name] : bp[name]) : flagsOf(rp[name], bp[name]);
    const schemaPath = walk.schemaPath ? `${walk.schemaPath}.${name}` : name;
    add([env.emit('schema-required', became ? 'added' : 'removed', became ? 'narrowed' : 'widened', b, r, 'required', walk, {
      property: name, schemaPath, hasDefault: isRecord(rp[name]) && 'default' in rp[name], ...flags,
    })]);
  }
  compareAdditional(env, b, r, walk, add);
}


/** The context flags of a property: readOnly, writeOnly and deprecated on either side, and its x-sunset. */
export function flagsOf(node: unknown, other?: unknown): Partial<ChangeContext> {
const flags: Partial<ChangeContext> = {};
const both = [node, other].filter(isRecord);
if (both.some((n) => n.readOnly === true)) flags.readOnly = true;
if (both.some((n) => n.writeOnly === true)) flags.writeOnly = true;
if (both.some((n) => n.deprecated === true)) flags.deprecated = true;
// Raw x-sunset of the property (this side first); lifecycle.ts decides whether it passed.
const sunset = both.map(sunsetOf).find((v) => v !== undefined);
if (sunset !== undefined) flags.sunset = sunset;
return flags;
}
