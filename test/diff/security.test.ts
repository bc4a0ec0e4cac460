/** Security requirements: alternatives of AND-sets of schemes with scopes, paired so each edit is one change. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffApi } from '../../src/diff/diff-api.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

const doc = (security: unknown, global?: unknown) => ({
  openapi: '3.0.3', info: { title: 't', version: '1' },
  ...(global === undefined ? {} : { security: global }),
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'K' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://t', scopes: { r: 'r', w: 'w' } } } } } },
  paths: { '/items': { get: { ...(security === undefined ? {} : { security }), responses: { 200: { description: 'ok' } } } } },
});
const changes = (a: unknown, b: unknown) => diffApi(inlineSpec(a), inlineSpec(b), { today: new Date(0) })
  .map((c) => [c.kind, c.action, c.context.value, c.context.name, ...(c.context.covered !== undefined ? [c.context.covered] : [])]);

test('a scheme dropped from an alternative is one change', () => {
  assert.equal(changes(doc([{ key: [], oauth: ['r'] }]), doc([{ oauth: ['r'] }])), [['security-requirement-scheme', 'removed', 'key + oauth [r]', 'key']]);
  assert.equal(changes(doc([{ oauth: ['r'] }]), doc([{ oauth: ['r'], key: [] }])), [['security-requirement-scheme', 'added', 'oauth [r]', 'key']]);
});

test('scopes of a scheme in an alternative', () => {
  assert.equal(changes(doc([{ oauth: ['r'] }]), doc([{ oauth: ['r', 'w'] }])), [['security-requirement-scope', 'added', 'w', 'oauth']]);
  assert.equal(changes(doc([{ oauth: ['w', 'r'] }]), doc([{ oauth: ['r'] }])), [['security-requirement-scope', 'removed', 'w', 'oauth']]);
});

test('two alternatives gaining the same scope of a scheme are one change', () => {
  assert.equal(changes(doc([{ oauth: ['r'] }, { key: [], oauth: ['r'] }]), doc([{ oauth: ['r', 'w'] }, { key: [], oauth: ['r', 'w'] }])), [['security-requirement-scope', 'added', 'w', 'oauth']]);
});

test('a removed alternative is covered when a remaining one asks for no more', () => {
  assert.equal(changes(doc([{ key: [] }, { key: [], oauth: ['r'] }]), doc([{ key: [] }])), [['security-requirement', 'removed', 'key + oauth [r]', undefined, true]]);
  assert.equal(changes(doc([{ key: [] }, { oauth: ['r'] }]), doc([{ key: [] }])), [['security-requirement', 'removed', 'oauth [r]', undefined, false]]);
});

test('operation security overrides the global one; order and security: [] vs none declared are no change', () => {
  assert.equal(changes(doc(undefined, [{ key: [] }]), doc([{ key: [] }], [{ oauth: [] }])), []);
  assert.equal(changes(doc([{ key: [] }, { oauth: ['r', 'w'] }]), doc([{ oauth: ['w', 'r'] }, { key: [] }])), []);
  assert.equal(changes(doc(undefined), doc([])), []);
});

test('a change of the document security is one change listing the operations that inherit it', () => {
  const two = (global: unknown) => {
    const d: any = doc(undefined, global);
    d.paths['/other'] = { get: { responses: { 200: { description: 'ok' } } }, post: { security: [], responses: { 200: { description: 'ok' } } } };
    return d;
  };
  const found = diffApi(inlineSpec(two([{ key: [] }, { oauth: ['r'] }])), inlineSpec(two([{ key: [] }])), { today: new Date(0) });
  assert.equal(found.map((c) => [c.kind, c.action, c.basePointer, c.usedBy]), [['security-requirement', 'removed', '/security', ['GET /items', 'GET /other']]]);
});

test.run();
