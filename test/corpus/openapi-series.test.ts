/**
 * Every OpenAPI series of the shared corpus (`npm run test:corpus`), each file loaded once and each consecutive
 * pair diffed once: the checks of test/helpers/series-checks.ts (detected version, determinism, no
 * unclassified change, documented change records, empty self-diff of the newest version).
 */
import { test } from 'uvu';
import { CORPUS, corpusSeriesTests } from '../helpers/corpus.ts';
import { checkOpenApiSeries } from '../helpers/series-checks.ts';

corpusSeriesTests('corpus OpenAPI series classify deterministically', (manifest) => {
  for (const series of manifest.openapi) {
    test(`corpus ${series.name}: detected as the manifest says; every consecutive pair classifies deterministically, its changes documented; the newest version's self-diff is empty`, () =>
      checkOpenApiSeries(CORPUS, series));
  }
});

test.run();
