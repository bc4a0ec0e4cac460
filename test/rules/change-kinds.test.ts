/**
 * schemas/change-kinds.json (and so docs/change-kinds.md) describes the records the differ really emits, and
 * every built-in rule tests only fields that exist on its kinds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANGE_KINDS } from '../../src/diff/types.ts';
import { validateAgainst } from '../../src/schema-validation.ts';
import { changeKinds } from '../../src/ruleset/change-kinds.ts';
import { factProblem, onProblem } from '../../src/ruleset/check-facts.ts';
import { builtInConditions, builtInRules } from '../../src/ruleset/load-rules.ts';
import type { RawChange } from '../../src/diff/types.ts';
import { corpusChanges, fixtureChanges } from '../helpers/emitted-changes.ts';

const doc = changeKinds();

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Every way a change departs from the documented record. */
function departures(change: RawChange): string[] {
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

test('schemas/change-kinds.json is valid against its schema', () => {
  assert.equal(validateAgainst('change-kinds.schema.json', doc), []);
  assert.equal(validateAgainst('change-kinds.schema.json', { ...doc, kinds: { operation: { description: 'An operation.', actions: ['moved'], context: [] } } }).map((v) => v.pointer), ['/kinds/operation/actions/0']);
});

test('the documented kinds are exactly the kinds of the differ', () => {
  assert.equal(Object.keys(doc.kinds).sort(), [...CHANGE_KINDS].sort());
  for (const [name, kind] of Object.entries(doc.kinds)) {
    for (const field of kind.context) assert.ok(doc.context[field], `${name}: ${field} has no description`);
  }
});

test('every change emitted on the rule fixtures and the corpus matches the documented record', async () => {
  const changes = [...fixtureChanges(), ...(await corpusChanges())];
  assert.ok(changes.length > 1000, `only ${changes.length} changes`);
  const problems = new Set(changes.flatMap(departures));
  assert.equal([...problems], []);
  const seen = new Set(changes.map((c) => c.kind));
  assert.equal(CHANGE_KINDS.filter((k) => !seen.has(k)), [], 'kinds no fixture exercises');
});

test('a change outside the documentation is caught', () => {
  const change = { kind: 'operation', action: 'widened', context: { method: 'GET', pth: '/x', required: 'yes' } } as unknown as RawChange;
  assert.equal(departures(change), [
    'operation: action widened is not documented', 'context field pth is not documented',
    'operation: context field pth is not documented for the kind', 'context.required is a string, documented as boolean',
    'operation: context field required is not documented for the kind',
  ]);
});

test('every built-in rule and shared condition tests fields its kinds have', () => {
  const names = new Set(builtInConditions().map((c) => c.name));
  const problems: string[] = [];
  for (const rule of builtInRules()) {
    const problem = onProblem(rule.on.kind, rule.on.action) ?? (rule.conditions && factProblem(rule.conditions, '/conditions', rule.on.kind, (name) => names.has(name)));
    if (problem) problems.push(`${rule.id}: ${problem.message}`);
  }
  for (const named of builtInConditions()) {
    const problem = factProblem(named.conditions, '/conditions', Object.keys(doc.kinds), (name) => names.has(name));
    if (problem) problems.push(`condition ${named.name}: ${problem.message}`);
  }
  assert.equal(problems, []);
});

test.run();
