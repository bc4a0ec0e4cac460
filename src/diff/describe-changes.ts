/**
 * Short words for changes found inside a subschema that is judged as a whole (`not`, `if`): the report then
 * says what changed there (`enum value b added`) instead of only that the keyword changed.
 */
import { schemaPathWords } from '../classify/schema-path-words.ts';
import type { RawChange } from './types.ts';

/** At most this many changes are named; the rest are counted. */
const NAMED = 3;

function describeOne(change: RawChange): string {
  const c = change.context;
  const what = change.kind.replace(/^schema-?/, '').replace(/-/g, ' ') || 'schema';
  const detail = c.value ?? (c.field && !what.includes(c.field) ? c.field : undefined);
  const printable = (v: unknown) => typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 40);
  const from = c.from ?? (printable(change.before) ? JSON.stringify(change.before) : undefined);
  const to = c.to ?? (printable(change.after) ? JSON.stringify(change.after) : undefined);
  const values = ` ${change.action}${from !== undefined && to !== undefined ? ` from ${from} to ${to}` : ''}`;
  const where = c.schemaPath ? ` at ${schemaPathWords(c.schemaPath)}` : '';
  return `${what}${detail !== undefined ? ` ${detail}` : ''}${values}${where}`;
}

export function describeChanges(changes: readonly RawChange[]): string {
  const words = [...new Set(changes.map(describeOne))];
  const named = words.slice(0, NAMED).join('; ');
  return words.length > NAMED ? `${named}; and ${words.length - NAMED} more` : named;
}
