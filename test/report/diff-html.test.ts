import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../src/classify/types.ts';
import type { Comparison } from '../../src/pipeline/comparison.ts';
import { renderDiffHtml, printable } from '../../src/report/diff-html.ts';
import { nearest } from '../../src/cli/change-values.ts';
import { valueAt } from '../../src/toolkit/json-pointer.ts';

const finding = (over: Partial<Finding>): Finding => ({
  rule: 'operation-summary-changed',
  category: 'documentation',
  severity: 'patch',
  message: 'summary changed',
  location: '/paths/~1pets/get/summary',
  side: 'revision',
  file: 'api/petstore.yaml',
  line: 9,
  method: 'get',
  path: '/pets',
  ...over,
});

const hostile = '<img src=x onerror="alert(1)">&';
const comparison: Comparison = {
  contract: { name: 'petstore', format: 'openapi', path: 'api/petstore.yaml' },
  base: { label: 'petstore@1.0.0', version: '1.0.0', file: '.specver/snapshots/petstore@1.0.0.yaml' },
  hasBase: true,
  findings: [
    finding({ message: `summary changed to ${hostile}` }),
    finding({ rule: 'request-parameter-added', severity: 'non-breaking', message: 'optional query parameter tag was added', method: 'post', path: '/pets' }),
    finding({ rule: 'operation-removed', severity: 'breaking', message: 'operation was removed', side: 'base', location: '/paths/~1pets/post', method: 'post', path: '/pets', line: 40 }),
  ],
  summary: { total: 3, breaking: 1, nonBreaking: 1, patch: 1, bump: 'major' },
};
const unchanged: Comparison = { ...comparison, contract: { name: 'order-event', format: 'json-schema', path: 's.json' }, findings: [], summary: { total: 0, breaking: 0, nonBreaking: 0, patch: 0, bump: null } };

test('self-contained: inline style, no script, nothing to fetch, a policy that forbids fetching', () => {
  const html = renderDiffHtml([comparison, unchanged], 'all');
  assert.ok(html.startsWith('<!DOCTYPE html>'));
  assert.not.match(html, /<script|<link|<img|@import|url\(|https?:\/\//i);
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/);
  assert.match(html, /<style>[^<]+<\/style>/);
});

test('per contract: counts and bump; operations with breaking changes first, breaking first inside; spec text escaped', () => {
  const html = renderDiffHtml([comparison, unchanged], 'all');
  assert.match(html, /3 changes: <span class="count breaking">1 breaking<\/span> <span class="count non-breaking">1 non-breaking<\/span> <span class="count patch">1 patch<\/span> · suggested bump <strong class="bump">major<\/strong>/);
  const headings = [...html.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1]);
  assert.equal(headings, ['POST /pets', 'GET /pets']);
  const classes = [...html.matchAll(/<details class="change ([a-z-]+)">/g)].map((m) => m[1]);
  assert.equal(classes, ['breaking', 'non-breaking', 'patch']);
  assert.not.ok(html.includes(hostile));
  assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;'));
  assert.match(html, /<dt>Where<\/dt><dd><code>api\/petstore\.yaml:40<\/code><\/dd>/);
  assert.match(html, /<h2>order-event <small>[^<]*<\/small><\/h2><p class="none">No changes\.<\/p>/);
});

test('details show the values before and after, escaped, and say when an enclosing node stands in', () => {
  const html = renderDiffHtml([comparison], 'all', (_c, f) =>
    f.rule === 'operation-removed' ? { before: { value: { summary: hostile }, at: f.location } } : { before: { value: 'old', at: '/paths/~1pets/get' }, after: { value: 'new', at: f.location } },
  );
  assert.match(html, /<dt>Before<\/dt><dd><pre>\{\n {2}&quot;summary&quot;: &quot;&lt;img/);
  assert.match(html, /<dt>After<\/dt><dd class="absent">\(absent\)<\/dd>/);
  assert.match(html, /<p class="at">enclosing <code>\/paths\/~1pets\/get<\/code><\/p><pre>&quot;old&quot;<\/pre>/);
});

test('values: JSON Pointers resolve with escapes; the nearest enclosing node at most two levels up; long values cut', () => {
  const doc = { paths: { '/a~b': { get: { allOf: [] } } } };
  assert.is(valueAt(doc, '/paths/~1a~0b/get/allOf'), doc.paths['/a~b'].get.allOf);
  assert.equal(nearest(doc, '/paths/~1a~0b/get/x/y'), { value: doc.paths['/a~b'].get, at: '/paths/~1a~0b/get' });
  assert.is(nearest(doc, '/paths/~1a~0b/get/x/y/z'), undefined);
  assert.is(nearest(undefined, '/paths'), undefined);
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  assert.match(printable(cyclic), /"self": "\[circular\]"/);
  assert.match(printable(Array.from({ length: 100 }, (_, i) => i)), /\n… 62 more lines$/);
});

test.run();
