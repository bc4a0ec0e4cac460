/** JSON Pointer helpers (RFC 6901). */

export function escapeSegment(segment: string | number): string {
  const text = typeof segment === 'string' ? segment : String(segment);
  // Most segments need no escaping: skip the two regex passes for them (this runs for every walked node).
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const segment of segments) out += `/${escapeSegment(segment)}`;
  return out;
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer
    .replace(/^#/, '')
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a pointer, or undefined. */
export function valueAt(data: unknown, pointer: string): unknown {
  let current: any = data;
  for (const segment of splitPointer(pointer)) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

export function hasPointer(data: unknown, pointer: string): boolean {
  let current: any = data;
  for (const segment of splitPointer(pointer)) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, segment)) return false;
    current = current[segment];
  }
  return true;
}

export function parentPointer(pointer: string): string {
  const index = pointer.lastIndexOf('/');
  return index <= 0 ? '' : pointer.slice(0, index);
}

export function lastSegment(pointer: string): string {
  const parts = splitPointer(pointer);
  return parts.length ? parts[parts.length - 1] : '';
}

export function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
