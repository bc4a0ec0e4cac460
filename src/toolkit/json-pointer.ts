/** JSON Pointer (RFC 6901) helpers, and its URI fragment form (`#/a~1b`), for every stage of specver. */
import { decodeUriComponentOr } from './uri.ts';

/** Escapes one segment (`~` -> `~0`, `/` -> `~1`). */
export function escapeSegment(segment: string | number): string {
  const text = typeof segment === 'string' ? segment : String(segment);
  // Most segments need no escaping: skip the two regex passes for them (this runs for every walked node).
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

export function unescapeSegment(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const segment of segments) out += `/${escapeSegment(segment)}`;
  return out;
}

/** The pointer of unescaped segments. */
export function toPointer(segments: readonly string[]): string {
  return joinPointer('', ...segments);
}

/** The unescaped segments of a pointer (a leading `#` is ignored; no URI decoding). */
export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer.replace(/^#/, '').slice(1).split('/').map(unescapeSegment);
}

/** Segments of a pointer or of a URI fragment (`#/a%20b`, URI-decoded); undefined when it is not a pointer. */
export function pointerSegments(pointer: string): string[] | undefined {
  const body = pointer.startsWith('#') ? decodeUriComponentOr(pointer.slice(1), undefined) : pointer;
  if (body === undefined) return undefined;
  if (body === '') return [];
  if (!body.startsWith('/')) return undefined;
  return body.slice(1).split('/').map(unescapeSegment);
}

/** Follows a pointer through own properties; `found` is false when some segment is missing. */
function follow(data: unknown, pointer: string): { found: boolean; value: unknown } {
  let current: any = data;
  for (const segment of splitPointer(pointer)) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, segment)) return { found: false, value: undefined };
    current = current[segment];
  }
  return { found: true, value: current };
}

/** The value at a pointer, or undefined (own properties only). */
export function valueAt(data: unknown, pointer: string): unknown {
  return follow(data, pointer).value;
}

export function hasPointer(data: unknown, pointer: string): boolean {
  return follow(data, pointer).found;
}

export function parentPointer(pointer: string): string {
  const index = pointer.lastIndexOf('/');
  return index <= 0 ? '' : pointer.slice(0, index);
}

export function lastSegment(pointer: string): string {
  // The text after the last slash is the last segment: no array of every segment for it.
  const slash = pointer.lastIndexOf('/');
  if (slash >= 0) return unescapeSegment(pointer.slice(slash + 1));
  const parts = splitPointer(pointer);
  return parts.length ? parts[parts.length - 1] : '';
}
