/** Shape tests for parsed JSON/YAML values. */

/** A mapping (a plain object, not an array and not null). */
export function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A mapping with no own keys (`{}`); counted without building the list of keys. */
export function isEmptyRecord(value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}

/**
 * Order of two strings by UTF-16 code units: the same on every machine, and cheap. `localeCompare` depends on
 * the locale (and the first call in a process spends ~13 ms setting up ICU's collator).
 */
export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
