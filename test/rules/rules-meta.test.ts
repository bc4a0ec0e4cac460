/**
 * The catalogue's own invariants: id = file name, schema-valid, docs present, placeholders known, no case file
 * without a rule, request/response mirrors or a waiver. The checks that need the built-in cases run (>= 1
 * fires and >= 1 quiet case per rule, no change left unclassified, messages fill, no two rules of the same
 * priority firing on one change) are in test/rules/rules.test.ts, on its one run of every case.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { builtInRules, JSON_SCHEMA_RULES_DIR, RULES_DIR } from '../../src/ruleset/load-rules.ts';
import { CHANGE_KINDS } from '../../src/diff/types.ts';
import { unknownPlaceholders } from '../../src/classify/message.ts';
import { validateAgainst } from '../../src/schema-validation.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

/** Case files live beside their format: fixtures/rules/<format>/<rule-id>.yaml. */
const casesDir = (format: string) => join(FIXTURES, 'rules', format);
const rules = builtInRules();
const ids = new Set(rules.map((r) => r.id));

test('at least 200 rules, each schema-valid with id = file name and docs', () => {
  assert.ok(rules.length >= 200, `only ${rules.length} rules`);
  const files = [RULES_DIR, JSON_SCHEMA_RULES_DIR].flatMap((dir) => readdirSync(join(dir, 'classify')).map((file) => join(dir, 'classify', file)));
  for (const path of files) {
    const file = basename(path);
    const data = JSON.parse(readFileSync(path, 'utf8'));
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

test('every case file belongs to a rule (test/rules/rules.test.ts runs the cases of every rule)', () => {
  for (const format of ['openapi', 'json-schema']) {
    for (const file of readdirSync(casesDir(format))) assert.ok(ids.has(basename(file, '.yaml')), `case file without a rule: ${format}/${file}`);
  }
});

test('request-/response- rules come in mirror pairs or record a waiver', () => {
  for (const rule of rules) {
    const match = /^(request|response)-(.*)$/.exec(rule.id);
    if (!match) continue;
    const mirror = `${match[1] === 'request' ? 'response' : 'request'}-${match[2]}`;
    assert.ok(ids.has(mirror) || rule.mirrorWaiver, `${rule.id}: no ${mirror} and no mirrorWaiver`);
  }
});

test('the rule schema lists exactly the change kinds the diff emits', () => {
  const schema = JSON.parse(readFileSync(join(RULES_DIR, '../../schemas/classify-rule.schema.json'), 'utf8'));
  assert.equal(schema.$defs.kind.enum, [...CHANGE_KINDS]);
});

test('json-schema rules: format set, compatibility-dependent rules come in breaking/-compatible pairs', () => {
  const jsonSchemaRules = rules.filter((r) => r.file.startsWith(JSON_SCHEMA_RULES_DIR));
  assert.ok(jsonSchemaRules.length >= 100, `only ${jsonSchemaRules.length} json-schema rules`);
  for (const rule of jsonSchemaRules) {
    assert.is(rule.format, 'json-schema', rule.id);
    const text = JSON.stringify(rule.conditions ?? {});
    if (!/-(breaks|compatible)"/.test(text)) continue;
    const base = rule.id.replace(/-compatible$/, '');
    assert.ok(ids.has(base) && ids.has(`${base}-compatible`), `${rule.id}: no breaking/-compatible pair`);
    assert.is(rules.find((r) => r.id === base)!.severity, 'breaking', base);
    assert.is(rules.find((r) => r.id === `${base}-compatible`)!.severity, 'non-breaking', `${base}-compatible`);
  }
  for (const rule of rules.filter((r) => r.format === 'openapi')) assert.ok(!rule.id.startsWith('json-schema-'), rule.id);
});

test.run();
