/**
 * Every OpenAPI series of the shared corpus: consecutive versions classify without error and
 * deterministically, and a document compared with itself has no changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { loadSpec } from '../../src/spec/load.ts';
import { classifySpecs } from '../../src/classify/classify.ts';
import type { LoadedSpec } from '../../src/spec/types.ts';
import { CORPUS, corpusManifest, corpusSeriesTests, corpusTest } from '../helpers/corpus.ts';
const today = new Date('2026-01-01T00:00:00Z');

corpusSeriesTests('corpus OpenAPI series classify deterministically', (manifest) => {
  for (const series of manifest.openapi) {
    test(`corpus ${series.name}: every consecutive pair classifies deterministically; self-diff is empty`, async () => {
      const specs: LoadedSpec[] = [];
      for (const version of series.versions) specs.push(await loadSpec(join(CORPUS, version.path), { projectRoot: CORPUS }));
      for (let i = 1; i < specs.length; i++) {
        const first = await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: CORPUS });
        const second = await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: CORPUS });
        assert.equal(second, first, `${series.versions[i].label}: not deterministic`);
        const unclassified = first.filter((f) => f.rule === 'unclassified');
        assert.equal(unclassified.map((f) => f.message), [], `${series.versions[i].label}: unclassified changes`);
      }
      for (const [index, spec] of specs.entries()) {
        assert.equal(await classifySpecs(spec, spec, { today }), [], `${series.versions[index].label}: diff(a, a) is not empty`);
      }
    });
  }
});

corpusTest('the known breaking edits of the corpus are found', async () => {
  const petstore = corpusManifest().openapi.find((s) => s.name === 'oai-petstore-3.0');
  assert.ok(petstore, 'the corpus has the oai-petstore-3.0 series');
  const [a, b] = await Promise.all(petstore.versions.slice(0, 2).map((v: any) => loadSpec(join(CORPUS, v.path), { projectRoot: CORPUS })));
  const findings = await classifySpecs(a, b, { today });
  const rules = findings.map((f) => `${f.severity} ${f.rule}`);
  assert.ok(rules.includes('breaking request-parameter-max-added'), rules.join(', '));
  assert.ok(rules.includes('non-breaking response-property-max-items-added'), rules.join(', '));
});

test.run();
