/**
 * ajv-formats' `uri` and `uri-reference` are each one large RFC 3986 pattern, which V8 compiles on first use:
 * about 9 ms each, paid by every run that validates one URL (a lint of almost any spec). The common shapes (a URL
 * of plain characters, a local reference such as `#/components/schemas/Pet` or `./pets.yaml`) are answered here
 * by small patterns that accept nothing the full ones reject; everything else still goes to the full pattern, so
 * the verdicts are the same (test/toolkit/uri-formats.test.ts checks the subset on generated strings).
 */

const UNRESERVED = "a-z0-9\\-._~";
const PATH_CHAR = `[${UNRESERVED}!$&'()*+,;=:@]`;
const QUERY_CHAR = `[${UNRESERVED}!$&'()*+,;=:@/?]`;
const TAIL = `(?:\\?${QUERY_CHAR}*)?(?:#${QUERY_CHAR}*)?`;
/** scheme://host[:port]/path?query#fragment, without percent-escapes, user info or IP literals. */
const PLAIN_URI = `[a-z][a-z0-9+\\-.]*://[${UNRESERVED}]*(?::\\d*)?(?:/${PATH_CHAR}*)*${TAIL}`;

export const PLAIN_URI_PATTERN = new RegExp(`^${PLAIN_URI}$`, 'i');
/** A plain URI, or a relative reference: a path (rooted or not, no `//` start), then a query and a fragment. */
export const PLAIN_URI_REFERENCE_PATTERN = new RegExp(`^(?:${PLAIN_URI}|(?:/?${PATH_CHAR}+(?:/${PATH_CHAR}*)*|/)?${TAIL})$`, 'i');

/** ajv-formats' `uri` check, the plain shapes first. */
export function quickUri(full: (value: string) => boolean): (value: string) => boolean {
  return (value) => PLAIN_URI_PATTERN.test(value) || full(value);
}

/** ajv-formats' `uri-reference` pattern, the plain shapes first (generated validators call its `test`). */
export function quickUriReference(full: RegExp): { test(value: string): boolean } {
  return { test: (value) => PLAIN_URI_REFERENCE_PATTERN.test(value) || full.test(value) };
}

/** Both, as format functions, for ajv instances and format checks made at run time (ajv-formats' `fullFormats`). */
export function quickUriFormats(full: { uri: (value: string) => boolean; 'uri-reference': RegExp }): Record<'uri' | 'uri-reference', (value: string) => boolean> {
  const reference = quickUriReference(full['uri-reference']);
  return { uri: quickUri(full.uri), 'uri-reference': (value) => reference.test(value) };
}
