/**
 * Encoding Objects of one media type present on both sides, compared as a client judges them: each part (a
 * property of `encoding`; in OpenAPI 3.2 each position of `prefixEncoding`, and the parts `itemEncoding`
 * describes) with its defaults filled in, so writing out a default is no change. The direction (request or
 * response) is the classification rules' to judge; this module records what moved.
 */
import { extended } from '../toolkit/extended.ts';
import type { ChangeContext, Direction } from './types.ts';
import type { EncodingModel, HeaderModel, MediaModel } from '../normalize/openapi.ts';
import type { OpenApiVersion } from '../load/types.ts';
import type { ChangeRecorder, Spot } from './recorder.ts';
import type { SchemaComparator } from './compare-schemas.ts';
import { pairByKey } from './pair.ts';
import { isPrimitive } from './parameter-shape.ts';
import { compareCodePoints, isRecord } from '../toolkit/values.ts';
import { contentTypeRelation, effectiveEncoding, encodingFields, holdsNoReservedCharacters, type EffectiveEncoding } from './encoding-values.ts';

export interface EncodingDiff {
  rec: ChangeRecorder;
  schemas: SchemaComparator;
  use: string;
  direction: Direction;
  baseVersion: OpenApiVersion;
  revisionVersion: OpenApiVersion;
}

/** One part on one side: its Encoding Object (if written), the schema of its value, and where it is. */
interface PartSide { encoding?: EncodingModel; schema: unknown; spot: Spot }

/** The schema of property `name`: in `properties`, else in an `allOf` member's (one level). */
function propertySchema(schema: unknown, name: string): unknown {
  if (!isRecord(schema)) return undefined;
  if (isRecord(schema.properties) && Object.hasOwn(schema.properties, name)) return schema.properties[name];
  if (!Array.isArray(schema.allOf)) return undefined;
  for (const member of schema.allOf) {
    if (isRecord(member) && isRecord(member.properties) && Object.hasOwn(member.properties, name)) return member.properties[name];
  }
  return undefined;
}

/** The schema of each item of a sequential media type: `itemSchema`, else the `items` of an array `schema`. */
function itemSchemaOf(media: MediaModel): unknown {
  if (media.itemSchema !== undefined) return media.itemSchema;
  return isRecord(media.schema) && isRecord(media.schema.items) ? media.schema.items : undefined;
}

function side(media: MediaModel, encoding: EncodingModel | undefined, schema: unknown): PartSide {
  return { encoding, schema, spot: encoding ? { node: encoding.node, pointer: encoding.pointer } : { node: media.node, pointer: media.pointer } };
}

/** Every part either side describes, labelled for messages: `part avatar`, `part [0]`, `item parts`. */
function partsOf(b: MediaModel, r: MediaModel): { label: string; property?: string; base: PartSide; revision: PartSide }[] {
  const parts: { label: string; property?: string; base: PartSide; revision: PartSide }[] = [];
  const names = new Set([...(b.encoding?.keys() ?? []), ...(r.encoding?.keys() ?? [])]);
  for (const name of [...names].sort(compareCodePoints)) {
    parts.push({
      label: `part ${name}`, property: name,
      base: side(b, b.encoding?.get(name), propertySchema(b.schema, name)),
      revision: side(r, r.encoding?.get(name), propertySchema(r.schema, name)),
    });
  }
  // OpenAPI 3.2: position i is described by prefixEncoding[i], past its end by itemEncoding (as prefixItems/items).
  const positions = Math.max(b.prefixEncoding?.length ?? 0, r.prefixEncoding?.length ?? 0);
  const positional = (media: MediaModel, index: number): PartSide => {
    const schema = isRecord(media.schema) && Array.isArray(media.schema.prefixItems) && index < media.schema.prefixItems.length
      ? media.schema.prefixItems[index] : itemSchemaOf(media);
    return side(media, media.prefixEncoding?.[index] ?? media.itemEncoding, schema);
  };
  for (let index = 0; index < positions; index++) parts.push({ label: `part [${index}]`, base: positional(b, index), revision: positional(r, index) });
  if (b.itemEncoding || r.itemEncoding) {
    parts.push({ label: 'item parts', base: side(b, b.itemEncoding, itemSchemaOf(b)), revision: side(r, r.itemEncoding, itemSchemaOf(r)) });
  }
  return parts;
}

/** The encodings of a media type paired between base and revision (`ctx` carries its operation and direction). */
export function diffEncoding(b: MediaModel, r: MediaModel, d: EncodingDiff, ctx: ChangeContext): void {
  if (!b.encoding && !r.encoding && !b.itemEncoding && !r.itemEncoding && !b.prefixEncoding && !r.prefixEncoding) return;
  const bf = encodingFields(b.mediaType);
  const rf = encodingFields(r.mediaType);
  // A field counts only where both media types read it; a media type change is reported on its own.
  const fields = { contentType: bf.contentType && rf.contentType, headers: bf.headers && rf.headers, serialization: bf.serialization && rf.serialization };
  if (!fields.contentType && !fields.headers && !fields.serialization) return;
  for (const part of partsOf(b, r)) {
    const pctx: ChangeContext = extended(ctx, { subject: `${ctx.subject} ${part.label}` }, part.property === undefined ? {} : { property: part.property });
    const before = effectiveEncoding(part.base.encoding, part.base.schema, d.baseVersion);
    const after = effectiveEncoding(part.revision.encoding, part.revision.schema, d.revisionVersion);
    if (fields.contentType) diffContentType(before, after, part.base.spot, part.revision.spot, d, pctx);
    if (fields.serialization) diffSerialization(before, after, part.base, part.revision, d, pctx);
    if (fields.headers) diffPartHeaders(before.headers, after.headers, part.base.spot, part.revision.spot, d, pctx);
  }
}

function diffContentType(before: EffectiveEncoding, after: EffectiveEncoding, bs: Spot, rs: Spot, d: EncodingDiff, ctx: ChangeContext): void {
  const relation = contentTypeRelation(before.contentTypes, after.contentTypes);
  if (relation === 'same') return;
  d.rec.add('encoding-content-type', relation, bs, rs, { ...ctx, field: 'contentType' }, { before: before.contentTypes.join(', '), after: after.contentTypes.join(', ') });
}

/** `style`, `explode`, `allowReserved`: each changes the bytes on the wire, unless it cannot for this value. */
function diffSerialization(before: EffectiveEncoding, after: EffectiveEncoding, b: PartSide, r: PartSide, d: EncodingDiff, ctx: ChangeContext): void {
  if (before.style !== after.style) d.rec.add('encoding-style', 'changed', b.spot, r.spot, { ...ctx, field: 'style' }, { before: before.style, after: after.style });
  // As for parameters: explode only changes how arrays and objects are written, never a primitive.
  if (before.explode !== after.explode && !isPrimitive(b.schema) && !isPrimitive(r.schema)) {
    d.rec.add('encoding-explode', 'changed', b.spot, r.spot, { ...ctx, field: 'explode' }, { before: before.explode, after: after.explode });
  }
  if (before.allowReserved !== after.allowReserved && !(holdsNoReservedCharacters(b.schema) && holdsNoReservedCharacters(r.schema))) {
    d.rec.add('encoding-allow-reserved', 'changed', b.spot, r.spot, { ...ctx, field: 'allowReserved' }, { before: before.allowReserved, after: after.allowReserved });
  }
}

/** Headers of one part: added, removed, required or not, and their schemas in the part's direction. */
function diffPartHeaders(b: Map<string, HeaderModel>, r: Map<string, HeaderModel>, bs: Spot, rs: Spot, d: EncodingDiff, ctx: ChangeContext): void {
  if (b.size === 0 && r.size === 0) return;
  const headers = pairByKey(b, r);
  const hctx = (h: HeaderModel): ChangeContext => ({ ...ctx, name: h.name, required: h.required });
  for (const [, h] of headers.added) d.rec.add('encoding-header', 'added', bs, { node: h.node, pointer: h.pointer }, hctx(h));
  for (const [, h] of headers.removed) d.rec.add('encoding-header', 'removed', { node: h.node, pointer: h.pointer }, rs, hctx(h));
  for (const [, bh, rh] of headers.both) {
    const hb = { node: bh.node, pointer: bh.pointer };
    const hr = { node: rh.node, pointer: rh.pointer };
    if (bh.required !== rh.required) d.rec.add('encoding-header-required', rh.required ? 'added' : 'removed', hb, hr, hctx(rh));
    // Judged like a property of the part: the subject names the header, so the schema rules' messages say which.
    const schemaContext: ChangeContext = { ...ctx, subject: `${ctx.subject} header ${rh.name}` };
    d.schemas.compare(bh.schema, rh.schema, { direction: d.direction, context: schemaContext, use: d.use, basePointer: bh.schemaPointer, revisionPointer: rh.schemaPointer });
  }
}
