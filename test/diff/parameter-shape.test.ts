/** A scalar parameter that becomes an array (and back) is one change, with the scalar compared to the items. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arrayShift, isPrimitive } from '../../src/diff/parameter-shape.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

test('shapes', () => {
  assert.ok(isPrimitive({ type: 'string' }));
  assert.ok(isPrimitive({ type: ['integer', 'null'] }));
  assert.not.ok(isPrimitive({ type: ['integer', 'string'] }));
  assert.not.ok(isPrimitive({}));
  assert.is(arrayShift({ type: 'string' }, { type: 'array', items: { type: 'string' } }), 'became-array');
  assert.is(arrayShift({ type: 'array', items: { type: 'string' } }, { type: 'integer' }), 'became-scalar');
  assert.is(arrayShift({ type: 'string' }, { type: 'array' }), undefined);
  assert.is(arrayShift({ type: 'object' }, { type: 'array', items: {} }), undefined);
});

const doc = (schema: object) => ({
  openapi: '3.0.3', info: { title: 't', version: '1' },
  paths: { '/items': { get: { parameters: [{ name: 'q', in: 'query', schema }], responses: { 200: { description: 'ok' } } } } },
});

test('the old scalar is compared with the new items', () => {
  const changes = diffApi(inlineSpec(doc({ type: 'string' })), inlineSpec(doc({ type: 'array', items: { type: 'string', maxLength: 3 } })), { today: new Date(0) });
  assert.equal(changes.map((c) => [c.kind, c.action, c.revisionPointer]), [
    ['parameter-array', 'added', '/paths/~1items/get/parameters/0'],
    ['schema-max-length', 'added', '/paths/~1items/get/parameters/0/schema/items/maxLength'],
  ]);
  assert.equal(diffApi(inlineSpec(doc({ type: 'array', items: { type: 'string' } })), inlineSpec(doc({ type: 'string' })), { today: new Date(0) })
    .map((c) => [c.kind, c.action, c.context.from, c.context.to]), [['parameter-array', 'removed', 'array', 'string']]);
});

test.run();
