/**
 * OpenAPI `discriminator`: its property name and its mapping, compared by meaning. A mapping key that now
 * points to another schema validates the same tagged payloads against different rules: incomparable. A
 * target that was only renamed (same content under another component name) is no change: names are not on
 * the wire.
 */
import type { RawChange } from './types.ts';
import type { KeywordEmitter, Located, Walk } from './schema-keywords.ts';
import { posix } from 'node:path';
import type { Origin } from './types.ts';
import { decodeUriComponentOr } from '../toolkit/uri.ts';
import { isRecord } from '../toolkit/values.ts';

/** `#/components/schemas/Cat` and `Cat` name the same target. */
function target(value: unknown): string {
  return typeof value === 'string' ? value.replace(/^#\/(components\/schemas|definitions|\$defs)\//, '') : JSON.stringify(value);
}

/**
 * The hash and named origin (`/components/schemas/Dog`) of a union member reached at `at`, and where it was
 * written (`file` '' for the root file).
 */
export type MemberIdentity = (side: 'base' | 'revision', member: unknown, at: string) => { hash: string | null; origin?: string; written?: Origin };

/** The hash of the union member a mapping value names, when one of the schema's oneOf/anyOf members is it. */
function mappedMemberHash(identity: MemberIdentity, side: 'base' | 'revision', at: Located, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const names = mappingTarget(value, identity(side, at.node, at.pointer).written?.file);
  if (!names) return null;
  for (const keyword of ['oneOf', 'anyOf']) {
    const members: unknown = at.node[keyword];
    if (!Array.isArray(members)) continue;
    for (let i = 0; i < members.length; i++) {
      const member = identity(side, members[i], `${at.pointer}/${keyword}/${i}`);
      if (names(member)) return member.hash;
    }
  }
  return null;
}

/**
 * Which member a mapping value names: a component (`Dog`, `#/components/schemas/Dog`), a place in the same
 * file (`#/paths/...`, as bundled snapshots write it) or a file relative to the one holding the discriminator
 * (`models/dog.yml#/Dog`, as multi-file specs write it).
 */
function mappingTarget(value: string, holderFile: string | undefined): ((member: { origin?: string; written?: Origin }) => boolean) | undefined {
  const hash = value.indexOf('#');
  const fragment = hash < 0 ? '' : decodeUriComponentOr(value.slice(hash + 1), undefined);
  if (fragment === undefined) return undefined;
  if (hash === 0) return (member) => member.origin === fragment || (member.written?.pointer === fragment && member.written.file === (holderFile ?? ''));
  const path = hash < 0 ? value : value.slice(0, hash);
  const named = hash < 0 ? `/components/schemas/${value}` : undefined;
  const relative = posix.normalize(path);
  const file = holderFile ? posix.join(posix.dirname(holderFile), relative) : undefined;
  return (member) => {
    if (named !== undefined && member.origin === named) return true;
    const written = member.written;
    if (!written || written.file === '' || written.pointer !== fragment) return false;
    // The root file's own path is not known here: a path under its folder is matched by its end.
    return file !== undefined ? written.file === file : !relative.startsWith('../') && written.file.endsWith(`/${relative}`);
  };
}

export function compareDiscriminator(k: KeywordEmitter, b: Located, r: Located, walk: Walk, add: (c: RawChange) => void, identity?: MemberIdentity): void {
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
    else if (target(bm[value]) !== target(am[value]) && !sameContent(identity, b, r, bm[value], am[value])) {
      add(k.emit('schema-discriminator-mapping', 'changed', 'incomparable', b, r, 'discriminator', walk, { value, from: target(bm[value]), to: target(am[value]) }));
    }
  }
  for (const value of Object.keys(bm).sort()) if (!(value in am)) add(k.emit('schema-discriminator-mapping', 'removed', 'narrowed', b, r, 'discriminator', walk, { value }));
  compareDefaultMapping(k, b, r, walk, add, identity);
}

/** What `defaultMapping` is reported as: one more mapping entry, for the values no other entry names. */
export const DEFAULT_MAPPING_VALUE = '(default)';

/**
 * OpenAPI 3.2 `defaultMapping`: the schema for a discriminator value the mapping does not name (or no value).
 * It is one more mapping entry, judged like the others: added widens, removed narrows, retargeted is incomparable.
 */
function compareDefaultMapping(k: KeywordEmitter, b: Located, r: Located, walk: Walk, add: (c: RawChange) => void, identity?: MemberIdentity): void {
  const before: unknown = b.node.discriminator.defaultMapping;
  const after: unknown = r.node.discriminator.defaultMapping;
  const value = DEFAULT_MAPPING_VALUE;
  if (before === undefined && after === undefined) return;
  if (before === undefined) add(k.emit('schema-discriminator-mapping', 'added', 'widened', b, r, 'discriminator', walk, { value, to: target(after) }));
  else if (after === undefined) add(k.emit('schema-discriminator-mapping', 'removed', 'narrowed', b, r, 'discriminator', walk, { value, from: target(before) }));
  else if (target(before) !== target(after) && !sameContent(identity, b, r, before, after)) {
    add(k.emit('schema-discriminator-mapping', 'changed', 'incomparable', b, r, 'discriminator', walk, { value, from: target(before), to: target(after) }));
  }
}

function sameContent(identity: MemberIdentity | undefined, b: Located, r: Located, before: unknown, after: unknown): boolean {
  if (!identity) return false;
  const hash = mappedMemberHash(identity, 'base', b, before);
  return hash !== null && hash === mappedMemberHash(identity, 'revision', r, after);
}
