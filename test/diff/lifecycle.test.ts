/** Lifecycle facts: RFC 3339 sunsets, sunset moves, stability exemption and the minimum deprecation period. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyLifecycle, sunsetMove, sunsetOf, sunsetTime } from '../../src/diff/lifecycle.ts';
import type { RawChange } from '../../src/diff/types.ts';

const today = new Date('2026-01-01T00:00:00Z');
const change = (kind: RawChange['kind'], action: RawChange['action'], context: RawChange['context']): RawChange => ({ kind, action, context });

test('sunset: RFC 3339 dates and date-times parse; anything else does not', () => {
  assert.is(sunsetTime('2026-06-30'), Date.parse('2026-06-30T00:00:00Z'));
  assert.is(sunsetTime('2026-06-30T12:00:00+02:00'), Date.parse('2026-06-30T10:00:00Z'));
  for (const bad of ['2026-02-30', '2026-06-30T12:00:00', 'Tue, 30 Jun 2026 00:00:00 GMT', '30/06/2026', 'soon', '']) {
    assert.is(sunsetTime(bad), undefined, bad);
  }
});

test('sunset as written: a YAML date object reads as its day; other values as text', () => {
  assert.is(sunsetOf({ 'x-sunset': new Date('2026-06-30T00:00:00Z') }), '2026-06-30');
  assert.is(sunsetOf({ 'x-sunset': 20260630 }), '20260630');
  assert.is(sunsetOf({}), undefined);
});

test('sunset moves: added, removed, earlier, later, unreadable, same instant', () => {
  assert.is(sunsetMove(undefined, '2026-06-30')?.action, 'added');
  assert.is(sunsetMove('2026-06-30', undefined)?.action, 'removed');
  assert.is(sunsetMove('2026-06-30', '2026-05-30')?.action, 'decreased');
  assert.is(sunsetMove('2026-06-30', '2026-07-30')?.action, 'increased');
  assert.equal(sunsetMove('2026-06-30', 'July')?.context.sunsetInvalid, true);
  assert.is(sunsetMove('2026-06-30', '2026-06-30T00:00:00Z'), undefined);
  assert.is(sunsetMove('2026-06-30', '2026-06-30'), undefined);
});

test('sunset passed, not passed, unreadable', () => {
  const [passed, ahead, bad, today0] = applyLifecycle([
    change('operation', 'removed', { sunset: '2025-12-31' }),
    change('operation', 'removed', { sunset: '2026-01-02' }),
    change('operation', 'removed', { sunset: 'next year' }),
    change('operation', 'removed', { sunset: '2026-01-01' }),
  ], today);
  assert.equal([passed.context.sunsetPassed, ahead.context.sunsetPassed, bad.context.sunsetPassed, today0.context.sunsetPassed], [true, false, undefined, true]);
  assert.is(bad.context.sunsetInvalid, true);
});

test('stability: below the threshold is exempt, an unknown level is flagged, never ranked', () => {
  const facts = (stability: string, exemptBelow: 'draft' | 'alpha' | 'beta' | 'stable' = 'stable') => {
    const [c] = applyLifecycle([change('parameter', 'removed', { stability })], today, { exemptBelow, deprecationDays: { beta: 0, stable: 0 } });
    return [c.context.stabilityExempt ?? false, c.context.stabilityInvalid ?? false];
  };
  assert.equal(facts('beta'), [true, false]);
  assert.equal(facts('stable'), [false, false]);
  assert.equal(facts('beta', 'beta'), [false, false]);
  assert.equal(facts('alpha', 'beta'), [true, false]);
  assert.equal(facts('draft', 'draft'), [false, false]);
  assert.equal(facts('experimental'), [false, true]);
});

test('minimum deprecation period counts from today, per stability level', () => {
  const policy = { exemptBelow: 'stable' as const, deprecationDays: { beta: 10, stable: 30 } };
  const facts = (context: RawChange['context']) => applyLifecycle([change('operation-deprecated', 'added', context)], today, policy)[0].context;
  assert.is(facts({ sunset: '2026-01-20' }).sunsetTooSoon, true);
  assert.is(facts({ sunset: '2026-01-31' }).sunsetTooSoon, undefined);
  assert.is(facts({ sunset: '2026-01-20', stability: 'beta' }).sunsetTooSoon, undefined);
  assert.is(facts({ sunset: '2026-01-05', stability: 'beta' }).sunsetTooSoon, true);
  assert.is(facts({ sunset: '2026-01-05', stability: 'alpha' }).sunsetTooSoon, undefined);
  assert.equal([facts({}).sunsetMissing, facts({}).minDeprecationDays], [true, 30]);
  // Withdrawing a deprecation is not checked.
  assert.is(applyLifecycle([change('operation-deprecated', 'removed', {})], today, policy)[0].context.sunsetMissing, undefined);
});

test.run();
