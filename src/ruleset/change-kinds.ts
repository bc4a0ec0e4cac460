/**
 * The change record as data (schemas/change-kinds.json, shaped by change-kinds.schema.json): every change
 * kind, its actions and the context fields rules may test. Rule files are checked against it when they load; docs/change-kinds.md is generated
 * from it, and a test compares it with what the differ really emits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../schema-validation.ts';

export type FieldType = 'string' | 'boolean' | 'number' | 'array' | 'object' | 'any';

export interface FieldDoc { type: FieldType; description: string; enum?: string[]; examples?: unknown[] }
export interface KindDoc { description: string; actions: string[]; context: string[]; effect?: boolean }
export interface ChangeKindsDoc {
  description: string;
  /** Top-level fields of a change record (`$.kind`, `$.effect`, `$.context`, ...). */
  fields: Record<string, FieldDoc>;
  /** Fields of `$.context`. */
  context: Record<string, FieldDoc>;
  kinds: Record<string, KindDoc>;
}

let loaded: ChangeKindsDoc | undefined;

export function changeKinds(): ChangeKindsDoc {
  loaded ??= JSON.parse(readFileSync(join(SCHEMAS_DIR, 'change-kinds.json'), 'utf8')) as ChangeKindsDoc;
  return loaded;
}

export interface ResolvedFact { type: FieldType; enum?: string[] }

/**
 * What a dotted fact path reads on changes of the given kinds, or a problem when no such change has it
 * (json-rules-engine would evaluate the condition to false, silently).
 */
export function resolveFactPath(path: string, kinds: string[]): ResolvedFact | { problem: string; hint: string } {
  const doc = changeKinds();
  const [top, field, ...deeper] = path.slice(2).split('.') as [string, string | undefined, ...string[]];
  const topDoc = Object.hasOwn(doc.fields, top) ? doc.fields[top] : undefined;
  const fieldsHint = `a change has ${Object.keys(doc.fields).map((f) => `$.${f}`).join(', ')} (see docs/change-kinds.md)`;
  if (!topDoc) return { problem: `is not a field of a change`, hint: fieldsHint };
  const kindDocs = kinds.map((kind) => doc.kinds[kind]).filter((k): k is KindDoc => k !== undefined);
  if (top === 'effect' && !kindDocs.some((k) => k.effect)) {
    return { problem: `is never set on ${kinds.join(', ')} changes (only schema changes carry an effect)`, hint: 'test $.action instead' };
  }
  if (field === undefined) return { type: topDoc.type, ...(topDoc.enum ? { enum: topDoc.enum } : {}) };
  if (top === 'before' || top === 'after') return { type: 'any' };
  if (top !== 'context') return { problem: `goes inside ${top}, which is a ${topDoc.type}`, hint: fieldsHint };
  const available = [...new Set(kindDocs.flatMap((k) => k.context))];
  if (!available.includes(field)) {
    return { problem: `is not a context field of ${kinds.join(', ')} changes`, hint: `their context fields: ${available.join(', ') || '(none)'} (see docs/change-kinds.md)` };
  }
  const fieldDoc = doc.context[field]!;
  if (deeper.length > 0) return { problem: `goes inside context.${field}, which is a ${fieldDoc.type}`, hint: `test $.context.${field} itself` };
  return { type: fieldDoc.type, ...(fieldDoc.enum ? { enum: fieldDoc.enum } : {}) };
}
