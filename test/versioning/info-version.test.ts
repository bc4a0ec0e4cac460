import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withInfoVersion } from '../../src/versioning/info-version.ts';

test('YAML: only the value changes, in its own quoting; comments, order and layout stay', () => {
  const yaml = 'openapi: 3.0.3\ninfo:\n  title: Pets   # the title\n  version: 1.4.2 # released by specver\npaths: {}\n';
  assert.is(withInfoVersion(yaml, '2.0.0'), yaml.replace('1.4.2', '2.0.0'));
  assert.is(withInfoVersion('info:\n  version: "1"\n', '1.0.1'), 'info:\n  version: "1.0.1"\n');
  assert.is(withInfoVersion("info:\n  version: '1'\n", '1.0.1-rc.0'), "info:\n  version: '1.0.1-rc.0'\n");
  assert.is(withInfoVersion('info:\n  version: |\n    1.0\nx: 1\n', '2.0.0'), 'info:\n  version: "2.0.0"\nx: 1\n');
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
