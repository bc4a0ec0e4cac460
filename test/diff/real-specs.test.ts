/**
 * Every OpenAPI series of fixtures/real-specs (real documents kept in the repository), each file loaded once
 * and each consecutive pair diffed once: the checks of test/helpers/series-checks.ts (detected version,
 * determinism, no unclassified change, documented change records, empty self-diff of the newest version). The
 * whole shared corpus gets the same checks in test/corpus/openapi-series.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { loadSpec } from '../../src/load/load.ts';
import { classifySpecs } from '../../src/classify/classify.ts';
import { realSpecsManifest, REAL_SPECS } from '../helpers/real-specs.ts';
import { checkOpenApiSeries } from '../helpers/series-checks.ts';

for (const series of realSpecsManifest().openapi) {
  test(`real specs ${series.name}: detected as the manifest says; every consecutive pair classifies deterministically, its changes documented; the newest version's self-diff is empty`, () =>
    checkOpenApiSeries(REAL_SPECS, series));
}

test('the real specs cover Swagger 2.0, OpenAPI 3.0 and 3.1, in YAML and JSON, single and multi-file', () => {
  const versions = realSpecsManifest().openapi.flatMap((series) => series.versions.map((version) => ({ series, version })));
  for (const wanted of ['2.0', '3.0', '3.1']) assert.ok(versions.some(({ version }) => version.specVersion!.startsWith(wanted)), wanted);
  for (const ext of ['.yaml', '.json']) assert.ok(versions.some(({ version }) => version.path.endsWith(ext)), ext);
  assert.ok(versions.some(({ series }) => series.multiFile), 'a multi-file series');
});

test('the known breaking edits of the real specs are found', async () => {
  const petstore = realSpecsManifest().openapi.find((s) => s.name === 'oai-petstore-3.0');
  assert.ok(petstore, 'fixtures/real-specs has the oai-petstore-3.0 series');
  const [a, b] = await Promise.all(petstore.versions.slice(0, 2).map((v) => loadSpec(join(REAL_SPECS, v.path), { projectRoot: REAL_SPECS })));
  const findings = await classifySpecs(a, b, { today: new Date('2026-01-01T00:00:00Z') });
  const rules = findings.map((f) => `${f.severity} ${f.rule}`);
  assert.ok(rules.includes('breaking request-parameter-max-added'), rules.join(', '));
  assert.ok(rules.includes('non-breaking response-property-max-items-added'), rules.join(', '));
});

test.run();
