/**
 * OpenAPI 3.2 sequential media types (event streams, JSON Lines, JSON text sequences, multipart/mixed) describe
 * each item with `itemSchema`, while `schema` describes the whole content as an array of the items. A client
 * reads the same items from `schema: {type: array, items: X}` and from `itemSchema: X`, so a switch between the
 * two compares X with X; every other pairing is compared as written (a schema that leaves is removed, one that
 * arrives is added), so no narrowing goes unseen.
 */
import { isRecord } from '../toolkit/values.ts';
import type { MediaModel } from '../normalize/openapi.ts';

const SEQUENTIAL = new Set(['text/event-stream', 'application/jsonl', 'application/x-ndjson', 'application/json-seq', 'multipart/mixed']);

/** A media type whose content is a sequence of items (`+jsonl` and `+json-seq` suffixes too). */
export function isSequentialMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]!.trim().toLowerCase();
  return SEQUENTIAL.has(essence) || /\+(jsonl|json-seq)$/.test(essence);
}

export interface SchemaPair { base: unknown; revision: unknown; basePointer: string; revisionPointer: string }

/** Keywords that say nothing about which values are valid: an array schema with only these is just its items. */
const ANNOTATIONS = new Set(['type', 'items', 'title', 'description', '$comment']);

/** `{type: array, items: X}` with nothing else that constrains the array: X, else undefined. */
function itemsOnly(schema: unknown): unknown {
  if (!isRecord(schema) || schema.type !== 'array' || schema.items === undefined) return undefined;
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-')) ? schema.items : undefined;
}

/** The schema pairs to compare for one media type present on both sides. */
export function mediaSchemaPairs(b: MediaModel, r: MediaModel): SchemaPair[] {
  const schemas: SchemaPair = { base: b.schema, revision: r.schema, basePointer: b.schemaPointer, revisionPointer: r.schemaPointer };
  if (b.itemSchema === undefined && r.itemSchema === undefined) return [schemas];
  const bItemPointer = b.itemSchemaPointer ?? `${b.pointer}/itemSchema`;
  const rItemPointer = r.itemSchemaPointer ?? `${r.pointer}/itemSchema`;
  const items: SchemaPair = { base: b.itemSchema, revision: r.itemSchema, basePointer: bItemPointer, revisionPointer: rItemPointer };
  if (b.itemSchema !== undefined && r.itemSchema !== undefined) return [schemas, items];
  const sequential = isSequentialMediaType(b.mediaType) && isSequentialMediaType(r.mediaType);
  // schema (an array of X) -> itemSchema X, the array schema gone.
  if (r.itemSchema !== undefined && r.schema === undefined && sequential) {
    const before = itemsOnly(b.schema);
    if (before !== undefined) return [{ base: before, revision: r.itemSchema, basePointer: `${b.schemaPointer}/items`, revisionPointer: rItemPointer }];
  }
  // itemSchema X -> schema (an array of X), the item schema gone.
  if (b.itemSchema !== undefined && b.schema === undefined && sequential) {
    const after = itemsOnly(r.schema);
    if (after !== undefined) return [{ base: b.itemSchema, revision: after, basePointer: bItemPointer, revisionPointer: `${r.schemaPointer}/items` }];
  }
  return [schemas, items];
}
