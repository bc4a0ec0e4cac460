/** Operators, the dotted path resolver and message interpolation. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OPERATORS } from '../../src/classify/operators.ts';
import { dottedPath } from '../../src/classify/engine.ts';
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
});

test('interpolation fills context and derived words; unknown names are errors', () => {
  const change: RawChange = { kind: 'schema-max-length', action: 'decreased', context: { method: 'POST', path: '/a', subject: 'request body', schemaPath: 'name', from: '10', to: '5' } };
  assert.is(interpolate('{{operation}}: {{target}} maxLength {{from}} -> {{to}}', change), 'POST /a: request body property name maxLength 10 -> 5');
  assert.equal(unknownPlaceholders('{{method}} {{nope}}'), ['nope']);
  assert.throws(() => interpolate('{{nope}}', change), /unknown placeholder/);
});

test.run();
