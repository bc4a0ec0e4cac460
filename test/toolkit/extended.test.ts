/** extended(): the same object as `{ ...base, ...extra }`, an own `__proto__` key included. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extended } from '../../src/toolkit/extended.ts';

test('later objects win, as with a spread, and the base is not changed', () => {
  const base = { method: 'GET', direction: 'request' as string, subject: 'a' };
  const out = extended(base, { direction: 'response', status: '200' }, { subject: 'b' });
  assert.equal(out, { ...base, ...{ direction: 'response', status: '200' }, ...{ subject: 'b' } });
  assert.equal(Object.keys(out), ['method', 'direction', 'subject', 'status']);
  assert.equal(base, { method: 'GET', direction: 'request', subject: 'a' });
  assert.is.not(out, base);
});

test('undefined values are copied, as a spread copies them', () => {
  const out = extended({ a: 1 }, { b: undefined });
  assert.ok(Object.hasOwn(out, 'b'));
  assert.equal(Object.keys(out), ['a', 'b']);
});

test('an own __proto__ key (parsed JSON can hold one) stays a key, never the prototype', () => {
  const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
  const out = extended(parsed, { b: 2 }) as Record<string, unknown>;
  assert.is(Object.getPrototypeOf(out), Object.prototype);
  assert.is((out as { polluted?: boolean }).polluted, undefined);
  assert.ok(Object.hasOwn(out, '__proto__'));
  assert.equal(Object.keys(out), ['__proto__', 'a', 'b']);
  const fromExtra = extended({ a: 1 }, parsed) as Record<string, unknown>;
  assert.is(Object.getPrototypeOf(fromExtra), Object.prototype);
  assert.ok(Object.hasOwn(fromExtra, '__proto__'));
});

test.run();
