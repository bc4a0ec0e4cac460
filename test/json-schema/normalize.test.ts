/**
 * Draft normalisation: equivalent schemas written for different drafts (or spelled differently) compare
 * equal, so only the dialect change itself is reported (a patch); $refs compare by target, shared
 * definitions are reported once with their uses, and recursive schemas terminate.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifySpecs } from '../../src/classify/classify.ts';
import { inlineJsonSchema } from '../../src/classify/inline-spec.ts';
import { normalizeJsonSchema } from '../../src/normalize/json-schema.ts';

const today = new Date('2026-01-01T00:00:00Z');
const D04 = 'http://json-schema.org/draft-04/schema#';
const D07 = 'http://json-schema.org/draft-07/schema#';
const D2020 = 'https://json-schema.org/draft/2020-12/schema';

async function rules(base: object, revision: object): Promise<string[]> {
  const findings = await classifySpecs(inlineJsonSchema(base), inlineJsonSchema(revision), { today, compatibility: 'full' });
  return findings.map((f) => `${f.severity} ${f.rule} ${f.location}`);
}

const EQUIVALENT: [string, object, object][] = [
  ['draft-04 boolean exclusive bounds', { $schema: D04, type: 'number', maximum: 10, exclusiveMaximum: true, minimum: 0, exclusiveMinimum: false }, { $schema: D2020, type: 'number', exclusiveMaximum: 10, minimum: 0 }],
  ['items array + additionalItems', { $schema: D07, type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false }, { $schema: D2020, type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false }],
  ['items array + additionalItems schema', { $schema: D07, items: [{ type: 'string' }], additionalItems: { type: 'integer' } }, { $schema: D2020, prefixItems: [{ type: 'string' }], items: { type: 'integer' } }],
  ['dependencies', { $schema: D07, type: 'object', dependencies: { a: ['b'], c: { required: ['d'] } } }, { $schema: D2020, type: 'object', dependentRequired: { a: ['b'] }, dependentSchemas: { c: { required: ['d'] } } }],
  ['definitions vs $defs', { $schema: D07, properties: { a: { $ref: '#/definitions/x' } }, definitions: { x: { type: 'string' } } }, { $schema: D2020, properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } }],
];

for (const [name, base, revision] of EQUIVALENT) {
  test(`${name}: only the dialect change is reported, as a patch`, async () => {
    assert.equal(await rules(base, revision), ['patch json-schema-dialect-changed /$schema']);
    assert.equal(await rules(revision, base), ['patch json-schema-dialect-changed /$schema']);
  });
}

const SAME: [string, object, object][] = [
  ['const vs one-value enum', { properties: { a: { const: 'x' } } }, { properties: { a: { enum: ['x'] } } }],
  ['type string vs array', { type: 'string' }, { type: ['string'] }],
  ['type order', { type: ['string', 'null'] }, { type: ['null', 'string'] }],
  ['nullable vs null type', { properties: { a: { type: 'string', nullable: true } } }, { properties: { a: { type: ['string', 'null'] } } }],
  ['boolean subschemas', { properties: { a: true, b: false }, additionalProperties: true }, { properties: { a: {}, b: { not: {} } } }],
  ['$ref vs the same inline schema', { properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } }, { properties: { a: { type: 'string' } } }],
  ['enum and required order', { required: ['a', 'b'], properties: { a: { enum: [1, 2] }, b: {} } }, { required: ['b', 'a'], properties: { a: { enum: [2, 1] }, b: {} } }],
  ['an unused definition renamed', { $defs: { x: { type: 'string' } }, type: 'object' }, { $defs: { y: { type: 'string' } }, type: 'object' }],
];

for (const [name, base, revision] of SAME) {
  test(`${name}: no change`, async () => {
    assert.equal(await rules(base, revision), []);
  });
}

test('the normaliser keeps shared nodes shared and cycles as cycles', () => {
  const node: any = { type: 'object', properties: {} };
  node.properties.child = node;
  const doc = { properties: { a: node, b: node } };
  const { root, sourceOf } = normalizeJsonSchema(doc, '2020-12') as { root: any; sourceOf: (n: object) => object | undefined };
  assert.ok(root.properties.a === root.properties.b);
  assert.ok(root.properties.a.properties.child === root.properties.a);
  assert.ok(sourceOf(root.properties.a) === node);
});

test('a changed shared definition is reported once, with the locations that use it', async () => {
  const base = { type: 'object', properties: { billing: { $ref: '#/$defs/address' }, shipping: { $ref: '#/$defs/address' } }, $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } } };
  const revision = structuredClone(base) as any;
  revision.$defs.address.properties.city.maxLength = 40;
  const findings = await classifySpecs(inlineJsonSchema(base), inlineJsonSchema(revision), { today, compatibility: 'backward' });
  assert.is(findings.length, 1);
  assert.is(findings[0].rule, 'json-schema-max-length-added');
  assert.is(findings[0].location, '/$defs/address/properties/city/maxLength');
  assert.equal(findings[0].usedBy, ['/properties/billing', '/properties/shipping']);
});

test('recursive schemas terminate, and a change inside the cycle is found', async () => {
  const base = { $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } }, properties: { tree: { $ref: '#/$defs/node' } } };
  const revision = structuredClone(base) as any;
  revision.$defs.node.properties.name.minLength = 1;
  const findings = await classifySpecs(inlineJsonSchema(base), inlineJsonSchema(revision), { today, compatibility: 'backward' });
  assert.equal(findings.map((f) => `${f.rule} ${f.location}`), ['json-schema-min-length-added /$defs/node/properties/name/minLength']);
  assert.equal(await classifySpecs(inlineJsonSchema(base), inlineJsonSchema(base), { today }), []);
});

test('a JSON Schema cannot be compared with an OpenAPI document', async () => {
  const { inlineSpec } = await import('../../src/classify/inline-spec.ts');
  try {
    await classifySpecs(inlineSpec({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} }), inlineJsonSchema({ type: 'object' }), { today });
    assert.unreachable('should refuse');
  } catch (error) {
    assert.match((error as Error).message, /cannot be compared/);
  }
});

test.run();
