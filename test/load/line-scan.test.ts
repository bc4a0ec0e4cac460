/** The path-only line scanners answer exactly as the full-parse lookups, and fall back where YAML is not plain block style. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { dump, load } from 'js-yaml';
import { jsonLineLookup, yamlLineLookup } from '../../src/load/line-index.ts';
import { scanningJsonLineLookup } from '../../src/load/json-line-scan.ts';
import { scanningYamlLineLookup } from '../../src/load/yaml-line-scan.ts';

/** Every pointer of the data, plus missing children, as segment lists. */
function pointers(data: unknown): string[][] {
  const out: string[][] = [];
  const visit = (v: unknown, path: string[]) => {
    out.push(path);
    if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], [...path, k]);
      out.push([...path, 'missing'], [...path, '9']);
    } else out.push([...path, 'x']);
  };
  visit(data, []);
  return out;
}

function sameYamlAnswers(text: string): { fellBack: boolean } {
  let fellBack = false;
  const fast = scanningYamlLineLookup(text, () => {
    fellBack = true;
    return yamlLineLookup(text);
  });
  const full = yamlLineLookup(text);
  for (const segments of pointers(load(text))) assert.is(fast(segments), full(segments), `${JSON.stringify(segments)} in\n${text}`);
  return { fellBack };
}

const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.constantFrom('a', 'two words', 'x: y', '', 'null', '12', 'multi\nline', "it's", '# hash'), fc.integer(), fc.boolean(), tie('list'), tie('map')),
  list: fc.array(tie('node'), { maxLength: 3 }),
  map: fc.dictionary(fc.constantFrom('a', 'b c', '200', '/p/{id}', 'x-y', "q'k", 'k:v', '$ref', 'tRue'), tie('node'), { maxKeys: 4 }),
})).node;

test('YAML: block-style documents get the same lines as the full parse, without falling back', () => {
  const text = [
    'openapi: 3.0.3', '# a comment', 'info:', '  title: "Pets: \\"all\\""', '  description: |', '    text', '', '    key: not a key', 'paths:',
    "  '/pets/{id}':", '    get:', '      tags: []', '      parameters:', '      - name: id', '        in: path', '      -', '        name: q',
    '      - $ref: "#/components/parameters/p"', '      responses:', '        "200":', '          description: ok  # trailing', '',
  ].join('\n');
  assert.is(sameYamlAnswers(text).fellBack, false);
});

test('YAML: anchors, flow collections, tags and explicit keys fall back to the full parse', () => {
  for (const text of ['a: &x\n  b: 1\nc: *x\n', 'a: {b: 1, c: [1, 2]}\n', 'a: !!map\n  b: 1\n', '? a\n: 1\n', '---\na: 1\n', 'a:\n\tb: 1\n']) {
    let loaded: unknown;
    try {
      loaded = load(text);
    } catch {
      continue;
    }
    if (loaded === null || typeof loaded !== 'object') continue;
    sameYamlAnswers(text);
  }
  assert.is(sameYamlAnswers('a: {b: 1, c: [1, 2]}\n').fellBack, true);
});

test('YAML: a quoted value over several lines indented deeper than its key keeps the scan; shallower lines fall back', () => {
  const deeper = sameYamlAnswers('a:\n  b: "one\n    two # not a comment\n\n    three"\n  c: \'it\'\'s\n    four\'\n  d:\n    e: 1\n');
  assert.is(deeper.fellBack, false);
  assert.is(sameYamlAnswers('a: "one\ntwo"\nc: 1\n').fellBack, true);
});

test('YAML: an explicit key among plain ones falls back only for a name the scan cannot read', () => {
  // js-yaml writes keys over 1024 characters this way; the other paths of such a map stay on the fast scan.
  const text = 'paths:\n  /a:\n    get:\n      summary: A\n  ? /b/very/long\n    key\n  : get:\n      summary: B\n  /c:\n    put: {}\n';
  let fellBack = false;
  const fast = scanningYamlLineLookup(text, () => {
    fellBack = true;
    return yamlLineLookup(text);
  });
  const full = yamlLineLookup(text);
  for (const segments of [['paths', '/a', 'get', 'summary'], ['paths', '/c', 'put'], ['paths', '/a']]) assert.is(fast(segments), full(segments), segments.join('/'));
  assert.is(fellBack, false);
  assert.is(fast(['paths', '/b/very/long key', 'get', 'summary']), full(['paths', '/b/very/long key', 'get', 'summary']));
  assert.is(fellBack, true);
  sameYamlAnswers(text);
});

test('YAML: generated documents in several dump styles agree with the full parse', () => {
  fc.assert(fc.property(fc.dictionary(fc.constantFrom('a', 'paths', '200', 'b c'), value, { minKeys: 1, maxKeys: 4 }), fc.constantFrom(2, 4), fc.boolean(), (data, indent, noCompat) => {
    sameYamlAnswers(dump(data, { indent, noArrayIndent: noCompat, lineWidth: 20 }));
  }), { numRuns: 300 });
});

test('JSON: same lines as the full position tree, in any layout', () => {
  fc.assert(fc.property(value, fc.constantFrom(0, 1, 2, '\t'), (data, space) => {
    const text = JSON.stringify({ root: data, 'esc\\"aped': 1 }, null, space);
    const fast = scanningJsonLineLookup(text);
    const full = jsonLineLookup(text);
    for (const segments of pointers(JSON.parse(text))) assert.is(fast(segments), full(segments));
  }), { numRuns: 300 });
  // Strings ending in runs of backslashes, escaped quotes and brackets: the scan jumps from quote to quote.
  const tricky = fc.constantFrom('\\', '\\\\', '"', '\\"', 'a\\\\"b', '{[', ']}', '\\u0022');
  fc.assert(fc.property(fc.dictionary(tricky, fc.oneof(tricky, fc.array(tricky, { maxLength: 2 }), fc.dictionary(tricky, tricky, { maxKeys: 2 })), { maxKeys: 4 }), fc.constantFrom(0, 2), (data, space) => {
    const text = JSON.stringify({ data, after: { x: [1] } }, null, space);
    const fast = scanningJsonLineLookup(text);
    const full = jsonLineLookup(text);
    for (const segments of pointers(JSON.parse(text))) assert.is(fast(segments), full(segments), `${JSON.stringify(segments)} in ${text}`);
  }), { numRuns: 200 });
  // Thousands of containers and lines: the scan's offset lists grow past their first size.
  const large = JSON.stringify({ items: Array.from({ length: 3000 }, (_, i) => ({ id: i, tags: [String(i)] })) }, null, 1);
  const [fastLarge, fullLarge] = [scanningJsonLineLookup(large), jsonLineLookup(large)];
  for (const i of [0, 1023, 1024, 2047, 2999]) for (const segments of [['items', String(i)], ['items', String(i), 'tags', '0'], ['items', String(i), 'id']]) assert.is(fastLarge(segments), fullLarge(segments), segments.join('/'));
  const repeated = '{\n"a": 1,\n"a":\n  {"b": [1,\n 2]}\n}';
  assert.is(scanningJsonLineLookup(repeated)(['a', 'b', '1']), jsonLineLookup(repeated)(['a', 'b', '1']));
});

test.run();
