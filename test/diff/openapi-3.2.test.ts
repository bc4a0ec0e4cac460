/** OpenAPI 3.2 read like 3.1 (JSON Schema 2020-12), and compared with its 3.1 (or 3.0) snapshot. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { classifySpecs } from '../../src/classify/classify.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import { describeKind, detectKindOrExplain } from '../../src/load/detect.ts';
import { parseConfig } from '../../src/config/load-config.ts';
import { ConfigError } from '../../src/errors.ts';
import { SeverityPolicy } from '../../src/ruleset/scoped-overrides.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const today = new Date('2026-01-01T00:00:00Z');
const series = (name: string) => parse(readFileSync(join(FIXTURES, 'openapi-3.2', name), 'utf8'));
const withVersion = (doc: any, openapi: string) => ({ ...doc, openapi });

test('3.2.x is detected as OpenAPI 3.2, a later major still refused', () => {
  const kind = detectKindOrExplain({ openapi: '3.2.0', info: {}, paths: {} }, 'api.yaml').kind!;
  assert.equal(kind, { format: 'openapi', version: '3.2', declared: '3.2.0' });
  assert.is(describeKind(kind), 'OpenAPI 3.2');
  assert.is(detectKindOrExplain({ openapi: '3.2.1-rc1' }, 'api.yaml').kind?.format, 'openapi');
  assert.match(detectKindOrExplain({ openapi: '3.3.0' }, 'api.yaml').problem!, 'unsupported OpenAPI version 3.3.0 (supported: 2.0, 3.0, 3.1, 3.2)');
});

test('a 3.1 spec upgraded to 3.2.0 with no other change has no findings', async () => {
  const v1 = series('v1.yaml');
  assert.equal(await classifySpecs(inlineSpec(withVersion(v1, '3.1.1')), inlineSpec(v1), { today }), []);
  assert.equal(await classifySpecs(inlineSpec(v1), inlineSpec(withVersion(v1, '3.1.1')), { today }), []);
});

test('3.2 reads schemas as JSON Schema 2020-12: `nullable` is no keyword there, a null type is', async () => {
  const doc = (version: string, schema: object) => inlineSpec({
    openapi: version, info: { title: 't', version: '1' },
    paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } } } },
  });
  // 3.0 `nullable: true` and a 3.2 null type mean the same: no change.
  assert.equal(await classifySpecs(doc('3.0.3', { type: 'string', nullable: true }), doc('3.2.0', { type: ['string', 'null'] }), { today }), []);
  // A 3.2 response starting to send null breaks clients that expected a string.
  const findings = await classifySpecs(doc('3.2.0', { type: 'string' }), doc('3.2.0', { type: ['string', 'null'] }), { today });
  assert.ok(findings.some((f) => f.severity === 'breaking'), JSON.stringify(findings));
});

const api = (paths: object) => inlineSpec({ openapi: '3.2.0', info: { title: 't', version: '1' }, paths });
const op = (extra: object = {}) => ({ responses: { 200: { description: 'ok' } }, ...extra });

test('query and additionalOperations are operations: added, removed and changed, the method in messages and locations', async () => {
  const base = api({ '/x/{id}': { get: op(), query: op(), additionalOperations: { LINK: op(), UNLINK: op() } } });
  const revision = api({ '/x/{key}': { get: op(), additionalOperations: { LINK: op({ deprecated: true }), PURGE: op() } } });
  const findings = await classifySpecs(base, revision, { today });
  const seen = findings.map((f) => [f.rule, f.method, f.location, f.message]).sort();
  assert.equal(seen, [
    ['operation-deprecated', 'LINK', '/paths/~1x~1{key}/additionalOperations/LINK', 'LINK /x/{key} was deprecated'],
    ['operation-removed', 'QUERY', '/paths/~1x~1{id}/query', 'QUERY /x/{id} was removed'],
    ['operation-removed', 'UNLINK', '/paths/~1x~1{id}/additionalOperations/UNLINK', 'UNLINK /x/{id} was removed'],
    ['operation-added', 'PURGE', '/paths/~1x~1{key}/additionalOperations/PURGE', 'PURGE /x/{key} was added'],
  ].sort());
});

test('`query` and `additionalOperations` mean nothing before 3.2: a 3.1 path item holds no such operations', async () => {
  const doc = (openapi: string) => inlineSpec({ openapi, info: { title: 't', version: '1' }, paths: { '/x': { query: op(), additionalOperations: { LINK: op() } } } });
  const findings = await classifySpecs(doc('3.1.0'), doc('3.2.0'), { today });
  assert.equal(findings.map((f) => `${f.rule} ${f.method}`).sort(), ['operation-added LINK', 'operation-added QUERY']);
});

test('rules.overrides paths accept the 3.2 methods (QUERY, an additionalOperations method), still not a bare template', () => {
  const config = (paths: string) => `contracts:\n  - name: api\n    path: api.yaml\n    format: openapi\nrules:\n  overrides:\n    - paths: ['${paths}']\n      severity: { operation-removed: patch }\n`;
  for (const paths of ['QUERY /x/**', 'LINK /x/{id}', 'M-SEARCH /x']) assert.ok(parseConfig(config(paths), '/p/specver.yaml', 'specver.yaml', { precise: true }));
  assert.throws(() => parseConfig(config('LINK x/**'), '/p/specver.yaml', 'specver.yaml', { precise: true }), (e: unknown) => e instanceof ConfigError && /is not an operation/.test(e.message));
  const policy = new SeverityPolicy({ section: 'rules', rules: new Map([['operation-removed', 'operation']]), severity: {}, overrides: [{ paths: ['LINK /x/**'], severity: { 'operation-removed': 'patch' } }] });
  assert.is(policy.severityOf({ rule: 'operation-removed', method: 'LINK', path: '/x/{id}' }, 'breaking').severity, 'patch');
  assert.is(policy.severityOf({ rule: 'operation-removed', method: 'UNLINK', path: '/x/{id}' }, 'breaking').severity, 'breaking');
});

test('an `in: querystring` parameter is the whole query string: its content compared like a request body, its name a label', async () => {
  const qs = (name: string, schema: object, mediaType = 'application/x-www-form-urlencoded') => ({ parameters: [{ name, in: 'querystring', content: { [mediaType]: { schema } } }] });
  const filter = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  const narrowed = { ...filter, required: ['a'] };
  const findings = await classifySpecs(api({ '/x': { get: op(qs('q', filter)) } }), api({ '/x': { get: op(qs('filter', narrowed)) } }), { today });
  assert.equal(findings.map((f) => [f.rule, f.severity, f.message]), [['request-property-became-required', 'breaking', 'GET /x: query string filter property a became required']]);
  // A querystring parameter and a query parameter of the same name are different things, never a move.
  const moved = await classifySpecs(api({ '/x': { get: op({ parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] }) } }), api({ '/x': { get: op(qs('q', filter)) } }), { today });
  assert.equal(moved.map((f) => f.rule).sort(), ['request-parameter-added', 'request-parameter-removed']);
});

test('itemSchema of a sequential media type: each item compared like a schema; array schema <-> itemSchema of the same items is no change', async () => {
  const stream = (mediaType: string, media: object) => api({ '/events': { get: { responses: { 200: { description: 'ok', content: { [mediaType]: media } } } } } });
  const item = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
  for (const mediaType of ['text/event-stream', 'application/jsonl', 'application/json-seq', 'multipart/mixed', 'application/geo+json-seq']) {
    assert.equal(await classifySpecs(stream(mediaType, { schema: { type: 'array', items: item } }), stream(mediaType, { itemSchema: item }), { today }), [], mediaType);
    assert.equal(await classifySpecs(stream(mediaType, { itemSchema: item }), stream(mediaType, { schema: { type: 'array', items: item } }), { today }), [], mediaType);
  }
  // For a type that is no sequence, `schema` and `itemSchema` describe different things: compared as written.
  const json = await classifySpecs(stream('application/json', { schema: { type: 'array', items: item } }), stream('application/json', { itemSchema: item }), { today });
  assert.equal(json.map((f) => f.rule).sort(), ['response-body-schema-added', 'response-body-schema-removed']);
  // A request item schema gaining a required property breaks the clients that stream items.
  const upload = (schema: object) => api({ '/events': { post: { requestBody: { content: { 'application/jsonl': { itemSchema: schema } } }, responses: { 204: { description: 'ok' } } } } });
  const request = await classifySpecs(upload({ type: 'object', properties: { id: { type: 'string' } } }), upload(item), { today });
  assert.equal(request.map((f) => [f.rule, f.location]), [['request-property-became-required', '/paths/~1events/post/requestBody/content/application~1jsonl/itemSchema/required']]);
});

test.run();
