/** Operators, the dotted path resolver and message interpolation. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OPERATORS } from '../../src/classify/operators.ts';
import { dottedPath, RuleIndex } from '../../src/classify/engine.ts';
import type { RuleDefinition } from '../../src/ruleset/load-rules.ts';
import { interpolate, unknownPlaceholders } from '../../src/classify/message.ts';
import type { RawChange } from '../../src/diff/types.ts';

test('operators', () => {
  assert.ok(OPERATORS.subsetOf(['a'], ['a', 'b']));
  assert.not.ok(OPERATORS.subsetOf(['a', 'c'], ['a', 'b']));
  assert.ok(OPERATORS.supersetOf(['a', 'b'], ['a']));
  assert.ok(OPERATORS.typeWidened({ before: 'integer', after: 'number' }, true));
  assert.not.ok(OPERATORS.typeWidened({ before: 'number', after: 'integer' }, true));
  assert.ok(OPERATORS.present(0, true));
  assert.ok(OPERATORS.absent(undefined, true));
});

test('dotted paths', () => {
  assert.is(dottedPath({ a: { b: 1 } }, '$.a.b'), 1);
  assert.is(dottedPath({ a: null }, '$.a.b'), undefined);
  assert.is(dottedPath({ a: [7] }, '$.a.0'), 7);
});

test('{{owner}} names what holds a changed extension', () => {
  const ext = (context: RawChange['context'], pointer: string): RawChange => ({ kind: 'extension', action: 'changed', revisionPointer: pointer, context: { field: 'x-a', ...context } });
  const owner = (c: RawChange) => interpolate('{{owner}}', c);
  assert.is(owner(ext({ method: 'GET', path: '/a' }, '/paths/~1a/get/x-a')), 'operation');
  assert.is(owner(ext({ method: 'GET', path: '/a', subject: 'query parameter limit', in: 'query', name: 'limit' }, '/x')), 'query parameter limit');
  assert.is(owner(ext({ method: 'GET', path: '/a', subject: 'response schema Pet', component: 'Pet', schemaPath: 'owner' }, '/x')), 'response schema Pet property owner');
  assert.is(owner(ext({}, '/info/x-a')), 'info');
  assert.is(owner(ext({}, '/x-a')), 'document');
});

test('dotted paths follow own properties only, never inherited ones', () => {
  assert.is(dottedPath({ a: {} }, '$.constructor.name'), undefined);
  assert.is(dottedPath({ a: {} }, '$.a.constructor'), undefined);
  assert.is(dottedPath({ a: {} }, '$.__proto__.x'), undefined);
  assert.is(dottedPath({ a: 'text' }, '$.a.length'), undefined);
  assert.is(dottedPath({ a: { toString: 'own' } }, '$.a.toString'), 'own');
});

test('a rule whose condition reaches an inherited property does not fire', async () => {
  const rule = (id: string, path: string, value: unknown): RuleDefinition => ({
    id, category: 'test', format: 'openapi', summary: id, docs: id, severity: 'breaking', message: id,
    on: { kind: ['schema-property'] }, conditions: { all: [{ fact: 'change', path, operator: 'equal', value }] },
    priority: 1, file: `${id}.json`, builtIn: false,
  });
  const index = new RuleIndex([
    rule('acme/constructor', '$.constructor.name', 'Object'),
    rule('acme/proto', '$.__proto__.constructor.name', 'Object'),
    rule('acme/to-string', '$.context.toString.name', 'toString'),
    rule('acme/kind', '$.kind', 'schema-property'),
  ], []);
  const change: RawChange = { kind: 'schema-property', action: 'added', context: {} };
  const fired = (await index.matching(change)).map((r) => r.id);
  assert.equal(fired, ['acme/kind']);
});

test('interpolation fills context and derived words; unknown names are errors', () => {
  const change: RawChange = { kind: 'schema-max-length', action: 'decreased', context: { method: 'POST', path: '/a', subject: 'request body', schemaPath: 'name', from: '10', to: '5' } };
  assert.is(interpolate('{{operation}}: {{target}} maxLength {{from}} -> {{to}}', change), 'POST /a: request body property name maxLength 10 -> 5');
  assert.equal(unknownPlaceholders('{{method}} {{nope}}'), ['nope']);
  const inComponent: RawChange = { ...change, context: { ...change.context, subject: 'request schema Pet', component: 'Pet', schemaPath: 'name' } };
  assert.is(interpolate('{{target}} in {{component}}', inComponent), 'request schema Pet property name in Pet');
  assert.throws(() => interpolate('{{nope}}', change), /unknown placeholder/);
});


test('changes that agree on every path the rules read share one answer; any read path tells them apart', async () => {
  const rule = (id: string, conditions: RuleDefinition['conditions'], priority: number): RuleDefinition => ({
    id, category: 'test', format: 'openapi', summary: id, docs: id, severity: 'breaking', message: id,
    on: { kind: ['schema-property'] }, conditions, priority, file: `${id}.json`, builtIn: false,
  });
  const index = new RuleIndex([
    rule('acme/required', { all: [{ fact: 'change', path: '$.context.required', operator: 'equal', value: true }] }, 2),
    rule('acme/request', { all: [{ condition: 'request-side' }] }, 1),
  ], [{ name: 'request-side', file: 'request-side.json', conditions: { all: [{ fact: 'change', path: '$.context.direction', operator: 'equal', value: 'request' }] } }]);
  const change = (context: RawChange['context']): RawChange => ({ kind: 'schema-property', action: 'added', context });
  const fired = async (context: RawChange['context']) => (await index.matching(change(context))).map((r) => r.id);
  assert.equal(await fired({ direction: 'request', required: true, property: 'a' }), ['acme/required', 'acme/request']);
  assert.equal(await fired({ direction: 'request', required: true, property: 'b' }), ['acme/required', 'acme/request']);
  assert.equal(await fired({ direction: 'response', required: true, property: 'a' }), ['acme/required']);
  assert.equal(await fired({ direction: 'request', property: 'a' }), ['acme/request']);
  assert.equal(await fired({ direction: 'request', required: 'true' as unknown as boolean }), ['acme/request']);
});

test.run();
