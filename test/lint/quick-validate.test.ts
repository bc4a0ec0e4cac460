/**
 * quickValidate must agree with ajv wherever it answers: `true` only when ajv says valid, `false` only when
 * ajv says invalid (a wrong `false` would turn into a wrong `true` under `not` and `oneOf`, and invalid
 * examples are reported from it). Checked on hand-picked cases and on random values for schemas using
 * every keyword it implements, in two dialects. locateFailure's parts must each be invalid for their part
 * of the value, which must be the value at their path (for additionalProperties, part of it), and ajvMessage
 * must word a part as ajv does.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAjv, type AjvDialect } from '../../src/lint/ajv-instances.ts';
import { closureCompiles, locateFailure, quickValidate } from '../../src/lint/quick-validate.ts';
import { ajvMessage } from '../../src/lint/ajv-messages.ts';
import { joinPointer, valueAt } from '../../src/toolkit/json-pointer.ts';

const defs: Record<string, unknown> = {
  'specver:ref/Pet': { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 5 }, kind: { enum: ['cat', 'dog', null] } }, additionalProperties: false },
  'specver:ref/Tag': { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
};
const resolve = (ref: string) => defs[ref];

const SCHEMAS: unknown[] = [
  { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
  { type: ['string', 'null'], pattern: '^a+$' },
  { type: 'string', format: 'date-time' },
  { type: 'string', format: 'uri' },
  { type: 'number', format: 'int32' },
  { type: 'array', items: { $ref: 'specver:ref/Pet' }, minItems: 1, maxItems: 2 },
  { $ref: 'specver:ref/Pet' },
  { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'number' }] },
  { anyOf: [{ const: 1 }, { type: 'boolean' }], not: { const: true } },
  { allOf: [{ type: 'object', minProperties: 1 }, { patternProperties: { '^x-': { type: 'integer' } }, additionalProperties: { type: 'string' } }] },
  // OpenAPI 3.1 documents may keep 3.0's `nullable`, which ajv honours next to `type`.
  { type: 'string', nullable: true, minLength: 2 },
  { $ref: 'specver:ref/Tag', type: 'object', maxProperties: 1 },
  { type: 'object', properties: { name: { oneOf: [{ type: 'string' }, { $ref: 'specver:ref/Tag' }] }, kind: { not: { type: 'string', minLength: 3 } } }, required: ['kind'] },
  { anyOf: [{ $ref: 'specver:ref/Pet' }, { type: 'array', items: { $ref: 'specver:ref/Tag' } }, { type: 'null' }] },
  { type: 'string', minLength: 2, maxLength: 2 },
  { type: 'object', multipleOf: 2, required: ['id'] },
  { oneOf: [{ type: 'number' }, { type: 'integer', discriminator: { propertyName: 'x' } }] },
  { type: 'object', properties: { other: false, name: true, id: { enum: [1, [NaN], { a: null }] } } },
  { type: 'number', multipleOf: 0.5, maximum: 9 },
  { multipleOf: 3 },
  // The shape of the built-in lint rules that use the `schema` function.
  { not: { propertyNames: { not: { pattern: '^x-' } } } },
  { propertyNames: { maxLength: 4 }, anyOf: [{ required: ['name'] }, { required: ['id'] }] },
  { type: 'object', required: ['kind', 'id', 'constructor'], minProperties: 2, maxProperties: 2 },
  { oneOf: [{ type: 'number', minimum: 1 }, { maximum: 9 }, { const: 'cat' }], exclusiveMinimum: 0 },
  { oneOf: [{ type: 'integer' }, { minimum: 2 }, { type: 'string' }, { maximum: 1 }] },
  { type: 'array', uniqueItems: true, items: { type: ['integer', 'string', 'null'] } },
  { uniqueItems: true, maxItems: 3 },
  { type: ['array', 'string', 'object'], nullable: true, items: { type: 'integer' }, properties: { name: { pattern: '^a' } } },
];

const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, 1, 9, 10, -1, 2.5, 2147483648, Infinity, -Infinity, NaN, '', 'a', 'aa', 'cat', 'dog', 'toolong', '😀', 'a😀', '\ud83d', '2024-01-01T00:00:00Z', 'https://x.test/a', '/rel', 'name', 'x-a'),
    fc.array(tie('any'), { maxLength: 3 }),
    // Parsed documents hold plain objects (ajv's uniqueItems throws on two null-prototype ones).
    fc.dictionary(fc.constantFrom('name', 'kind', 'x-a', 'other', 'id'), tie('any'), { maxKeys: 3, noNullPrototype: true }),
  ),
})).any;

for (const dialect of ['draft-07', '2020-12'] as AjvDialect[]) {
  test(`agrees with ajv ${dialect} wherever it answers; located parts fail in ajv (random values)`, () => {
    const ajv = createAjv(dialect, true);
    for (const [id, schema] of Object.entries(defs)) ajv.addSchema(schema as object, id);
    const validators = SCHEMAS.map((schema) => ajv.compile(schema as object));
    const parts = new Map<string, ReturnType<typeof ajv.compile>>();
    const part = (schema: unknown) => {
      const text = JSON.stringify(schema);
      if (!parts.has(text)) parts.set(text, ajv.compile(schema as object));
      return parts.get(text)!;
    };
    const surely = (schema: unknown, v: unknown) => quickValidate(schema, v, resolve) === true;
    let wordedCount = 0;
    fc.assert(
      fc.property(value, (v) => {
        SCHEMAS.forEach((schema, i) => {
          const label = `${JSON.stringify(schema)} ${String(JSON.stringify(v))}`;
          const quick = quickValidate(schema, v, resolve);
          const real = validators[i](v);
          if (quick === true) assert.ok(real, `valid: ${label}`);
          if (quick === false) assert.not.ok(real, `invalid: ${label}`);
          const failures = locateFailure(schema, v, resolve);
          if (quick !== false) assert.is(failures, undefined);
          for (const failure of failures ?? []) {
            const at = valueAt(v, joinPointer('', ...failure.path)) as Record<string, unknown>;
            // additionalProperties: false is shown one offending property of the object at the path.
            if ((failure.schema as Record<string, unknown>).additionalProperties === false) assert.ok(Object.entries(failure.value as object).every(([k, x]) => Object.is(at[k], x)), `path: ${label}`);
            else assert.ok(Object.is(at, failure.value), `path: ${label}`);
            assert.not.ok(part(failure.schema)(failure.value), `part ${JSON.stringify(failure.schema)}: ${label}`);
          }
          // A part worded without ajv is worded as ajv words it.
          const first = failures?.[0];
          const worded = first && ajvMessage(first.schema, first.value, surely);
          if (first && worded !== undefined) {
            const validate = part(first.schema);
            validate(first.value);
            assert.is(worded, validate.errors?.[0]?.message, `message: ${label}`);
            assert.is(validate.errors?.[0]?.instancePath, '', `instance path: ${label}`);
            wordedCount++;
          }
        });
      }),
      { numRuns: Number(process.env.SPECVER_FUZZ_RUNS ?? 400), seed: 7 },
    );
    assert.ok(wordedCount > 0, 'some failures are worded without ajv');
  });
}

test('answers for common cases, defers on what it does not implement', () => {
  assert.is(quickValidate({ $ref: 'specver:ref/Pet' }, { name: 'Rex' }, resolve), true);
  assert.is(quickValidate({ $ref: 'specver:ref/Pet' }, { name: 'Rex', age: 3 }, resolve), false);
  assert.is(quickValidate({ type: 'string', format: 'uri' }, '/relative', resolve), false);
  assert.is(quickValidate({ type: 'array', uniqueItems: true }, [1, { a: [2] }, { a: [3] }], resolve), true);
  assert.is(quickValidate({ type: 'array', uniqueItems: true }, [1, { a: [2] }, { a: [2] }], resolve), false);
  assert.is(quickValidate({ type: 'array', contains: { type: 'string' } }, [1], resolve), undefined);
  assert.is(quickValidate({ type: 'number', multipleOf: 3 }, 3, resolve), true);
  assert.is(quickValidate({ type: 'number', multipleOf: 0.1 }, 0.3, resolve), false, 'as ajv: 0.3 / 0.1 is not an integer in floating point');
  assert.is(quickValidate({ $ref: '#/unknown' }, 3, resolve), undefined);
  assert.is(quickValidate({ type: 'string', 'x-anything': 1, nullable: true, description: 'd' }, 's', resolve), true);
  assert.is(quickValidate({ type: 'integer' }, Infinity, resolve), undefined, 'ajv takes Infinity for an integer');
  assert.is(quickValidate({ type: 'string', nullable: true }, null, resolve), true, 'ajv honours nullable');
  assert.is(quickValidate({ nullable: true }, null, resolve), undefined, 'ajv refuses nullable without type');
});

test('a surely failing keyword settles what is left open elsewhere', () => {
  assert.is(quickValidate({ type: 'object', multipleOf: 2 }, 'x', resolve), false);
  assert.is(quickValidate({ properties: { a: { $ref: '#/unknown' }, b: { type: 'string' } } }, { a: 1, b: 2 }, resolve), false);
  assert.is(quickValidate({ properties: { a: { $ref: '#/unknown' }, b: { type: 'string' } } }, { a: 1, b: 's' }, resolve), undefined);
  assert.is(quickValidate({ oneOf: [{ type: 'number' }, { type: 'integer' }, { multipleOf: 2 }] }, 3, resolve), false, 'two branches match');
});

test('locates a nested property, an array item, and the branches of an unmatched oneOf', () => {
  assert.equal(locateFailure({ type: 'object', properties: { owner: { properties: { user: { type: 'string' } } } } }, { owner: { user: 3 } }, resolve), [{ path: ['owner', 'user'], schema: { type: 'string' }, value: 3 }]);
  assert.equal(locateFailure({ properties: { tags: { type: 'array', items: { $ref: 'specver:ref/Tag' } } } }, { tags: [{ id: 1 }, {}] }, resolve), [{ path: ['tags', 1], schema: { required: ['id'] }, value: {} }]);
  assert.equal(locateFailure({ oneOf: [{ type: 'string' }, { $ref: 'specver:ref/Tag' }] }, {}, resolve), [
    { path: [], schema: { type: 'string' }, value: {} },
    { path: [], schema: { required: ['id'] }, value: {} },
  ]);
  assert.equal(locateFailure({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 3, resolve), [{ path: [], schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] }, value: 3 }]);
  assert.equal(locateFailure({ additionalProperties: false, properties: { a: {} } }, { a: 1, b: 2, c: 3 }, resolve), [{ path: [], schema: { additionalProperties: false }, value: { b: 2 } }]);
  assert.equal(locateFailure({ not: { type: 'string' } }, 's', resolve), [{ path: [], schema: { not: { type: 'string' } }, value: 's' }]);
  assert.is(locateFailure({ type: 'string' }, 's', resolve), undefined);
});

test('closureCompiles: false for what ajv refuses to compile anywhere the schema reaches', () => {
  const memo = new WeakMap<object, boolean>();
  assert.ok(closureCompiles({ type: 'object', properties: { pet: { $ref: 'specver:ref/Pet' } }, example: { type: 'not-a-type', $ref: 'x' } }, resolve, memo));
  assert.ok(closureCompiles({ properties: { default: { type: 'string' } } }, resolve, memo));
  assert.not.ok(closureCompiles({ properties: { default: { nullable: true } } }, resolve, memo));
  assert.not.ok(closureCompiles({ items: { $ref: 'http://elsewhere.test/x.json' } }, resolve, memo));
  assert.not.ok(closureCompiles({ anyOf: [{ exclusiveMinimum: true }] }, resolve, memo));
  assert.not.ok(closureCompiles({ pattern: '(' }, resolve, memo));
});

test.run();
