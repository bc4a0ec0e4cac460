/**
 * jsonPreview writes exactly the first lines of `JSON.stringify(value, cut, 2)` (objects met before printed as
 * "[circular]") and counts the rest, on seeded random values with shared nodes, cycles and everything
 * JSON.stringify leaves out; past its limit it stops counting.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonPreview } from '../../src/report/json-preview.ts';
import { printable } from '../../src/report/diff-html.ts';
import { seeded } from '../helpers/seeded.ts';

function reference(value: unknown, keep: number): { text: string; more: number } {
  const seen = new WeakSet<object>();
  const json = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v !== 'object' || v === null) return v;
      if (seen.has(v)) return '[circular]';
      seen.add(v);
      return v;
    },
    2,
  );
  const lines = json.split('\n');
  return { text: lines.slice(0, keep).join('\n'), more: Math.max(0, lines.length - keep) };
}

function randomValue(random: () => number, depth: number, pool: object[]): unknown {
  const pick = random();
  if (depth <= 0 || pick < 0.35) {
    const leaves: unknown[] = ['text', 'line\nbreak "quoted" é 😀', '', 0, -0, 1.5, -7, NaN, Infinity, true, false, null, undefined, () => 1];
    return leaves[Math.floor(random() * leaves.length)];
  }
  if (pick < 0.45 && pool.length > 0) return pool[Math.floor(random() * pool.length)]; // shared, or a cycle
  if (pick < 0.7) {
    const array: unknown[] = [];
    pool.push(array);
    for (let i = Math.floor(random() * 5); i > 0; i--) array.push(randomValue(random, depth - 1, pool));
    return array;
  }
  const record: Record<string, unknown> = {};
  pool.push(record);
  for (let i = Math.floor(random() * 5); i > 0; i--) record[['a', 'b c', '2', '10', '"q"', 'é'][Math.floor(random() * 6)] as string] = randomValue(random, depth - 1, pool);
  return record;
}

test('the shown lines and the count equal JSON.stringify\'s, on seeded random values', () => {
  const random = seeded(41);
  for (let round = 0; round < 400; round++) {
    const value = randomValue(random, 5, []);
    if (value === undefined || typeof value === 'function') {
      assert.is(jsonPreview(value, 40, 1000), undefined);
      continue;
    }
    for (const keep of [0, 1, 3, 40]) {
      const expected = reference(value, keep);
      assert.equal(jsonPreview(value, keep, 1_000_000), { ...expected, counted: true }, `round ${round}, ${keep} lines`);
    }
  }
});

test('counting stops at the limit; the shown lines stay exact', () => {
  const value = Array.from({ length: 500 }, (_, i) => ({ i }));
  const expected = reference(value, 10);
  assert.equal(jsonPreview(value, 10, 100), { text: expected.text, more: 100, counted: false });
  assert.equal(jsonPreview(value, 10, expected.more), { ...expected, counted: true });
  assert.match(printable(Array.from({ length: 20_000 }, (_, i) => i)), /\n {2}38,\n… over 10,000 more lines$/);
  assert.match(printable(Array.from({ length: 5_000 }, (_, i) => i)), /\n… 4962 more lines$/);
});

test('a value with toJSON, or with no JSON text, is left to JSON.stringify', () => {
  assert.is(jsonPreview({ when: new Date(0) }, 40, 100), undefined);
  assert.match(printable({ when: new Date(0) }), /"1970-01-01T00:00:00.000Z"/);
  assert.is(printable(undefined), 'undefined');
});

test.run();
