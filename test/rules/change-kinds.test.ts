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
import { departures, fixtureChanges } from '../helpers/emitted-changes.ts';

const doc = changeKinds();

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

// The real specs' changes are held to the same records by test/helpers/series-checks.ts, which diffs every pair once.
test('every change emitted on the rule fixtures matches the documented record', () => {
  const changes = fixtureChanges();
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
