/**
 * The files of fixtures/real-specs (real OpenAPI and JSON Schema documents kept in the repository) lint
 * without a tool error, every finding with a line, and the same findings on a second, independent run when
 * small (REPEATED_BELOW_BYTES); known problems of these documents are reported where they are. Older versions
 * measured to run no code the others do not (LINTED_BY_OTHERS) are left out. The whole shared corpus gets the
 * same checks in test/corpus/lint.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CorpusVersion } from '../helpers/corpus.ts';
import { realSpecsManifest, REAL_SPECS } from '../helpers/real-specs.ts';
import { checkLint, LINTED_BY_OTHERS } from '../helpers/series-checks.ts';

const manifest = realSpecsManifest();
/** Findings of each file, so a later test reads them instead of linting the file again. */
const findings = new Map<CorpusVersion, string[]>();

for (const series of [...manifest.openapi, ...manifest.jsonSchema]) {
  const linted = series.versions.filter((version) => version === series.versions.at(-1) || !LINTED_BY_OTHERS.has(version.path));
  test(`real specs ${series.name}: ${linted.length} of ${series.versions.length} versions lint without a tool error, stable`, async () => {
    for (const [version, found] of await checkLint(REAL_SPECS, series, linted)) findings.set(version, found);
  });
}

/** A finding of the newest version of a series, read from the runs above (or linted now, when run alone). */
function newestFindings(name: string): string[] {
  const series = [...manifest.openapi, ...manifest.jsonSchema].find((s) => s.name === name);
  assert.ok(series, `fixtures/real-specs has the ${name} series`);
  const found = findings.get(series.versions.at(-1)!);
  assert.ok(found, `${name} was linted`);
  return found;
}

test('known problems of the real documents are reported at their file and line', () => {
  const has = (name: string, pattern: RegExp) => assert.ok(newestFindings(name).some((f) => pattern.test(f)), `${name}: ${pattern}`);
  has('netlify', /^error path-not-identical v2\.55\.0\.yaml:\d+ .*migrations\/\{deploy_id\} is identical to .*migrations\/\{name\}/);
  has('schemastore-specif-1.1', /^error json-schema-pattern-compiles 2023-12-20\.json:\d+ \/definitions\/SpecifRevision\/pattern .*nests quantifiers/);
});

test('a templated 3.1 server URL is valid (beacon-apis: `{server_url}`), not a schema error', () => {
  assert.not.ok(newestFindings('beacon-apis').some((f) => /openapi-schema-valid .*\/servers\/0\/url/.test(f)), 'beacon-apis server URL reported');
});

test.run();
