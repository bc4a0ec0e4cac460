/**
 * Every OpenAPI series of the shared corpus, each file loaded once and each consecutive pair diffed here only:
 * every file is detected as the manifest says, pairs classify without error and deterministically (compared
 * twice when small: REPEATED_BELOW_BYTES), every raw
 * change matches its documented record (docs/change-kinds.md), and the newest document compared with itself
 * has no changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { loadSpec } from '../../src/load/load.ts';
import { classifyDiff, classifySpecs, diffSpecs } from '../../src/classify/classify.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import { CORPUS, corpusManifest, corpusSeriesTests, corpusTest, REPEATED_BELOW_BYTES } from '../helpers/corpus.ts';
import { departures } from '../helpers/emitted-changes.ts';
const today = new Date('2026-01-01T00:00:00Z');

corpusSeriesTests('corpus OpenAPI series classify deterministically', (manifest) => {
  for (const series of manifest.openapi) {
    test(`corpus ${series.name}: detected as the manifest says; every consecutive pair classifies deterministically, its changes documented; the newest version's self-diff is empty`, async () => {
      const specs: LoadedSpec[] = [];
      for (const version of series.versions) {
        const spec = await loadSpec(join(CORPUS, version.path), { projectRoot: CORPUS });
        const kind = spec.kind;
        assert.ok(kind.format === 'openapi', version.path);
        assert.is(kind.format === 'openapi' && kind.declared, version.specVersion, version.path);
        assert.is(kind.format === 'openapi' && kind.version, version.specVersion === '2.0' ? '2.0' : version.specVersion!.slice(0, 3), version.path);
        specs.push(spec);
      }
      for (let i = 1; i < specs.length; i++) {
        // One diff serves both checks: its findings, and its raw changes against their documented records.
        const diff = diffSpecs(specs[i - 1], specs[i], { today });
        const first = await classifyDiff(diff, specs[i - 1], specs[i], { today, relativeTo: CORPUS });
        if (series.versions[i].bytes < REPEATED_BELOW_BYTES) {
          assert.equal(await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: CORPUS }), first, `${series.versions[i].label}: not deterministic`);
        }
        const unclassified = first.filter((f) => f.rule === 'unclassified');
        assert.equal(unclassified.map((f) => f.message), [], `${series.versions[i].label}: unclassified changes`);
        const undocumented = new Set(diff.changes.flatMap(departures));
        assert.equal([...undocumented], [], `${series.versions[i].label}: changes outside docs/change-kinds.md`);
      }
      // The newest version: the older versions' self-diffs reached no code (V8 block coverage) that the pairs and
      // this one do not.
      assert.equal(await classifySpecs(specs.at(-1)!, specs.at(-1)!, { today }), [], `${series.versions.at(-1)!.label}: diff(a, a) is not empty`);
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
