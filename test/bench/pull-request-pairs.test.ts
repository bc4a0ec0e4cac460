/** The harness's pull-request pairs: the newest version against itself plus one operation, nothing else changed. */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { load } from 'js-yaml';
import { pullRequestPairs, withAddedOperation } from '../../bench/lib/corpus.mjs';
import { REAL_SPECS } from '../helpers/real-specs.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ADDED = '/specver-bench/added';

test('one operation is added as the first path of a JSON or a YAML document, and nothing else changes', () => {
  const json = '{"openapi": "3.0.3", "paths": {"/a": {"get": {}}}, "x": {"paths": {}}}';
  const edited = JSON.parse(withAddedOperation(json, 'json')!);
  assert.equal(Object.keys(edited.paths), [ADDED, '/a']);
  assert.equal({ ...edited, paths: { '/a': edited.paths['/a'] } }, JSON.parse(json));
  assert.equal(Object.keys(JSON.parse(withAddedOperation('{"paths": {}}', 'json')!).paths), [ADDED]);
  const yaml = 'openapi: 3.0.3\npaths:\n    /a:\n        get: {}\ncomponents: {}\n';
  const doc = load(withAddedOperation(yaml, 'yaml')!) as any;
  assert.equal(Object.keys(doc.paths), [ADDED, '/a']);
  assert.equal(doc.paths[ADDED].get.responses['200'].description, 'ok');
  assert.is(withAddedOperation('openapi: 3.0.3\n', 'yaml'), null);
});

// The quick pairs are series that fixtures/real-specs keeps (the same manifest format as the corpus).
test('the quick pull-request pair is the newest version of its series plus the added operation', () => {
  const [pair] = pullRequestPairs(REAL_SPECS, tempDir('specver-bench-pr-'), true);
  assert.ok(pair, 'one quick pair');
  const base = load(readFileSync(pair!.base, 'utf8')) as any;
  const revision = load(readFileSync(pair!.revision, 'utf8')) as any;
  assert.ok(revision.paths[ADDED]);
  delete revision.paths[ADDED];
  assert.equal(revision, base);
  assert.match(pair!.contract!, /^[a-z0-9][a-z0-9._-]*$/);
});

test.run();
