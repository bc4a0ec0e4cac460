import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../src/classify/types.ts';
import { describeDowngrade, exampleOf, findDowngrades, measuredFrom } from '../../src/versioning/downgrade.ts';
import { cs, pre } from './helpers/plan-inputs.ts';

const removal: Finding = { rule: 'operation-removed', category: 'operation', severity: 'breaking', message: 'GET /pets was removed', location: '/paths/~1pets/get', side: 'base' };
const major = { bump: 'major' as const, since: '1.0.0', example: removal };

test('a declared bump lower than the required one is a downgrade naming the changeset line and one change', () => {
  const found = findDowngrades({ versioning: 'independent', changesets: [cs('x', { a: 'patch', b: 'major' })], releasing: ['a', 'b'] }, { a: major, b: major });
  assert.equal(found.map((d) => [d.contract, d.declared, d.required, d.changeset?.file, d.changeset?.line]), [['a', 'patch', 'major', '.specver/changesets/x.md', 2]]);
  assert.is(describeDowngrade(found[0]!, (f) => f.message), 'changeset declares patch for a, but its changes since a@1.0.0 require major: GET /pets was removed');
});

test('equal or higher bumps, contracts without changes and contracts not released pass', () => {
  const input = { versioning: 'independent' as const, changesets: [cs('x', { a: 'major' }), cs('y', { b: 'minor' })], releasing: ['a', 'b'] };
  assert.equal(findDowngrades(input, { a: major, b: { bump: null, since: '1.0.0' } }), []);
  assert.equal(findDowngrades({ ...input, releasing: ['a'] }, { a: major, b: major }), []);
});

test('the highest pending bump counts; a _downgrade-reason of any changeset naming the contract is carried', () => {
  const changesets = [cs('x', { a: 'patch' }), { ...cs('y', { a: 'minor' }), downgradeReason: 'unused endpoint' }];
  const [d] = findDowngrades({ versioning: 'independent', changesets, releasing: ['a'] }, { a: major });
  assert.is(d!.declared, 'minor');
  assert.is(d!.reason, 'unused endpoint');
});

test('pre mode judges the cycle: earlier bumps of the cycle count, measured from the initial version', () => {
  const state = pre('beta', { a: '1.0.0' }, [{ id: 'old', bumps: { a: 'major' } }]);
  assert.is(measuredFrom('a', { a: '2.0.0-beta.0' }, state), '1.0.0');
  assert.is(measuredFrom('a', { a: '2.0.0' }), '2.0.0');
  assert.equal(findDowngrades({ versioning: 'independent', changesets: [cs('x', { a: 'patch' })], pre: state, releasing: ['a'] }, { a: major }), []);
  const minorCycle = pre('beta', { a: '1.0.0' }, [{ id: 'old', bumps: { a: 'minor' } }]);
  assert.is(findDowngrades({ versioning: 'independent', changesets: [cs('x', { a: 'patch' })], pre: minorCycle, releasing: ['a'] }, { a: major }).length, 1);
});

test('fixed mode: the highest bump of all changesets applies to every contract', () => {
  const changesets = [cs('x', { a: 'major' })];
  assert.equal(findDowngrades({ versioning: 'fixed', changesets, releasing: ['a', 'b'] }, { a: major, b: major }), []);
  const low = findDowngrades({ versioning: 'fixed', changesets: [cs('x', { a: 'minor' })], releasing: ['a', 'b'] }, { a: major, b: major });
  assert.equal(low.map((d) => [d.contract, d.changeset?.id]), [['a', 'x'], ['b', 'x']]);
});

test('exampleOf picks the first change of the required severity', () => {
  const added: Finding = { ...removal, severity: 'non-breaking', message: 'added' };
  assert.is(exampleOf([added, removal], 'major'), removal);
  assert.is(exampleOf([added, removal], 'minor'), added);
  assert.is(exampleOf([], null), undefined);
});

test.run();
