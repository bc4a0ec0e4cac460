/**
 * surelyUncompilable may say true only where ajv's compile throws, in both dialects; where it says false,
 * the schema simply goes to ajv.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAjv, type AjvDialect } from '../../src/lint/ajv-instances.ts';
import { surelyUncompilable } from '../../src/lint/compile-failure.ts';

const defs: Record<string, unknown> = {
  'specver:ref/Broken': { type: 'object', properties: { note: { nullable: true, description: 'no type' } } },
  'specver:ref/Fine': { type: 'object', properties: { id: { type: 'integer', nullable: true } } },
  'specver:ref/Loop': { type: 'object', properties: { next: { $ref: 'specver:ref/Loop' } } },
};
const resolve = (ref: string) => defs[ref];

const FAILING: unknown[] = [
  { nullable: true },
  { nullable: false, enum: [1] },
  { $ref: 'specver:ref/Broken' },
  { type: 'array', items: { $ref: 'specver:ref/Broken' } },
  { allOf: [{ $ref: 'specver:ref/Fine' }, { properties: { x: { nullable: true } } }] },
  { anyOf: [{ type: 'string' }, { not: { nullable: true } }] },
  { oneOf: [{ type: 'string' }, { additionalProperties: { nullable: true } }] },
  { properties: { next: { $ref: 'specver:ref/Loop' }, other: { $ref: 'specver:ref/Broken' } } },
];
const UNDECIDED: unknown[] = [
  { type: 'string', nullable: true },
  { $ref: 'specver:ref/Fine' },
  { $ref: 'specver:ref/Loop' },
  { $ref: 'specver:ref/Unknown' },
  // Not places ajv compiles: data, unknown keywords, definitions nothing references.
  { type: 'object', example: { nullable: true }, 'x-extra': { nullable: true }, definitions: { Unused: { nullable: true } } },
  JSON.parse('{"properties": {"__proto__": {"nullable": true}}}'),
];

for (const dialect of ['draft-07', '2020-12'] as AjvDialect[]) {
  test(`true only where ajv ${dialect} refuses to compile`, () => {
    const ajv = createAjv(dialect, true);
    for (const [id, schema] of Object.entries(defs)) ajv.addSchema(schema as object, id);
    const compiles = (schema: unknown) => {
      try {
        ajv.compile(schema as object);
        return true;
      } catch {
        return false;
      }
    };
    for (const schema of FAILING) {
      assert.ok(surelyUncompilable(schema, resolve, new WeakSet()), `found: ${JSON.stringify(schema)}`);
      assert.not.ok(compiles(schema), `ajv fails: ${JSON.stringify(schema)}`);
    }
    for (const schema of UNDECIDED) assert.not.ok(surelyUncompilable(schema, resolve, new WeakSet()), `not proven: ${JSON.stringify(schema)}`);
  });
}

test('a broken component found once is known for the next schema that reaches it', () => {
  const known = new WeakSet<object>();
  assert.ok(surelyUncompilable({ $ref: 'specver:ref/Broken' }, resolve, known));
  assert.ok(known.has(defs['specver:ref/Broken'] as object));
});

test.run();
