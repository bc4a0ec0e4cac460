/**
 * The OpenAPI and JSON Schema files of the shared corpus (`npm run test:corpus`) lint without a tool error,
 * every finding with a line, and their findings are the same on a second, independent run (fresh parse).
 * Larger files (REPEATED_BELOW_BYTES) are linted once, to keep the test fast; the determinism of the engine is
 * still covered by every smaller file. Older versions over 100 KB that run no code the others do not are left
 * out (LINTED_BY_OTHERS).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORPUS, corpusSeriesTests, type CorpusVersion as Version } from '../helpers/corpus.ts';
import { checkLint, LINTED_BY_OTHERS, lintFindings } from '../helpers/series-checks.ts';

/** Findings of the first run of each file, so a later test reads them instead of linting the file again. */
const firstFindings = new Map<Version, string[]>();

corpusSeriesTests('corpus files lint without a tool error', (manifest) => {
  test('the versions left out are older versions of the corpus, over 100 KB', () => {
    const all = [...manifest.openapi, ...manifest.jsonSchema];
    const older = all.flatMap((series) => series.versions.slice(0, -1)).filter((version) => version.bytes >= 100_000).map((version) => version.path);
    assert.equal([...LINTED_BY_OTHERS].filter((path) => !older.includes(path)), []);
  });

  for (const series of [...manifest.openapi, ...manifest.jsonSchema]) {
    const linted = series.versions.filter((version) => !LINTED_BY_OTHERS.has(version.path));
    test(`corpus ${series.name}: ${linted.length} of ${series.versions.length} versions lint without a tool error, stable`, async () => {
      for (const [version, found] of await checkLint(CORPUS, series, linted)) firstFindings.set(version, found);
    });
  }

  test('known invalid documents are reported, not crashed on', async () => {
    const openai = manifest.openapi.find((s) => s.name === 'openai')!;
    const latest = openai.versions[openai.versions.length - 1];
    const findings = firstFindings.get(latest) ?? (await lintFindings(CORPUS, openai, latest));
    assert.ok(findings.some((f) => f.includes('openapi-schema-valid') && f.includes('exclusiveMinimum must be number')), 'openai: 3.0-style exclusiveMinimum in 3.1');
  });
});

test.run();
