/**
 * Direction semantics per keyword: a narrowing change is breaking under backward and full, non-breaking under
 * forward and none; the same pair reversed (a widening change) is breaking under forward and full, non-breaking
 * under backward and none. Incomparable changes are breaking unless compatibility is none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifySpecs } from '../../src/classify/classify.ts';
import { inlineJsonSchema } from '../../src/classify/inline-spec.ts';
import type { PairCompatibility } from '../../src/types.ts';

const today = new Date('2026-01-01T00:00:00Z');
const MODES: PairCompatibility[] = ['backward', 'forward', 'full', 'none'];
const D07 = 'http://json-schema.org/draft-07/schema#';
const D04 = 'http://json-schema.org/draft-04/schema#';
const P = (schema: object, extra: object = {}) => ({ type: 'object', properties: { p: schema }, ...extra });

/** [keyword, base, revision] where revision accepts strictly fewer values than base. */
const NARROWING: [string, object, object][] = [
  ['type', P({ type: 'number' }), P({ type: 'integer' })],
  ['type null', P({ type: ['string', 'null'] }), P({ type: 'string' })],
  ['nullable (OpenAPI 3.0 style)', P({ type: 'string', nullable: true }), P({ type: 'string' })],
  ['format', P({ type: 'string' }), P({ type: 'string', format: 'email' })],
  ['enum added', P({ type: 'string' }), P({ type: 'string', enum: ['a', 'b'] })],
  ['enum value removed', P({ enum: ['a', 'b'] }), P({ enum: ['a'] })],
  ['const added', P({ type: 'string' }), P({ type: 'string', const: 'a' })],
  ['const vs enum', P({ enum: ['a', 'b'] }), P({ const: 'a' })],
  ['multipleOf', P({ multipleOf: 2 }), P({ multipleOf: 4 })],
  ['maximum', P({ type: 'number' }), P({ type: 'number', maximum: 10 })],
  ['minimum', P({ minimum: 1 }), P({ minimum: 2 })],
  ['exclusiveMaximum', P({ exclusiveMaximum: 10 }), P({ exclusiveMaximum: 5 })],
  ['exclusiveMinimum', P({ type: 'number' }), P({ type: 'number', exclusiveMinimum: 0 })],
  ['minimum made exclusive', P({ minimum: 0 }), P({ exclusiveMinimum: 0 })],
  ['maximum made exclusive and lower', P({ maximum: 10 }), P({ exclusiveMaximum: 9 })],
  ['maxLength', P({ maxLength: 10 }), P({ maxLength: 5 })],
  ['minLength', P({ type: 'string' }), P({ type: 'string', minLength: 1 })],
  ['pattern', P({ type: 'string' }), P({ type: 'string', pattern: '^a' })],
  ['maxItems', P({ maxItems: 10 }), P({ maxItems: 5 })],
  ['minItems', P({ minItems: 1 }), P({ minItems: 2 })],
  ['uniqueItems', P({ type: 'array' }), P({ type: 'array', uniqueItems: true })],
  ['contains', P({ type: 'array' }), P({ type: 'array', contains: { type: 'string' } })],
  ['minContains', P({ contains: { type: 'string' } }), P({ contains: { type: 'string' }, minContains: 2 })],
  ['maxContains', P({ contains: { type: 'string' } }), P({ contains: { type: 'string' }, maxContains: 2 })],
  ['maxProperties', P({ type: 'object' }), P({ type: 'object', maxProperties: 3 })],
  ['minProperties', P({ minProperties: 1 }), P({ minProperties: 2 })],
  ['required', P({ type: 'string' }), P({ type: 'string' }, { required: ['p'] })],
  ['required property added', { type: 'object' }, P({ type: 'string' }, { required: ['p'] })],
  ['property removed from a closed object', P({ type: 'string' }, { additionalProperties: false }), { type: 'object', properties: {}, additionalProperties: false }],
  ['additionalProperties', { type: 'object' }, { type: 'object', additionalProperties: false }],
  ['additionalProperties schema', { type: 'object', additionalProperties: { type: 'string' } }, { type: 'object', additionalProperties: false }],
  ['unevaluatedProperties', { type: 'object' }, { type: 'object', unevaluatedProperties: false }],
  ['unevaluatedItems', { type: 'array' }, { type: 'array', unevaluatedItems: false }],
  ['prefixItems', { type: 'array' }, { type: 'array', prefixItems: [{ type: 'string' }] }],
  ['items array (draft-07)', { $schema: D07, type: 'array' }, { $schema: D07, type: 'array', items: [{ type: 'string' }] }],
  ['additionalItems (draft-07)', { $schema: D07, items: [{ type: 'string' }] }, { $schema: D07, items: [{ type: 'string' }], additionalItems: false }],
  ['items schema', P({ type: 'array' }), P({ type: 'array', items: { type: 'string' } })],
  ['patternProperties (open object)', { type: 'object' }, { type: 'object', patternProperties: { '^a': { type: 'string' } } }],
  ['propertyNames', { type: 'object' }, { type: 'object', propertyNames: { maxLength: 3 } }],
  ['dependentRequired', { type: 'object' }, { type: 'object', dependentRequired: { a: ['b'] } }],
  ['dependencies (draft-07)', { $schema: D07, type: 'object' }, { $schema: D07, type: 'object', dependencies: { a: ['b'], c: { required: ['d'] } } }],
  ['dependentSchemas', { type: 'object' }, { type: 'object', dependentSchemas: { a: { required: ['b'] } } }],
  ['if/then', { type: 'object' }, { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } }],
  ['then with the same if', { if: { required: ['a'] } }, { if: { required: ['a'] }, then: { required: ['b'] } }],
  ['not', P({ type: 'string' }), P({ type: 'string', not: { const: 'x' } })],
  ['boolean subschema', P(true as any), P(false as any)],
  ['allOf member added', P({ allOf: [{ maxLength: 5 }, { maxLength: 3 }] }), P({ allOf: [{ maxLength: 5 }, { maxLength: 3 }, { pattern: '^a' }] })],
  ['anyOf member removed', P({ anyOf: [{ type: 'string' }, { type: 'integer' }] }), P({ anyOf: [{ type: 'string' }] })],
  ['oneOf member removed', P({ oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] }), P({ oneOf: [{ type: 'string' }, { type: 'integer' }] })],
  ['draft-04 exclusiveMaximum', { $schema: D04, ...P({ maximum: 10 }) }, { $schema: D04, ...P({ maximum: 10, exclusiveMaximum: true }) }],
  ['shared definition', { $defs: { s: { type: 'string' } }, ...P({ $ref: '#/$defs/s' }) }, { $defs: { s: { type: 'string', maxLength: 3 } }, ...P({ $ref: '#/$defs/s' }) }],
];

const NARROW_VERDICT = { backward: 'breaking', forward: 'non-breaking', full: 'breaking', none: 'non-breaking' };
const WIDEN_VERDICT = { backward: 'non-breaking', forward: 'breaking', full: 'breaking', none: 'non-breaking' };

async function severities(base: object, revision: object, mode: PairCompatibility): Promise<string[]> {
  const findings = await classifySpecs(inlineJsonSchema(base), inlineJsonSchema(revision), { today, compatibility: mode });
  return findings.map((f) => `${f.severity} (${f.rule})`);
}

for (const [keyword, base, revision] of NARROWING) {
  test(`${keyword}: narrowing and widening verdicts in every compatibility mode`, async () => {
    for (const mode of MODES) {
      const narrowing = await severities(base, revision, mode);
      assert.ok(narrowing.length > 0, `${keyword} (${mode}): no change found`);
      for (const s of narrowing) assert.ok(s.startsWith(`${NARROW_VERDICT[mode]} `), `${keyword} narrowing under ${mode}: ${narrowing.join(', ')}`);
      const widening = await severities(revision, base, mode);
      assert.ok(widening.length > 0, `${keyword} reversed (${mode}): no change found`);
      for (const s of widening) assert.ok(s.startsWith(`${WIDEN_VERDICT[mode]} `), `${keyword} widening under ${mode}: ${widening.join(', ')}`);
    }
  });
}

const INCOMPARABLE: [string, object, object][] = [
  ['type changed', P({ type: 'string' }), P({ type: 'integer' })],
  ['pattern changed', P({ pattern: '^a' }), P({ pattern: '^b' })],
  ['multipleOf unrelated', P({ multipleOf: 2 }), P({ multipleOf: 3 })],
  ['not changed', P({ not: { const: 'a' } }), P({ not: { const: 'b' } })],
  ['if changed', { if: { required: ['a'] }, then: { required: ['b'] } }, { if: { required: ['c'] }, then: { required: ['b'] } }],
  ['required property added to a closed object', { type: 'object', properties: {}, additionalProperties: false }, P({ type: 'string' }, { required: ['p'], additionalProperties: false })],
];

for (const [keyword, base, revision] of INCOMPARABLE) {
  test(`${keyword}: incomparable, breaking unless compatibility is none (both ways)`, async () => {
    for (const mode of MODES) {
      for (const [b, r] of [[base, revision], [revision, base]]) {
        const found = await severities(b, r, mode);
        assert.ok(found.length > 0);
        const expected = mode === 'none' ? 'non-breaking' : 'breaking';
        for (const s of found) assert.ok(s.startsWith(`${expected} `), `${keyword} under ${mode}: ${found.join(', ')}`);
      }
    }
  });
}

test('annotations are patches in every mode', async () => {
  for (const mode of MODES) {
    const found = await severities(P({ type: 'string', title: 'a', description: 'a', $comment: 'a', examples: ['a'] }), P({ type: 'string', title: 'b', description: 'b', $comment: 'b', examples: ['b'] }), mode);
    assert.equal(found.map((s) => s.split(' ')[0]), ['patch', 'patch', 'patch', 'patch'], found.join(', '));
  }
});

test('an optional property added to an open object is non-breaking by default, in every mode', async () => {
  for (const mode of MODES) {
    assert.equal(await severities({ type: 'object' }, P({ type: 'string' }), mode), ['non-breaking (json-schema-property-added-open)']);
  }
});

test('rules.severity flips the open-model default like any rule', async () => {
  const findings = await classifySpecs(inlineJsonSchema({ type: 'object' }), inlineJsonSchema(P({ type: 'string' })), {
    today, compatibility: 'backward', severityOverrides: { 'json-schema-property-added-open': 'breaking' },
  });
  assert.equal(findings.map((f) => f.severity), ['breaking']);
});

test.run();
