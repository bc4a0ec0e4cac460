/**
 * Equal parts are skipped without being walked: operations whose path item is structurally equal, and equal
 * values that reach a cycle (compared by their unfolding). A skip must never hide a change: what an operation
 * inherits from the document, a changed recursive component, and a change of OpenAPI version still report.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CyclicEquality } from '../../src/diff/cyclic-equality.ts';
import { SchemaHasher } from '../../src/diff/schema-hash.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import { diffSpecs } from '../../src/classify/classify.ts';

const today = new Date('2026-01-01T00:00:00Z');

function equality() {
  const hasher = SchemaHasher.pair();
  return new CyclicEquality((node) => hasher.base.hash(node), (node) => hasher.revision.hash(node));
}

/** A recursive `Node { name, children: Node[] }`, written with the given key order and name type. */
function tree(nameType: string, reversed = false): Record<string, any> {
  const node: Record<string, any> = { type: 'object' };
  const properties: Record<string, any> = reversed ? {} : { name: { type: nameType } };
  properties.children = { type: 'array', items: node };
  if (reversed) properties.name = { type: nameType };
  node.properties = properties;
  node.required = reversed ? ['children', 'name'] : ['name', 'children'];
  return node;
}

test('cyclic values: equal unfoldings are equal whatever the key and required order; a difference anywhere is not', () => {
  assert.ok(equality().same(tree('string'), tree('string', true)));
  assert.not.ok(equality().same(tree('string'), tree('integer')));
  // A finite value never equals a cyclic one, even where their first levels agree.
  const finite = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: {} } }, required: ['name', 'children'] };
  assert.not.ok(equality().same(tree('string'), finite));
  assert.ok(equality().same('a', 'a'));
  assert.not.ok(equality().same('a', 1));
});

test('cyclic values: two cycles of different lengths with the same unfolding are equal; answers are remembered', () => {
  const a: Record<string, any> = { type: 'object' };
  a.properties = { next: a };
  const b1: Record<string, any> = { type: 'object' };
  const b2: Record<string, any> = { type: 'object', properties: { next: b1 } };
  b1.properties = { next: b2 };
  const eq = equality();
  assert.ok(eq.same(a, b1));
  assert.ok(eq.same(a, b2));
  const c: Record<string, any> = { type: 'object', title: 'x' };
  c.properties = { next: c };
  assert.not.ok(eq.same(a, c));
  assert.not.ok(eq.same(a, c));
});

test('with the shared nodes named, the answers stay the same; a cycle through no named node still ends', () => {
  // No hashes: every pair is walked. Named: the cycle entries; unnamed: an empty list, as if one had been missed.
  const walking = (base: Set<object>, revision: Set<object>) => new CyclicEquality(() => undefined, () => undefined, base, revision);
  for (const named of [true, false]) {
    const [x, y, z] = [tree('string'), tree('string', true), tree('integer')];
    const eq = walking(new Set(named ? [x] : []), new Set(named ? [y, z] : []));
    assert.ok(eq.same(x, y), `equal unfoldings (${named ? 'named' : 'unnamed'})`);
    assert.not.ok(eq.same(x, z), `a difference inside the cycle (${named ? 'named' : 'unnamed'})`);
    const a: Record<string, any> = { type: 'object' };
    a.properties = { next: a };
    const b1: Record<string, any> = { type: 'object' };
    const b2: Record<string, any> = { type: 'object', properties: { next: b1 } };
    b1.properties = { next: b2 };
    const cycles = walking(new Set(named ? [a] : []), new Set(named ? [b1, b2] : []));
    assert.ok(cycles.same(a, b1) && cycles.same(a, b2), 'cycles of two lengths, one unfolding');
  }
  // Deeper than the nodes left unremembered (200 levels): a chain of 300 differs only at its end.
  const chain = (leaf: string) => {
    let node: Record<string, any> = { type: leaf };
    for (let i = 0; i < 300; i++) node = { type: 'object', properties: { inner: node } };
    return node;
  };
  const eq = walking(new Set(), new Set());
  assert.ok(eq.same(chain('string'), chain('string')));
  assert.not.ok(eq.same(chain('string'), chain('integer')));
});

const op = (schema: unknown) => ({ responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } });
const spec = (extra: Record<string, unknown>, paths: Record<string, unknown>, version = '3.0.3') => inlineSpec({ openapi: version, info: { title: 't', version: '1' }, paths, ...extra });
const kinds = (base: ReturnType<typeof spec>, revision: ReturnType<typeof spec>) =>
  diffSpecs(base, revision, { today }).changes.map((c) => `${c.kind}:${c.action}${c.context.path ? ` ${c.context.method} ${c.context.path}` : ''}`).sort();

test('an unchanged operation still reports what it inherits: the document security', () => {
  const paths = { '/a': { get: op({ type: 'string' }) }, '/b': { get: op({ type: 'string' }) } };
  const base = spec({ security: [{ key: [] }], components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'k' } } } }, paths);
  const revision = spec({ security: [], components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'k' } } } }, paths);
  // One change of the document's requirement, used by both operations.
  const [change] = diffSpecs(base, revision, { today }).changes.filter((c) => c.kind === 'security-requirement');
  assert.equal(change?.usedBy, ['GET /a', 'GET /b']);
});

test('an unchanged Swagger 2.0 operation still reports a changed document-level consumes', () => {
  const body = { parameters: [{ in: 'body', name: 'b', schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } };
  const swagger = (consumes: string[]) => inlineSpec({ swagger: '2.0', info: { title: 't', version: '1' }, consumes, paths: { '/a': { post: body } } });
  assert.ok(kinds(swagger(['application/json']), swagger(['application/xml'])).some((c) => c.endsWith('POST /a')));
});

test('operations sharing a changed recursive component report it; an equal one beside them reports nothing', () => {
  const tree = (nameType: string) => ({
    type: 'object', required: ['name'],
    properties: { name: { type: nameType }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
  });
  const components = (nameType: string) => ({ components: { schemas: { Tree: tree(nameType) } } });
  const paths = {
    '/a': { get: op({ $ref: '#/components/schemas/Tree' }) },
    '/b': { get: op({ $ref: '#/components/schemas/Tree' }) },
    '/c': { get: op({ type: 'string' }) },
  };
  const changes = kinds(spec(components('string'), paths), spec(components('integer'), paths));
  assert.ok(changes.length > 0, 'the changed recursive component is reported');
  assert.not.ok(changes.some((c) => c.endsWith('GET /c')), changes.join(', '));
  assert.equal(kinds(spec(components('string'), paths), spec(components('string'), paths)), []);
});

test('the same operation read as 3.0 and as 3.1 is compared (nullable means something only in 3.0)', () => {
  const paths = { '/a': { post: { requestBody: { content: { 'application/json': { schema: { type: 'string', nullable: true } } } }, responses: { 200: { description: 'ok' } } } } };
  assert.ok(kinds(spec({}, paths, '3.0.3'), spec({}, paths, '3.1.0')).length > 0);
});

test.run();
