/** Runs every built-in rule's case file (fixtures/rules/openapi/<rule-id>.yaml) through the rule tester. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { join } from 'node:path';
import { builtInRules } from '../../src/ruleset/load-rules.ts';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { FIXTURES } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Case files live beside their format: fixtures/rules/<format>/<rule-id>.yaml. */
const casesDir = (format: string) => join(FIXTURES, 'rules', format);

test('every built-in rule passes its fires and quiet cases', async () => {
  const failures: string[] = [];
  for (const rule of builtInRules()) {
    const caseFile = join(casesDir(rule.format), `${rule.id}.yaml`);
    if (!existsSync(caseFile)) { failures.push(`${rule.id}: no case file`); continue; }
    for (const result of await runRuleCases(rule.file, caseFile)) {
      for (const problem of result.problems) failures.push(`${rule.id} [${result.group}] ${result.name}: ${problem}`);
    }
  }
  assert.equal(failures, [], failures.slice(0, 30).join('\n'));
});

test('a team runs its own rule file with the same runner', async () => {
  const dir = tempDir('specver-team-rules-');
  const ruleFile = join(dir, 'acme-internal-removed.json');
  writeFileSync(ruleFile, JSON.stringify({
    id: 'acme/internal-operation-removed', category: 'operation', summary: 'Removing an /internal operation is a patch.',
    docs: 'Only our own services call /internal paths, and they deploy together.', severity: 'patch',
    message: '{{operation}} removed (internal)', on: { kind: 'operation', action: 'removed' }, priority: 20,
    conditions: { all: [{ fact: 'change', path: '$.context.path', operator: 'equal', value: '/internal' }] },
  }));
  const caseFile = join(dir, 'acme-internal-removed.yaml');
  const op = { responses: { 200: { description: 'ok' } } };
  writeFileSync(caseFile, stringify({
    rule: 'acme/internal-operation-removed',
    fires: [{ name: 'internal removed', base: { paths: { '/internal': { get: op }, '/x': { get: op } } }, revision: { paths: { '/x': { get: op } } }, expect: [{ location: '/paths/~1internal/get' }] }],
    quiet: [{ name: 'public removed', base: { paths: { '/public': { get: op }, '/x': { get: op } } }, revision: { paths: { '/x': { get: op } } } }],
  }));
  const results = await runRuleCases(ruleFile, caseFile);
  assert.equal(results.map((r) => [r.group, r.problems]), [['fires', []], ['quiet', []]]);
  // A wrong expectation is reported, not swallowed.
  writeFileSync(caseFile, stringify({ rule: 'acme/internal-operation-removed', fires: [{ name: 'wrong', base: { paths: {} }, revision: { paths: {} }, expect: [{ location: '/x' }] }], quiet: [] }));
  const [failed] = await runRuleCases(ruleFile, caseFile);
  assert.is(failed.problems.length, 1);
});

test('a team json-schema rule runs with the same runner, per compatibility mode', async () => {
  const dir = tempDir('specver-team-json-rules-');
  const ruleFile = join(dir, 'acme-enum-value-added.json');
  writeFileSync(ruleFile, JSON.stringify({
    id: 'acme/event-type-added', category: 'schema', format: 'json-schema', summary: 'A new event type is a patch for us.',
    docs: 'Our consumers route unknown event types to a dead-letter queue.', severity: 'patch',
    message: '{{target}}: event type {{value}} added', on: { kind: 'schema-enum-value', action: 'added' }, priority: 20,
    conditions: { all: [{ fact: 'change', path: '$.context.property', operator: 'equal', value: 'type' }] },
  }));
  const caseFile = join(dir, 'acme-enum-value-added.yaml');
  const schema = (values: string[]) => ({ type: 'object', properties: { type: { enum: values }, kind: { enum: values } } });
  writeFileSync(caseFile, stringify({
    rule: 'acme/event-type-added',
    fires: [{ name: 'type added', compatibility: 'forward', base: schema(['a']), revision: { ...schema(['a']), properties: { type: { enum: ['a', 'b'] }, kind: { enum: ['a'] } } }, expect: [{ location: '/properties/type/enum' }] }],
    quiet: [{ name: 'other property', compatibility: 'forward', base: schema(['a']), revision: { ...schema(['a']), properties: { type: { enum: ['a'] }, kind: { enum: ['a', 'b'] } } } }],
  }));
  const results = await runRuleCases(ruleFile, caseFile);
  assert.equal(results.map((r) => [r.group, r.problems]), [['fires', []], ['quiet', []]]);
  // The quiet case's change still gets the built-in verdict for forward compatibility.
  assert.equal(results[1].findings.map((f) => `${f.rule} ${f.severity}`), ['json-schema-enum-value-added breaking']);
});

test.run();
