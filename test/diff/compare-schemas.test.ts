/** The one schema comparator: equal by meaning, effects, cycles, shared components reported once. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareSchemas, SchemaComparator } from '../../src/diff/compare-schemas.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import { classifySpecs } from '../../src/classify/classify.ts';

const kinds = (base: unknown, revision: unknown, direction: 'request' | 'response' = 'request', nullableKeyword = true) =>
  compareSchemas(base, revision, { direction, baseNullableKeyword: nullableKeyword, revisionNullableKeyword: nullableKeyword })
    .map((c) => `${c.kind}:${c.action}:${c.effect}`);

test('key order, enum and required order, type x vs [x] are no change', () => {
  assert.equal(kinds({ type: 'string', enum: ['a', 'b'] }, { enum: ['b', 'a'], type: ['string'] }), []);
  assert.equal(kinds({ type: 'object', required: ['a', 'b'], properties: { a: {}, b: {} } }, { properties: { b: {}, a: {} }, required: ['b', 'a'], type: 'object' }), []);
});

test('nullable written three ways is the same', () => {
  const three = [{ type: 'string', nullable: true }, { type: ['string', 'null'] }, { oneOf: [{ type: 'string' }, { type: 'null' }] }];
  for (const a of three) for (const b of three) assert.equal(kinds(a, b), [], `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  assert.equal(kinds({ type: 'string' }, { type: ['string', 'null'] }), ['schema-nullable:added:widened']);
  // In 3.1 `nullable` is not a keyword: it accepts nothing more.
  assert.equal(kinds({ type: 'string' }, { type: 'string', nullable: true }, 'request', false), []);
});

test('effects: bounds, types, enum values, required', () => {
  assert.equal(kinds({ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 }), ['schema-max-length:decreased:narrowed']);
  assert.equal(kinds({ type: 'integer' }, { type: 'number' }), ['schema-type:widened:widened']);
  assert.equal(kinds({ enum: ['a'] }, { enum: ['a', 'b'] }), ['schema-enum-value:added:widened']);
  assert.equal(kinds({ minimum: 1, exclusiveMinimum: true }, { exclusiveMinimum: 1 }, 'request'), []);
  assert.equal(kinds({ properties: { a: {} } }, { properties: { a: {} }, required: ['a'] }), ['schema-required:added:narrowed']);
});

test('a schema wrapped in a oneOf/anyOf is compared with its best member: one change, no cascade', () => {
  const pet = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } };
  const error = { type: 'object', title: 'Error', required: ['code'], properties: { code: { type: 'integer' } } };
  assert.equal(kinds(pet, { oneOf: [error, pet] }, 'response'), ['schema-union:added:incomparable']);
  assert.equal(kinds(pet, { anyOf: [error, pet] }, 'response'), ['schema-union:added:widened']);
  // The member that stands for the old schema gained an optional property: reported on its own.
  const grown = { ...pet, properties: { ...pet.properties, tag: { type: 'string' } } };
  assert.equal(kinds(pet, { oneOf: [grown, { type: 'string' }] }), ['schema-union:added:widened', 'schema-property:added:narrowed']);
  assert.equal(kinds({ oneOf: [grown, { type: 'string' }] }, pet), ['schema-union:removed:narrowed', 'schema-property:removed:widened']);
});

test('a free-form object that became a oneOf of specific shapes narrowed (and widens when collapsed back)', () => {
  const tagged = (kind: string) => ({ type: 'object', title: kind, required: ['kind'], properties: { kind: { type: 'string', enum: [kind] } } });
  const union = { oneOf: [tagged('card'), tagged('bank')] };
  assert.equal(kinds({ type: 'object' }, union, 'response'), ['schema-union:added:narrowed']);
  assert.equal(kinds(union, { type: 'object' }, 'response'), ['schema-union:removed:widened']);
  // An anyOf of the schema itself and a narrower version accepts exactly what the schema did.
  assert.equal(kinds({ type: 'string' }, { anyOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] }), []);
});

test('single-member oneOf / anyOf / allOf equal their member and each other', () => {
  const t = { type: 'object', properties: { a: { type: 'string' } } };
  const forms = [t, { oneOf: [t] }, { anyOf: [t] }, { allOf: [t] }];
  for (const a of forms) for (const b of forms) assert.equal(kinds(a, b), [], `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
});

test('anyOf <-> oneOf changes nothing when members are disjoint', () => {
  const members = [{ type: 'string' }, { type: 'integer' }];
  assert.equal(kinds({ anyOf: members }, { oneOf: members }), []);
  const overlapping = [{ type: 'string' }, { type: 'string', minLength: 2 }];
  assert.equal(kinds({ anyOf: overlapping }, { oneOf: overlapping }), ['schema-one-of:narrowed:narrowed']);
});

test('oneOf members are matched by meaning, not by index', () => {
  const a = { type: 'object', title: 'A', properties: { a: { type: 'string' } } };
  const b = { type: 'object', title: 'B', properties: { b: { type: 'string' } } };
  assert.equal(kinds({ oneOf: [a, b] }, { oneOf: [b, a] }), []);
  const changed = kinds({ oneOf: [a, b] }, { oneOf: [b, { ...a, properties: { a: { type: 'integer' } } }] });
  assert.equal(changed, ['schema-type:changed:incomparable']);
});

test('allOf folds into its parent where exact', () => {
  assert.equal(kinds({ allOf: [{ type: 'boolean' }, { description: 'x' }] }, { type: 'boolean', description: 'x' }), []);
});

test('recursive schemas terminate', () => {
  const node: any = { type: 'object', properties: { name: { type: 'string' } } };
  node.properties.child = node;
  const other: any = { type: 'object', properties: { name: { type: 'string', maxLength: 3 } } };
  other.properties.child = other;
  assert.equal(kinds(node, other), ['schema-max-length:added:narrowed']);
  assert.equal(kinds(node, node), []);
});

test('a pair is compared once per direction; each use is counted', () => {
  const comparator = new SchemaComparator();
  const base = { type: 'string', maxLength: 10 };
  const revision = { type: 'string', maxLength: 5 };
  comparator.compare(base, revision, { direction: 'request', use: 'POST /a' });
  comparator.compare(base, revision, { direction: 'request', use: 'POST /b' });
  const changes = comparator.changes();
  assert.is(changes.length, 1);
  assert.equal(changes[0].usedBy, ['POST /a', 'POST /b']);
});

test('a changed shared component is reported once with every operation using it', () => {
  const doc = (maxLength: number) => ({
    openapi: '3.0.3', info: { title: 't', version: '1' },
    components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string', maxLength } } } } },
    paths: Object.fromEntries(['/a', '/b', '/c'].map((p) => [p, { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { 200: { description: 'ok' } } } }])),
  });
  const changes = diffApi(inlineSpec(doc(10)), inlineSpec(doc(5)), { today: new Date() });
  assert.is(changes.length, 1);
  assert.is(changes[0].revisionPointer, '/components/schemas/Pet/properties/name/maxLength');
  assert.equal(changes[0].usedBy, ['POST /a', 'POST /b', 'POST /c']);
});

/** Two operations reach Amount through different deep paths; Amount gains a property and an extension changes. */
function deepShared(revision: boolean) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: object) => ({ content: { 'application/json': { schema } } });
  return {
    openapi: '3.0.3', info: { title: 't', version: '1' },
    components: {
      schemas: {
        Charge: { type: 'object', properties: { source: { anyOf: [{ type: 'string' }, ref('Source')] } } },
        Source: { type: 'object', properties: { details: { type: 'array', items: ref('Amount') } } },
        Amount: {
          type: 'object', 'x-note': revision ? 'two' : 'one',
          properties: { value: { type: 'integer' }, ...(revision ? { cashback: { type: 'integer' } } : {}) },
        },
      },
      parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: revision ? 50 : 100 } } },
    },
    paths: {
      '/charges': { get: { parameters: [{ $ref: '#/components/parameters/Limit' }], responses: { 200: { description: 'ok', ...json({ type: 'object', properties: { data: { type: 'array', items: ref('Charge') } } }) } } } },
      '/sources': { get: { parameters: [{ $ref: '#/components/parameters/Limit' }], responses: { 200: { description: 'ok', ...json(ref('Source')) } } } },
    },
  };
}

test('inside a named component the path restarts there and the component is named', () => {
  const changes = diffApi(inlineSpec(deepShared(false)), inlineSpec(deepShared(true)), { today: new Date() });
  const added = changes.find((c) => c.kind === 'schema-property')!;
  assert.is(added.context.component, 'Amount');
  assert.is(added.context.schemaPath, 'cashback');
  assert.is(added.context.subject, 'response schema Amount');
  assert.equal(added.usedBy, ['GET /charges', 'GET /sources']);
  const limit = changes.find((c) => c.kind === 'schema-maximum')!;
  assert.is(limit.context.component, 'Limit');
  assert.is(limit.context.subject, 'request parameter Limit');
});

test('messages of shared component changes read from the component and say where an extension changed', async () => {
  const findings = await classifySpecs(inlineSpec(deepShared(false)), inlineSpec(deepShared(true)), { today: new Date() });
  const messages = findings.map((f) => f.message).sort();
  assert.ok(messages.includes('GET /charges: optional property cashback added to response schema Amount'), messages.join('\n'));
  assert.ok(messages.includes('GET /charges: response schema Amount extension x-note changed'), messages.join('\n'));
  assert.ok(messages.every((m) => !m.includes('anyOf#') && !m.includes('details[]')), messages.join('\n'));
});

test('$ref and the identical inline schema are equal', () => {
  const withRef = {
    openapi: '3.0.3', info: { title: 't', version: '1' },
    components: { schemas: { Id: { type: 'string', format: 'uuid' } } },
    paths: { '/a': { get: { parameters: [{ name: 'id', in: 'query', schema: { $ref: '#/components/schemas/Id' } }], responses: { 200: { description: 'ok' } } } } },
  };
  const inline = structuredClone(withRef) as any;
  inline.paths['/a'].get.parameters[0].schema = { format: 'uuid', type: 'string' };
  assert.equal(diffApi(inlineSpec(withRef), inlineSpec(inline), { today: new Date() }), []);
});

test.run();
