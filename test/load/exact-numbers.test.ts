/** Exact values of number literals, and which literals the loading stage keeps (spec/decimal.ts, exact-numbers.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareDecimals, decimalKey, doubleOfLiteral, isInexact, jsonLiteral, parseDecimal } from '../../src/load/decimal.ts';
import { mayHoldInexactNumbers, writtenNumber, yamlNumberLiterals } from '../../src/load/exact-numbers.ts';
import { jsonNumberLiterals, type WrittenLiteral } from '../../src/load/json-number-literals.ts';
import { parseSource } from '../../src/load/parse-source.ts';

const key = (literal: string) => decimalKey(parseDecimal(literal)!);

test('one key per exact value: sign, significant digits and exponent, whatever the notation', () => {
  assert.is(key('1e30'), key('1000000000000000000000000000000'));
  assert.is(key('1.0E+30'), key('1e30'));
  assert.is(key('0.000120'), key('1.2e-4'));
  assert.is(key('-0'), key('0.000'));
  assert.is(key('0x10'), key('16'));
  assert.is(key('-0o17'), key('-15'));
  assert.is(key('1_000'), key('1000'));
  assert.is.not(key('1000000000000000000000000000001'), key('1e30'));
  assert.is.not(key('-5'), key('5'));
  for (const text of ['.inf', 'NaN', 'Infinity', '1.2.3', '', 'abc', '-']) assert.is(parseDecimal(text), undefined, text);
  // A prefix with digits its base does not have is text (a hash in a description), never an error.
  for (const text of ['0b5146584e408072912b2993db808', '0o19', '0b12', '0xg1']) assert.is(parseDecimal(text), undefined, text);
  assert.is(key('0b101'), key('5'));
});

test('JSON literals for exact values: plain integers, else scientific notation', () => {
  assert.is(jsonLiteral(parseDecimal('0x1FFFFFFFFFFFFFFFFF')!), '590295810358705651711');
  assert.is(jsonLiteral(parseDecimal('-1_000')!), '-1000');
  assert.is(jsonLiteral(parseDecimal('0.000120')!), '1.2e-4');
  assert.is(jsonLiteral(parseDecimal('1e500')!), '1e500');
  assert.is(jsonLiteral(parseDecimal('0')!), '0');
});

test('exact values are ordered by value, not by text', () => {
  const sorted = ['1e30', '-2', '0', '999999999999999999999999999999.9', '1000000000000000000000000000001', '-10', '0.5']
    .map((text) => ({ text, value: parseDecimal(text)! }))
    .sort((a, b) => compareDecimals(a.value, b.value))
    .map((entry) => entry.text);
  assert.equal(sorted, ['-10', '-2', '0', '0.5', '999999999999999999999999999999.9', '1e30', '1000000000000000000000000000001']);
  assert.is(compareDecimals(parseDecimal('1e30')!, parseDecimal('1000000000000000000000000000000')!), 0);
});

test('a literal is inexact only when its exact value is not the one its double stands for', () => {
  assert.ok(isInexact('9007199254740993', doubleOfLiteral('9007199254740993')));
  assert.ok(isInexact('0.10000000000000000001', 0.1));
  assert.ok(isInexact('1e400', doubleOfLiteral('1e400')));
  assert.not.ok(isInexact('9007199254740992', 9007199254740992));
  assert.not.ok(isInexact('1000000000000000000000000000000', 1e30));
  assert.not.ok(isInexact('1.50', 1.5));
  assert.not.ok(isInexact('4242424242424242', 4242424242424242));
});

test('the raw-text check passes ordinary specs and long digit runs inside strings', () => {
  assert.not.ok(mayHoldInexactNumbers('{"maximum": 100, "minimum": -1.5e10}', 'json'));
  assert.not.ok(mayHoldInexactNumbers('description: "test card 4242424242424242, id 1234567890123456"\n', 'yaml'));
  assert.ok(mayHoldInexactNumbers('{"maximum": 1000000000000000000000000000001}', 'json'));
  assert.ok(mayHoldInexactNumbers('maximum: 0x1FFFFFFFFFFFFFFF\n', 'yaml'));
  assert.ok(mayHoldInexactNumbers('maximum: 1e400\n', 'yaml'));
  assert.not.ok(mayHoldInexactNumbers('{"description": "hash 0b5146584e408072912b2993db808"}', 'json'));
  // A number is a word of its own: digits inside a UUID or a hash are not one.
  assert.not.ok(mayHoldInexactNumbers('name: d8821fb7-4d01-48b2-bdc5-34e46252b90b\nuser: dc2d2894d5a9023620c467b0e71cfa6a35457e6679785ed6ae9856fe5bdfa269\n', 'yaml'));
  assert.ok(mayHoldInexactNumbers('maximum: 12345678901234567890.\n', 'yaml'));
  assert.ok(mayHoldInexactNumbers('limits: [1, -1_234_567_890_123_456_789]\n', 'yaml'));
  assert.ok(mayHoldInexactNumbers('{"a":[-1.5e400]}', 'json'));
});

test('parsing keeps the literal of inexact numbers, by container and key, in JSON and YAML', () => {
  const json = parseSource('{"a": {"maximum": 1000000000000000000000000000001, "minimum": 5}, "e": [1, 9007199254740993]}', '/x/spec.json');
  const data = json.data as any;
  assert.is(json.inexactNumbers, 2);
  assert.is(writtenNumber(data.a, 'maximum'), '1000000000000000000000000000001');
  assert.is(writtenNumber(data.a, 'minimum'), undefined);
  assert.is(writtenNumber(data.e, '1'), '9007199254740993');
  const yaml = parseSource('a:\n  maximum: 1000000000000000000000000000001\n  "200": { const: 12345678901234567891 }\nb: [1e30]\n', '/x/spec.yaml');
  const doc = yaml.data as any;
  assert.is(yaml.inexactNumbers, 2);
  assert.is(writtenNumber(doc.a, 'maximum'), '1000000000000000000000000000001');
  assert.is(writtenNumber(doc.a['200'], 'const'), '12345678901234567891');
  assert.is(writtenNumber(doc.b, '0'), '1e30'); // written otherwise than JS prints it: kept, not counted
});

test('YAML aliases and merge keys: the literal follows the value; explicit keys win over merged ones', () => {
  const text = [
    'limits: &limits { maximum: 1000000000000000000000000000001, minimum: 12345678901234567891 }',
    'big: &big 1000000000000000000000000000003',
    'a: { <<: *limits, minimum: 5 }',
    'b: [*big]',
    'c: { <<: [{ maximum: 1000000000000000000000000000007 }, *limits] }',
  ].join('\n');
  const doc = parseSource(text, '/x/spec.yaml').data as any;
  assert.is(writtenNumber(doc.a, 'maximum'), '1000000000000000000000000000001');
  assert.is(writtenNumber(doc.a, 'minimum'), undefined);
  assert.is(writtenNumber(doc.b, '0'), '1000000000000000000000000000003');
  assert.is(writtenNumber(doc.c, 'maximum'), '1000000000000000000000000000007', 'the first merge source wins');
  assert.is(writtenNumber(doc.c, 'minimum'), '12345678901234567891');
  const json = parseSource('{"k": 1000000000000000000000000000001, "k": 1000000000000000000000000000009}', '/x/s.json').data as any;
  assert.is(writtenNumber(json, 'k'), '1000000000000000000000000000009', 'the last duplicate key, as JSON.parse');
});

test('specs without long numbers record nothing', () => {
  const source = parseSource('openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths: {}\nx-max: 9007199254740991\n', '/x/spec.yaml');
  assert.is(source.inexactNumbers, undefined);
  assert.is(writtenNumber(source.data as object, 'x-max'), undefined);
  // A long digit run in a string passes the raw-text check, but no number is recorded.
  const strings = parseSource('{"description": "id 12345678901234567890123", "x-id": "98765432109876543210"}', '/x/s.json');
  assert.is(strings.inexactNumbers, undefined);
  assert.is(writtenNumber(strings.data as object, 'x-id'), undefined);
});

/** container (by the pointer it has in the data) / key / literal, sorted: comparable across both readers. */
function described(data: object, literals: WrittenLiteral[]): string[] {
  const pointers = new Map<object, string>();
  const walk = (node: unknown, pointer: string) => {
    if (typeof node !== 'object' || node === null || pointers.has(node)) return;
    pointers.set(node, pointer);
    for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${k}`);
  };
  walk(data, '');
  return literals.map((l) => `${pointers.get(l.container)} ${l.key} ${l.literal}`).sort();
}

test('the JSON scan finds the same literals as the yaml library, far cheaper; a duplicate key sends the text to the library', () => {
  const texts = [
    '{"a": 1.0, "b": [1e3, 2, -0, 0.50, {"c\\"d": 9007199254740993}], "e": {"f": [[1E+2]], "g": "1.0 in a string, 12345678901234567"}}',
    '{"__proto__": {"maximum": 1000000000000000000000000000001}, "list": [1e400, -1e-400, 123456789012345678, 5]}',
    '[{"x": 0.1000000000000000000001}, 3.0]',
    '{"a": {"b": {}}, "c": [], "d": [[], [1.10]], "e\u0041": 2.50}',
  ];
  for (const text of texts) {
    const data = JSON.parse(text);
    const viaScan = jsonNumberLiterals(text, data);
    assert.ok(viaScan, text);
    assert.equal(described(data, viaScan!), described(data, yamlNumberLiterals(text, data)), text);
  }
  assert.equal(described(JSON.parse(texts[0]!), jsonNumberLiterals(texts[0]!, JSON.parse(texts[0]!))!).length, 6);
  for (const text of ['{"a": 1.0, "a": 2}', '{"a": {"b": 1.0}, "a": [1.0]}', '{"x": [{"a": 1, "a": 1.0}]}']) {
    assert.is(jsonNumberLiterals(text, JSON.parse(text)), undefined, text);
  }
  // Through parseSource: the duplicate key's survivor (the last, as JSON.parse keeps) is the one recorded.
  const source = parseSource('{"a": 1e400, "a": 1000000000000000000000000000001.0}', 'dup.json');
  assert.is(writtenNumber(source.data as object, 'a'), '1000000000000000000000000000001.0');
  assert.is(source.inexactNumbers, 1);
});

test.run();
