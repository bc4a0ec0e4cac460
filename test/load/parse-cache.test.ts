import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cachedParse, keyOf, MAX_ENTRIES, MIN_LENGTH, useParseCache, type ParseCacheSettings } from '../../src/load/parse-cache.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SPEC = 'openapi: 3.0.3\ninfo:\n  title: Pets\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: ok\n';

/** The cache in `dir`, for texts of any size (SPEC is small). */
function cacheIn(dir: string, write = true) {
  useParseCache({ dir, write, salt: 'test', minLength: 0 });
}

const entries = (dir: string, suffix = '.json') => readdirSync(dir).filter((name) => name.endsWith(suffix));

test.after.each(() => useParseCache(undefined));

test('off unless turned on: nothing is read or written', () => {
  const dir = tempDir();
  parseSource(SPEC, 'spec.yaml');
  parseSource(SPEC, 'spec.yaml');
  assert.equal(readdirSync(dir), []);
  assert.is(cachedParse(SPEC).hit, false);
});

test('the first parse leaves a marker, the second writes the entry, the third reads it', () => {
  const dir = tempDir();
  cacheIn(dir);
  const first = parseSource(SPEC, 'spec.yaml').data;
  assert.equal(entries(dir, '.seen').length, 1);
  assert.equal(entries(dir).length, 0);
  parseSource(SPEC, 'spec.yaml');
  assert.equal(entries(dir).length, 1);
  assert.equal(entries(dir, '.seen').length, 0, 'the marker goes once the entry exists');
  const lookup = cachedParse(SPEC);
  assert.ok(lookup.hit);
  assert.equal(lookup.hit && lookup.data, first);
  assert.equal(parseSource(SPEC, 'spec.yaml').data, first);
});

test('a cached parse is a fresh object each time (resolution changes the data it is given)', () => {
  const dir = tempDir();
  cacheIn(dir);
  for (let i = 0; i < 2; i++) parseSource(SPEC, 'spec.yaml');
  const a = parseSource(SPEC, 'spec.yaml').data as Record<string, unknown>;
  const b = parseSource(SPEC, 'spec.yaml').data as Record<string, unknown>;
  assert.is.not(a, b);
  a.openapi = 'changed';
  assert.is(b.openapi, '3.0.3');
});

test('the key is the text and the salt: another text or another specver version misses', () => {
  const dir = tempDir();
  cacheIn(dir);
  for (let i = 0; i < 2; i++) parseSource(SPEC, 'spec.yaml');
  assert.ok(cachedParse(SPEC).hit);
  assert.not.ok(cachedParse(`${SPEC}# edited\n`).hit);
  useParseCache({ dir, write: true, salt: 'another version', minLength: 0 });
  assert.not.ok(cachedParse(SPEC).hit);
});

test('without write permission (CI) entries are read but never written', () => {
  const dir = tempDir();
  cacheIn(dir, false);
  for (let i = 0; i < 3; i++) parseSource(SPEC, 'spec.yaml');
  assert.equal(readdirSync(dir), []);
  cacheIn(dir);
  for (let i = 0; i < 2; i++) parseSource(SPEC, 'spec.yaml');
  cacheIn(dir, false);
  assert.ok(cachedParse(SPEC).hit);
});

test('a run that may not write, without a cache directory, does not hash the text: it simply misses', () => {
  const dir = join(tempDir(), 'missing');
  useParseCache({ dir, write: false, salt: 'test', minLength: 0 });
  const lookup = cachedParse(SPEC);
  assert.is(lookup.hit, false);
  assert.is(lookup.hit === false && lookup.key, undefined);
  cacheIn(dir);
  const writable = cachedParse(SPEC);
  assert.ok(writable.hit === false && typeof writable.key === 'string');
});

test('documents JSON cannot carry are never cached: anchors, infinities, NaN, -0', () => {
  const texts = [
    'a: &x\n  b: 1\nc: *x\n',
    'a: .inf\n',
    'a: -.Inf\n',
    'a: .nan\n',
    'a: -0.0\n',
    'a: [1, -0.0]\n',
  ];
  for (const text of texts) {
    const dir = tempDir();
    cacheIn(dir);
    for (let i = 0; i < 3; i++) parseSource(text, 'spec.yaml');
    assert.equal(entries(dir), [], text);
    const data = parseSource(text, 'spec.yaml').data as Record<string, unknown>;
    if (text.includes('*x')) assert.is(data.a, data.c, 'the alias is still the same object');
  }
});

test('JSON specs and unparsable YAML are not cached', () => {
  const dir = tempDir();
  cacheIn(dir);
  for (let i = 0; i < 2; i++) parseSource('{"openapi": "3.0.3"}', 'spec.json');
  for (let i = 0; i < 2; i++) assert.throws(() => parseSource('a: [1,\n', 'bad.yaml'));
  assert.equal(entries(dir), []);
});

test('a damaged entry is removed and the text parsed again', () => {
  const dir = tempDir();
  cacheIn(dir);
  for (let i = 0; i < 2; i++) parseSource(SPEC, 'spec.yaml');
  const [entry] = entries(dir);
  writeFileSync(join(dir, entry), '{"openapi": "3.0');
  const data = parseSource(SPEC, 'spec.yaml').data as Record<string, unknown>;
  assert.is(data.openapi, '3.0.3');
  assert.equal(entries(dir), []);
});

test('an unwritable cache directory only means parsing: no error', () => {
  const file = join(tempDir(), 'not-a-directory');
  writeFileSync(file, '');
  cacheIn(join(file, 'parsed'));
  for (let i = 0; i < 3; i++) assert.is((parseSource(SPEC, 'spec.yaml').data as Record<string, unknown>).openapi, '3.0.3');
});

test(`at most ${MAX_ENTRIES} entries stay: the least recently used go first`, () => {
  const dir = tempDir();
  cacheIn(dir);
  const text = (i: number) => `${SPEC}# version ${i}\n`;
  for (let i = 0; i < MAX_ENTRIES; i++) for (let k = 0; k < 2; k++) parseSource(text(i), 'spec.yaml');
  assert.is(entries(dir).length, MAX_ENTRIES);
  // Every entry used a minute ago, then all but entry 1 read again now: entry 1 is the least recently used.
  const past = new Date(Date.now() - 60_000);
  for (const name of entries(dir)) utimesSync(join(dir, name), past, past);
  for (let i = 0; i < MAX_ENTRIES; i++) if (i !== 1) assert.ok(cachedParse(text(i)).hit);
  for (let k = 0; k < 2; k++) parseSource(text(MAX_ENTRIES), 'spec.yaml');
  assert.is(entries(dir).length, MAX_ENTRIES);
  assert.not.ok(cachedParse(text(1)).hit, 'least recently used: removed');
  for (const i of [0, 2, MAX_ENTRIES - 1, MAX_ENTRIES]) assert.ok(cachedParse(text(i)).hit, `entry ${i} kept`);
});

test('the entries stay within a total size: the least recently used go first, the newest always stays', () => {
  const dir = tempDir();
  const text = (i: number) => `${SPEC}# version ${i}\n`;
  const size = JSON.stringify(parseSource(SPEC, 'spec.yaml').data).length;
  const settings: ParseCacheSettings = { dir, write: true, salt: 'test', maxBytes: size * 3, minLength: 0 };
  useParseCache(settings);
  for (let i = 0; i < 5; i++) {
    for (let k = 0; k < 2; k++) parseSource(text(i), 'spec.yaml');
    // Distinct use times, whatever the file system's timestamp resolution.
    const used = new Date(Date.UTC(2026, 0, 1, 0, i));
    utimesSync(join(dir, `${keyOf(text(i), settings)}.json`), used, used);
  }
  assert.is(entries(dir).length, 3);
  assert.equal([0, 1, 2, 3, 4].map((i) => cachedParse(text(i)).hit), [false, false, true, true, true]);
  useParseCache({ dir, write: true, salt: 'test', maxBytes: 1, minLength: 0 });
  for (let k = 0; k < 2; k++) parseSource(text(5), 'spec.yaml');
  assert.equal(entries(dir).length, 1, 'one entry larger than the budget is still kept');
  assert.ok(cachedParse(text(5)).hit);
});

test('texts under 64 KiB are parsed every time: smaller files parse faster than the cache answers', () => {
  const dir = tempDir();
  useParseCache({ dir, write: true, salt: 'test' });
  for (let i = 0; i < 3; i++) parseSource(SPEC, 'spec.yaml');
  assert.equal(readdirSync(dir), []);
  const large = `${SPEC}x-padding: ${'p'.repeat(MIN_LENGTH)}\n`;
  for (let i = 0; i < 2; i++) parseSource(large, 'spec.yaml');
  assert.ok(cachedParse(large).hit);
});

test('entries are plain JSON of the parsed data', () => {
  const dir = tempDir();
  cacheIn(dir);
  for (let i = 0; i < 2; i++) parseSource(SPEC, 'spec.yaml');
  const [entry] = entries(dir);
  assert.equal(JSON.parse(readFileSync(join(dir, entry), 'utf8')), parseSource(SPEC, 'spec.yaml').data);
});

test.run();
