/**
 * The direct evaluator of plain JSONPaths must give exactly jsonpath-plus's matches (order, pointers, keys,
 * values): checked for every plain `given` of the built-in rules, and a few more shapes, on the newest version
 * of every OpenAPI series of fixtures/real-specs (test/corpus/simple-path.test.ts: of the shared corpus) and on
 * a hand-made document with awkward keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { load } from 'js-yaml';
import { simpleSteps } from '../../src/lint/simple-path.ts';
import { realSpecsManifest, REAL_SPECS } from '../helpers/real-specs.ts';
import { assertSameMatches as same, plainPaths } from '../helpers/simple-path-oracle.ts';

const paths = plainPaths;

test('plain paths are recognised; other filters, descent and slices are left to jsonpath-plus', () => {
  assert.ok(paths.includes('$.paths[*][get,put,post,delete,options,head,patch,trace,query]'));
  assert.ok(paths.includes('$.paths[*].additionalOperations[*]'));
  assert.ok(paths.includes("$.paths[*].parameters[?(@.in === 'path')]"));
  const others = ["$.paths[*][?(@.operationId)]", "$.a[?(@.length === 'x')]", "$.a[?(@.x-y === 'a')]", "$.a[?(@.in === 'path' && @.x)]", '$..description', '$.servers[0]', '$.a[1:2]', "$['a b']", '$.a.*'];
  for (const path of others) assert.is(simpleSteps(path), undefined, path);
});

test('same matches as jsonpath-plus on awkward keys, arrays and primitives', () => {
  const data = {
    paths: { '/a/{b}': { get: { parameters: [{ in: 'path' }, null, 'path', { in: 'query' }, 7, [], { in: 'path', x: 1 }] }, parameters: [], 'x-y': 1, post: 3 }, '/c~d': { put: {}, get: 'x' }, '/e': null },
    info: { title: 't' },
    servers: [{ url: 'u' }, 'str', null, { url: 'v' }, true],
    components: { schemas: [] },
  };
  for (const path of paths) same(path, data, 'hand-made');
});

for (const series of realSpecsManifest().openapi) {
  test(`same matches as jsonpath-plus on ${series.name} (fixtures/real-specs)`, () => {
    const file = join(REAL_SPECS, series.versions[series.versions.length - 1]!.path);
    const text = readFileSync(file, 'utf8');
    const data = file.endsWith('.json') ? JSON.parse(text) : load(text);
    for (const path of paths) same(path, data, series.name);
  });
}

test.run();
