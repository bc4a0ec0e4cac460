/** Bound messages name the bound, whichever form (OpenAPI 3.0 boolean or 3.1 numeric) writes it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifySpecs } from '../../src/classify/classify.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';

const today = new Date('2026-01-01T00:00:00Z');
const spec = (openapi: string, p: object) => inlineSpec({
  openapi, info: { title: 't', version: '1' },
  paths: { '/a': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { p } } } } }, responses: { 200: { description: 'ok' } } } } },
});

test('OpenAPI 3.0: only the bound of a boolean exclusiveMaximum moved', async () => {
  const findings = await classifySpecs(spec('3.0.3', { type: 'number', maximum: 20, exclusiveMaximum: true }), spec('3.0.3', { type: 'number', maximum: 15, exclusiveMaximum: true }), { today });
  const schema = findings.filter((f) => f.rule !== 'info-version-unchanged');
  assert.equal(schema.map((f) => [f.rule, f.severity]), [['request-property-exclusive-max-decreased', 'breaking']]);
  assert.match(schema[0]!.message, /exclusive maximum decreased from 20 to 15$/);
  assert.ok(schema[0]!.location.endsWith('/properties/p/maximum'));
});

test('OpenAPI 3.1: the numeric exclusiveMinimum reads the same way', async () => {
  const findings = await classifySpecs(spec('3.1.0', { type: 'number', exclusiveMinimum: 1 }), spec('3.1.0', { type: 'number', exclusiveMinimum: 3 }), { today });
  const schema = findings.filter((f) => f.rule !== 'info-version-unchanged');
  assert.match(schema[0]!.message, /exclusive minimum increased from 1 to 3$/);
  assert.ok(schema[0]!.location.endsWith('/properties/p/exclusiveMinimum'));
});

test.run();
