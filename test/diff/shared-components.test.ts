/** API-level changes inside reusable components (parameters, responses, headers) are reported once. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffApi } from '../../src/diff/diff-api.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

function doc(text: string, style = 'form') {
  const op = (status: string) => ({
    parameters: [{ $ref: '#/components/parameters/Q' }, { name: 'own', in: 'query', description: text, schema: { type: 'string' } }],
    responses: { [status]: { $ref: '#/components/responses/NotFound' } },
  });
  return {
    openapi: '3.0.3', info: { title: 't', version: '1' },
    components: {
      responses: { NotFound: { description: text, headers: { 'X-A': { description: text, schema: { type: 'string' } } } } },
      parameters: { Q: { name: 'q', in: 'query', style, description: text, schema: { type: 'string' } } },
    },
    paths: { '/a': { get: op('404') }, '/b': { get: op('410') } },
  };
}

test('a field changed in a shared parameter, response or header is one change located in the component', () => {
  const changes = diffApi(inlineSpec(doc('one')), inlineSpec(doc('two')), { today: new Date() });
  const shared = changes.filter((c) => c.revisionPointer?.startsWith('/components/'));
  assert.equal(shared.map((c) => c.revisionPointer).sort(), [
    '/components/parameters/Q/description',
    '/components/responses/NotFound/description',
    '/components/responses/NotFound/headers/X-A/description',
  ]);
  for (const change of shared) assert.equal(change.usedBy, ['GET /a', 'GET /b']);
  // The operations' own parameters changed twice: once each, with no usedBy.
  const own = changes.filter((c) => c.context.name === 'own');
  assert.equal(own.map((c) => c.revisionPointer), ['/paths/~1a/get/parameters/1/description', '/paths/~1b/get/parameters/1/description']);
  assert.ok(own.every((c) => c.usedBy === undefined));
});

test('a shared parameter whose serialization changed is reported once', () => {
  const changes = diffApi(inlineSpec(doc('one')), inlineSpec(doc('one', 'spaceDelimited')), { today: new Date() });
  // spaceDelimited also changes the default of explode (true for form only), which a string cannot show.
  assert.equal(changes.map((c) => c.kind), ['parameter-style']);
  for (const change of changes) {
    assert.is(change.revisionPointer, '/components/parameters/Q');
    assert.equal(change.usedBy, ['GET /a', 'GET /b']);
  }
});

test.run();
