/**
 * Every raw change the differ emits on the built-in rule cases (fixtures/rules/), and how a change departs from
 * its documented record: the evidence that docs/change-kinds.md (generated from schemas/change-kinds.json)
 * describes the real records (test/helpers/series-checks.ts holds the changes of every real spec to the same
 * check).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYamlData } from '../../src/load/parse-source.ts';
import { caseDocuments, type RuleCase } from '../../src/classify/rule-tester.ts';
import { inlineJsonSchema, inlineSpec } from '../../src/classify/inline-spec.ts';
import { diffSpecs } from '../../src/classify/classify.ts';
import type { RawChange } from '../../src/diff/types.ts';
import { DEFAULT_LIFECYCLE, type LifecyclePolicy } from '../../src/diff/lifecycle.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import { changeKinds } from '../../src/ruleset/change-kinds.ts';
import { FIXTURES } from './temp-project.ts';

const today = new Date('2026-01-01T00:00:00Z');

function caseChanges(format: 'openapi' | 'json-schema', c: RuleCase): RawChange[] {
  const specs: [LoadedSpec, LoadedSpec] = format === 'json-schema'
    ? [inlineJsonSchema(c.schema?.base ?? c.base ?? {}), inlineJsonSchema(c.schema?.revision ?? c.revision ?? {})]
    : (caseDocuments(c).map((doc) => inlineSpec(doc)) as [LoadedSpec, LoadedSpec]);
  // The case's lifecycle settings, as the rule tester applies them: some context fields exist only under them.
  const lifecycle: LifecyclePolicy = {
    exemptBelow: c.lifecycle?.exemptBelow ?? DEFAULT_LIFECYCLE.exemptBelow,
    deprecationDays: { ...DEFAULT_LIFECYCLE.deprecationDays, ...(c.lifecycle?.deprecationDays ?? {}) },
  };
  return diffSpecs(specs[0], specs[1], { today, compatibility: c.compatibility ?? 'backward', lifecycle }).changes;
}

/** Changes of every case of every rule case file, both formats. */
export function fixtureChanges(): RawChange[] {
  const changes: RawChange[] = [];
  for (const format of ['openapi', 'json-schema'] as const) {
    const dir = join(FIXTURES, 'rules', format);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
      const data = parseYamlData(readFileSync(join(dir, name), 'utf8'), name) as { fires?: RuleCase[]; quiet?: RuleCase[] };
      for (const c of [...(data.fires ?? []), ...(data.quiet ?? [])] as RuleCase[]) changes.push(...caseChanges(format, c));
    }
  }
  return changes;
}

const doc = changeKinds();

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Every way a change departs from the documented record. */
export function departures(change: RawChange): string[] {
  const kind = doc.kinds[change.kind];
  if (!kind) return [`kind ${change.kind} is not documented`];
  const found: string[] = [];
  if (!kind.actions.includes(change.action)) found.push(`${change.kind}: action ${change.action} is not documented`);
  if (change.effect !== undefined && !kind.effect) found.push(`${change.kind}: carries an effect`);
  for (const key of Object.keys(change)) if (!Object.hasOwn(doc.fields, key)) found.push(`field ${key} is not documented`);
  for (const [field, value] of Object.entries(change.context)) {
    if (value === undefined) continue;
    const fieldDoc = doc.context[field];
    if (!fieldDoc) found.push(`context field ${field} is not documented`);
    else if (fieldDoc.type !== typeOf(value)) found.push(`context.${field} is a ${typeOf(value)}, documented as ${fieldDoc.type}`);
    else if (fieldDoc.enum && !fieldDoc.enum.includes(value as string)) found.push(`context.${field} = ${JSON.stringify(value)} is not a documented value`);
    if (!kind.context.includes(field)) found.push(`${change.kind}: context field ${field} is not documented for the kind`);
  }
  return found;
}
