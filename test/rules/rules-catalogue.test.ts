import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtEntries, builtInFiles, filesFromEntries, readRulesCatalogue, writeRulesCatalogue } from '../../src/store/builtin-files.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const catalogue = readRulesCatalogue();
const DIRS = ['rules/openapi/classify', 'rules/openapi/conditions', 'rules/json-schema/classify', 'rules/json-schema/conditions', 'rules/lint/openapi', 'rules/lint/json-schema'];

test('the catalogue holds every rule directory, each file with its text', () => {
  for (const dir of DIRS) {
    const names = readdirSync(join(REPO_ROOT, dir)).filter((n) => n.endsWith('.json')).sort();
    assert.ok(names.length > 0, dir);
    assert.equal(catalogue[dir]?.map(([name]) => name), names, dir);
    for (const [name, text] of catalogue[dir]!) assert.is(text, readFileSync(join(REPO_ROOT, dir, name), 'utf8'));
  }
});

test('files from the built catalogue are the files read one by one, parsed', () => {
  for (const dir of DIRS) {
    const absolute = join(REPO_ROOT, dir);
    const fromDisk = builtInFiles(absolute);
    const names = fromDisk.map((f) => f.path.slice(absolute.length + 1));
    const built = filesFromEntries(builtEntries(catalogue[dir]!), absolute, names)!;
    assert.equal(built.map((f) => f.path), fromDisk.map((f) => f.path), dir);
    for (const [i, file] of built.entries()) {
      assert.equal(file.data, JSON.parse(fromDisk[i]!.text), file.path);
      assert.equal(JSON.parse(file.text), file.data, `${file.path}: text`);
    }
  }
});

test('a listing that differs from the catalogue (a file added or removed since the build) is read from disk', () => {
  const dir = join(REPO_ROOT, 'rules/lint/openapi');
  const names = builtInFiles(dir).map((f) => f.path.slice(dir.length + 1));
  const entries = builtEntries(catalogue['rules/lint/openapi']!);
  assert.is(filesFromEntries(entries, dir, [...names, 'zz-new-rule.json']), undefined);
  assert.is(filesFromEntries(entries, dir, names.slice(1)), undefined);
  assert.is(filesFromEntries([], dir, names), undefined);
});

test('the built catalogue is one file per directory, named by an index written last', () => {
  const dir = tempDir();
  const count = writeRulesCatalogue(catalogue, join(dir, 'index.json'), join(dir, 'files'));
  assert.is(count, Object.values(catalogue).reduce((n, files) => n + files.length, 0));
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as Record<string, string>;
  assert.equal(Object.keys(index).sort(), Object.keys(catalogue).sort());
  for (const [key, file] of Object.entries(index)) assert.equal(JSON.parse(readFileSync(join(dir, 'files', file), 'utf8')), builtEntries(catalogue[key]!), key);
  assert.ok(statSync(join(dir, 'index.json')).mtimeMs >= Math.max(...readdirSync(join(dir, 'files')).map((f) => statSync(join(dir, 'files', f)).mtimeMs)));
});

test.run();
