import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import { cpuMs } from '../helpers/cpu-time.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const SPECS = join(FIXTURES, 'specs');
const parseFixture = (file: string) => parseSource(readFileSync(join(SPECS, file), 'utf8'), join(SPECS, file), { displayPath: file });

function parseError(file: string, text?: string): ConfigError {
  try {
    if (text === undefined) parseFixture(file);
    else parseSource(text, file);
  } catch (error) {
    assert.instance(error, ConfigError);
    const config = error as ConfigError;
    assert.is(config.exitCode, 2);
    assert.not.match(config.located, '\n', 'one line');
    return config;
  }
  throw new Error(`${file} parsed without an error`);
}

test('YAML and JSON are parsed by extension, or by the first character', () => {
  assert.is(parseFixture('openapi-3.0.yaml').encoding, 'yaml');
  assert.is(parseFixture('openapi-3.0.json').encoding, 'json');
  assert.is(parseSource('{"a": 1}', 'spec.txt').encoding, 'json');
  assert.is(parseSource('a: 1', 'spec.txt').encoding, 'yaml');
  assert.equal(parseSource('a: [1, 2]\n', 'x.yml').data, { a: [1, 2] });
});

test('a UTF-8 BOM is stripped and CRLF line ends are accepted', () => {
  assert.equal((parseFixture('bom.json').data as any).info.title, 'BOM');
  assert.equal((parseFixture('bom.yaml').data as any).info.title, 'BOM');
  assert.is(parseFixture('bom.json').text.charCodeAt(0), '{'.charCodeAt(0));
  const crlf = parseFixture('crlf.yaml');
  assert.is((crlf.data as any).info.title, 'CRLF');
  assert.is(crlf.lineOf('/paths/~1a/get/responses/200'), 9);
});

test('YAML syntax errors name file:line and the reason', () => {
  const indent = parseError('broken/bad-indent.yaml');
  assert.is(indent.line, 4);
  assert.match(indent.located, /^broken\/bad-indent\.yaml:4: invalid YAML: bad indentation/);
  const unclosed = parseError('broken/unclosed.yaml');
  assert.match(unclosed.located, /^broken\/unclosed\.yaml:\d+: invalid YAML: /);
  const duplicate = parseError('broken/duplicate-key.yaml');
  assert.is(duplicate.line, 5);
  assert.match(duplicate.located, 'broken/duplicate-key.yaml:5: invalid YAML: duplicate key');
});

test('JSON syntax errors name file:line and the reason', () => {
  const comma = parseError('broken/trailing-comma.json');
  assert.is(comma.line, 5);
  assert.match(comma.located, /^broken\/trailing-comma\.json:5: invalid JSON: /);
  const token = parseError('broken/bad-token.json');
  assert.is(token.line, 4);
  assert.match(token.located, /^broken\/bad-token\.json:4: invalid JSON: unexpected character 't'/);
  const truncated = parseError('broken/truncated.json');
  assert.is(truncated.line, 4);
  assert.match(truncated.located, 'invalid JSON');
});

test('an empty or blank file is refused as empty', () => {
  assert.match(parseError('broken/empty.yaml').located, 'broken/empty.yaml is empty');
  assert.match(parseError('broken/blank.json').located, 'broken/blank.json is empty');
  assert.match(parseError('comments.yaml', '# just a comment\n').located, 'comments.yaml is empty');
});

test('a billion-laughs YAML document fails fast with a clear error', () => {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  const started = cpuMs();
  const error = parseError('bomb.yaml', `${lines.join('\n')}\n`);
  assert.match(error.located, 'YAML aliases expand to too many nodes');
  // Expanded, the document has 10^10 nodes: any bound proves it was refused early; this one is generous.
  assert.ok(cpuMs() - started < 10_000, `fails fast (${cpuMs() - started} ms of CPU)`);
});

test('a few ordinary aliases are fine, a recursive one is refused at its line', () => {
  const data = parseSource('base: &b {type: string}\nx: *b\ny: *b\n', 'a.yaml').data as any;
  assert.is(data.x, data.y);
  for (const text of ['a: &a [1, *a]\n', 'ok: 1\na: &a\n  b:\n    c: *a\n', 'x: &a [*a]\n']) {
    assert.throws(
      () => parseSource(text, 'c.yaml'),
      (error: unknown) => error instanceof ConfigError && /^c\.yaml:\d+: invalid YAML: alias \*a is inside its own anchor &a/.test((error as Error).message) && (error as ConfigError).line === text.split('\n').findIndex((l) => l.includes('*a')) + 1,
      text,
    );
  }
});

test('__proto__ and constructor keys stay plain own data', () => {
  for (const file of ['proto-keys.yaml', 'proto-keys.json']) {
    const schemas = (parseFixture(file).data as any).components.schemas;
    assert.is(Object.getPrototypeOf(schemas), Object.prototype, file);
    assert.ok(Object.hasOwn(schemas, '__proto__'), file);
    assert.ok(Object.hasOwn(schemas, 'constructor'), file);
    assert.is(schemas.constructor.type, 'string', file);
    assert.is(({} as any).polluted, undefined, file);
    assert.is(({} as any).properties, undefined, file);
  }
});

test('lineOf on YAML: keys, array items, escaped pointers, missing pointers', () => {
  const file = parseFixture('pointers.yaml');
  assert.is(file.lineOf(''), 1);
  assert.is(file.lineOf('/info'), 2);
  assert.is(file.lineOf('/info/version'), 4);
  assert.is(file.lineOf('/paths/~1pets~1{id}'), 6);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/1'), 11);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/1/in'), 12);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/responses/200/description'), 15);
  assert.is(file.lineOf('/x-odd/a~0b'), 17);
  assert.is(file.lineOf('/x-odd/c~1d'), 18);
  assert.is(file.lineOf('/x-odd/c~1d/e'), 19);
  assert.is(file.lineOf('#/x-odd/c~1d/e'), 19);
  assert.is(file.lineOf('/x-odd/missing'), undefined);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/7'), undefined);
  assert.is(file.lineOf('not-a-pointer'), undefined);
});

test('lineOf on YAML: flow collections, aliases, explicit keys, block scalars, sequences of mappings', () => {
  const text = [
    'flow: {a: 1, b: [x, {c: 2}]}', // 1
    'base: &base', // 2
    '  deep:', // 3
    '    leaf: 1', // 4
    'copy: *base', // 5
    '? explicit', // 6
    ': value', // 7
    'text: |', // 8
    '  line one', // 9
    '  line two', // 10
    'after: 1', // 11
    'items:', // 12
    '- name: a', // 13
    '  type: string', // 14
    '- name: b', // 15
    '  type:', // 16
    '    - integer', // 17
    '200:', // 18
    '  ok: true', // 19
  ].join('\n');
  const file = parseSource(`${text}\n`, 'odd.yaml');
  assert.is(file.lineOf('/flow/b/1/c'), 1);
  assert.is(file.lineOf('/copy'), 5);
  assert.is(file.lineOf('/copy/deep/leaf'), 4);
  assert.is(file.lineOf('/explicit'), 6);
  assert.is(file.lineOf('/after'), 11);
  assert.is(file.lineOf('/items/0'), 13);
  assert.is(file.lineOf('/items/1/name'), 15);
  assert.is(file.lineOf('/items/1/type'), 16);
  assert.is(file.lineOf('/items/1/type/0'), 17);
  assert.is(file.lineOf('/200/ok'), 19);
  assert.is(file.lineOf('/items/2'), undefined);
});

test('lineOf on JSON: keys, array items, escaped pointers, missing pointers', () => {
  const file = parseFixture('pointers.json');
  assert.is(file.lineOf(''), 1);
  assert.is(file.lineOf('/info'), 3);
  assert.is(file.lineOf('/info/version'), 5);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/0'), 11);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/1'), 12);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/1/in'), 14);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/responses/200/description'), 17);
  assert.is(file.lineOf('/x-odd/a~0b'), 22);
  assert.is(file.lineOf('/x-odd/c~1d/e'), 24);
  assert.is(file.lineOf('/x-odd/esc"aped'), 26);
  assert.is(file.lineOf('/x-odd/nope'), undefined);
  assert.is(file.lineOf('/paths/~1pets~1{id}/get/parameters/x'), undefined);
});

/** How many times `work` reads a string character by character or searches it (what a line scan does). */
function stringScans(work: () => void): number {
  const proto = String.prototype as { charCodeAt: typeof String.prototype.charCodeAt; indexOf: typeof String.prototype.indexOf };
  const { charCodeAt, indexOf } = proto;
  let calls = 0;
  proto.charCodeAt = function (this: string, ...args) {
    calls++;
    return charCodeAt.apply(this, args);
  };
  proto.indexOf = function (this: string, ...args) {
    calls++;
    return indexOf.apply(this, args as [string, number?]);
  };
  try {
    work();
  } finally {
    proto.charCodeAt = charCodeAt;
    proto.indexOf = indexOf;
  }
  return calls;
}

test('lineOf is lazy: parsing a large file builds no index, the first lineOf does', () => {
  const big = `{"a": [${Array.from({ length: 200_000 }, (_, i) => `{"n": ${i}}`).join(',\n')}]}`;
  let file!: ReturnType<typeof parseSource>;
  const atParse = stringScans(() => (file = parseSource(big, 'big.json')));
  assert.ok(atParse < 100, `parsing scanned the text ${atParse} times`);
  let line: number | undefined;
  const atLookup = stringScans(() => (line = file.lineOf('/a/150000/n')));
  assert.ok(atLookup > 100_000, `the first lineOf scanned the text only ${atLookup} times: this test no longer sees the index being built`);
  assert.is(line, 150001);
  assert.is(file.lineOf('/a/0'), 1);
});

test.run();
