/**
 * Every JSON Schema series of the shared corpus (`npm run test:corpus`; the OpenAPI meta-schemas included):
 * each file detected as the manifest says; consecutive versions classify without error, deterministically and
 * with no unclassified change, in every compatibility mode; the newest schema's self-diff is empty.
 */
import { test } from 'uvu';
import { CORPUS, corpusSeriesTests } from '../helpers/corpus.ts';
import { checkJsonSchemaSeries } from '../helpers/series-checks.ts';

corpusSeriesTests('corpus JSON Schema series classify deterministically', (manifest) => {
  for (const series of manifest.jsonSchema) {
    test(`corpus ${series.name}: detected as the manifest says; consecutive pairs classify deterministically in every mode; the newest version's self-diff is empty`, () =>
      checkJsonSchemaSeries(CORPUS, series));
  }
});

test.run();
