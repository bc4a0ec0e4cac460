import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtInFiles, filesFromCatalogue, readRulesCatalogue, writeRulesCatalogue } from '../../src/store/builtin-files.ts';
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

test('files from the catalogue are the files read one by one', () => {
  for (const dir of DIRS) {
    const absolute = join(REPO_ROOT, dir);
    const names = builtInFiles(absolute).map((f) => f.path.slice(absolute.length + 1));
    assert.equal(filesFromCatalogue(catalogue, absolute, names), builtInFiles(absolute), dir);
  }
});

test('a listing that differs from the catalogue (a file added or removed since the build) is read from disk', () => {
  const dir = join(REPO_ROOT, 'rules/lint/openapi');
  const names = builtInFiles(dir).map((f) => f.path.slice(dir.length + 1));
  assert.is(filesFromCatalogue(catalogue, dir, [...names, 'zz-new-rule.json']), undefined);
  assert.is(filesFromCatalogue(catalogue, dir, names.slice(1)), undefined);
  assert.is(filesFromCatalogue({}, dir, names), undefined);
});

test('the built catalogue is one file per directory, named by an index written last', () => {
  const dir = tempDir();
  const count = writeRulesCatalogue(catalogue, join(dir, 'index.json'), join(dir, 'files'));
  assert.is(count, Object.values(catalogue).reduce((n, files) => n + files.length, 0));
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as Record<string, string>;
  assert.equal(Object.keys(index).sort(), Object.keys(catalogue).sort());
  for (const [key, file] of Object.entries(index)) assert.equal(JSON.parse(readFileSync(join(dir, 'files', file), 'utf8')), catalogue[key], key);
  assert.ok(statSync(join(dir, 'index.json')).mtimeMs >= Math.max(...readdirSync(join(dir, 'files')).map((f) => statSync(join(dir, 'files', f)).mtimeMs)));
});

test.run();
