/**
 * The bundled CLI and its code caches (src/cli/cached-bundle.ts, scripts/code-cache.mjs): the build leaves one
 * bundle with a cache per family of commands, V8 takes each, a cache that does not fit is rejected without
 * harm, and without a build cache (another Node) a run leaves one in the user's cache directory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleIn, CODE_CACHE_FAMILIES, codeCacheFamily, codeCacheName, loadCachedBundle, RUN_TIME_CACHES_KEPT } from '../../src/cli/cached-bundle.ts';
import { cacheLocation } from '../../src/cli/cache-location.ts';
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
  const bundle = bundleIn(DIST); // exactly one, or it throws
  const source = readFileSync(join(DIST, bundle), 'latin1');
  assert.not.match(source, /[^\x00-\x7f]/, 'the loader reads the bundle as latin1');
  const [prefix, suffix] = (Module as unknown as { wrapper: [string, string] }).wrapper;
  assert.ok(source.startsWith(prefix) && source.endsWith(suffix), "written inside Node's module wrapper: the loader compiles it without a copy");
  // lint's meta-schema validators are files of their own, which the bundle requires: every run reads the bundle.
  for (const name of readdirSync(join(REPO_ROOT, 'src/generated')).filter((file) => file.startsWith('meta-'))) {
    const apart = `generated/${basename(name, '.ts')}.cjs`;
    assert.ok(existsSync(join(DIST, apart)), `dist/${apart}`);
    assert.ok(source.includes(`require("./${apart}")`), `the bundle requires ./${apart}`);
  }
  assert.not.ok(source.includes('validateOpenApi30='), 'a meta-schema validator inside the bundle');
  const caches = readdirSync(DIST).filter((name) => name.startsWith(`${bundle}.`) && name !== `${bundle}.map`).sort();
  assert.ok(readdirSync(DIST).includes(`${bundle}.map`), 'its source map, for --verbose stack traces');
  assert.equal(caches, CODE_CACHE_FAMILIES.map((family) => codeCacheName(bundle, family)).sort(), 'one cache per family, for this Node');
  const main = readFileSync(join(DIST, 'main.cjs'), 'utf8');
  assert.ok(main.includes(`"${bundle}"`), 'dist/main.cjs loads this bundle');
  // One process per family, as the bin runs: V8 ignores a cache for a script it has compiled before.
  for (const family of CODE_CACHE_FAMILIES) {
    const probe = `import { loadCachedBundle } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli/cached-bundle.js')).href)};
import { pathToFileURL } from 'node:url';
const loaded = loadCachedBundle(pathToFileURL(${JSON.stringify(join(DIST, bundle))}), ${JSON.stringify(family)});
console.log(JSON.stringify({ cache: loaded.cache, exports: Object.keys(loaded.exports).sort() }));`;
    const child = await runChild(process.execPath, ['--input-type=module', '-e', probe], { cwd: REPO_ROOT });
    assert.is(child.code, 0, child.stderr);
    assert.equal(JSON.parse(child.stdout), { cache: 'build', exports: ['closedPipeTolerant', 'createContext', 'interruptedExitCode', 'keepYoungGenerationSmall', 'knownV8', 'loadCompareWorker', 'loadVersionCommand', 'runCli', 'watchInFlight'] }, family);
  }
});

/** Loads `bundle` in a child process, as the bin does, and prints which cache V8 took (and the bundle's answer). */
const LOADER = `import { loadCachedBundle } from ${JSON.stringify(pathToFileURL(join(DIST, 'cli/cached-bundle.js')).href)};
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [file, family, runTimeDir, write, makeBuildCache] = process.argv.slice(1);
const runTime = runTimeDir ? { dir: runTimeDir, write: write === 'write' } : undefined;
const loaded = loadCachedBundle(pathToFileURL(file), family === 'none' ? undefined : family, runTime);
const answer = loaded.exports.answer();
if (makeBuildCache) writeFileSync(makeBuildCache, loaded.createCache());
console.log(JSON.stringify({ cache: loaded.cache ?? null, answer }));`;

async function loadIn(dir: string, ...args: string[]): Promise<{ cache: string | null; answer: number }> {
  const child = await runChild(process.execPath, ['--input-type=module', '-e', LOADER, ...args], { cwd: dir });
  assert.is(child.code, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test("the build's cache, else a run-time one: missing is no error, garbage is refused, damage is compiled over", async () => {
  const dir = tempDir();
  const userDir = join(dir, 'user-cache', 'code');
  // A source of its own per case: V8 reuses a script a process compiled before and then ignores any cache.
  const bundle = (name: string) => {
    const file = join(dir, `cli-${name}.cjs`);
    writeFileSync(file, `'use strict';\n// ${name}\nexports.answer = () => 6 * 7;\n`);
    return file;
  };

  const missing = loadCachedBundle<{ answer: () => number }>(pathToFileURL(bundle('MISSING')), 'main');
  assert.is(missing.cache, undefined);
  assert.is(missing.exports.answer(), 42);
  // Written inside the module wrapper (as the build writes the CLI), it loads the same, with Node's arguments.
  const wrappedFile = join(dir, 'cli-WRAPPED.cjs');
  writeFileSync(wrappedFile, Module.wrap(`'use strict';\nexports.answer = () => 6 * 7;\nexports.file = __filename;\n`));
  const wrapped = loadCachedBundle<{ answer: () => number; file: string }>(pathToFileURL(wrappedFile), 'main');
  assert.equal([wrapped.exports.answer(), wrapped.exports.file], [42, wrappedFile]);

  const garbage = bundle('GARBAGE');
  writeFileSync(join(dir, codeCacheName('cli-GARBAGE.cjs', 'lint')), Buffer.alloc(4096, 7));
  assert.equal(await loadIn(dir, garbage, 'lint'), { cache: null, answer: 42 }, 'V8 took a cache of garbage');

  // As the build does it: one process loads the bundle and writes its cache beside it; the next takes it.
  const built = bundle('BUILT');
  await loadIn(dir, built, 'none', '', '', join(dir, codeCacheName('cli-BUILT.cjs', 'help')));
  assert.equal(await loadIn(dir, built, 'help', userDir, 'write'), { cache: 'build', answer: 42 });
  assert.not.ok(existsSync(join(userDir, codeCacheName('cli-BUILT.cjs', 'help'))), 'no run-time cache beside a build cache');

  // No build cache (another Node): the first run leaves one in the user's cache directory, the next takes it.
  const other = bundle('OTHER');
  assert.equal(await loadIn(dir, other, 'main', userDir, 'read-only'), { cache: null, answer: 42 });
  assert.not.ok(existsSync(join(userDir, codeCacheName('cli-OTHER.cjs', 'main'))), 'CI (read-only) wrote a cache');
  assert.equal(await loadIn(dir, other, 'main', userDir, 'write'), { cache: null, answer: 42 });
  const userCache = join(userDir, codeCacheName('cli-OTHER.cjs', 'main'));
  assert.ok(existsSync(userCache), 'the first run left no cache');
  assert.equal(await loadIn(dir, other, 'main', userDir, 'write'), { cache: 'user', answer: 42 });
  assert.equal(readdirSync(userDir).filter((name) => name.endsWith('.tmp')), [], 'no temp file is left');

  // A damaged run-time cache fails its checksum: compiled as usual, and written again.
  const damaged = readFileSync(userCache);
  damaged[damaged.length - 1] ^= 0xff;
  writeFileSync(userCache, damaged);
  assert.equal(await loadIn(dir, other, 'main', userDir, 'write'), { cache: null, answer: 42 });
  assert.equal(await loadIn(dir, other, 'main', userDir, 'write'), { cache: 'user', answer: 42 });
});

test('cacheLocation: off, moved, CI read-only, and a value it does not take', () => {
  const cwd = '/work/project';
  assert.is(cacheLocation({ SPECVER_CACHE: 'off' }, cwd), undefined);
  assert.is(cacheLocation({ SPECVER_CACHE: 'sometimes' }, cwd), undefined, 'the CLI reports it; the bin just uses no cache');
  assert.equal(cacheLocation({ SPECVER_CACHE_DIR: 'cache' }, cwd), { parsed: '/work/project/cache', code: '/work/project/cache/code', write: true });
  assert.is(cacheLocation({ CI: 'true' }, cwd)?.write, false);
  const home = cacheLocation({}, cwd)!;
  assert.ok(home.code.endsWith(join('specver', 'code')) && home.parsed.endsWith(join('specver', 'parsed')), JSON.stringify(home));
});

test('a build without its bundle: one line naming the file and what to do, exit 3, no stack trace', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'dist'));
  copyFileSync(join(DIST, 'main.cjs'), join(dir, 'dist', 'main.cjs'));
  const child = await runChild(process.execPath, [join(dir, 'dist', 'main.cjs'), 'diff'], { cwd: dir });
  assert.is(child.code, 3, child.stderr);
  assert.match(child.stderr, /^specver: cannot load its own code: .*cli-[A-Z0-9]+\.cjs.*\nhint: reinstall specver/);
  assert.not.match(child.stderr, /\n\s+at /, 'no stack trace without --verbose');
});

test('run-time caches: the most recent RUN_TIME_CACHES_KEPT are kept, and old leftovers of killed writes go', async () => {
  const dir = tempDir();
  const userDir = join(dir, 'code');
  mkdirSync(userDir);
  const old = new Date(Date.now() - 2 * 3_600_000);
  for (let i = 0; i < RUN_TIME_CACHES_KEPT + 3; i++) {
    const file = join(userDir, `cli-OLD${i}.cjs.main.node-v1.0.0-x64.cache`);
    writeFileSync(file, 'x');
    const when = new Date(old.getTime() + i * 1000); // OLD0 is the oldest
    utimesSync(file, when, when);
  }
  const leftover = join(userDir, 'cli-OLD0.cjs.main.node-v1.0.0-x64.cache.123.tmp');
  writeFileSync(leftover, 'x');
  utimesSync(leftover, old, old);
  const recentTemp = join(userDir, 'cli-NEW.cjs.main.node-v1.0.0-x64.cache.456.tmp');
  writeFileSync(recentTemp, 'x'); // another run may be writing it right now

  const file = join(dir, 'cli-PRUNE.cjs');
  writeFileSync(file, "'use strict';\n// PRUNE\nexports.answer = () => 6 * 7;\n");
  assert.equal(await loadIn(dir, file, 'lint', userDir, 'write'), { cache: null, answer: 42 });
  const left = readdirSync(userDir).sort();
  assert.ok(left.includes(codeCacheName('cli-PRUNE.cjs', 'lint')), 'the new cache is kept');
  assert.is(left.filter((name) => name.endsWith('.cache')).length, RUN_TIME_CACHES_KEPT);
  for (const gone of [0, 1, 2, 3]) assert.not.ok(left.includes(`cli-OLD${gone}.cjs.main.node-v1.0.0-x64.cache`), `OLD${gone} is among the oldest`);
  assert.not.ok(left.includes(basename(leftover)), 'an hour-old temp file is removed');
  assert.ok(left.includes(basename(recentTemp)), 'a recent temp file is left to its writer');
});

test.run();
