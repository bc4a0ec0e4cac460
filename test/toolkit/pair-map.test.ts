/** PairMap against a plain map of maps, on seeded random operations over a few objects (partners change often). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PairMap } from '../../src/toolkit/pair-map.ts';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

test('answers as a map of maps does, whatever the order of sets and deletes', () => {
  for (let seed = 1; seed <= 50; seed++) {
    const next = random(seed);
    const xs = Array.from({ length: 4 }, () => ({}));
    const ys = Array.from({ length: 4 }, () => ({}));
    const pairs = new PairMap<number>();
    const reference = new Map<object, Map<object, number>>();
    for (let step = 0; step < 400; step++) {
      const x = xs[Math.floor(next() * xs.length)];
      const y = ys[Math.floor(next() * ys.length)];
      const action = next();
      if (action < 0.5) {
        const value = step;
        pairs.set(x, y, value);
        if (!reference.has(x)) reference.set(x, new Map());
        reference.get(x)!.set(y, value);
      } else if (action < 0.8) {
        pairs.delete(x, y);
        reference.get(x)?.delete(y);
      }
      for (const a of xs) for (const b of ys) {
        const expected = reference.get(a)?.get(b);
        assert.is(pairs.get(a, b), expected, `seed ${seed}, step ${step}`);
        assert.is(pairs.has(a, b), expected !== undefined, `seed ${seed}, step ${step}`);
      }
    }
  }
});

test('pairs are ordered: (x, y) is not (y, x)', () => {
  const pairs = new PairMap<true>();
  const x = {};
  const y = {};
  assert.not.ok(pairs.has(x, y));
  pairs.set(x, y, true);
  assert.ok(pairs.has(x, y));
  assert.not.ok(pairs.has(y, x));
});

test.run();
