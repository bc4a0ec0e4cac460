/**
 * The shared corpus of real specs beside the checkout (`../shared/corpus`). Every test that reads it goes
 * through this module, so a missing corpus is never silent: under CI (`CI` set) its tests fail with a message
 * saying where the corpus is expected; locally they are registered as skipped and one line says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as defaultSuite, type Callback, type Test } from 'uvu';
import { CORPUS } from './temp-project.ts';

export { CORPUS };

export interface CorpusVersion {
  label: string;
  path: string;
  bytes: number;
  dir?: string;
  specVersion?: string;
  dialect?: string | null;
}
export interface CorpusSeries {
  name: string;
  format: 'openapi' | 'json-schema';
  versions: CorpusVersion[];
}
export interface CorpusManifest {
  openapi: CorpusSeries[];
  jsonSchema: CorpusSeries[];
}

const MANIFEST = join(CORPUS, 'manifest.json');
export const CORPUS_PRESENT = existsSync(MANIFEST);
/** CI=false or CI=0 (as some tools set) does not count as CI. */
const IN_CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());
const MISSING = `the shared corpus is missing: ${MANIFEST} does not exist; clone it beside the checkout (../shared/corpus)`;

let noted = false;

/** A test that needs the corpus: registered as is when the corpus is here; otherwise failing (CI) or skipped. */
export function corpusTest(name: string, handler: Callback<any>, suite: Test<any> = defaultSuite): void {
  if (CORPUS_PRESENT) suite(name, handler);
  else if (IN_CI) {
    suite(name, () => {
      throw new Error(`${MISSING} (CI is set, so corpus tests must run)`);
    });
  } else {
    if (!noted) process.stderr.write(`SKIP corpus tests: ${MISSING} (with CI set this fails)\n`);
    noted = true;
    suite.skip(name, handler);
  }
}

let manifest: CorpusManifest | undefined;
/** The corpus manifest; only call it inside a corpus test or corpusSeriesTests. */
export function corpusManifest(): CorpusManifest {
  manifest ??= JSON.parse(readFileSync(MANIFEST, 'utf8')) as CorpusManifest;
  return manifest;
}

/**
 * Tests generated from the manifest (one per series): `register` runs with the manifest when the corpus is
 * here; otherwise one stand-in test named `what` is registered instead, failing (CI) or skipped.
 */
export function corpusSeriesTests(what: string, register: (manifest: CorpusManifest) => void, suite: Test<any> = defaultSuite): void {
  if (CORPUS_PRESENT) register(corpusManifest());
  else corpusTest(what, () => undefined, suite);
}
