import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCacheSettingsFor } from '../../src/cli/parse-cache-settings.ts';
import { MIN_LENGTH, useParseCache } from '../../src/load/parse-cache.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { fixtureProject } from '../helpers/temp-project.ts';

test.after.each(() => useParseCache(undefined));

/** A line that brings a YAML file over the size the cache starts at (MIN_LENGTH), unchanged between versions. */
const PADDING = `x-padding: ${'p'.repeat(MIN_LENGTH)}\n`;

/** The example project, its petstore spec and snapshot padded to a cached size, with a breaking edit to the spec. */
function editedProject() {
  const project = fixtureProject('petstore-initialised');
  const spec = join(project.dir, 'api/petstore.yaml');
  const snapshots = join(project.dir, '.specver/snapshots');
  for (const name of readdirSync(snapshots).filter((n) => n.startsWith('petstore@'))) writeFileSync(join(snapshots, name), readFileSync(join(snapshots, name), 'utf8') + PADDING);
  writeFileSync(spec, readFileSync(spec, 'utf8').replace(/\n {2}\/pets\/\{petId\}:/, '\n  /animals/{petId}:') + PADDING);
  return project;
}

const cached = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.json')).length;

test('diff, breaking and lint print the same with a cold and a warm cache, and the same as with it off', async () => {
  const project = editedProject();
  const cache = tempDir();
  const env = { CI: '', SPECVER_CACHE: 'on', SPECVER_CACHE_DIR: cache };
  for (const argv of [['diff', '--json'], ['breaking', '--format', 'json'], ['lint', '--format', 'json']]) {
    const off = await runSpecver(argv, { cwd: project.dir, env: { SPECVER_CACHE: 'off' } });
    // The first run marks each text seen, the second writes its entry, the third reads it.
    for (let run = 0; run < 3; run++) {
      const r = await runSpecver(argv, { cwd: project.dir, env });
      assert.is(r.exitCode, off.exitCode, `${argv[0]} run ${run}`);
      assert.is(r.stdout, off.stdout, `${argv[0]} run ${run}`);
    }
  }
  assert.ok(cached(cache) >= 2, 'the snapshots and unchanged specs were cached');
});

test('comparisons on worker threads use the same cache', async () => {
  const project = editedProject();
  const cache = tempDir();
  const env = { CI: '', SPECVER_CACHE: 'on', SPECVER_CACHE_DIR: cache };
  const off = await runSpecver(['diff', '--json'], { cwd: project.dir });
  // The built CLI, as users run it: from src/ each worker thread would compile the sources first.
  // One worker thread takes every contract: what is checked is the cache reaching a thread, not the sharing out.
  const workers = { ...env, SPECVER_WORKERS: '1' };
  // The first run (in the main thread) marks each text seen; the workers of the second write the entries, and
  // those of the third read them.
  assert.is((await runSpecver(['diff', '--json'], { cwd: project.dir, env })).stdout, off.stdout, 'run 0');
  assert.is(cached(cache), 0, 'the first sight of a text only marks it');
  assert.is((await runBuiltSpecver(['diff', '--json'], { cwd: project.dir, env: workers })).stdout, off.stdout, 'run 1');
  assert.ok(cached(cache) >= 2, 'the workers wrote the entries');
  assert.is((await runBuiltSpecver(['diff', '--json'], { cwd: project.dir, env: workers })).stdout, off.stdout, 'run 2');
  assert.ok(cached(cache) >= 2);
});

test('a CI run reads the cache but writes nothing', async () => {
  const project = editedProject();
  const cache = tempDir();
  // One run suffices: a run that may write leaves a marker on its first sight of a text already.
  assert.is((await runSpecver(['diff', '--json'], { cwd: project.dir, env: { CI: 'true', SPECVER_CACHE: 'on', SPECVER_CACHE_DIR: cache } })).exitCode, 0);
  assert.equal(readdirSync(cache), []);
});

test('SPECVER_CACHE=off reads and writes nothing; another value is refused in one line (exit 2)', async () => {
  const project = editedProject();
  const cache = tempDir();
  await runSpecver(['diff', '--json'], { cwd: project.dir, env: { CI: '', SPECVER_CACHE: 'off', SPECVER_CACHE_DIR: cache } });
  assert.equal(readdirSync(cache), []);
  const bad = await runSpecver(['diff'], { cwd: project.dir, env: { SPECVER_CACHE: 'sometimes' } });
  assert.is(bad.exitCode, 2);
  assert.match(bad.stderr, "SPECVER_CACHE 'sometimes' is not on or off");
  assert.is(bad.stderr.trim().split('\n').length <= 2, true, bad.stderr);
});

test('where the cache lives: the user cache directory, or SPECVER_CACHE_DIR relative to the working directory', () => {
  const home = parseCacheSettingsFor({}, '/work', '1.2.3');
  assert.match(home!.dir.split('\\').join('/'), /specver\/parsed$/);
  assert.is(home!.write, true);
  assert.is(home!.salt, '1.2.3');
  assert.is(parseCacheSettingsFor({ SPECVER_CACHE_DIR: 'cache' }, '/work', '1')!.dir, join('/work', 'cache'));
  assert.is(parseCacheSettingsFor({ CI: 'true' }, '/work', '1')!.write, false);
  for (const off of ['off', 'OFF', '0', 'false', 'no']) assert.is(parseCacheSettingsFor({ SPECVER_CACHE: off }, '/work', '1'), undefined, off);
  for (const on of ['on', '1', 'true', 'yes', '']) assert.ok(parseCacheSettingsFor({ SPECVER_CACHE: on }, '/work', '1'), on);
});

test.run();
