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

test('already in step: the same text; no info.version or an unreadable file: undefined (left alone)', () => {
  const yaml = 'info:\n  version: 2.0.0\n';
  assert.is(withInfoVersion(yaml, '2.0.0'), yaml);
  assert.is(withInfoVersion('info:\n  title: x\n', '2.0.0'), undefined);
  assert.is(withInfoVersion('info:\n  version: { a: 1 }\n', '2.0.0'), undefined);
  assert.is(withInfoVersion('info: [\n', '2.0.0'), undefined);
});

test.run();
