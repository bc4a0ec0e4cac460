/** Runs every built-in rule's case file (fixtures/rules/openapi/<rule-id>.yaml) through the rule tester. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stringify } from 'yaml';
import { join } from 'node:path';
import { builtInRules } from '../../src/ruleset/load-rules.ts';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const CASES = join(FIXTURES, 'rules/openapi');

test('every built-in rule passes its fires and quiet cases', async () => {
  const failures: string[] = [];
  for (const rule of builtInRules()) {
    const caseFile = join(CASES, `${rule.id}.yaml`);
    if (!existsSync(caseFile)) { failures.push(`${rule.id}: no case file`); continue; }
    for (const result of await runRuleCases(rule.file, caseFile)) {
      for (const problem of result.problems) failures.push(`${rule.id} [${result.group}] ${result.name}: ${problem}`);
    }
  }
  assert.equal(failures, [], failures.slice(0, 30).join('\n'));
});

test('a team runs its own rule file with the same runner', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'specver-team-rules-'));
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

test.run();
