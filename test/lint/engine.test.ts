/** The engine and the core functions the built-in rules do not all exercise. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { JSONPath } from 'jsonpath-plus';
import { lintDocumentFromText } from '../../src/lint/document.ts';
import { FUNCTIONS } from '../../src/lint/functions/index.ts';
import { parseLintRule } from '../../src/lint/load-lint-rules.ts';
import { interpolate, runLint } from '../../src/lint/run-lint.ts';

const DOC = `openapi: 3.0.3
info: {title: Pets, version: '1', description: top}
tags: [{name: b, description: bee}, {name: a}]
paths:
  /pets:
    get:
      description: list
      operationId: list_pets
      responses: {'200': {description: ok}}
`;

function ruleOf(fields: Record<string, unknown>) {
  const id = (fields.id as string | undefined) ?? 'acme-test';
  return parseLintRule(JSON.stringify({ id, description: 'a test rule', message: '{{property}}: {{error}}', severity: 'warn', ...fields }), `${id}.json`);
}

test('$..name fast path finds what jsonpath-plus finds', async () => {
  const doc = lintDocumentFromText(DOC, 'spec.yaml');
  const expected = (JSONPath({ path: '$..description', json: doc.data as object, resultType: 'pointer' }) as string[]).sort();
  const found = (await runLint(doc, [ruleOf({ given: '$..description', then: { function: 'falsy' } })])).map((v) => v.pointer).sort();
  assert.equal(found, expected);
  assert.is(found.length, 4);
});

const run = (name: string, value: unknown, options: Record<string, unknown> = {}) => FUNCTIONS[name].run!(value, options, { pointer: '', value, match: { pointer: '', value, key: undefined } }, { doc: lintDocumentFromText(DOC, 'spec.yaml') });

test('core functions: casing, length, enumeration, alphabetical, defined/undefined, xor', () => {
  assert.equal(run('casing', 'list_pets', { type: 'camel' }).length, 1);
  assert.equal(run('casing', 'listPets', { type: 'camel' }), []);
  assert.equal(run('casing', 'list-pets', { type: 'kebab' }), []);
  assert.equal(run('length', 'ab', { min: 3 }).length, 1);
  assert.equal(run('length', [1, 2], { max: 2 }), []);
  assert.equal(run('enumeration', 'x', { values: ['a', 'b'] }).length, 1);
  assert.equal(run('alphabetical', [{ name: 'b' }, { name: 'a' }], { keyedBy: 'name' }).length, 1);
  assert.equal(run('alphabetical', { a: 1, b: 2 }, {}), []);
  assert.equal(run('defined', undefined, {}).length, 1);
  assert.equal(run('undefined', 1, {}).length, 1);
  assert.equal(run('xor', { a: 1, b: 2 }, { properties: ['a', 'b'] }).length, 1);
  assert.equal(run('pattern', 'a'.repeat(50_000), { match: '^a+$' }), [], 'long input is capped, not rejected');
});

test('rules with several then clauses, @key fields and a filter', async () => {
  const doc = lintDocumentFromText(DOC, 'spec.yaml');
  const found = await runLint(doc, [
    ruleOf({ given: '$.tags', then: { function: 'alphabetical', functionOptions: { keyedBy: 'name' } } }),
    ruleOf({ id: 'acme-ids', given: "$.paths[*][?(@.operationId)]", then: [{ field: 'operationId', function: 'casing', functionOptions: { type: 'camel' } }, { field: '@key', function: 'enumeration', functionOptions: { values: ['post'] } }] }),
  ]);
  const messages = found.map((v) => `${v.rule} ${v.pointer} ${v.message} line ${v.line}`).sort();
  assert.equal(messages, [
    "acme-ids /paths/~1pets/get get: must be one of post line 6",
    'acme-ids /paths/~1pets/get/operationId operationId: must be camel case line 8',
    "acme-test /tags tags: must be sorted alphabetically ('a' comes before 'b') line 3",
  ]);
});

test('message placeholders; unknown ones stay empty', () => {
  assert.is(interpolate('{{property}} is {{value}} at {{path}} ({{nope}})', { property: 'x', value: { a: 1 }, path: '/x' }), 'x is {"a":1} at /x ()');
});

test('formats limit a rule to the documents it names', async () => {
  const doc = lintDocumentFromText(DOC, 'spec.yaml');
  const rule = ruleOf({ formats: ['openapi-2.0'], given: '$.info', then: { field: 'license', function: 'truthy' } });
  assert.equal(await runLint(doc, [rule]), []);
  assert.is((await runLint(doc, [{ ...rule, formats: ['openapi-3.0'] }])).length, 1);
});

test('aliases: #operations, a sub-path, and #schemas with every subschema', async () => {
  const doc = lintDocumentFromText(`${DOC}components:
  schemas:
    Pet: {type: object, properties: {tags: {type: array, items: {type: string}}}}
    Ref: {$ref: '#/components/schemas/Pet'}
`, 'spec.yaml');
  const pointers = async (given: string) => (await runLint(doc, [ruleOf({ given, then: { function: 'falsy' } })])).map((v) => v.pointer);
  assert.equal(await pointers('#operations'), ['/paths/~1pets/get']);
  assert.equal(await pointers('#operations.responses[*]'), ['/paths/~1pets/get/responses/200']);
  assert.equal((await pointers('#schemas')).sort(), ['/components/schemas/Pet', '/components/schemas/Pet/properties/tags', '/components/schemas/Pet/properties/tags/items', '/components/schemas/Ref']);
});

test('an unknown alias is refused when the rule file loads, naming the file', () => {
  assert.throws(() => ruleOf({ given: '#nope', then: { function: 'truthy' } }), /acme-test\.json: unknown alias '#nope'/);
});

test('function options are checked against the function schema, naming the rule file', () => {
  assert.throws(() => ruleOf({ given: '$', then: { function: 'casing', functionOptions: { type: 'shouting' } } }), /acme-test\.json: invalid functionOptions for casing: casing \/type must be equal to one of the allowed values/);
  assert.throws(() => ruleOf({ given: '$', then: { function: 'xor', functionOptions: { properties: ['a'], extra: 1 } } }), /unknown option 'extra'/);
});

test('a team rule naming a check of earlier versions runs as the built-in rule it became, worded as before', async () => {
  const doc = lintDocumentFromText(`${DOC}  /other:
    get:
      operationId: list_pets
      responses: {'200': {description: ok}}
`, 'spec.yaml');
  const legacy = parseLintRule(JSON.stringify({ id: 'acme/ids', description: 'd', message: 'acme: {{error}}', severity: 'error', check: 'unique-operation-ids' }), 'rules/ids.json');
  assert.equal((await runLint(doc, [legacy])).map((v) => `${v.pointer} ${v.message}`), ["/paths/~1other/get/operationId acme: operationId 'list_pets' is already used by GET /pets"]);
  assert.throws(() => parseLintRule(JSON.stringify({ description: 'd', message: 'm', severity: 'warn', given: '$', then: { function: 'truthy' } }), 'rules/x.json'), /rules\/x\.json: invalid lint rule: \/ missing required field 'id'/);
});

test.run();
