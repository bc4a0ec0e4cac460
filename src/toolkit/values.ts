/** Shape tests for parsed JSON/YAML values. */

/** A mapping (a plain object, not an array and not null). */
export function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
