/** Structural hashes and the in-step canonical comparison agree with the canonical text they replace. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { SchemaHasher, canonicalEqual, canonicalJson } from '../../src/diff/schema-hash.ts';

const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, false, 0, 1, -0, 2.5, NaN, 'a', 'b', ''), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'type', 'enum', 'required', 'x'), tie('value'), { maxKeys: 4 }),
})).value;

test('hashes are equal exactly when the values are equal up to key order and enum/required/type order', () => {
  const sortSets = (v: unknown, key?: string): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      const items = v.map((x) => sortSets(x));
      return key && ['enum', 'required', 'type'].includes(key) ? items.map((x) => canonicalJson(x)).sort() : items;
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sortSets(x, k)]));
  };
  fc.assert(fc.property(json, json, (a, b) => {
    const { base, revision } = SchemaHasher.pair();
    const same = base.hash(a) === revision.hash(b);
    assert.is(same, canonicalJson(sortSets(a)) === canonicalJson(sortSets(b)));
  }), { numRuns: 2000 });
});

test('hashes: nodes reaching a cycle get none, their acyclic parts keep theirs', () => {
  const leaf = { type: 'string' };
  const cyclic: Record<string, unknown> = { properties: { name: leaf } };
  (cyclic.properties as Record<string, unknown>).self = cyclic;
  const { base, revision } = SchemaHasher.pair();
  assert.is(base.hash(cyclic), null);
  assert.is(base.hash(leaf), revision.hash({ type: 'string' }));
  assert.is.not(base.hash({ enum: ['a', 'b'] }), revision.hash({ enum: ['a', 'c'] }));
  assert.is(base.hash({ enum: ['a', 'b'], type: ['string', 'null'] }), revision.hash({ type: ['null', 'string'], enum: ['b', 'a'] }));
});

test('canonicalEqual matches comparing canonical texts, with depth bounds, sharing and cycles', () => {
  const shared = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, 1, NaN, 'a'), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 3 }),
    object: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
  })).value;
  // Values with shared nodes and cycles: link some object nodes to others.
  const link = (v: unknown, picks: number[]): unknown => {
    const nodes: Record<string, unknown>[] = [];
    const collect = (x: unknown) => {
      if (x === null || typeof x !== 'object') return;
      if (!Array.isArray(x)) nodes.push(x as Record<string, unknown>);
      for (const c of Object.values(x as object)) collect(c);
    };
    collect(v);
    for (let i = 0; i + 1 < picks.length && nodes.length > 0; i += 2) nodes[picks[i]! % nodes.length]!.z = nodes[picks[i + 1]! % nodes.length];
    return v;
  };
  const arb = fc.tuple(shared, fc.array(fc.nat(), { maxLength: 4 })).map(([v, picks]) => link(v, picks));
  fc.assert(fc.property(arb, arb, fc.integer({ min: 0, max: 4 }), (a, b, depth) => {
    assert.is(canonicalEqual(a, b, depth), canonicalJson(a, depth) === canonicalJson(b, depth));
    assert.is(canonicalEqual(a, a, depth), true);
  }), { numRuns: 3000 });
});

test.run();
