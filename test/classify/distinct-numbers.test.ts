/** Stand-in doubles for numbers a double cannot hold exactly (classify/distinct-numbers.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinguishInexactNumbers, nextDown, nextUp } from '../../src/classify/distinct-numbers.ts';
import { interpolate } from '../../src/classify/message.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import type { RawChange } from '../../src/diff/types.ts';

function spec(text: string, name = 'spec.json'): LoadedSpec {
  const source = parseSource(text, `/p/${name}`);
  return {
    path: source.path, kind: { format: 'json-schema', dialect: '2020-12' }, source, document: source.data,
    files: new Map([[source.path, source]]), origin: () => undefined,
  };
}

test('nextUp and nextDown step to the neighbouring double', () => {
  assert.is(nextUp(1), 1 + Number.EPSILON);
  assert.is(nextDown(1), 1 - Number.EPSILON / 2);
  assert.is(nextUp(0), Number.MIN_VALUE);
  assert.is(nextDown(0), -Number.MIN_VALUE);
  assert.is(nextUp(-Number.MIN_VALUE), -0);
  assert.ok(nextUp(1e30) > 1e30);
  assert.is(nextUp(Infinity), Infinity);
});

test('documents without inexact numbers are left alone', () => {
  const base = spec('{"maximum": 1000000000000000000000000000000, "minimum": 1}');
  const revision = spec('{"maximum": 5}');
  assert.is(distinguishInexactNumbers(base, revision), undefined);
  assert.is(revision.document.maximum, 5);
});

test('colliding exact values get distinct doubles in their order; the double keeps the value it stands for', () => {
  const base = spec('{"maximum": 1000000000000000000000000000001, "enum": [1e30, 999999999999999999999999999999.99]}');
  const revision = spec('{"maximum": 1000000000000000000000000000000, "minimum": 1000000000000000000000000000002}');
  const texts = distinguishInexactNumbers(base, revision)!;
  const [round, below] = base.document.enum;
  const { maximum: baseMax } = base.document;
  const { maximum: revisionMax, minimum } = revision.document;
  assert.is(round, 1e30);
  assert.is(revisionMax, 1e30, 'the same exact value in both documents gets the same double');
  assert.ok(below < round && round < baseMax && baseMax < minimum, `${below} < ${round} < ${baseMax} < ${minimum}`);
  assert.is(below, nextDown(1e30));
  assert.is(baseMax, nextUp(1e30));
  assert.is(texts.get(baseMax), '1000000000000000000000000000001');
  assert.is(texts.get(minimum), '1000000000000000000000000000002');
  assert.is(texts.get(below), '999999999999999999999999999999.99');
  assert.is(texts.get(1e30), '1000000000000000000000000000000', 'the revision is read first: its text is shown');
});

test('a neighbour already in use is pushed up, keeping the order', () => {
  const up = nextUp(1e30);
  const base = spec(`{"a": 1000000000000000000000000000001, "b": ${JSON.stringify(up)}}`);
  const revision = spec('{"a": 1000000000000000000000000000002}');
  const texts = distinguishInexactNumbers(base, revision)!;
  const values = [base.document.a, revision.document.a, base.document.b];
  // No one wrote 1e30 itself: the smallest of its group keeps the double, the next takes b's, b moves up.
  assert.equal(values, [1e30, up, nextUp(up)]);
  assert.is(texts.get(base.document.b), String(up));
});

test('running it again on the same documents changes nothing; a document against itself stays equal', () => {
  const text = '{"maximum": 1000000000000000000000000000001, "const": 1000000000000000000000000000003, "x": 1e30}';
  const base = spec(text);
  const revision = spec(text);
  distinguishInexactNumbers(base, revision);
  const once = JSON.stringify([base.document, revision.document]);
  assert.is(JSON.stringify(base.document), JSON.stringify(revision.document));
  distinguishInexactNumbers(base, revision);
  assert.is(JSON.stringify([base.document, revision.document]), once);
});

test('messages show numbers as written, in values and in JSON text, never the stand-in', () => {
  const texts = new Map([[nextUp(1e30), '1000000000000000000000000000001']]);
  const change = (context: RawChange['context']): RawChange => ({ kind: 'schema-maximum', action: 'decreased', context } as RawChange);
  const shown = JSON.stringify(nextUp(1e30));
  assert.is(interpolate('from {{from}} to {{to}}', change({ from: shown, to: '1e+30' }), texts), 'from 1000000000000000000000000000001 to 1e+30');
  assert.is(interpolate('{{value}}', change({ value: `[${shown},"${shown}",2]` }), texts), `[1000000000000000000000000000001,"${shown}",2]`);
  assert.is(interpolate('{{name}}', change({ name: shown }), texts), shown, 'names are never rewritten');
  assert.is(interpolate('{{from}}', change({ from: shown })), shown);
});

test.run();
