/**
 * The direct evaluator of plain JSONPaths must give exactly jsonpath-plus's matches (order, pointers, keys,
 * values): checked for every plain `given` of the built-in rules, and a few more shapes, on the newest version
 * of every OpenAPI series of the corpus and on a hand-made document with awkward keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { JSONPath } from 'jsonpath-plus';
import { load } from 'js-yaml';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { evaluateSimple, simpleSteps } from '../../src/lint/simple-path.ts';
import { CORPUS, corpusSeriesTests } from '../helpers/corpus.ts';

const builtIn = [...new Set(builtinLintRules().flatMap((rule) => rule.given ?? []))];
const EXTRA = [
  '$', '$.info.title', '$.paths[*][*]', '$.components[*][*]', '$.paths[*][*].responses[*]', '$.tags[*].name', '$.nope[*].x',
  "$.paths[*][?(@.in !== 'path')]", "$.paths[*][*].parameters[?(@.in === 'path')]", "$.paths[*][*].parameters[?(@.in !== 'query')]",
  "$.servers[?(@.url === 'u')]", "$.servers[?(@.url !== 'u')]", "$.paths[?(@.get !== 'x')].get",
];
const paths = [...builtIn, ...EXTRA].filter((path) => simpleSteps(path) !== undefined);

function viaJsonPathPlus(path: string, data: unknown) {
  return (JSONPath({ path, json: data as object, resultType: 'all', eval: 'safe', ignoreEvalErrors: true, wrap: true }) as any[]).map((r) => ({ pointer: r.pointer, value: r.value, key: r.parentProperty }));
}

function same(path: string, data: unknown, label: string) {
  const fast = evaluateSimple(simpleSteps(path)!, data);
  const slow = viaJsonPathPlus(path, data);
  assert.is(fast.length, slow.length, `${label} ${path}: count`);
  fast.forEach((match, i) => {
    assert.is(match.pointer, slow[i].pointer, `${label} ${path}: pointer ${i}`);
    assert.is(match.key, slow[i].key, `${label} ${path}: key ${i}`);
    assert.ok(Object.is(match.value, slow[i].value), `${label} ${path}: value ${i}`);
  });
}

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

corpusSeriesTests('same matches as jsonpath-plus on the corpus', (manifest) => {
  for (const series of manifest.openapi) {
    test(`same matches as jsonpath-plus on ${series.name}`, () => {
      const file = join(CORPUS, series.versions[series.versions.length - 1]!.path);
      const text = readFileSync(file, 'utf8');
      const data = file.endsWith('.json') ? JSON.parse(text) : load(text);
      for (const path of paths) same(path, data, series.name);
    });
  }
});

test.run();
