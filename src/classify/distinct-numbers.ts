/**
 * Between load and diff: numbers that a double cannot hold exactly (spec/exact-numbers.ts) are compared by their
 * written value. Across both documents, every distinct exact value that shares its double with another distinct
 * value gets a double of its own (a neighbouring one, in the same order as the exact values), so the comparator
 * sees a change and its direction (`maximum` decreased). The returned texts let messages show the number as
 * written, never the stand-in double. Same value, same stand-in: diff(a, a) stays empty.
 */
import { compareDecimals, decimalKey, decimalOfDouble, doubleOfLiteral, isInexact, parseDecimal, type Decimal } from '../load/decimal.ts';
import { recordWrittenNumber, writtenNumber } from '../load/exact-numbers.ts';
import type { LoadedSpec } from '../load/types.ts';

/** Double used in a compared document -> the number as written, for the numbers whose double stands in. */
export type NumberTexts = Map<number, string>;

interface Occurrence { container: Record<string, unknown>; key: string }
interface ExactValue { exact: Decimal; double: number; text: string; inexact: boolean; at: Occurrence[] }

const bits = new Float64Array(1);
const integer = new BigInt64Array(bits.buffer);

/** The next double above `value` (toward +Infinity). */
export function nextUp(value: number): number {
  if (Number.isNaN(value) || value === Infinity) return value;
  if (value === 0) return Number.MIN_VALUE;
  bits[0] = value;
  integer[0] += value > 0 ? 1n : -1n;
  return bits[0];
}

export function nextDown(value: number): number {
  return -nextUp(-value);
}

/** Gives colliding exact values their own doubles in both documents; undefined when no file has inexact numbers. */
export function distinguishInexactNumbers(base: LoadedSpec, revision: LoadedSpec): NumberTexts | undefined {
  const hasInexact = (spec: LoadedSpec) => [...spec.files.values(), spec.source].some((file) => file.inexactNumbers);
  if (!hasInexact(base) && !hasInexact(revision)) return undefined;
  const values = new Map<string, ExactValue>();
  collectNumbers(revision.document, values);
  collectNumbers(base.document, values);
  const sorted = [...values.values()].sort((a, b) => compareDecimals(a.exact, b.exact));
  const texts: NumberTexts = new Map();
  const assigned = standIns(sorted);
  const sharing = new Map<number, number>();
  for (const value of sorted) sharing.set(value.double, (sharing.get(value.double) ?? 0) + 1);
  for (let i = 0; i < sorted.length; i++) {
    const value = sorted[i];
    const double = assigned[i];
    if (value.inexact || double !== value.double || sharing.get(value.double)! > 1) texts.set(double, value.text);
    if (double === value.double && !value.inexact) continue;
    for (const { container, key } of value.at) {
      if (!value.inexact) recordWrittenNumber(container, key, value.text);
      container[key] = double;
    }
  }
  return texts;
}

/**
 * One double per exact value, strictly increasing. Within a group sharing a double, the value the double stands
 * for keeps it; smaller ones step down, larger ones up. A stand-in that meets a neighbour is pushed up past it.
 */
function standIns(sorted: ExactValue[]): number[] {
  const assigned = sorted.map((value) => value.double);
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && Object.is(sorted[end].double, sorted[start].double)) end++;
    if (end - start > 1 && Number.isFinite(sorted[start].double)) {
      const stood = decimalOfDouble(sorted[start].double)!;
      let anchor = start;
      while (anchor < end && compareDecimals(sorted[anchor].exact, stood) < 0) anchor++;
      if (anchor === end) anchor = end - 1;
      for (let i = anchor - 1, d = sorted[anchor].double; i >= start; i--) assigned[i] = d = nextDown(d);
      for (let i = anchor + 1, d = sorted[anchor].double; i < end; i++) assigned[i] = d = nextUp(d);
    }
    start = end;
  }
  for (let i = 1; i < assigned.length; i++) {
    if (assigned[i] <= assigned[i - 1] && Number.isFinite(assigned[i - 1])) assigned[i] = nextUp(assigned[i - 1]);
  }
  return assigned;
}

/** Every number in the document (shared and cyclic nodes once), grouped by exact value. */
function collectNumbers(document: unknown, values: Map<string, ExactValue>): void {
  const seen = new Set<object>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const container = node as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const child = container[key];
      if (typeof child !== 'number') {
        if (typeof child === 'object' && child !== null) stack.push(child);
        continue;
      }
      const literal = writtenNumber(container, key);
      const exact = (literal === undefined ? undefined : parseDecimal(literal)) ?? decimalOfDouble(child);
      if (!exact) continue; // NaN, or an infinity written as such (`.inf`)
      const id = decimalKey(exact);
      let value = values.get(id);
      if (!value) {
        // A number replaced by an earlier comparison of these documents is read from its literal again.
        const double = literal === undefined ? child : doubleOfLiteral(literal);
        const inexact = literal !== undefined && isInexact(literal, double);
        values.set(id, (value = { exact, double, text: literal ?? String(child), inexact, at: [] }));
      }
      value.at.push({ container, key });
    }
  }
}
