/** Rule files are data: code-executing selectors, catastrophic regexes and unknown fields are refused (exit 3). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { JSONPath } from 'jsonpath-plus';
import { ConfigError, ToolError } from '../../src/errors.ts';
import { loadLintRules, parseLintRule } from '../../src/lint/load-lint-rules.ts';
import { unsafeJsonPathReason, unsafeRegexReason } from '../../src/lint/safe-expressions.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const rule = (fields: Record<string, unknown>) =>
  JSON.stringify({ id: 'acme-rule', description: 'd', message: 'm', severity: 'error', given: '$.info', then: { field: 'title', function: 'truthy' }, ...fields });

function refused(text: string, pattern: RegExp): void {
  try {
    parseLintRule(text, 'rules/acme-rule.json');
  } catch (error) {
    assert.instance(error, ToolError);
    assert.is((error as ToolError).exitCode, 3);
    assert.match((error as Error).message, 'rules/acme-rule.json');
    assert.match((error as Error).message, pattern);
    return;
  }
  assert.unreachable('the rule was accepted');
}

test('a JSONPath that tries to run code is refused and nothing runs', () => {
  const g = globalThis as Record<string, unknown>;
  delete g.__specverPwned;
  refused(rule({ given: "$..[?(@.constructor.constructor('globalThis.__specverPwned = 1')())]" }), /refused JSONPath/);
  refused(rule({ given: '$..[?(@.__proto__)]' }), /refused JSONPath/);
  refused(rule({ given: "$..[?(process.exit(1))]" }), /refused JSONPath/);
  refused(rule({ given: '$..[?((() => 1)())]' }), /refused JSONPath/);
  assert.is(g.__specverPwned, undefined);
});

test('the safe evaluator itself refuses the constructor chain (second line of defence)', () => {
  const g = globalThis as Record<string, unknown>;
  delete g.__specverPwned;
  try {
    JSONPath({ path: "$..[?(@.constructor.constructor('globalThis.__specverPwned = 1')())]", json: { a: { b: 1 } }, eval: 'safe' });
  } catch {
    // refusing with an error is fine too
  }
  assert.is(g.__specverPwned, undefined);
});

test('plain comparison filters are accepted', () => {
  assert.is(unsafeJsonPathReason("$.paths[*][*].parameters[?(@.in === 'path')]"), undefined);
  assert.is(unsafeJsonPathReason('$.paths[?(@property.match(/^x-/))]'), undefined);
  assert.is(unsafeJsonPathReason('$..description'), undefined);
});

test('a catastrophic regex in a pattern function is refused', () => {
  refused(rule({ then: { field: 'title', function: 'pattern', functionOptions: { match: '^(a+)+$' } } }), /backtrack/);
  refused(rule({ then: { field: 'title', function: 'pattern', functionOptions: { notMatch: '(x|x?)*y' } } }), /backtrack/);
  refused(rule({ then: { field: 'title', function: 'pattern', functionOptions: { match: '([a-z' } } }), /compile/);
  refused(rule({ then: { field: 'title', function: 'schema', functionOptions: { schema: { type: 'string', pattern: '^(a|a)*$' } } } }), /backtrack/);
});

test('regex guard: nested quantifiers out, separated repetition in', () => {
  for (const bad of ['(a+)+', '(a*)*', '(.*a){10}', '(\\w+\\s?)+$', '((ab)*)+']) assert.ok(unsafeRegexReason(bad), bad);
  for (const ok of ['^[a-z]+(-[a-z]+)*$', '^\\d+(\\.\\d+)*$', '^(?:[a-z]{2})?$', 'a+b+', '^x-']) assert.is(unsafeRegexReason(ok), undefined, ok);
});

test('regex guard: polynomial wildcards and overlaps hidden by escapes are refused, also in JSONPath filters', () => {
  for (const bad of ['.*.*.*.*.*.*y', '^.+[^/]*\\S+x', '(a|\\x61)+', '(\\u0061|a)*', '(\\u{61}|a)+', '(\\cJ|\\n)+']) assert.ok(unsafeRegexReason(bad), bad);
  for (const ok of ['.*foo.*bar', '<script', '^([a-z]+://)?([^/]*\\.)?example\\.com', '(\\.|-)+']) assert.is(unsafeRegexReason(ok), undefined, ok);
  assert.match(unsafeJsonPathReason('$..[?(@.name.match(/(a+)+$/))]') ?? '', /backtrack/);
  assert.match(unsafeJsonPathReason('$..[?(/.*.*.*x/.test(@.name))]') ?? '', /polynomially/);
  assert.is(unsafeJsonPathReason('$..[?(@.name.match(/^x-[a-z]+$/i))]'), undefined);
  refused(rule({ then: { field: 'title', function: 'pattern', functionOptions: { match: '.*.*.*.*.*.*y' } } }), /polynomially/);
  refused(rule({ given: '$..[?(@.name.match(/(a|\\x61)+$/))]' }), /backtrack/);
});

test('unknown fields, a bad function and an id that differs from the file name are refused', () => {
  refused(rule({ sevrity: 'warn' }), /unknown field 'sevrity'/);
  refused(rule({ then: { function: 'eval' } }), /invalid lint rule/);
  refused(rule({ id: 'other-name' }), /must match the file name/);
  refused(rule({ then: { field: 'info.__proto__', function: 'truthy' } }), /prototype chain/);
  refused('{ not json', /not valid JSON/);
  refused(rule({ given: '$..[?(@.a ===)]' }), /invalid JSONPath/);
});

test('severity overrides: off and new levels apply; unknown ids and levels are config errors', () => {
  const project = emptyProject();
  const rules = loadLintRules({ root: project.dir, files: [], severity: { 'info-contact': 'off', 'info-license': 'error' } });
  assert.is(rules.find((r) => r.id === 'info-contact')?.severity, 'off');
  assert.is(rules.find((r) => r.id === 'info-license')?.severity, 'error');
  assert.throws(() => loadLintRules({ root: project.dir, files: [], severity: { 'no-such-rule': 'off' } }), (e: unknown) => e instanceof ConfigError && /no-such-rule/.test((e as Error).message));
  assert.throws(() => loadLintRules({ root: project.dir, files: [], severity: { 'info-contact': 'loud' } }), (e: unknown) => e instanceof ConfigError);
});

test('custom rule files load; a missing one is a configuration error naming it', () => {
  const project = emptyProject();
  project.write('lint/acme-rule.json', rule({ id: 'acme/acme-rule' }));
  const rules = loadLintRules({ root: project.dir, files: ['lint/acme-rule.json'], severity: { 'acme/acme-rule': 'warn' } });
  assert.is(rules.find((r) => r.id === 'acme/acme-rule')?.severity, 'warn');
  assert.throws(() => loadLintRules({ root: project.dir, files: ['lint/missing.json'], severity: {} }), (e: unknown) => e instanceof ConfigError && /lint\/missing\.json/.test((e as Error).message));
});

test.run();
