/**
 * What the whole-union proofs (schema-inclusion.ts) cost: they are asked only where a finding depends on them,
 * once per pair of schemas, and their comparisons of their own share the structural hashes already made.
 * Counted, not timed: the proofs' verdicts are held by union-whole.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareSchemas, SchemaComparator } from '../../src/diff/compare-schemas.ts';
import { PROOF_BUDGET, QUESTION_BUDGET } from '../../src/diff/schema-questions.ts';
import { InclusionProver } from '../../src/diff/schema-inclusion.ts';
import { SchemaHasher } from '../../src/diff/schema-hash.ts';

/** Runs `body` counting the calls of a prototype method (`count(args)` says whether a call counts). */
function counting<T>(proto: object, method: string, count: (args: unknown[]) => boolean, body: () => T): { calls: number; result: T } {
  const target = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = target[method]!;
  let calls = 0;
  target[method] = function (this: unknown, ...args: unknown[]) {
    if (count(args)) calls++;
    return original.apply(this, args);
  };
  try {
    const result = body();
    return { calls, result };
  } finally {
    target[method] = original;
  }
}

/** Questions put to the prover (its recursive steps pass a depth). */
const questions = <T>(body: () => T) => counting(InclusionProver.prototype, 'includes', (args) => args[2] === undefined || args[2] === 0, body);
const effects = (base: unknown, revision: unknown) =>
  compareSchemas(base, revision, { direction: 'standalone' }).map((c) => `${c.kind}:${c.action}:${c.effect}`);

test('a union whose members only widened is not proved inclusive as a whole', () => {
  const base = { anyOf: [{ enum: ['a'] }, { type: 'integer' }] };
  const revision = { anyOf: [{ enum: ['a', 'b'] }, { type: 'integer' }] };
  const { calls, result } = questions(() => effects(base, revision));
  assert.equal(result, ['schema-enum-value:added:widened']);
  assert.is(calls, 0, 'no member narrowed: nothing for the whole to overrule');
});

test('a member that narrowed is still judged by the whole union', () => {
  const base = { anyOf: [{ enum: ['a', 'b'] }, { type: 'string' }] };
  const revision = { anyOf: [{ enum: ['a'] }, { type: 'string' }] };
  const { calls, result } = questions(() => effects(base, revision));
  assert.ok(calls > 0, 'the whole is asked');
  assert.equal(result.filter((e) => e.endsWith(':narrowed')), [], '"b" is still a string');
});

test('a union that appeared is proved once per pair of schemas, in every direction it is reached', () => {
  const base = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  const revision = { ...base, oneOf: [{ required: ['a'] }, { required: ['b'] }] };
  const comparator = new SchemaComparator();
  const { calls } = questions(() => {
    comparator.compare(base, revision, { direction: 'request' });
    comparator.compare(base, revision, { direction: 'response' });
  });
  assert.is(calls, 1);
  const union = comparator.changes().filter((c) => c.kind === 'schema-union');
  assert.equal(union.map((c) => `${c.context.direction}:${c.effect}`), ['request:narrowed', 'response:narrowed']);
});

test('the comparisons a proof makes of its own share the hashes instead of hashing the schema again each time', () => {
  const properties = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: 'string', description: `property ${i}` }]));
  const base = { type: 'object', properties };
  const revision = { type: 'object', properties: structuredClone(properties), anyOf: Array.from({ length: 40 }, (_, i) => ({ required: [`q${i}`] })) };
  const hashed = counting(SchemaHasher.prototype, 'compute', () => true, () => effects(base, revision));
  assert.equal(hashed.result, ['schema-union:added:narrowed']);
  // About 450 objects in both schemas; hashing the whole schema once per member compared took about 40 times that.
  assert.ok(hashed.calls < 2000, `${hashed.calls} hash computations`);
});

test('whole-schema questions share one budget per diff; past it the member-level verdicts stand', () => {
  // Each property's anyOf loses a member another member still covers: no change, once a question proves it.
  const union = (i: number, removed: boolean) => {
    const wide = { type: 'object', properties: { a: { type: 'string' }, n: { const: i } } };
    return { anyOf: removed ? [wide] : [{ type: 'object', properties: { a: { type: 'string', maxLength: 5 }, n: { const: i } } }, wide] };
  };
  const object = (removed: boolean, count: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, union(i, removed)])) });
  const many = new SchemaComparator();
  many.compare(object(false, 2000), object(true, 2000), { direction: 'standalone' });
  const kept = many.changes().filter((c) => c.effect === 'narrowed').length;
  assert.ok(many.proofPairs() <= PROOF_BUDGET + QUESTION_BUDGET, `${many.proofPairs()} pairs compared by whole-schema questions`);
  assert.ok(kept > 0, 'questions past the budget keep their member-level finding');
  assert.ok(kept < 2000, 'questions within the budget are answered');

  const few = new SchemaComparator();
  few.compare(object(false, 10), object(true, 10), { direction: 'standalone' });
  assert.equal(few.changes(), [], 'within the budget every question is answered');
});

test.run();
