/**
 * OpenAPI Encoding Objects (multipart and form parts) compared as a client judges them: defaults filled in, the
 * direction deciding the severity, OpenAPI 3.2 itemEncoding/prefixEncoding by position. The rule cases under
 * fixtures/rules/openapi/*-encoding-*.yaml hold each rule; this file holds the reading behind them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { classifySpecs, diffSpecs } from '../../src/classify/classify.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import { contentTypeRelation, defaultContentType, encodingFields, holdsNoReservedCharacters } from '../../src/diff/encoding-values.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const today = new Date('2026-01-01T00:00:00Z');
const BINARY = { type: 'string', format: 'binary' };
const UPLOAD_SCHEMA = { type: 'object', properties: { file: BINARY, meta: { type: 'object' }, tags: { type: 'array', items: { type: 'string' } } } };

/** A document whose POST /upload takes `media` as `mediaType`, and whose GET /download returns `response` (if given). */
function api(mediaType: string, media: object, response?: object, openapi = '3.0.3'): Record<string, unknown> {
  return {
    openapi, info: { title: 't', version: '1' },
    paths: {
      '/upload': { post: { requestBody: { content: { [mediaType]: media } }, responses: { 200: { description: 'ok' } } } },
      ...(response ? { '/download': { get: { responses: { 200: { description: 'ok', content: { [mediaType]: response } } } } } } : {}),
    },
  };
}
const upload = (encoding?: object) => ({ schema: UPLOAD_SCHEMA, ...(encoding ? { encoding } : {}) });
async function findings(base: object, revision: object) {
  return (await classifySpecs(inlineSpec(base), inlineSpec(revision), { today })).map((f) => `${f.severity} ${f.rule}: ${f.message}`).sort();
}
function encodingChanges(base: object, revision: object) {
  return diffSpecs(inlineSpec(base), inlineSpec(revision), { today, compatibility: 'backward' }).changes.filter((c) => c.kind.startsWith('encoding-'));
}

test('default contentType by the part schema: binary string, object, array by its items, anything else text/plain', () => {
  assert.is(defaultContentType(BINARY), 'application/octet-stream');
  assert.is(defaultContentType({ type: 'string', contentEncoding: 'base64' }), 'application/octet-stream');
  assert.is(defaultContentType({ type: ['string', 'null'], format: 'binary' }), 'application/octet-stream');
  assert.is(defaultContentType({ type: 'string' }), 'text/plain');
  assert.is(defaultContentType({ type: 'string', format: 'byte' }), 'text/plain');
  assert.is(defaultContentType({ type: 'integer' }), 'text/plain');
  assert.is(defaultContentType({ type: 'object' }), 'application/json');
  assert.is(defaultContentType({ type: 'array', items: BINARY }), 'application/octet-stream');
  assert.is(defaultContentType({ type: 'array', items: { type: 'object' } }), 'application/json');
  assert.is(defaultContentType({ type: 'array' }), 'text/plain');
  assert.is(defaultContentType(undefined), 'text/plain');
});

test('contentType lists compared as sets of media types, ranges included', () => {
  assert.is(contentTypeRelation(['image/png', 'image/jpeg'], ['IMAGE/JPEG', 'image/png']), 'same');
  assert.is(contentTypeRelation(['text/plain; charset=utf-8'], ['text/plain;charset=UTF-8']), 'same');
  assert.is(contentTypeRelation(['image/png', 'image/jpeg'], ['image/png']), 'narrowed');
  assert.is(contentTypeRelation(['image/*'], ['image/png']), 'narrowed');
  assert.is(contentTypeRelation(['image/png'], ['image/*']), 'widened');
  assert.is(contentTypeRelation(['image/png'], ['image/png', 'application/pdf']), 'widened');
  assert.is(contentTypeRelation(['image/png'], ['image/jpeg']), 'changed');
  assert.is(contentTypeRelation(['text/plain; charset=utf-8'], ['text/plain']), 'changed');
});

test('which fields a media type reads, and values that never hold a reserved character', () => {
  assert.equal(encodingFields('multipart/form-data'), { contentType: true, headers: true, serialization: true });
  assert.equal(encodingFields('multipart/mixed'), { contentType: true, headers: true, serialization: false });
  assert.equal(encodingFields('application/x-www-form-urlencoded'), { contentType: true, headers: false, serialization: true });
  assert.equal(encodingFields('application/json'), { contentType: false, headers: false, serialization: false });
  assert.ok(holdsNoReservedCharacters({ type: 'integer' }));
  assert.ok(holdsNoReservedCharacters({ type: 'array', items: { type: 'boolean' } }));
  assert.not.ok(holdsNoReservedCharacters({ type: 'string' }));
  assert.not.ok(holdsNoReservedCharacters({ type: 'object' }));
});

test('each field of a part judged in its direction, with messages naming the part and the media type', async () => {
  const base = api('multipart/form-data',
    upload({ file: { contentType: 'image/png, image/jpeg', headers: { 'X-Checksum': { schema: { type: 'string' } } } } }),
    upload({ file: { contentType: 'image/png', headers: { 'X-Checksum': { required: true, schema: { type: 'string' } } } } }));
  const revision = api('multipart/form-data',
    upload({
      file: { contentType: 'image/png', headers: { 'X-Checksum': { required: true, schema: { type: 'string', maxLength: 64 } }, 'X-Trace': { required: true, schema: { type: 'string' } } } },
      tags: { style: 'pipeDelimited' },
    }),
    upload({ file: { contentType: 'image/png, image/webp', headers: { 'X-Checksum': { schema: { type: 'string', maxLength: 64 } }, 'X-Trace': { schema: { type: 'string' } } } } }));
  assert.equal(await findings(base, revision), [
    'breaking request-encoding-content-type-narrowed: POST /upload: request body part file (multipart/form-data) content type narrowed from image/png, image/jpeg to image/png',
    'breaking request-encoding-explode-changed: POST /upload: request body part tags (multipart/form-data) explode changed from true to false',
    'breaking request-encoding-header-became-required: POST /upload: request body part file (multipart/form-data) header X-Checksum became required',
    'breaking request-encoding-required-header-added: POST /upload: request body part file (multipart/form-data) required header X-Trace added',
    'breaking request-encoding-style-changed: POST /upload: request body part tags (multipart/form-data) style changed from form to pipeDelimited',
    'breaking request-property-max-length-added: POST /upload: request body part file header X-Checksum maxLength 64 added',
    'breaking response-encoding-content-type-widened: GET /download: response 200 part file (multipart/form-data) content type widened from image/png to image/png, image/webp',
    'breaking response-encoding-header-became-optional: GET /download: response 200 part file (multipart/form-data) header X-Checksum became optional',
    'non-breaking response-encoding-header-added: GET /download: response 200 part file (multipart/form-data) header X-Trace added',
    'non-breaking response-property-max-length-added: GET /download: response 200 part file header X-Checksum maxLength 64 added',
  ]);
  // The other way round, each judgement turns where the direction says so.
  assert.equal(await findings(revision, base), [
    'breaking request-encoding-explode-changed: POST /upload: request body part tags (multipart/form-data) explode changed from false to true',
    'breaking request-encoding-style-changed: POST /upload: request body part tags (multipart/form-data) style changed from pipeDelimited to form',
    'breaking response-encoding-header-removed: GET /download: response 200 part file (multipart/form-data) header X-Trace removed',
    'breaking response-property-max-length-removed: GET /download: response 200 part file header X-Checksum maxLength 64 removed',
    'non-breaking request-encoding-content-type-widened: POST /upload: request body part file (multipart/form-data) content type widened from image/png to image/png, image/jpeg',
    'non-breaking request-encoding-header-became-optional: POST /upload: request body part file (multipart/form-data) header X-Checksum became optional',
    'non-breaking request-encoding-header-removed: POST /upload: request body part file (multipart/form-data) header X-Trace removed',
    'non-breaking request-property-max-length-removed: POST /upload: request body part file header X-Checksum maxLength 64 removed',
    'non-breaking response-encoding-content-type-narrowed: GET /download: response 200 part file (multipart/form-data) content type narrowed from image/png, image/webp to image/png',
    'non-breaking response-encoding-header-became-required: GET /download: response 200 part file (multipart/form-data) header X-Checksum became required',
  ]);
});

test('an encoding written out with its defaults, added or removed, is no change', async () => {
  const bare = api('multipart/form-data', upload(), upload());
  const explicit = upload({
    file: { contentType: 'application/octet-stream', headers: {} },
    meta: { contentType: 'application/json', style: 'form', explode: true, allowReserved: false },
    tags: { contentType: 'text/plain' },
  });
  const written = api('multipart/form-data', explicit, explicit);
  assert.equal(await findings(bare, written), []);
  assert.equal(await findings(written, bare), []);
  // The part's schema reached through allOf gives the default as well.
  const viaAllOf = (encoding?: object) => api('multipart/form-data', { schema: { allOf: [{ type: 'object', properties: { file: BINARY } }] }, ...(encoding ? { encoding } : {}) });
  assert.equal(await findings(viaAllOf(), viaAllOf({ file: { contentType: 'application/octet-stream' } })), []);
  assert.equal(encodingChanges(viaAllOf(), viaAllOf({ file: { contentType: 'image/png' } })).map((c) => [c.action, c.context.from, c.context.to]), [
    ['changed', 'application/octet-stream', 'image/png'],
  ]);
});

test('webhooks: the API sends the body, so a part it widens breaks receivers and one it narrows does not', async () => {
  const hook = (contentType: string) => ({
    openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {},
    webhooks: { fileReady: { post: { requestBody: { content: { 'multipart/form-data': upload({ file: { contentType } }) } }, responses: { 200: { description: 'ok' } } } } },
  });
  assert.equal(await findings(hook('image/png'), hook('image/*')), [
    'breaking response-encoding-content-type-widened: POST fileReady: request body part file (multipart/form-data) content type widened from image/png to image/*',
  ]);
  assert.equal(await findings(hook('image/*'), hook('image/png')), [
    'non-breaking response-encoding-content-type-narrowed: POST fileReady: request body part file (multipart/form-data) content type narrowed from image/* to image/png',
  ]);
});

test('form serialization: explode not on primitives, allowReserved not on numbers, nothing on media types that read none', async () => {
  const schema = { type: 'object', properties: { note: { type: 'string' }, count: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } } };
  const form = (mediaType: string, encoding: object) => api(mediaType, { schema, encoding });
  const FORM = 'application/x-www-form-urlencoded';
  assert.equal(encodingChanges(form(FORM, {}), form(FORM, { note: { explode: false }, count: { allowReserved: true }, ids: { allowReserved: true } })), []);
  assert.equal(encodingChanges(form(FORM, {}), form(FORM, { ids: { explode: false }, note: { allowReserved: true } })).map((c) => [c.kind, c.context.property]), [
    ['encoding-explode', 'ids'], ['encoding-allow-reserved', 'note'],
  ]);
  // Headers are multipart only; JSON reads no encoding at all.
  assert.equal(encodingChanges(form(FORM, {}), form(FORM, { note: { headers: { 'X-A': { required: true, schema: { type: 'string' } } } } })), []);
  assert.equal(encodingChanges(form('application/json', { note: { contentType: 'text/csv' } }), form('application/json', {})), []);
  assert.equal(encodingChanges(form('multipart/mixed', { ids: { style: 'form' } }), form('multipart/mixed', { ids: { style: 'pipeDelimited' } })), []);
});

test('OpenAPI 3.2: prefixEncoding by position, itemEncoding for the items past it, defaults from prefixItems and itemSchema', () => {
  const mixed = (extra: object) => api('multipart/mixed', {
    schema: { type: 'array', prefixItems: [{ type: 'object' }, BINARY], items: { type: 'string' } }, ...extra,
  }, undefined, '3.2.0');
  // Written out with the defaults of prefixItems and items: no change.
  assert.equal(encodingChanges(mixed({}), mixed({ prefixEncoding: [{ contentType: 'application/json' }, { contentType: 'application/octet-stream' }], itemEncoding: { contentType: 'text/plain' } })), []);
  // Position 1 leaves prefixEncoding: itemEncoding (text/csv) describes it now.
  const changes = encodingChanges(
    mixed({ prefixEncoding: [{ contentType: 'application/json' }, { contentType: 'image/png' }], itemEncoding: { contentType: 'text/csv' } }),
    mixed({ prefixEncoding: [{ contentType: 'application/json' }], itemEncoding: { contentType: 'text/csv' } }),
  );
  assert.equal(changes.map((c) => [c.action, c.context.subject, c.context.from, c.context.to, c.basePointer, c.revisionPointer]), [
    ['changed', 'request body part [1]', 'image/png', 'text/csv', '/paths/~1upload/post/requestBody/content/multipart~1mixed/prefixEncoding/1', '/paths/~1upload/post/requestBody/content/multipart~1mixed/itemEncoding'],
  ]);
  const items = (contentType?: string) => api('multipart/mixed', { itemSchema: { type: 'object' }, ...(contentType ? { itemEncoding: { contentType } } : {}) }, undefined, '3.2.0');
  assert.equal(encodingChanges(items(), items('application/json')), []);
  assert.equal(encodingChanges(items('application/json, application/xml'), items()).map((c) => [c.action, c.context.subject]), [['narrowed', 'request body item parts']]);
});

test('Swagger 2.0 has no Encoding Object: a formData upload moved to OpenAPI 3 with default encodings reports no encoding change', () => {
  const swagger = {
    swagger: '2.0', info: { title: 't', version: '1' }, consumes: ['multipart/form-data'],
    paths: { '/upload': { post: { parameters: [{ name: 'note', in: 'formData', type: 'string' }], responses: { 200: { description: 'ok' } } } } },
  };
  const openapi = api('multipart/form-data', { schema: { type: 'object', properties: { note: { type: 'string' } } }, encoding: { note: { contentType: 'text/plain' } } });
  assert.equal(encodingChanges(swagger, openapi), []);
  assert.equal(encodingChanges(openapi, swagger), []);
});

test('malformed encodings are read as absent (defaults), never a crash', () => {
  const odd = api('multipart/mixed', {
    schema: { type: 'array', prefixItems: [{ type: 'object' }], items: BINARY },
    encoding: { file: 'image/png', meta: { contentType: 7, headers: ['X-A'], style: 3, explode: 'yes', allowReserved: 'no' } },
    prefixEncoding: [null, 'text/csv'], itemEncoding: 5,
  }, undefined, '3.2.0');
  const plain = api('multipart/mixed', { schema: { type: 'array', prefixItems: [{ type: 'object' }], items: BINARY } }, undefined, '3.2.0');
  assert.equal(encodingChanges(plain, odd), []);
  assert.equal(encodingChanges(odd, plain), []);
  assert.equal(encodingChanges(api('multipart/form-data', { encoding: 'x' }), api('multipart/form-data', { schema: 5, encoding: { a: { contentType: ' , ' } } })), []);
});

test('the gate: breaking of two files exits 1 on a narrowed request part, its JSON valid against breaking.schema.json', async () => {
  const dir = tempDir('specver-encoding-');
  writeFileSync(join(dir, 'old.yaml'), stringify(api('multipart/form-data', upload({ file: { contentType: 'image/png, image/jpeg' } }))));
  writeFileSync(join(dir, 'new.yaml'), stringify(api('multipart/form-data', upload({ file: { contentType: 'image/png' } }))));
  writeFileSync(join(dir, 'wider.yaml'), stringify(api('multipart/form-data', upload({ file: { contentType: 'image/*' } }))));
  const failing = await runSpecver(['breaking', 'old.yaml', 'new.yaml', '--json'], { cwd: dir });
  assert.is(failing.exitCode, 1, failing.stderr);
  assertValidOutput('breaking.schema.json', failing.json());
  assert.equal(failing.json().contracts[0].changes.map((c: any) => [c.rule, c.location]), [
    ['request-encoding-content-type-narrowed', '/paths/~1upload/post/requestBody/content/multipart~1form-data/encoding/file'],
  ]);
  const passing = await runSpecver(['breaking', 'old.yaml', 'wider.yaml'], { cwd: dir });
  assert.is(passing.exitCode, 0, passing.stderr);
});

test.run();
