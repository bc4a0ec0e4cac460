/**
 * What an OpenAPI Encoding Object means once its defaults are filled in, so an encoding written out with its
 * default values is the same as none, and which of its fields a media type reads at all.
 *
 * - `contentType`: the media types a part may have (a comma-separated list, ranges allowed); by default from
 *   the part's schema: a binary string (`format: binary`, or a `contentEncoding`) application/octet-stream, an
 *   object application/json, an array that of its items, anything else text/plain.
 * - `style`, `explode`, `allowReserved`: as for a query parameter (form, exploded, reserved characters
 *   percent-encoded).
 * - `headers`: the part's headers (multipart only); a `Content-Type` among them is ignored (OpenAPI says so:
 *   `contentType` describes it).
 */
import { isRecord } from '../toolkit/values.ts';
import { headersOf, type EncodingModel, type HeaderModel } from '../normalize/openapi.ts';
import type { OpenApiVersion } from '../load/types.ts';
import { covers, mediaTypeKey, parseMediaType } from './media-types.ts';

export interface EffectiveEncoding {
  contentTypes: string[];
  style: string;
  explode: boolean;
  allowReserved: boolean;
  headers: Map<string, HeaderModel>;
}

/** Which fields of an Encoding Object a media type uses (OpenAPI ignores the others). */
export interface EncodingFields { contentType: boolean; headers: boolean; serialization: boolean }

/**
 * multipart/*: `contentType` and `headers`; application/x-www-form-urlencoded: `contentType` and the form
 * serialization (`style`, `explode`, `allowReserved`), which OpenAPI 3.0.4 / 3.1.1 extend to
 * multipart/form-data. Any other media type reads no encoding.
 */
export function encodingFields(mediaType: string): EncodingFields {
  const { type, essence } = parseMediaType(mediaType);
  const form = essence === 'application/x-www-form-urlencoded';
  return { contentType: type === 'multipart' || form, headers: type === 'multipart', serialization: form || essence === 'multipart/form-data' };
}

/** The one declared type besides `null`, if there is exactly one. */
function singleType(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
}

/** The default `contentType` of a part described by `schema` (depth-limited: arrays of arrays of ...). */
export function defaultContentType(schema: unknown, depth = 0): string {
  const type = singleType(schema);
  const node = schema as Record<string, unknown>;
  if (type === 'string' && (node.format === 'binary' || node.contentEncoding !== undefined)) return 'application/octet-stream';
  if (type === 'object') return 'application/json';
  if (type === 'array' && depth < 8 && isRecord(node.items)) return defaultContentType(node.items, depth + 1);
  return 'text/plain';
}

/** The media types of a `contentType` value: `image/png, image/jpeg` is two. */
function contentTypeList(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const list = value.split(',').map((t) => t.trim()).filter((t) => t.length > 0);
  return list.length > 0 ? list : undefined;
}

/** An Encoding Object (or none) with every default filled in from the part's schema. */
export function effectiveEncoding(encoding: EncodingModel | undefined, schema: unknown, version: OpenApiVersion): EffectiveEncoding {
  const node = encoding?.node ?? {};
  const style = typeof node.style === 'string' ? node.style : 'form';
  const headers = encoding ? headersOf(node, encoding.pointer, version) : new Map<string, HeaderModel>();
  headers.delete('content-type');
  return {
    contentTypes: contentTypeList(node.contentType) ?? [defaultContentType(schema)],
    style,
    explode: typeof node.explode === 'boolean' ? node.explode : style === 'form',
    allowReserved: node.allowReserved === true,
    headers,
  };
}

export type ContentTypeRelation = 'same' | 'narrowed' | 'widened' | 'changed';

/** `list` names `type`: the same media type (parameters too), or a range that includes it. */
function includes(list: string[], type: string): boolean {
  const inner = parseMediaType(type);
  return list.some((item) => {
    const outer = parseMediaType(item);
    return mediaTypeKey(outer) === mediaTypeKey(inner) || covers(outer, inner);
  });
}

/**
 * How the revision's part media types relate to the base's: the same set, fewer (every revision type was allowed
 * before: `narrowed`), more (every base type is still allowed: `widened`), or neither (`changed`).
 */
export function contentTypeRelation(base: string[], revision: string[]): ContentTypeRelation {
  const revisionWithinBase = revision.every((type) => includes(base, type));
  const baseWithinRevision = base.every((type) => includes(revision, type));
  if (revisionWithinBase && baseWithinRevision) return 'same';
  if (revisionWithinBase) return 'narrowed';
  return baseWithinRevision ? 'widened' : 'changed';
}

const NO_RESERVED_CHARACTERS = new Set(['number', 'integer', 'boolean']);

/**
 * Values of this schema never hold a reserved character (`:/?#[]@!$&'()*+,;=`): numbers and booleans, and
 * arrays of them (the delimiters are the style's, not the values'). `allowReserved` changes nothing for them.
 */
export function holdsNoReservedCharacters(schema: unknown, depth = 0): boolean {
  const type = singleType(schema);
  if (type !== undefined && NO_RESERVED_CHARACTERS.has(type)) return true;
  return type === 'array' && depth < 8 && holdsNoReservedCharacters((schema as Record<string, unknown>).items, depth + 1);
}
