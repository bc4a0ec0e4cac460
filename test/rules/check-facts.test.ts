/** Team rule conditions that could never fire are refused at load; matches/startsWith/endsWith work. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readRuleFile } from '../../src/ruleset/load-rules.ts';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { OPERATORS } from '../../src/classify/operators.ts';
import { ToolError } from '../../src/errors.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const RULE = {
  id: 'acme/operation-removed-internal', category: 'operation', summary: 'An internal operation was removed.',
  docs: 'Only our own services call internal operations.', severity: 'non-breaking', message: '{{method}} {{path}} removed',
  on: { kind: 'operation', action: 'removed' }, priority: 5,
};
const dir = tempDir('specver-check-facts-');
writeFileSync(join(dir, 'specver.yaml'), 'contracts: []\n');

function ruleFile(leaf: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const file = join(dir, 'acme.json');
  writeFileSync(file, JSON.stringify({ ...RULE, ...extra, conditions: { all: [{ fact: 'change', ...leaf }] } }));
  return file;
}

function refusal(leaf: Record<string, unknown>, extra?: Record<string, unknown>): string {
  try {
    readRuleFile(ruleFile(leaf, extra), false);
  } catch (error) {
    assert.instance(error, ToolError);
    assert.is((error as ToolError).exitCode, 3);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(leaf)}`);
}

test('a fact path no change of the kinds has is refused, naming file, rule and the fields there are', () => {
  const message = refusal({ path: '$.context.pth', operator: 'equal', value: '/x' });
  assert.match(message, "invalid rule file acme.json: rule 'acme/operation-removed-internal': /conditions/all/0/path $.context.pth is not a context field of operation changes");
  assert.match(refusal({ path: '$.context.status', operator: 'equal', value: '200' }), /not a context field of operation/);
  assert.match(refusal({ path: '$.contxt.path', operator: 'equal', value: '/x' }), /\$\.contxt\.path is not a field of a change/);
  assert.match(refusal({ path: '$.effect', operator: 'equal', value: 'narrowed' }), /never set on operation changes/);
  assert.match(refusal({ path: '$.context.path.length', operator: 'equal', value: 3 }), /goes inside context\.path/);
});

test('on naming a kind with none of the actions is refused', () => {
  assert.match(refusal({ path: '$.context.path', operator: 'equal', value: '/x' }, { on: { kind: 'operation', action: 'changed' } }), /rule 'acme\/operation-removed-internal': \/on: operation changes are never changed/);
  assert.match(refusal({ path: '$.context.path', operator: 'equal', value: '/x' }, { on: { kind: ['operation', 'operation-id'], action: ['changed'] } }), /operation changes are never changed/);
});

test('operators that cannot work on the field, and values it never holds, are refused', () => {
  assert.match(refusal({ path: '$.context.path', operator: 'contains', value: 'internal' }), /uses contains on a string field; it tests lists/);
  assert.match(refusal({ path: '$.context.deprecated', operator: 'startsWith', value: 't' }), /uses startsWith on a boolean field/);
  assert.match(refusal({ path: '$.context.path', operator: 'lessThan', value: 3 }), /compares numbers/);
  assert.match(refusal({ path: '$.context.deprecated', operator: 'equal', value: 'true' }), /compares a boolean field with "true"/);
  assert.match(refusal({ path: '$.context.direction', operator: 'in', value: ['requests'] }, { on: { kind: 'parameter' } }), /never holds \(values: request, response, standalone\)/);
  assert.match(refusal({ path: '$.context.path', operator: 'matches', value: '^(a+)+$' }), /nests quantifiers/);
  assert.match(refusal({ path: '$.context.path', operator: 'matches', value: '(' }), /does not compile/);
  assert.match(refusal({ path: '$.context.path', operator: 'endsWith', value: 3 }), /needs a string value/);
});

test('fields of any kind listed in on.kind are accepted; before/after and usedBy take their operators', () => {
  readRuleFile(ruleFile({ path: '$.context.status', operator: 'equal', value: '200' }, { on: { kind: ['operation', 'response'] } }), false);
  readRuleFile(ruleFile({ path: '$.before', operator: 'greaterThan', value: 3 }, { category: 'schema', on: { kind: 'schema-max-length' } }), false);
  readRuleFile(ruleFile({ path: '$.usedBy', operator: 'contains', value: 'GET /pets' }, { category: 'schema', on: { kind: 'schema-property' } }), false);
  readRuleFile(ruleFile({ path: '$.context.path', operator: 'matches', value: '/^\\/internal\\//i' }), false);
});

test('the string operators', () => {
  assert.ok(OPERATORS.matches!('/internal/x', '^/internal/'));
  assert.ok(OPERATORS.matches!('/INTERNAL/x', '/^\\/internal\\//i'));
  assert.not.ok(OPERATORS.matches!('/pets', '^/internal/'));
  assert.not.ok(OPERATORS.matches!(undefined, '.*'));
  assert.ok(OPERATORS.startsWith!('/internal/x', '/internal/'));
  assert.not.ok(OPERATORS.startsWith!(['/internal/x'], '/internal/'));
  assert.ok(OPERATORS.endsWith!('X-Rate-Limit', '-Limit'));
  assert.not.ok(OPERATORS.endsWith!(undefined, ''));
});

test('a rule using startsWith and matches fires through the case runner', async () => {
  const file = ruleFile({ path: '$.context.path', operator: 'startsWith', value: '/internal/' });
  writeFileSync(file, JSON.stringify({ ...RULE, conditions: { all: [
    { fact: 'change', path: '$.context.path', operator: 'startsWith', value: '/internal/' },
    { fact: 'change', path: '$.context.method', operator: 'matches', value: '^(GET|HEAD)$' },
  ] } }));
  const op = { responses: { 200: { description: 'ok' } } };
  const cases = join(dir, 'acme.cases.yaml');
  writeFileSync(cases, stringify({
    rule: RULE.id,
    fires: [{ name: 'internal GET removed', base: { paths: { '/internal/a': { get: op }, '/x': { get: op } } }, revision: { paths: { '/x': { get: op } } }, expect: [{ location: '/paths/~1internal~1a/get' }] }],
    quiet: [
      { name: 'internal POST removed', base: { paths: { '/internal/a': { post: op } } }, revision: { paths: {} } },
      { name: 'public GET removed', base: { paths: { '/internals': { get: op } } }, revision: { paths: {} } },
    ],
  }));
  const results = await runRuleCases(file, cases);
  assert.is(results.length, 3);
  for (const r of results) assert.equal(r.problems, [], r.name);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test('a number field (the minimum deprecation period) takes the number operators and refuses string ones', () => {
  const deprecated = { on: { kind: 'operation-deprecated', action: 'added' } };
  assert.not.throws(() => readRuleFile(ruleFile({ path: '$.context.minDeprecationDays', operator: 'greaterThanInclusive', value: 90 }, deprecated), false));
  assert.match(refusal({ path: '$.context.minDeprecationDays', operator: 'matches', value: '^9' }, deprecated), /uses matches on a number field; it tests strings/);
  assert.match(refusal({ path: '$.context.minDeprecationDays', operator: 'equal', value: '90' }, deprecated), /compares a number field with "90" \(a string\)/);
});

test.run();
