/**
 * The catalogue's own invariants: id = file name, schema-valid, docs present, placeholders known and
 * fillable, >= 1 fires and >= 1 quiet case per rule, request/response mirrors or a waiver, no built-in
 * fixture leaving a change unclassified, and no two rules of the same priority firing on one change.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { builtInRules, RULES_DIR } from '../../src/ruleset/load-rules.ts';
import { unknownPlaceholders } from '../../src/classify/message.ts';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { validateAgainst } from '../../src/schema-validation.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const CASES = join(FIXTURES, 'rules/openapi');
const rules = builtInRules();
const ids = new Set(rules.map((r) => r.id));

test('at least 200 rules, each schema-valid with id = file name and docs', () => {
  assert.ok(rules.length >= 200, `only ${rules.length} rules`);
  for (const file of readdirSync(join(RULES_DIR, 'classify'))) {
    const data = JSON.parse(readFileSync(join(RULES_DIR, 'classify', file), 'utf8'));
    assert.equal(validateAgainst('classify-rule.schema.json', data), [], file);
    assert.is(data.id, basename(file, '.json'));
    assert.ok(data.docs.length > 10, `${file}: docs`);
  }
});

test('the rule schema refuses an unknown key and a non-dotted path', () => {
  const rule = JSON.parse(readFileSync(join(RULES_DIR, 'classify/operation-removed.json'), 'utf8'));
  assert.ok(validateAgainst('classify-rule.schema.json', { ...rule, severty: 'x' }).length > 0);
  const bad = { ...rule, conditions: { all: [{ fact: 'change', path: '$..context[0]', operator: 'equal', value: 1 }] } };
  assert.ok(validateAgainst('classify-rule.schema.json', bad).length > 0);
});

test('every placeholder is known', () => {
  for (const rule of rules) assert.equal(unknownPlaceholders(rule.message), [], rule.id);
});

test('every rule has a case file with at least one fires and one quiet case', () => {
  for (const rule of rules) {
    const data = parse(readFileSync(join(CASES, `${rule.id}.yaml`), 'utf8'));
    assert.is(data.rule, rule.id);
    assert.ok((data.fires ?? []).length >= 1, `${rule.id}: no fires case`);
    assert.ok((data.quiet ?? []).length >= 1, `${rule.id}: no quiet case`);
  }
  for (const file of readdirSync(CASES)) assert.ok(ids.has(basename(file, '.yaml')), `case file without a rule: ${file}`);
});

test('request-/response- rules come in mirror pairs or record a waiver', () => {
  for (const rule of rules) {
    const match = /^(request|response)-(.*)$/.exec(rule.id);
    if (!match) continue;
    const mirror = `${match[1] === 'request' ? 'response' : 'request'}-${match[2]}`;
    assert.ok(ids.has(mirror) || rule.mirrorWaiver, `${rule.id}: no ${mirror} and no mirrorWaiver`);
  }
});

test('built-in fixtures: no unclassified change, messages fill, no same-priority conflict', async () => {
  const problems: string[] = [];
  for (const rule of rules) {
    for (const result of await runRuleCases(rule.file, join(CASES, `${rule.id}.yaml`))) {
      for (const f of result.findings) {
        if (f.rule === 'unclassified') problems.push(`${rule.id} / ${result.name}: unclassified at ${f.location}`);
        if (f.message.includes('(none)')) problems.push(`${rule.id} / ${result.name}: unfilled placeholder in "${f.message}"`);
      }
      for (const fired of result.fired) {
        if (fired.length > 1 && fired[0].priority === fired[1].priority) problems.push(`${rule.id} / ${result.name}: ${fired[0].rule} and ${fired[1].rule} both fire at priority ${fired[0].priority}`);
      }
    }
  }
  assert.equal(problems, [], problems.slice(0, 30).join('\n'));
});

test.run();
