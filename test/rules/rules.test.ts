/**
 * Runs every built-in rule's case file (fixtures/rules/<format>/<rule-id>.yaml) through the rule tester once;
 * the checks on the built-in fixtures as a whole read that pass's results instead of running the cases again.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { join } from 'node:path';
import { builtInRules } from '../../src/ruleset/load-rules.ts';
import { runCaseFile, runRuleCases, type CaseResult } from '../../src/classify/rule-tester.ts';
import { severityPolicy } from '../../src/ruleset/apply-overrides.ts';
import { FIXTURES } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Case files live beside their format: fixtures/rules/<format>/<rule-id>.yaml. */
const casesDir = (format: string) => join(FIXTURES, 'rules', format);

/** Results of each built-in rule's cases, by rule id: the first test runs them, later tests read them. */
const caseResults = new Map<string, CaseResult[]>();
async function resultsOf(rule: { id: string; file: string; format: string }): Promise<CaseResult[]> {
  const known = caseResults.get(rule.id);
  if (known) return known;
  const results = await runRuleCases(rule.file, join(casesDir(rule.format), `${rule.id}.yaml`));
  caseResults.set(rule.id, results);
  return results;
}

test('every built-in rule passes its fires and quiet cases', async () => {
  const failures: string[] = [];
  for (const rule of builtInRules()) {
    const caseFile = join(casesDir(rule.format), `${rule.id}.yaml`);
    if (!existsSync(caseFile)) { failures.push(`${rule.id}: no case file`); continue; }
    for (const result of await resultsOf(rule)) {
      for (const problem of result.problems) failures.push(`${rule.id} [${result.group}] ${result.name}: ${problem}`);
    }
  }
  assert.equal(failures, [], failures.slice(0, 30).join('\n'));
});

test('every built-in rule has at least one fires and one quiet case', async () => {
  for (const rule of builtInRules()) {
    const results = await resultsOf(rule); // runRuleCases refuses a case file written for another rule
    assert.ok(results.some((r) => r.group === 'fires'), `${rule.id}: no fires case`);
    assert.ok(results.some((r) => r.group === 'quiet'), `${rule.id}: no quiet case`);
  }
});

test('built-in fixtures: no unclassified change, messages fill, no same-priority conflict', async () => {
  const problems: string[] = [];
  for (const rule of builtInRules()) {
    for (const result of await resultsOf(rule)) {
      for (const f of result.findings) {
        if (f.rule === 'unclassified') problems.push(`${rule.id} / ${result.name}: unclassified at ${f.location}`);
        if (f.message.includes('(none)')) problems.push(`${rule.id} / ${result.name}: unfilled placeholder in "${f.message}"`);
      }
      for (const fired of result.fired) {
        if (fired.length > 1 && fired[0]!.priority === fired[1]!.priority) problems.push(`${rule.id} / ${result.name}: ${fired[0]!.rule} and ${fired[1]!.rule} both fire at priority ${fired[0]!.priority}`);
      }
    }
  }
  assert.equal(problems, [], problems.slice(0, 30).join('\n'));
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

test('opt-in rules stay out of other rules\' cases unless the severity policy turns them on', async () => {
  const rules = builtInRules().filter((r) => r.format === 'openapi');
  const rule = rules.find((r) => r.id === 'operation-added')!;
  const ok = { responses: { '200': { description: 'ok' } } };
  const cases = {
    rule: 'operation-added',
    fires: [{ name: 'an operation added, info.version kept', base: { paths: { '/items': { post: ok } } }, revision: { paths: { '/items': { post: ok, get: ok } } }, expect: [{ location: '/paths/~1items/get' }] }],
    quiet: [],
  };
  const [plain] = await runCaseFile(cases, rule, rules);
  assert.equal(plain.problems, []);
  assert.not.ok(plain.findings.some((f) => f.rule === 'info-version-unchanged'), JSON.stringify(plain.findings));
  const [enabled] = await runCaseFile(cases, rule, rules, severityPolicy(rules, { 'info-version-unchanged': 'breaking' }));
  assert.ok(enabled.findings.some((f) => f.rule === 'info-version-unchanged' && f.severity === 'breaking'), JSON.stringify(enabled.findings));
});

test.run();
