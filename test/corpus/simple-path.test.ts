/**
 * The direct evaluator of plain JSONPaths gives exactly jsonpath-plus's matches on the newest version of every
 * OpenAPI series of the shared corpus (`npm run test:corpus`); test/lint/simple-path.test.ts holds the same on
 * fixtures/real-specs and on hand-made documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import { load } from 'js-yaml';
import { CORPUS, corpusSeriesTests } from '../helpers/corpus.ts';
import { assertSameMatches, plainPaths } from '../helpers/simple-path-oracle.ts';

corpusSeriesTests('same matches as jsonpath-plus on the corpus', (manifest) => {
  for (const series of manifest.openapi) {
    test(`same matches as jsonpath-plus on ${series.name}`, () => {
      const file = join(CORPUS, series.versions[series.versions.length - 1]!.path);
      const text = readFileSync(file, 'utf8');
      const data = file.endsWith('.json') ? JSON.parse(text) : load(text);
      for (const path of plainPaths) assertSameMatches(path, data, series.name);
    });
  }
});

test.run();
