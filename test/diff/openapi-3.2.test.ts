/** OpenAPI 3.2 read like 3.1 (JSON Schema 2020-12), and compared with its 3.1 (or 3.0) snapshot. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { classifySpecs } from '../../src/classify/classify.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import { describeKind, detectKindOrExplain } from '../../src/load/detect.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const today = new Date('2026-01-01T00:00:00Z');
const series = (name: string) => parse(readFileSync(join(FIXTURES, 'openapi-3.2', name), 'utf8'));
const withVersion = (doc: any, openapi: string) => ({ ...doc, openapi });

test('3.2.x is detected as OpenAPI 3.2, a later major still refused', () => {
  const kind = detectKindOrExplain({ openapi: '3.2.0', info: {}, paths: {} }, 'api.yaml').kind!;
  assert.equal(kind, { format: 'openapi', version: '3.2', declared: '3.2.0' });
  assert.is(describeKind(kind), 'OpenAPI 3.2');
  assert.is(detectKindOrExplain({ openapi: '3.2.1-rc1' }, 'api.yaml').kind?.format, 'openapi');
  assert.match(detectKindOrExplain({ openapi: '3.3.0' }, 'api.yaml').problem!, 'unsupported OpenAPI version 3.3.0 (supported: 2.0, 3.0, 3.1, 3.2)');
});

test('a 3.1 spec upgraded to 3.2.0 with no other change has no findings', async () => {
  const v1 = series('v1.yaml');
  assert.equal(await classifySpecs(inlineSpec(withVersion(v1, '3.1.1')), inlineSpec(v1), { today }), []);
  assert.equal(await classifySpecs(inlineSpec(v1), inlineSpec(withVersion(v1, '3.1.1')), { today }), []);
});

test('3.2 reads schemas as JSON Schema 2020-12: `nullable` is no keyword there, a null type is', async () => {
  const doc = (version: string, schema: object) => inlineSpec({
    openapi: version, info: { title: 't', version: '1' },
    paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } } } },
  });
  // 3.0 `nullable: true` and a 3.2 null type mean the same: no change.
  assert.equal(await classifySpecs(doc('3.0.3', { type: 'string', nullable: true }), doc('3.2.0', { type: ['string', 'null'] }), { today }), []);
  // A 3.2 response starting to send null breaks clients that expected a string.
  const findings = await classifySpecs(doc('3.2.0', { type: 'string' }), doc('3.2.0', { type: ['string', 'null'] }), { today });
  assert.ok(findings.some((f) => f.severity === 'breaking'), JSON.stringify(findings));
});

test.run();
