/** Combinator changes judged by what the whole schema accepts (schema-inclusion.ts, value-acceptance.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareSchemas } from '../../src/diff/compare-schemas.ts';
import { InclusionProver } from '../../src/diff/schema-inclusion.ts';
import { acceptsValue } from '../../src/diff/value-acceptance.ts';

const effects = (base: unknown, revision: unknown, direction: 'request' | 'response' | 'standalone' = 'standalone') =>
  compareSchemas(base, revision, { direction }).map((c) => `${c.kind}:${c.action}:${c.effect}`);
const narrowing = (base: unknown, revision: unknown, direction: 'request' | 'response' | 'standalone' = 'standalone') =>
  effects(base, revision, direction).filter((e) => /:(narrowed|incomparable)$/.test(e));

const A = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } };
const B = { type: 'object', required: ['b'], properties: { b: { type: 'string' } } };

test('a value is checked against enum, const, type, case-insensitive pattern, bounds and combinators', () => {
  const pattern = { type: 'string', pattern: '^[Aa][Mm][Dd]$' };
  assert.is(acceptsValue(pattern, 'amd'), true);
  assert.is(acceptsValue(pattern, 'AMD'), true);
  assert.is(acceptsValue(pattern, 'umd'), false);
  assert.is(acceptsValue({ anyOf: [{ enum: ['x'] }, pattern] }, 'AmD'), true);
  assert.is(acceptsValue({ oneOf: [{ type: 'string' }, pattern] }, 'amd'), false, 'matches two oneOf members');
  assert.is(acceptsValue({ not: pattern }, 'amd'), false);
  assert.is(acceptsValue({ type: 'integer', minimum: 2 }, 1), false);
  assert.is(acceptsValue({ type: 'string', format: 'uri' }, 'x'), undefined, 'a format is not evaluated');
  assert.is(acceptsValue({ type: 'object', required: ['a'] }, {}), undefined, 'objects meet keywords it does not evaluate');
});

test('inclusion: a member inside some member of the new union; oneOf needs disjointness too', () => {
  const prover = new InclusionProver({ relation: () => 'incomparable' });
  assert.ok(prover.includes({ anyOf: [{ type: 'boolean' }, { type: 'string', pattern: '^[Ee][Ss]6$' }] }, [{ enum: ['ES6', 'es6'] }]));
  assert.not.ok(prover.includes({ anyOf: [{ type: 'boolean' }, { type: 'string', pattern: '^[Ee][Ss]6$' }] }, [{ enum: ['ES6', 'ES7'] }]));
  assert.ok(prover.includes({ oneOf: [{ type: 'string' }, { type: 'boolean' }] }, [{ enum: ['a'] }]));
  assert.not.ok(prover.includes({ oneOf: [{ type: 'string' }, { enum: ['a', 'b'] }] }, [{ enum: ['a'] }]), 'a matches both members');
});

test('the same schema compared with itself is no change, and the answer is the same every time', () => {
  const schema = { type: 'string', anyOf: [{ enum: ['AMD', 'ES6'] }, { pattern: '^[Aa][Mm][Dd]$' }] };
  assert.equal(effects(schema, structuredClone(schema)), []);
  const revision = { type: 'string', anyOf: [{ enum: ['es6'] }, { pattern: '^([Aa][Mm][Dd]|[Ee][Ss]6)$' }] };
  assert.equal(effects(schema, revision), effects(structuredClone(schema), structuredClone(revision)));
});

test('allOf [A, B] -> anyOf / oneOf of fewer members every old instance satisfies is compatible', () => {
  assert.equal(narrowing({ allOf: [A, B] }, { anyOf: [A, { type: 'string' }] }), []);
  assert.equal(narrowing({ allOf: [A, B] }, { oneOf: [A, { type: 'string' }] }), []);
  assert.equal(narrowing({ allOf: [A, B] }, { anyOf: [A] }), []);
});

test('allOf [A, B] -> oneOf of members an old instance matches both of is still narrowing', () => {
  const both = narrowing({ allOf: [A, B] }, { oneOf: [A, B] });
  assert.ok(both.length > 0, `expected a narrowing, got ${JSON.stringify(effects({ allOf: [A, B] }, { oneOf: [A, B] }))}`);
});

test('an array that became array-or-string widens in a request, and widens (a client may not handle it) in a response', () => {
  const base = { type: 'array', minItems: 1, items: { type: 'string' } };
  const revision = { items: { type: 'string' }, oneOf: [{ type: 'array', minItems: 1 }, { type: 'string' }] };
  for (const direction of ['request', 'response'] as const) {
    assert.ok(effects(base, revision, direction).includes('schema-union:added:widened'), direction);
    assert.equal(narrowing(base, revision, direction), [], direction);
  }
  const shorter = { items: { type: 'string' }, oneOf: [{ type: 'array', minItems: 2 }, { type: 'string' }] };
  assert.ok(effects(base, shorter, 'request').includes('schema-union:added:narrowed'));
});

test('a member removed whose values another member still accepts is no removal; one with values nobody accepts is', () => {
  const base = { anyOf: [{ type: 'string', enum: ['on', 'off'] }, { type: 'boolean' }, { type: 'integer' }] };
  assert.equal(narrowing(base, { anyOf: [{ type: 'integer' }, { anyOf: [{ enum: ['on', 'off'] }, { type: 'boolean' }] }] }), []);
  assert.ok(narrowing(base, { anyOf: [{ type: 'integer' }, { anyOf: [{ enum: ['on'] }, { type: 'boolean' }] }] }).includes('schema-any-of:removed:narrowed'));
});
test('a narrowing hidden by a union in one place is still reported where the same schema is used alone', () => {
  const shared = (values: string[]) => ({ type: 'string', enum: values });
  const doc = (member: object) => ({ type: 'object', properties: { inUnion: { anyOf: [member, { type: 'string', pattern: '^[Bb]$' }] }, alone: member } });
  const changes = compareSchemas(doc(shared(['a', 'b'])), doc(shared(['a'])), { direction: 'standalone' });
  assert.equal(changes.map((c) => `${c.kind}:${c.action}:${c.effect}:${c.context.value}`), ['schema-enum-value:removed:narrowed:b']);
  const unionOnly = (member: object) => ({ anyOf: [member, { type: 'string', pattern: '^[Bb]$' }] });
  assert.equal(effects(unionOnly(shared(['a', 'b'])), unionOnly(shared(['a']))), []);
});

test.run();
