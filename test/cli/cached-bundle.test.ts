/**
 * The bundled CLI and its code caches (src/cli/cached-bundle.ts, scripts/code-cache.mjs): the build leaves one
 * bundle with a cache per family of commands, V8 takes each, and a cache that does not fit is rejected without
 * harm: the bundle is then compiled as usual.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODE_CACHE_FAMILIES, codeCacheFamily, loadCachedBundle } from '../../src/cli/cached-bundle.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { runChild } from '../helpers/child.ts';

const DIST = join(REPO_ROOT, 'dist');

test('codeCacheFamily: the first word that is not an option picks the cache', () => {
  const cases: [string[], string][] = [
    [[], 'help'],
    [['--help'], 'help'],
    [['help', 'diff'], 'help'],
    [['lint'], 'lint'],
    [['--json', 'lint', 'pets'], 'lint'],
    [['-c', 'lint', 'diff'], 'main'], // `lint` is the config file here
    [['--config', 'x.yaml', 'lint'], 'lint'],
    [['diff'], 'main'],
    [['breaking', '--base', 'main'], 'main'],
    [['version', '--dry-run'], 'main'],
    [['-q', 'changeset'], 'main'],
  ];
  for (const [argv, family] of cases) assert.is(codeCacheFamily(argv), family, argv.join(' '));
});

test('the build leaves one ASCII bundle, and V8 takes its cache of every family', async () => {
  const bundles = readdirSync(DIST).filter((name) => /^cli-[A-Z0-9]+\.cjs$/.test(name));
  assert.is(bundles.length, 1, bundles.join(', '));
  assert.not.match(readFileSync(join(DIST, bundles[0]), 'latin1'), /[^\x00-\x7f]/, 'the loader reads the bundle as latin1');
  const caches = readdirSync(DIST).filter((name) => name.startsWith(`${bundles[0]}.`)).sort();
  assert.equal(caches, CODE_CACHE_FAMILIES.map((family) => `${bundles[0]}.${family}.cache`).sort());
  const main = readFileSync(join(DIST, 'main.js'), 'utf8');
  assert.ok(main.includes(`"${bundles[0]}"`), 'dist/main.js loads this bundle');
  // One process per family, as the bin runs: V8 ignores a cache for a script it has compiled before.
  for (const family of CODE_CACHE_FAMILIES) {
    const probe = `import { loadCachedBundle } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli/cached-bundle.js')).href)};
import { pathToFileURL } from 'node:url';
const loaded = loadCachedBundle(pathToFileURL(${JSON.stringify(join(DIST, bundles[0]))}), ${JSON.stringify(family)});
console.log(JSON.stringify({ cacheUsed: loaded.cacheUsed, exports: Object.keys(loaded.exports).sort() }));`;
    const child = await runChild(process.execPath, ['--input-type=module', '-e', probe], { cwd: REPO_ROOT });
    assert.is(child.code, 0, child.stderr);
    assert.equal(JSON.parse(child.stdout), { cacheUsed: true, exports: ['closedPipeTolerant', 'createContext', 'interruptedExitCode', 'loadCompareWorker', 'loadVersionCommand', 'runCli', 'watchInFlight'] }, family);
  }
});

test('a missing cache is no error, one of garbage is rejected, and one made by another process is taken', async () => {
  const dir = tempDir();
  // A source of its own per case: V8 reuses a script this process compiled before and then ignores any cache.
  const bundle = (name: string) => {
    const file = join(dir, `cli-${name}.cjs`);
    writeFileSync(file, `'use strict';\n// ${name}\nexports.answer = () => 6 * 7;\n`);
    return file;
  };
  const load = (file: string, family: 'help' | 'lint' | 'main') => loadCachedBundle<{ answer: () => number }>(pathToFileURL(file), family);

  const missing = load(bundle('MISSING'), 'main');
  assert.is(missing.cacheUsed, false);
  assert.is(missing.exports.answer(), 42);

  const garbage = bundle('GARBAGE');
  writeFileSync(`${garbage}.lint.cache`, Buffer.alloc(4096, 7));
  const rejected = load(garbage, 'lint');
  assert.is(rejected.cacheUsed, false, 'V8 took a cache of garbage');
  assert.is(rejected.exports.answer(), 42);

  // As the build does it: another process loads the bundle and writes its cache.
  const fresh = bundle('FRESH');
  const maker = `import { loadCachedBundle } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli/cached-bundle.js')).href)};
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const file = process.argv[1];
const loaded = loadCachedBundle(pathToFileURL(file), undefined);
loaded.exports.answer();
writeFileSync(file + '.help.cache', loaded.createCache());`;
  const child = await runChild(process.execPath, ['--input-type=module', '-e', maker, fresh], { cwd: dir });
  assert.is(child.code, 0, child.stderr);
  const taken = load(fresh, 'help');
  assert.is(taken.cacheUsed, true, 'V8 rejected a cache made for this very source');
  assert.is(taken.exports.answer(), 42);
});

test.run();
