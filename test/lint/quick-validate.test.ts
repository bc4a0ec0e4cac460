/**
 * quickValidate may only say "valid" when ajv agrees: it is checked against ajv on hand-picked cases and on
 * random values for schemas using every keyword it implements.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAjv } from '../../src/lint/ajv-instances.ts';
import { quickValidate } from '../../src/lint/quick-validate.ts';

const ajv = createAjv('draft-07', true);
const defs: Record<string, unknown> = {
  'specver:ref/Pet': { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 5 }, kind: { enum: ['cat', 'dog', null] } }, additionalProperties: false },
};
for (const [id, schema] of Object.entries(defs)) ajv.addSchema(schema as object, id);
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
];

const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, false, 0, 1, 9, 10, -1, 2.5, 2147483648, '', 'a', 'aa', 'cat', 'dog', 'toolong', '2024-01-01T00:00:00Z', 'https://x.test/a', '/rel', 'name', 'x-a'), fc.array(tie('any'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('name', 'kind', 'x-a', 'other'), tie('any'), { maxKeys: 3 })),
})).any;

test('never valid where ajv says invalid (random values)', () => {
  const validators = SCHEMAS.map((schema) => ajv.compile(schema as object));
  fc.assert(
    fc.property(value, (v) => {
      SCHEMAS.forEach((schema, i) => {
        const quick = quickValidate(schema, v, resolve);
        const real = validators[i](v);
        if (quick === true) assert.ok(real, `${JSON.stringify(schema)} ${JSON.stringify(v)}`);
        if (quick === false) assert.not.ok(real, `${JSON.stringify(schema)} ${JSON.stringify(v)}`);
      });
    }),
    { numRuns: 400, seed: 7 },
  );
});

test('answers for common cases, defers on what it does not implement', () => {
  assert.is(quickValidate({ $ref: 'specver:ref/Pet' }, { name: 'Rex' }, resolve), true);
  assert.is(quickValidate({ $ref: 'specver:ref/Pet' }, { name: 'Rex', age: 3 }, resolve), false);
  assert.is(quickValidate({ type: 'string', format: 'uri' }, '/relative', resolve), false);
  assert.is(quickValidate({ type: 'number', multipleOf: 3 }, 3, resolve), undefined);
  assert.is(quickValidate({ $ref: '#/unknown' }, 3, resolve), undefined);
  assert.is(quickValidate({ type: 'string', 'x-anything': 1, nullable: true, description: 'd' }, 's', resolve), true);
});

test.run();
