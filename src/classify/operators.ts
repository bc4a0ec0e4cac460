/** Custom json-rules-engine operators for classification conditions; each a few lines. */
import type { Engine } from 'json-rules-engine';

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const asTypes = (v: unknown): Set<string> => new Set(typeof v === 'string' ? v.split('|') : asList(v).map(String));

export const OPERATORS: Record<string, (fact: any, value: any) => boolean> = {
  /** The fact is defined (the value is ignored; `true` by convention). */
  present: (fact, value) => (fact !== undefined && fact !== null) === (value !== false),
  /** The fact is undefined. */
  absent: (fact, value) => (fact === undefined || fact === null) === (value !== false),
  /** Every element of the fact is in the value. */
  subsetOf: (fact, value) => asList(fact).every((item) => asList(value).includes(item)),
  /** Every element of the value is in the fact. */
  supersetOf: (fact, value) => asList(value).every((item) => asList(fact).includes(item)),
  /** A type change from `value.from`-style fact `{before, after}` that only widens (integer -> number). */
  typeWidened: (fact, value) => {
    const before = asTypes(fact?.before);
    const after = asTypes(fact?.after);
    const covered = [...before].every((t) => after.has(t) || (t === 'integer' && after.has('number')));
    return covered === (value !== false);
  },
};

export function addOperators(engine: Engine): void {
  for (const [name, fn] of Object.entries(OPERATORS)) engine.addOperator(name, fn);
}
