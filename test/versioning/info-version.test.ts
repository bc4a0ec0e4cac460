import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isScalar, parseDocument, Scalar } from 'yaml';
import { withInfoVersion, withYamlLineInfoVersion } from '../../src/versioning/info-version.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

/** The edit as made from a parse of the whole document, which the one-line reading must always agree with. */
function wholeDocumentEdit(text: string, version: string, doc = parseDocument(text, { uniqueKeys: false })): string | undefined {
  if (doc.errors.length > 0) return undefined;
  const node = doc.getIn(['info', 'version'], true);
  if (!isScalar(node) || !node.range) return undefined;
  if (node.value === version) return text;
  const [start, end] = node.range;
  const lineBreak = /\r?\n$/.exec(text.slice(start, end))?.[0] ?? '';
  const value = node.type === Scalar.PLAIN ? version : node.type === Scalar.QUOTE_SINGLE ? `'${version}'` : JSON.stringify(version);
  return `${text.slice(0, start)}${value}${lineBreak}${text.slice(end)}`;
}

test('YAML: only the value changes, in its own quoting; comments, order and layout stay', () => {
  const yaml = 'openapi: 3.0.3\ninfo:\n  title: Pets   # the title\n  version: 1.4.2 # released by specver\npaths: {}\n';
  assert.is(withInfoVersion(yaml, '2.0.0'), yaml.replace('1.4.2', '2.0.0'));
  assert.is(withInfoVersion('info:\n  version: "1"\n', '1.0.1'), 'info:\n  version: "1.0.1"\n');
  assert.is(withInfoVersion("info:\n  version: '1'\n", '1.0.1-rc.0'), "info:\n  version: '1.0.1-rc.0'\n");
  assert.is(withInfoVersion('info:\n  version: |\n    1.0\nx: 1\n', '2.0.0'), 'info:\n  version: "2.0.0"\nx: 1\n');
});

test('YAML: read from the line info.version is on, or from the whole document where that line cannot tell', () => {
  const decidedByLine = [
    'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.4.2 # released\npaths: {}\n',
    'info:\n  "version": "1"   # quoted key\n',
    'info:\n  version: !!str 1.0\n',
    'info:\n  version: &v 1.0.0\nx-same: 1\n',
    'info:\n  version: 1.10\n',
    "info:\n  version: 'it''s 1'\n",
    'info:\r\n  version: 3.0.0\r\npaths: {}\r\n',
    '# comment\ninfo:\n\n  # inside\n  version: 2.0.0\n\n',
  ];
  const wholeDocument = [
    '---\ninfo:\n  version: 1.0.0\n', // a document marker: the scan gives up
    'info: {version: 1.0.0}\n', // flow style
    'info:\n  version: 1.0\n    .1\n', // a plain scalar continued below
    'info:\n  version: >-\n    1.0\n', // a block scalar
    'info:\n  version: *v\n', // an alias (to nothing)
    'info:\n  version:\n', // no value
    'info:\n  version: "1.0\n    still quoted"\n',
    'info:\n\tversion: 1.0.0\n', // a tab
  ];
  for (const text of decidedByLine) {
    assert.ok(withYamlLineInfoVersion(text, '9.0.0') !== null, `decided by its line: ${JSON.stringify(text)}`);
    assert.is(withInfoVersion(text, '9.0.0'), wholeDocumentEdit(text, '9.0.0'), JSON.stringify(text));
  }
  for (const text of wholeDocument) {
    assert.is(withYamlLineInfoVersion(text, '9.0.0'), null, `left to the whole document: ${JSON.stringify(text)}`);
    assert.is(withInfoVersion(text, '9.0.0'), wholeDocumentEdit(text, '9.0.0'), JSON.stringify(text));
  }
});

test('YAML: every fixture with an info block gets the edit a whole-document parse gives; real specs from one line', () => {
  const files = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name)).map((name) => join(FIXTURES, name));
  let real = 0;
  let checked = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!/^info:/m.test(text)) continue;
    // Parsed whole, a big spec costs the suite a quarter of a second: its edit is checked line by line.
    const big = text.length > 64 * 1024;
    if (big) {
      const before = text.split('\n');
      const after = withInfoVersion(text, '99.0.0')!.split('\n');
      const changed = before.flatMap((line, i) => (line === after[i] ? [] : [after[i]!.trim()]));
      assert.is(after.length, before.length, file);
      assert.equal(changed.map((line) => /^version: (99\.0\.0|'99\.0\.0'|"99\.0\.0")( +#.*)?$/.test(line)), [true], file);
    }
    const doc = big ? undefined : parseDocument(text, { uniqueKeys: false });
    // A file the yaml package cannot parse (fixtures/bad) is refused before any release reaches this edit.
    if (doc?.errors.length) continue;
    checked++;
    // Block style, as real specs are written (the fixtures with `info: {...}` in flow style are parsed whole).
    if (file.includes('/real-specs/')) {
      real++;
      assert.ok(withYamlLineInfoVersion(text, '99.0.0') !== null, `${file}: not decided from its info.version line`);
    }
    if (doc) assert.is(withInfoVersion(text, '99.0.0'), wholeDocumentEdit(text, '99.0.0', doc), file);
  }
  assert.ok(checked >= 50 && real >= 10, `only ${checked} fixtures with an info block, ${real} of them real specs`);
});

test('JSON: a minimal text edit; tabs, spacing and key order stay byte-identical', () => {
  const json = '{\n\t"openapi": "3.1.0",\n\t"info": { "version" :  "0.9.1", "title": "T" },\n\t"paths": {}\n}';
  assert.is(withInfoVersion(json, '0.10.0'), json.replace('"0.9.1"', '"0.10.0"'));
});

test('JSON: strings with braces and escaped quotes, nested info-like keys, a numeric version', () => {
  const json = '{"x": {"info": {"version": "0"}}, "s": "}\\"{", "info": {"t": [1, {"version": "no"}], "version": 1}}';
  assert.is(withInfoVersion(json, '1.0.0'), json.replace('"version": 1}', '"version": "1.0.0"}'));
  assert.is(withInfoVersion('{"info": {"version": {"a": 1}}}', '1.0.0'), undefined);
  assert.is(withInfoVersion('{"info": ', '1.0.0'), undefined);
});

test('a many-megabyte JSON spec is edited in a single scan', () => {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 30_000; i++) paths[`/items${i}`] = { get: { responses: { '200': { description: 'ok' } } } };
  const big = JSON.stringify({ openapi: '3.0.3', paths, info: { title: 'Big', version: '1' } });
  const edited = withInfoVersion(big, '1.1.0')!;
  assert.is(edited.length, big.length + 4);
  assert.is(JSON.parse(edited).info.version, '1.1.0');
});

test('already in step: the same text; no info.version or an unreadable file: undefined (left alone)', () => {
  const yaml = 'info:\n  version: 2.0.0\n';
  assert.is(withInfoVersion(yaml, '2.0.0'), yaml);
  assert.is(withInfoVersion('info:\n  title: x\n', '2.0.0'), undefined);
  assert.is(withInfoVersion('info:\n  version: { a: 1 }\n', '2.0.0'), undefined);
  assert.is(withInfoVersion('info: [\n', '2.0.0'), undefined);
});

test.run();
