/**
 * Keyword and extension values compared by meaning. Values that reach a cycle are compared to a bounded depth
 * once per pair of shapes (their text above the shared nodes), with canonicalEqual's answer every time; anything
 * a shape cannot stand for (a node met twice, a deep wrapper) is walked afresh. An extension naming a component
 * both sides declare under one name is unchanged whatever changed inside it; a keyword's value is not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueEquality, type ValueEqualityEnv } from '../../src/diff/value-equality.ts';
import { canonicalEqual } from '../../src/diff/schema-hash.ts';
import { SchemaHasher } from '../../src/diff/schema-hash.ts';

/** A recursive component: `{ type: object, properties: { self: <itself>, note: { description } } }`. */
function component(description: string): Record<string, unknown> {
  const node: Record<string, any> = { type: 'object', properties: { note: { type: 'string', description } } };
  node.properties.self = node;
  return node;
}

/** A ValueEquality whose walks are counted (knownEqual is asked once per object pair a walk meets). */
function counted(env: Partial<ValueEqualityEnv> = {}) {
  const asked: Array<[object, object]> = [];
  const hashes = SchemaHasher.pair();
  const equality = new ValueEquality({
    hash: { base: (v) => hashes.base.hash(v), revision: (v) => hashes.revision.hash(v) },
    knownEqual: (x, y) => {
      asked.push([x, y]);
      return false;
    },
    ...env,
  });
  return { equality, asked };
}
const sharing = (base: object[], revision: object[]) => ({ shared: { base: new Set(base), revision: new Set(revision) } });
const declaring = (base: Array<[object, string]>, revision: Array<[object, string]>) => {
  const lookup = (entries: Array<[object, string]>) => (node: object) => entries.filter(([n]) => n === node).map(([, name]) => name);
  const names = (entries: Array<[object, string]>) => (node: object) => (lookup(entries)(node).length > 0 ? lookup(entries)(node) : undefined);
  return { names: { base: names(base), revision: names(revision) } };
};

test('fresh wrappers around the same shared nodes are walked once, with the same answer each time', () => {
  const base = component('a customer');
  const revision = component('a customer');
  const { equality, asked } = counted(sharing([base], [revision]));
  const wrap = (node: object) => ({ oneOf: [node] });
  assert.is(equality.same(wrap(base), wrap(revision)), true);
  const walked = asked.length;
  assert.ok(walked > 0);
  for (let i = 0; i < 5; i++) assert.is(equality.same(wrap(base), wrap(revision)), true);
  assert.is(asked.length, walked, 'the later wrappers were answered without a walk');
});

test('a difference within the depth is found, and remembered for that pair of shapes only', () => {
  const base = component('a customer');
  const changed = component('a customer of yours');
  const same = component('a customer');
  const { equality } = counted(sharing([base], [changed, same]));
  assert.is(equality.same({ oneOf: [base] }, { oneOf: [changed] }), false);
  assert.is(equality.same({ oneOf: [base] }, { oneOf: [same] }), true);
  assert.is(equality.same({ anyOf: [base] }, { oneOf: [same] }), false, 'another key is another shape');
});

test("the answers are canonicalEqual's to depth 8, whatever the wrapper", () => {
  const base = component('x');
  const revision = component('y');
  const deep = (node: object, levels: number): object => (levels === 0 ? node : { wrap: deep(node, levels - 1) });
  const { equality } = counted(sharing([base], [revision]));
  for (const levels of [0, 1, 3, 7, 9]) {
    const [b, r] = [deep(base, levels), deep(revision, levels)];
    assert.is(equality.same(b, r), canonicalEqual(b, r, 8, () => false), `${levels} levels of wrapping`);
  }
});

test('a node held twice but not named shared makes no shape: the walk compares it by its place', () => {
  const cycle = component('c');
  const inner = { type: 'string', cycle };
  const twice = { a: inner, b: inner };
  const apart = { a: { type: 'string', cycle }, b: { type: 'string', cycle } };
  const { equality, asked } = counted(sharing([cycle], [cycle]));
  assert.is(equality.same(twice, apart), canonicalEqual(twice, apart, 8, () => false));
  const walked = asked.length;
  equality.same(twice, apart);
  assert.ok(asked.length > walked, 'walked again rather than answered from a shape');
});

test("an extension naming a component both sides declare under one name is unchanged whatever changed inside it; a keyword's value is not", () => {
  const customer = { base: component('a customer'), revision: component('a customer of yours') };
  const account = component('a customer of yours');
  const { equality } = counted(declaring([[customer.base, '/components/schemas/customer']], [[customer.revision, '/components/schemas/customer'], [account, '/components/schemas/account']]));
  assert.is(equality.sameExtension({ oneOf: [customer.base] }, { oneOf: [customer.revision] }), true, 'the same component');
  assert.is(equality.sameExtension({ oneOf: [customer.base] }, { oneOf: [account] }), false, 'another component, whose text differs');
  assert.is(equality.same({ oneOf: [customer.base] }, { oneOf: [customer.revision] }), false, 'a keyword compares content');
});

test('an extension naming a component without a cycle (it has a hash) is judged the same way', () => {
  const pet = { base: { type: 'object', description: 'a pet' }, revision: { type: 'object', description: 'a pet of yours' } };
  const { equality } = counted(declaring([[pet.base, '/components/schemas/Pet']], [[pet.revision, '/components/schemas/Pet']]));
  assert.is(equality.sameExtension({ oneOf: [pet.base] }, { oneOf: [pet.revision] }), true);
  assert.is(equality.sameExtension({ oneOf: [pet.base], note: 1 }, { oneOf: [pet.revision], note: 2 }), false, 'a change outside the component still counts');
  assert.is(equality.same({ oneOf: [pet.base] }, { oneOf: [pet.revision] }), false);
});

test.run();
