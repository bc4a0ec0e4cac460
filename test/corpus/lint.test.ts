/**
 * The OpenAPI and JSON Schema files of the shared corpus (`npm run test:corpus`) lint without a tool error,
 * every finding with a line, and their findings are the same on a second, independent run (fresh parse).
 * Larger files (REPEATED_BELOW_BYTES) are linted once, to keep the test fast; the determinism of the engine is
 * still covered by every smaller file. Older versions
 * over 100 KB that run no code the others do not are left out (LINTED_BY_OTHERS).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORPUS, corpusSeriesTests, type CorpusVersion as Version } from '../helpers/corpus.ts';
import { checkLint, lintFindings } from '../helpers/series-checks.ts';

/**
 * Older versions (over 100 KB) whose lint runs no code of src/ that linting the rest of the corpus does not:
 * measured with V8 block coverage, each one's run reached no block the newest version of every series, the
 * smaller files and the older versions still linted had not. Linting them (about 12 MB) only repeated that
 * work. A version the corpus adds is linted until it has been measured the same way.
 */
const LINTED_BY_OTHERS = new Set([
  'openapi/stripe/2023-09-07.yaml',
  'openapi/openai/2026-07-23.json',
  'openapi/box/2026-05-21.json',
  'openapi/twilio-api-v2010/2026-02-18.yaml',
  'openapi/twilio-messaging-v1/2026-02-18.json',
  'openapi/slack-web/2019-07-16.json',
  'openapi/discord/2026-06-15.json',
  'openapi/adyen-management-v3/2026-05-01.json',
  'openapi/adyen-checkout/v70.json',
  'openapi/argo-workflows/v4.0.0.json',
  'openapi/netlify/v2.53.0.yaml',
  'openapi/netlify/v2.54.0.yaml',
  'openapi/beacon-apis/v2.5.0/beacon-node-oapi.yaml',
  'openapi/beacon-apis/v3.0.0/beacon-node-oapi.yaml',
  'openapi/digitalocean/2020-09-11-b927dada/DigitalOcean-public.v2.yaml',
  'openapi/digitalocean/2020-09-11-486d9d77/DigitalOcean-public.v2.yaml',
  'json-schema/schemastore-vector/2025-02-17.json',
  'json-schema/asyncapi/3.0.0.json',
  'json-schema/argo-workflows-jsonschema/v4.0.0.json',
]);

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
