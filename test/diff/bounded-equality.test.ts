/**
 * The bounded comparison of values that reach a cycle is made once per pair of shapes (their text above the
 * shared nodes), and gives canonicalEqual's answer every time: wrappers around the same shared nodes share it,
 * and anything the shape cannot stand for (a node met twice, a deep wrapper) is walked afresh.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BoundedEquality } from '../../src/diff/bounded-equality.ts';
import { canonicalEqual } from '../../src/diff/schema-hash.ts';

/** A recursive component: `{ type: object, properties: { self: <itself>, note: { description } } }`. */
function component(description: string): Record<string, unknown> {
  const node: Record<string, any> = { type: 'object', properties: { note: { type: 'string', description } } };
  node.properties.self = node;
  return node;
}

/** A BoundedEquality whose walks of shared nodes are counted (through knownEqual, asked once per object pair). */
function counted(baseShared: object[], revisionShared: object[]) {
  const asked: Array<[object, object]> = [];
  const equality = new BoundedEquality(new Set(baseShared), new Set(revisionShared), 8, (x, y) => {
    asked.push([x, y]);
    return false;
  });
  return { equality, asked };
}

test('fresh wrappers around the same shared nodes are walked once, with the same answer each time', () => {
  const base = component('a customer');
  const revision = component('a customer');
  const { equality, asked } = counted([base], [revision]);
  const wrap = (node: object) => ({ oneOf: [node] });
  assert.is(equality.equal(wrap(base), wrap(revision)), true);
  const walked = asked.length;
  assert.ok(walked > 0);
  for (let i = 0; i < 5; i++) assert.is(equality.equal(wrap(base), wrap(revision)), true);
  assert.is(asked.length, walked, 'the later wrappers were answered without a walk');
});

test('a difference within the depth is found, and remembered for that pair of shapes only', () => {
  const base = component('a customer');
  const changed = component('a customer of yours');
  const same = component('a customer');
  const { equality } = counted([base], [changed, same]);
  assert.is(equality.equal({ oneOf: [base] }, { oneOf: [changed] }), false);
  assert.is(equality.equal({ oneOf: [base] }, { oneOf: [same] }), true);
  assert.is(equality.equal({ anyOf: [base] }, { oneOf: [same] }), false, 'another key is another shape');
});

test('the answers are canonicalEqual\'s, whatever the wrapper', () => {
  const base = component('x');
  const revision = component('y');
  const deep = (node: object, levels: number): object => (levels === 0 ? node : { wrap: deep(node, levels - 1) });
  const { equality } = counted([base], [revision]);
  for (const levels of [0, 1, 3, 7, 9]) {
    const [b, r] = [deep(base, levels), deep(revision, levels)];
    assert.is(equality.equal(b, r), canonicalEqual(b, r, 8, () => false), `${levels} levels of wrapping`);
  }
});

test('a node held twice but not named shared makes no shape: the walk compares it by its place', () => {
  const inner = { type: 'string' };
  const twice = { a: inner, b: inner };
  const apart = { a: { type: 'string' }, b: { type: 'string' } };
  const { equality, asked } = counted([], []);
  assert.is(equality.equal(twice, apart), canonicalEqual(twice, apart, 8, () => false));
  const walked = asked.length;
  equality.equal(twice, apart);
  assert.ok(asked.length > walked, 'walked again rather than answered from a shape');
});

test.run();
