/** Media types compared by meaning and paired by best match. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { covers, mediaTypeKey, pairMediaTypes, parseMediaType } from '../../src/diff/media-types.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

test('parsing: essence, structured syntax, parameters without case or order', () => {
  const json = parseMediaType('Application/JSON; charset=UTF-8');
  assert.is(json.essence, 'application/json');
  assert.is(json.syntax, 'json');
  assert.is(parseMediaType('application/problem+json').syntax, 'json');
  assert.is(parseMediaType('text/plain').syntax, undefined);
  assert.is(mediaTypeKey(parseMediaType('a/b; y=2;x=1')), mediaTypeKey(parseMediaType('a/b;x=1; y=2')));
  assert.is(parseMediaType('not a media type').essence, 'not a media type/');
});

test('ranges cover the types they include, not themselves', () => {
  const p = parseMediaType;
  assert.ok(covers(p('*/*'), p('application/json')));
  assert.ok(covers(p('application/*'), p('application/problem+json')));
  assert.ok(covers(p('application/*+json'), p('application/problem+json')));
  assert.not.ok(covers(p('application/*+json'), p('application/xml')));
  assert.not.ok(covers(p('text/*'), p('application/json')));
  assert.not.ok(covers(p('application/*'), p('application/*')));
});

test('pairing: same, parameters, range, syntax, then the one left on each side', () => {
  const pair = (b: string[], r: string[]) => {
    const result = pairMediaTypes(b, r, (x) => x);
    return { both: result.both, added: result.added, removed: result.removed.map((x) => `${x.item}${x.covered ? ' (covered)' : ''}`) };
  };
  assert.equal(pair(['application/json;charset=UTF-8'], ['application/json; charset=utf-8']).both, [['application/json;charset=UTF-8', 'application/json; charset=utf-8', 'same']]);
  assert.equal(pair(['application/json; charset=utf-8'], ['application/json']).both, [['application/json; charset=utf-8', 'application/json', 'parameters']]);
  assert.equal(pair(['application/json', 'application/xml'], ['application/*']), {
    both: [['application/json', 'application/*', 'widened']], added: [], removed: ['application/xml (covered)'],
  });
  assert.equal(pair(['*/*'], ['text/plain']).both, [['*/*', 'text/plain', 'narrowed']]);
  assert.equal(pair(['application/json', 'text/csv'], ['application/vnd.a+json', 'text/html']), {
    both: [['application/json', 'application/vnd.a+json', 'renamed'], ['text/csv', 'text/html', 'renamed']], added: [], removed: [],
  });
  assert.equal(pair(['application/json', 'text/csv'], ['application/xml', 'text/html', 'image/png']), {
    both: [], added: ['application/xml', 'text/html', 'image/png'], removed: ['application/json', 'text/csv'],
  });
});

test('a renamed request content type is one change, and the schemas are compared across it', () => {
  const doc = (mediaType: string, type: string) => ({
    openapi: '3.0.3', info: { title: 't', version: '1' },
    paths: { '/items': { post: { requestBody: { content: { [mediaType]: { schema: { type: 'object', properties: { n: { type } } } } } }, responses: { 200: { description: 'ok' } } } } },
  });
  const changes = diffApi(inlineSpec(doc('application/json', 'number')), inlineSpec(doc('application/vnd.acme+json', 'integer')), { today: new Date(0) });
  assert.equal(changes.map((c) => [c.kind, c.action, c.revisionPointer]), [
    ['media-type', 'changed', '/paths/~1items/post/requestBody/content/application~1vnd.acme+json'],
    ['schema-type', 'narrowed', '/paths/~1items/post/requestBody/content/application~1vnd.acme+json/schema/properties/n/type'],
  ]);
  assert.equal(diffApi(inlineSpec(doc('application/json', 'number')), inlineSpec(doc('application/json', 'number')), { today: new Date(0) }), []);
});

test.run();
