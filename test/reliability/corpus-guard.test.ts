/** A missing shared corpus is never silent: corpus tests fail under CI and are skipped, visibly, elsewhere. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const SAMPLE = join(REPO_ROOT, 'test/spec/line-index.test.ts'); // three corpus tests, one without

function runWithoutCorpus(ci: string | undefined) {
  const env: Record<string, string | undefined> = { ...process.env, SPECVER_TEST_CORPUS: join(REPO_ROOT, 'no-such-corpus'), NO_COLOR: '1' };
  if (ci === undefined) delete env.CI;
  else env.CI = ci;
  const child = spawnSync(process.execPath, ['--import', 'tsx', SAMPLE], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
  assert.is(child.error, undefined, `the sample test file did not run: ${child.error}`);
  return { code: child.status, output: `${child.stdout}${child.stderr}` };
}

const counts = (output: string) => ['Total', 'Passed', 'Skipped'].map((key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(output)?.[1]));

test('CI=true without the corpus: every corpus test fails, naming the missing manifest', () => {
  const { code, output } = runWithoutCorpus('true');
  assert.is(code, 1, output);
  const [total, passed, skipped] = counts(output);
  assert.ok(total! > passed!, output);
  assert.is(skipped, 0);
  assert.match(output, /the shared corpus is missing: .*no-such-corpus\/manifest\.json does not exist/);
});

test('locally without the corpus: corpus tests are counted as skipped, with one visible line', () => {
  const { code, output } = runWithoutCorpus(undefined);
  assert.is(code, 0, output);
  const [total, passed, skipped] = counts(output);
  assert.is(total, passed);
  assert.ok(skipped! > 0, output);
  assert.is(output.match(/SKIP corpus tests: the shared corpus is missing/g)?.length, 1, output);
});

test.run();
