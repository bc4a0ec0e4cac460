/**
 * A missing shared corpus is never silent: corpus tests fail, naming the manifest they need, unless
 * SPECVER_SKIP_CORPUS asks outside CI to skip them (then they are counted as skipped, with one visible line).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { tempDir } from '../helpers/temp-dir.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const SAMPLE = join(REPO_ROOT, 'test/fixtures/corpus-guard/sample.test.ts'); // corpus tests, and two that need no corpus

/**
 * The sample and what it imports (the corpus helper, uvu), bundled once into plain JavaScript: each run is then a
 * `node` start-up, not a tsx one. import.meta.url keeps naming the helper's own file, so its paths are the same.
 */
const BUNDLE = join(tempDir('specver-corpus-guard-'), 'sample.mjs');
const bundled = await build({
  entryPoints: [SAMPLE],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'silent',
  define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(REPO_ROOT, 'test/helpers/temp-project.ts')).href) },
});
writeFileSync(BUNDLE, bundled.outputFiles[0]!.text);

function runWithoutCorpus(extra: { CI?: string; SPECVER_SKIP_CORPUS?: string }) {
  const env: Record<string, string | undefined> = { ...process.env, SPECVER_TEST_CORPUS: join(REPO_ROOT, 'no-such-corpus'), NO_COLOR: '1' };
  delete env.CI;
  delete env.SPECVER_SKIP_CORPUS;
  Object.assign(env, extra);
  const child = spawnSync(process.execPath, [BUNDLE], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
  assert.is(child.error, undefined, `the sample test file did not run: ${child.error}`);
  return { code: child.status, output: `${child.stdout}${child.stderr}` };
}

const counts = (output: string) => ['Total', 'Passed', 'Skipped'].map((key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(output)?.[1]));

function assertAllCorpusTestsFail(output: string, code: number | null, why: RegExp) {
  assert.is(code, 1, output);
  const [total, passed, skipped] = counts(output);
  assert.is(passed, 2, `only the two tests that need no corpus pass: ${output}`);
  assert.ok(total! > passed!, output);
  assert.is(skipped, 0);
  assert.match(output, /the shared corpus is missing: .*no-such-corpus\/manifest\.json does not exist; clone it beside the checkout/);
  assert.match(output, why);
}

test('without the corpus: every corpus test fails, naming the missing manifest and how to skip', () => {
  const { code, output } = runWithoutCorpus({});
  assertAllCorpusTestsFail(output, code, /set SPECVER_SKIP_CORPUS=1 to skip the corpus tests outside CI/);
});

test('under CI the corpus tests fail even when SPECVER_SKIP_CORPUS asks to skip them', () => {
  const { code, output } = runWithoutCorpus({ CI: 'true', SPECVER_SKIP_CORPUS: '1' });
  assertAllCorpusTestsFail(output, code, /CI is set, so corpus tests must run/);
});

test('SPECVER_SKIP_CORPUS=1 outside CI: corpus tests are counted as skipped, with one visible line', () => {
  const { code, output } = runWithoutCorpus({ SPECVER_SKIP_CORPUS: '1' });
  assert.is(code, 0, output);
  const [total, passed, skipped] = counts(output);
  assert.is(total, passed);
  assert.ok(skipped! > 0, output);
  assert.is(output.match(/SKIP corpus tests: the shared corpus is missing/g)?.length, 1, output);
});

test.run();
