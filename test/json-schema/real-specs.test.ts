/**
 * Every JSON Schema series of fixtures/real-specs (draft-04, draft-07, 2019-09, 2020-12, and a schema without
 * $schema): each file detected as the manifest says; consecutive versions classify without error,
 * deterministically and with no unclassified change, in every compatibility mode; the newest schema's
 * self-diff is empty. The whole shared corpus gets the same checks in test/corpus/json-schema-series.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dialectOf } from '../../src/load/detect.ts';
import { realSpecsManifest, REAL_SPECS } from '../helpers/real-specs.ts';
import { checkJsonSchemaSeries } from '../helpers/series-checks.ts';

for (const series of realSpecsManifest().jsonSchema) {
  test(`real specs ${series.name}: detected as the manifest says; consecutive pairs classify deterministically in every mode; the newest version's self-diff is empty`, () =>
    checkJsonSchemaSeries(REAL_SPECS, series));
}

test('the real specs cover JSON Schema draft-04, draft-07, 2019-09 and 2020-12, and a schema without $schema', () => {
  const dialects = new Set(realSpecsManifest().jsonSchema.flatMap((series) => series.versions.map((version) => (version.dialect ? dialectOf(version.dialect) : null))));
  assert.equal([...dialects].sort(), ['2019-09', '2020-12', 'draft-04', 'draft-07', null].sort());
});

test.run();
