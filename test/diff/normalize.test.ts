/** OpenAPI 2.0 / 3.0 / 3.1 folded into one model. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeOpenApi, pathTemplateKey } from '../../src/normalize/openapi.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

test('path templates are equal up to parameter names; path parameters match by position', () => {
  assert.is(pathTemplateKey('/u/{id}/p/{pid}'), '/u/{}/p/{}');
  const doc = (name: string) => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { [`/u/{${name}}`]: { get: { parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } } } } });
  // The same parameter in the same place: one rename, no removal or addition.
  const changes = diffApi(inlineSpec(doc('id')), inlineSpec(doc('userId')), { today: new Date() });
  assert.equal(changes.map((c) => [c.kind, c.action, c.context.from, c.context.to]), [['parameter-name', 'changed', 'id', 'userId']]);
});

test('path-level parameters are merged into operations (operation wins)', () => {
  const model = normalizeOpenApi({ paths: { '/a': { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }, { name: 'x', in: 'header', schema: {} }], get: { parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }], responses: {} } } } }, '3.0');
  const op = model.operations.get('GET /a')!;
  assert.equal([...op.parameters.keys()].sort(), ['header:x', 'query:q']);
  assert.is(op.parameters.get('query:q')!.required, true);
});

test('Swagger 2.0 body, formData, produces/consumes and inline parameter types map onto the same model', () => {
  const swagger = {
    swagger: '2.0', consumes: ['application/json'], produces: ['application/json'],
    paths: {
      '/pets': {
        post: { parameters: [{ name: 'body', in: 'body', required: true, schema: { type: 'object' } }, { name: 'limit', in: 'query', type: 'integer', maximum: 10 }], responses: { 200: { description: 'ok', schema: { type: 'array' } } } },
        put: { consumes: ['multipart/form-data'], parameters: [{ name: 'file', in: 'formData', type: 'file', required: true }], responses: {} },
      },
    },
  };
  const model = normalizeOpenApi(swagger, '2.0');
  const post = model.operations.get('POST /pets')!;
  assert.equal([...post.requestBody!.content.keys()], ['application/json']);
  assert.is(post.requestBody!.required, true);
  assert.equal(post.parameters.get('query:limit')!.schema, { type: 'integer', maximum: 10 });
  assert.equal(post.responses.get('200')!.content.get('application/json')!.schema, { type: 'array' });
  const put = model.operations.get('PUT /pets')!;
  assert.equal(put.requestBody!.content.get('multipart/form-data')!.schema, { type: 'object', properties: { file: { type: 'file' } }, required: ['file'] });
});

test('a 2.0 parameter maximum change is a schema change like in 3.x', () => {
  const doc = (maximum: number) => ({ swagger: '2.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { parameters: [{ name: 'n', in: 'query', type: 'integer', maximum }], responses: { 200: { description: 'ok' } } } } } });
  const changes = diffApi(inlineSpec(doc(10)), inlineSpec(doc(5)), { today: new Date() });
  assert.equal(changes.map((c) => `${c.kind}:${c.action}:${c.context.direction}`), ['schema-maximum:decreased:request']);
});

test('a 2.0 formData parameter change is located at the parameter, and x-nullable is nullable', () => {
  const doc = (type: string, extra: object = {}) => ({ swagger: '2.0', info: { title: 't', version: '1' }, paths: { '/a': { post: { consumes: ['application/x-www-form-urlencoded'], parameters: [{ name: 'n', in: 'formData', type, ...extra }], responses: { 200: { description: 'ok' } } } } } });
  const changes = diffApi(inlineSpec(doc('number')), inlineSpec(doc('string')), { today: new Date() });
  assert.equal(changes.map((c) => [c.kind, c.revisionPointer]), [['schema-type', '/paths/~1a/post/parameters/0/type']]);
  const nullable = diffApi(inlineSpec(doc('string')), inlineSpec(doc('string', { 'x-nullable': true })), { today: new Date() });
  assert.equal(nullable.map((c) => `${c.kind}:${c.action}`), ['schema-nullable:added']);
});

test('webhooks and callbacks swap direction', () => {
  const hook = (required: string[]) => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, webhooks: { pet: { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } }, required } } } }, responses: { 200: { description: 'ok' } } } } } });
  const changes = diffApi(inlineSpec(hook([])), inlineSpec(hook(['a'])), { today: new Date() });
  assert.equal(changes.map((c) => `${c.kind}:${c.context.direction}:${c.context.operationRole}`), ['schema-required:response:webhook']);
});

test.run();
