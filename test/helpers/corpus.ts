/**
 * The shared corpus of real specs beside the checkout (`../shared/corpus`). Every test that reads it goes
 * through this module, so a missing corpus is never silent: its tests fail with a message saying where the
 * corpus is expected. Only an explicit SPECVER_SKIP_CORPUS=1, outside CI, skips them instead (counted as
 * skipped, with one line saying why).
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
  multiFile?: boolean;
  rootFile?: string;
  source?: { repository: string; path: string; licence: string; licenceFile: string };
  versions: CorpusVersion[];
}
export interface CorpusManifest {
  openapi: CorpusSeries[];
  jsonSchema: CorpusSeries[];
}

/**
 * Files under this size are compared (or linted) twice to check the answer is the same; larger ones once. A
 * repeat in one process takes the same code paths on the same data, so the small files cover it, at a tenth of
 * the cost.
 */
export const REPEATED_BELOW_BYTES = 100_000;

const MANIFEST = join(CORPUS, 'manifest.json');
export const CORPUS_PRESENT = existsSync(MANIFEST);
/** CI=false or CI=0 (as some tools set) does not count, for CI and for the opt-out alike. */
const isSet = (value: string | undefined) => !['', '0', 'false'].includes((value ?? '').toLowerCase());
const IN_CI = isSet(process.env.CI);
const SKIP_ASKED = isSet(process.env.SPECVER_SKIP_CORPUS);
const MISSING = `the shared corpus is missing: ${MANIFEST} does not exist; clone it beside the checkout (../shared/corpus) or point SPECVER_TEST_CORPUS at a copy`;

let noted = false;

/**
 * A test that needs the corpus: registered as is when the corpus is here; otherwise failing with MISSING, or
 * skipped when SPECVER_SKIP_CORPUS asks for it outside CI.
 */
export function corpusTest(name: string, handler: Callback<any>, suite: Test<any> = defaultSuite): void {
  if (CORPUS_PRESENT) suite(name, handler);
  else if (SKIP_ASKED && !IN_CI) {
    if (!noted) process.stderr.write(`SKIP corpus tests: ${MISSING} (skipped because SPECVER_SKIP_CORPUS is set)\n`);
    noted = true;
    suite.skip(name, handler);
  } else {
    const why = IN_CI ? 'CI is set, so corpus tests must run' : 'set SPECVER_SKIP_CORPUS=1 to skip the corpus tests outside CI';
    suite(name, () => {
      throw new Error(`${MISSING} (${why})`);
    });
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
 * here; otherwise one stand-in test named `what` is registered instead, failing (or skipped, as above).
 */
export function corpusSeriesTests(what: string, register: (manifest: CorpusManifest) => void, suite: Test<any> = defaultSuite): void {
  if (CORPUS_PRESENT) register(corpusManifest());
  else corpusTest(what, () => undefined, suite);
}
