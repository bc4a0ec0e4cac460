/**
 * Every JSON Schema series of the shared corpus (the OpenAPI meta-schemas included): consecutive versions
 * classify without error, deterministically (compared twice when small: REPEATED_BELOW_BYTES) and with no
 * unclassified change, in every compatibility mode;
 * the newest schema compared with itself has no changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { loadSpec } from '../../src/load/load.ts';
import { classifySpecs } from '../../src/classify/classify.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import { CORPUS, corpusSeriesTests, REPEATED_BELOW_BYTES } from '../helpers/corpus.ts';
const today = new Date('2026-01-01T00:00:00Z');
const MODES = ['backward', 'forward', 'full', 'none'] as const;

corpusSeriesTests('corpus JSON Schema series classify deterministically', (manifest) => {
  for (const series of manifest.jsonSchema) {
    test(`corpus ${series.name}: consecutive pairs classify deterministically in every mode; the newest version's self-diff is empty`, async () => {
      const specs: LoadedSpec[] = [];
      for (const version of series.versions) specs.push(await loadSpec(join(CORPUS, version.path), { projectRoot: CORPUS, expectedFormat: 'json-schema' }));
      for (let i = 1; i < specs.length; i++) {
        const label = `${series.versions[i - 1].label} -> ${series.versions[i].label}`;
        const first = await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: CORPUS, compatibility: 'backward' });
        if (series.versions[i].bytes < REPEATED_BELOW_BYTES) {
          assert.equal(await classifySpecs(specs[i - 1], specs[i], { today, relativeTo: CORPUS, compatibility: 'backward' }), first, `${label}: not deterministic`);
        }
        for (const mode of MODES) {
          const findings = mode === 'backward' ? first : await classifySpecs(specs[i - 1], specs[i], { today, compatibility: mode });
          const unclassified = findings.filter((f) => f.rule === 'unclassified');
          assert.equal(unclassified.map((f) => `${f.location}: ${f.message}`), [], `${label} (${mode}): unclassified changes`);
          assert.is(findings.length, first.length, `${label} (${mode}): the mode changed which changes were found`);
          if (mode === 'none') assert.equal(findings.filter((f) => f.severity === 'breaking'), [], `${label}: breaking under none`);
        }
      }
      // The newest version: the older versions' self-diffs reached no code (V8 block coverage) that the pairs and
      // this one do not.
      assert.equal(await classifySpecs(specs.at(-1)!, specs.at(-1)!, { today }), [], `${series.versions.at(-1)!.label}: diff(a, a) is not empty`);
    });
  }
});

test.run();
