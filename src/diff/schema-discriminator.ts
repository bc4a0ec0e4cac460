/**
 * OpenAPI `discriminator`: its property name and its mapping, compared by meaning. A mapping key that now
 * points to another schema validates the same tagged payloads against different rules: incomparable.
 */
import type { RawChange } from './types.ts';
import type { KeywordEmitter, Located, Walk } from './schema-keywords.ts';
import { isRecord } from '../toolkit/values.ts';

/** `#/components/schemas/Cat` and `Cat` name the same target. */
function target(value: unknown): string {
  return typeof value === 'string' ? value.replace(/^#\/(components\/schemas|definitions|\$defs)\//, '') : JSON.stringify(value);
}

export function compareDiscriminator(k: KeywordEmitter, b: Located, r: Located, walk: Walk, add: (c: RawChange) => void): void {
  const before = b.node.discriminator;
  const after = r.node.discriminator;
  if (!isRecord(before) || !isRecord(after)) {
    const added = isRecord(after);
    add(k.emit('schema-discriminator', added ? 'added' : 'removed', added ? 'narrowed' : 'widened', b, r, 'discriminator', walk, { field: 'discriminator' }));
    return;
  }
  if (before.propertyName !== after.propertyName) {
    add(k.emit('schema-discriminator', 'changed', 'incomparable', b, r, 'discriminator', walk, { before: before.propertyName, after: after.propertyName }));
  }
  const bm: Record<string, unknown> = isRecord(before.mapping) ? before.mapping : {};
  const am: Record<string, unknown> = isRecord(after.mapping) ? after.mapping : {};
  for (const value of Object.keys(am).sort()) {
    if (!(value in bm)) add(k.emit('schema-discriminator-mapping', 'added', 'widened', b, r, 'discriminator', walk, { value }));
    else if (target(bm[value]) !== target(am[value])) {
      add(k.emit('schema-discriminator-mapping', 'changed', 'incomparable', b, r, 'discriminator', walk, { value, from: target(bm[value]), to: target(am[value]) }));
    }
  }
  for (const value of Object.keys(bm).sort()) if (!(value in am)) add(k.emit('schema-discriminator-mapping', 'removed', 'narrowed', b, r, 'discriminator', walk, { value }));
}
