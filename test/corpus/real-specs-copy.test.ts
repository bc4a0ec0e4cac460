/**
 * fixtures/real-specs is what it says: every file a byte-for-byte copy of the shared corpus's file at the same
 * path, every manifest entry the corpus's own, and each series' licence file there (so the default suite's real
 * specs stay real, and stay redistributable).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORPUS, corpusManifest, corpusTest, type CorpusSeries } from '../helpers/corpus.ts';
import { realSpecsManifest, REAL_SPECS } from '../helpers/real-specs.ts';

/** Every file under `dir`, relative to `root`. */
function filesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(join(root, path)).isFile());
}

corpusTest('each series of fixtures/real-specs is the corpus series of that name, with some of its versions, in order', () => {
  const corpus = corpusManifest();
  for (const group of ['openapi', 'jsonSchema'] as const) {
    for (const series of realSpecsManifest()[group]) {
      const original = corpus[group].find((s) => s.name === series.name) as CorpusSeries | undefined;
      assert.ok(original, `${series.name} is a corpus series`);
      const { versions, ...rest } = series;
      const { versions: originalVersions, ...originalRest } = original;
      assert.equal(rest, originalRest, `${series.name}: the series entry`);
      assert.ok(versions.length >= 2, `${series.name}: at least one pair`);
      const indexes = versions.map((version) => originalVersions.findIndex((v) => v.label === version.label));
      versions.forEach((version, i) => assert.equal(version, originalVersions[indexes[i]], `${series.name} ${version.label}`));
      assert.equal(indexes, [...indexes].sort((a, b) => a - b), `${series.name}: versions in the corpus's order`);
    }
  }
});

corpusTest('every file of fixtures/real-specs is the corpus file at the same path, and each licence is there', () => {
  const manifest = realSpecsManifest();
  const expected = new Set<string>(['manifest.json', 'README.md']);
  for (const series of [...manifest.openapi, ...manifest.jsonSchema]) {
    assert.ok(series.source, `${series.name}: its source and licence`);
    expected.add(series.source.licenceFile);
    // A multi-file version is its whole tree, as the corpus has it.
    for (const version of series.versions) for (const file of version.dir ? filesUnder(CORPUS, version.dir) : [version.path]) expected.add(file);
  }
  const present = new Set(filesUnder(REAL_SPECS, '.').map((path) => relative('.', path)));
  assert.equal([...present].filter((path) => !expected.has(path)), [], 'files no manifest entry accounts for');
  assert.equal([...expected].filter((path) => !present.has(path)), [], 'files missing from fixtures/real-specs');
  for (const path of expected) {
    if (path === 'manifest.json' || path === 'README.md') continue;
    assert.ok(readFileSync(join(REAL_SPECS, path)).equals(readFileSync(join(CORPUS, path))), `${path} differs from the corpus`);
  }
});

test.run();
