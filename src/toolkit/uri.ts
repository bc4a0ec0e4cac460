/** URI decoding that never throws: a malformed escape (`%zz`) in a spec is data to report, not a crash. */

/** `decodeURIComponent`, or `fallback` when the text holds a malformed escape. */
export function decodeUriComponentOr<T>(text: string, fallback: T): string | T {
  try {
    return decodeURIComponent(text);
  } catch {
    return fallback;
  }
}

/** `decodeURIComponent`, or the text as written when it holds a malformed escape. */
export function decodeUriComponentSafe(text: string): string {
  return decodeUriComponentOr(text, text);
}
