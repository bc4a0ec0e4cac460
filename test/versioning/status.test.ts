import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildStatus } from '../../src/versioning/status.ts';
import { cs, input, pre } from './helpers/plan-inputs.ts';

test('pending bumps with next versions, up-to-date contracts, no problems', () => {
  const report = buildStatus(
    input({ versions: { petstore: '1.4.2', users: '0.9.1', orders: '1.0.0' }, changesets: [cs('x', { petstore: 'major', users: 'minor' })] }),
    { petstore: 'major', users: null, orders: null },
  );
  assert.equal(
    report.contracts.map((c) => [c.name, c.version, c.pending, c.next]),
    [
      ['petstore', '1.4.2', 'major', '2.0.0'],
      ['users', '0.9.1', 'minor', '0.10.0'],
      ['orders', '1.0.0', null, null],
    ],
  );
  assert.equal(report.problems, []);
  assert.equal(report.warnings, []);
});

test('detected changes without a changeset are a problem (exit 1)', () => {
  const report = buildStatus(input({ versions: { a: '1.0.0', b: '1.0.0' }, changesets: [cs('x', { a: 'patch' })] }), { a: null, b: 'minor' });
  assert.equal(report.problems.map((p) => [p.kind, p.contract]), [['uncovered-changes', 'b']]);
});

test('a changeset naming an unknown contract is a problem with file and line; the others still plan', () => {
  const report = buildStatus(input({ versions: { a: '1.0.0' }, changesets: [cs('x', { a: 'minor', ghost: 'major' })] }), { a: null });
  assert.equal(report.problems.map((p) => [p.kind, p.contract, p.file, p.line]), [['unknown-contract', 'ghost', '.specver/changesets/x.md', 3]]);
  assert.is(report.contracts[0]!.next, '1.1.0');
});

test('a changeset declaring less than detected is a problem naming it; with a _downgrade-reason a warning', () => {
  const report = buildStatus(input({ versions: { a: '1.0.0' }, changesets: [cs('x', { a: 'patch' })] }), { a: 'major' });
  assert.equal(report.problems.map((p) => [p.kind, p.contract, p.file, p.line]), [['lower-bump', 'a', '.specver/changesets/x.md', 2]]);
  assert.equal(report.warnings, []);
  const accepted = buildStatus(input({ versions: { a: '1.0.0' }, changesets: [{ ...cs('x', { a: 'patch' }), downgradeReason: 'unused' }] }), { a: 'major' });
  assert.equal(accepted.problems, []);
  assert.equal(accepted.warnings.map((w) => [w.contract, w.declared, w.detected, w.reason]), [['a', 'patch', 'major', 'unused']]);
});

test('pre mode: next versions are pre-releases; pre exit shows pending graduations', () => {
  const inPre = buildStatus(input({ versions: { a: '1.0.0' }, pre: pre('beta', { a: '1.0.0' }), changesets: [cs('x', { a: 'minor' })] }), {});
  assert.is(inPre.contracts[0]!.next, '1.1.0-beta.0');
  assert.equal(inPre.pre, { mode: 'pre', tag: 'beta' });
  const leaving = buildStatus(input({ versions: { a: '1.1.0-beta.2' }, pre: pre('beta', { a: '1.0.0' }, [], 'exit') }), {});
  assert.is(leaving.contracts[0]!.next, '1.1.0');
  assert.is(leaving.contracts[0]!.pending, null);
});

test.run();
