/**
 * The real specs kept in the repository (fixtures/real-specs): a byte-for-byte subset of the shared corpus, with
 * the corpus's manifest format, so the default suite covers real documents on a fresh clone with nothing beside
 * it. `node scripts/vendor-real-specs.mjs` copies them; test/corpus/real-specs-copy.test.ts holds the copy to the
 * corpus.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusManifest } from './corpus.ts';
import { FIXTURES } from './temp-project.ts';

export const REAL_SPECS = join(FIXTURES, 'real-specs');

let manifest: CorpusManifest | undefined;
export function realSpecsManifest(): CorpusManifest {
  manifest ??= JSON.parse(readFileSync(join(REAL_SPECS, 'manifest.json'), 'utf8')) as CorpusManifest;
  return manifest;
}
