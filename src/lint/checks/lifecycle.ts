/**
 * Lifecycle metadata as written anywhere in a document (operations, parameters, headers, media types,
 * schemas and their properties): x-sunset must be an RFC 3339 date or date-time and sit on something
 * deprecated; x-stability-level must be a known level. The diff reads the same values (diff/lifecycle.ts).
 */
import { INSTANCE_DATA_KEYWORDS } from '../../toolkit/json-schema-vocabulary.ts';
import type { LintDocument, RawFinding } from '../types.ts';
import { joinPointer } from '../../toolkit/json-pointer.ts';
import { isStabilityLevel, sunsetOf, sunsetTime } from '../../diff/lifecycle.ts';

/** Keys holding example or literal data, where an `x-sunset` key is payload, not metadata. */
const DATA_KEYS = new Set<string>([...INSTANCE_DATA_KEYWORDS, 'x-examples']);

function eachNodeWith(data: unknown, key: string, visit: (node: Record<string, any>, pointer: string) => void): void {
  const seen = new Set<object>();
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) { node.forEach((item, i) => walk(item, joinPointer(pointer, i))); return; }
    if (key in node) visit(node as Record<string, any>, pointer);
    for (const [k, v] of Object.entries(node)) if (!DATA_KEYS.has(k)) walk(v, joinPointer(pointer, k));
  };
  walk(data, '');
}

export function sunsetFormat(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  eachNodeWith(doc.data, 'x-sunset', (node, pointer) => {
    const sunset = sunsetOf(node);
    if (sunset !== undefined && sunsetTime(sunset) === undefined) out.push({ pointer: joinPointer(pointer, 'x-sunset'), values: { value: sunset } });
  });
  return out;
}

export function sunsetDeprecated(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  eachNodeWith(doc.data, 'x-sunset', (node, pointer) => {
    if (node.deprecated !== true && node['x-deprecated'] !== true) out.push({ pointer: joinPointer(pointer, 'x-sunset'), values: { value: sunsetOf(node) ?? '' } });
  });
  return out;
}

export function stabilityLevel(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  eachNodeWith(doc.data, 'x-stability-level', (node, pointer) => {
    const level = node['x-stability-level'];
    if (!isStabilityLevel(level)) out.push({ pointer: joinPointer(pointer, 'x-stability-level'), values: { value: typeof level === 'string' ? level : JSON.stringify(level) } });
  });
  return out;
}

