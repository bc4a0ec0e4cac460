import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { planVersion, type VersionPlan } from '../../src/versioning/plan.ts';
import { cs, input, pre } from './helpers/plan-inputs.ts';

const to = (plan: VersionPlan) => Object.fromEntries(plan.releases.map((r) => [r.contract, r.to]));

function throwsConfig(fn: () => unknown, pattern: RegExp): ConfigError {
  try {
    fn();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, pattern);
    return error as ConfigError;
  }
  assert.unreachable('expected a ConfigError');
  throw new Error('unreachable');
}

test('spec example: major 1.4.2 -> 2.0.0, minor 0.9.1 -> 0.10.0, patch 1.4.2 -> 1.4.3', () => {
  assert.equal(to(planVersion(input({ versions: { a: '1.4.2' }, changesets: [cs('x', { a: 'major' })] }))), { a: '2.0.0' });
  assert.equal(to(planVersion(input({ versions: { a: '0.9.1' }, changesets: [cs('x', { a: 'minor' })] }))), { a: '0.10.0' });
  assert.equal(to(planVersion(input({ versions: { a: '1.4.2' }, changesets: [cs('x', { a: 'patch' })] }))), { a: '1.4.3' });
});

test('spec example: minor + patch + major -> major; another contract only minor -> minor; unnamed keeps its version', () => {
  const plan = planVersion(
    input({
      versions: { petstore: '1.4.2', users: '0.9.1', orders: '3.0.0' },
      changesets: [cs('one', { petstore: 'minor', users: 'minor' }), cs('two', { petstore: 'patch' }), cs('three', { petstore: 'major' })],
    }),
  );
  assert.equal(to(plan), { petstore: '2.0.0', users: '0.10.0' });
  assert.equal(plan.versions, { petstore: '2.0.0', users: '0.10.0', orders: '3.0.0' });
  assert.is(plan.releases.find((r) => r.contract === 'petstore')!.bump, 'major');
  assert.equal(plan.releases.find((r) => r.contract === 'petstore')!.changesets, ['one', 'two', 'three']);
});

test('files: snapshots, changelog, versions.json written; changesets deleted last, in order', () => {
  const plan = planVersion(input({ versions: { a: '1.0.0', b: '1.0.0' }, changesets: [cs('x', { a: 'minor' }), cs('y', { b: 'patch' })] }));
  assert.equal(
    plan.writes.map((w) => w.path),
    ['.specver/snapshots/a@1.1.0.yaml', '.specver/snapshots/b@1.0.1.yaml', 'CHANGELOG.md', '.specver/versions.json'],
  );
  assert.equal(plan.deletes.map((d) => d.path), ['.specver/changesets/x.md', '.specver/changesets/y.md']);
  assert.equal(plan.pre, { action: 'keep' });
});

test('changelog: one entry per released contract, sections by bump, newest first under # Changelog', () => {
  const plan = planVersion(
    input({
      versions: { petstore: '1.4.2', users: '0.9.1' },
      changesets: [cs('one', { petstore: 'minor', users: 'minor' }, 'Add pets search'), cs('two', { petstore: 'major' }, 'Remove /legacy')],
      changelog: { path: 'CHANGELOG.md', existing: '# Changelog\n\n## petstore@1.4.2\n2025-01-01\n\nold text\n' },
    }),
  );
  assert.is(
    plan.changelog!.content,
    '# Changelog\n\n' +
      '## petstore@2.0.0\n2026-01-02\n\n### Major changes\n\n- Remove /legacy\n\n### Minor changes\n\n- Add pets search\n\n' +
      '## users@0.10.0\n2026-01-02\n\n### Minor changes\n\n- Add pets search\n\n' +
      '## petstore@1.4.2\n2025-01-01\n\nold text\n',
  );
});

test('--no-changelog (changelog null) writes no changelog', () => {
  const plan = planVersion(input({ versions: { a: '1.0.0' }, changesets: [cs('x', { a: 'minor' })], changelog: null }));
  assert.is(plan.changelog, null);
  assert.not.ok(plan.writes.some((w) => w.kind === 'changelog'));
});

test('fixed mode: one shared version moved by the highest bump; every contract gets a snapshot; ## <version> entry', () => {
  const plan = planVersion(
    input({
      versioning: 'fixed',
      versions: { a: '1.2.0', b: '1.2.0', c: '1.2.0' },
      changesets: [cs('x', { a: 'patch' }, 'Fix a'), cs('y', { b: 'minor' }, 'Add to b')],
      git: { enabled: true, commit: true, tag: true },
    }),
  );
  assert.equal(to(plan), { a: '1.3.0', b: '1.3.0', c: '1.3.0' });
  assert.is(plan.writes.filter((w) => w.kind === 'snapshot').length, 3);
  assert.equal(plan.changelog!.entries.map((e) => e.heading), ['1.3.0']);
  assert.equal(plan.changelog!.entries[0]!.sections, { major: [], minor: ['Add to b'], patch: ['Fix a'] });
  assert.equal(plan.git.tags, ['v1.3.0']);
  assert.ok(plan.git.commit);
});

test('fixed mode with diverging versions starts from the highest', () => {
  const plan = planVersion(input({ versioning: 'fixed', versions: { a: '1.2.0', b: '1.10.0' }, changesets: [cs('x', { a: 'patch' })] }));
  assert.equal(to(plan), { a: '1.10.1', b: '1.10.1' });
});

test('git: tags <contract>@<version> in independent mode only when configured; nothing without git', () => {
  const tagged = planVersion(input({ versions: { a: '1.0.0' }, changesets: [cs('x', { a: 'minor' })], git: { enabled: true, commit: false, tag: true } }));
  assert.equal(tagged.git, { stage: true, commit: false, message: 'Version contracts: a@1.1.0', tags: ['a@1.1.0'] });
  const none = planVersion(input({ versions: { a: '1.0.0' }, changesets: [cs('x', { a: 'minor' })], git: { enabled: false, commit: true, tag: true } }));
  assert.equal(none.git.tags, []);
  assert.is(none.git.stage, false);
  assert.is(none.git.commit, false);
});

test('pre mode: 1.0.0 + minor -> 1.1.0-beta.0; + patch -> 1.1.0-beta.1; + major -> 2.0.0-beta.0', () => {
  let state = pre('beta', { a: '1.0.0' });
  let plan = planVersion(input({ versions: { a: '1.0.0' }, pre: state, changesets: [cs('one', { a: 'minor' })] }));
  assert.equal(to(plan), { a: '1.1.0-beta.0' });
  assert.is(plan.pre.action, 'write');
  state = (plan.pre as { state: typeof state }).state;
  assert.equal(state.changesets, [{ id: 'one', bumps: { a: 'minor' }, summary: 'summary of one' }]);

  plan = planVersion(input({ versions: plan.versions, pre: state, changesets: [cs('two', { a: 'patch' })] }));
  assert.equal(to(plan), { a: '1.1.0-beta.1' });
  state = (plan.pre as { state: typeof state }).state;

  plan = planVersion(input({ versions: plan.versions, pre: state, changesets: [cs('three', { a: 'major' })] }));
  assert.equal(to(plan), { a: '2.0.0-beta.0' });
  assert.is((plan.pre as { state: typeof state }).state.changesets.length, 3);
});

test('pre mode: a tag switch beta -> rc restarts the counter (2.0.0-beta.3 -> 2.0.0-rc.0)', () => {
  const state = pre('rc', { a: '1.0.0' }, [{ id: 'old', bumps: { a: 'major' } }]);
  const plan = planVersion(input({ versions: { a: '2.0.0-beta.3' }, pre: state, changesets: [cs('x', { a: 'patch' })] }));
  assert.equal(to(plan), { a: '2.0.0-rc.0' });
});

test('pre exit: the next version graduates 2.0.0-rc.1 -> 2.0.0 without changesets and removes pre.json', () => {
  const state = pre('rc', { a: '1.0.0', b: '1.0.0' }, [{ id: 'old', bumps: { a: 'major' } }], 'exit');
  const plan = planVersion(input({ versions: { a: '2.0.0-rc.1', b: '1.0.0' }, pre: state }));
  assert.equal(to(plan), { a: '2.0.0' });
  assert.is(plan.releases[0]!.kind, 'graduation');
  assert.equal(plan.pre, { action: 'remove' });
  assert.equal(plan.deletes, [{ path: '.specver/pre.json', kind: 'pre' }]);
  assert.match(plan.changelog!.content, /## a@2\.0\.0\n2026-01-02\n\nStable release of 2\.0\.0-rc\.1\.\n/);
});

test('pre exit with new changesets: the release folds the whole cycle in (1.1.0-beta.1 + patch -> 1.1.0; + major -> 2.0.0)', () => {
  const state = pre('beta', { a: '1.0.0' }, [{ id: 'old', bumps: { a: 'minor' } }], 'exit');
  assert.equal(to(planVersion(input({ versions: { a: '1.1.0-beta.1' }, pre: state, changesets: [cs('x', { a: 'patch' })] }))), { a: '1.1.0' });
  assert.equal(to(planVersion(input({ versions: { a: '1.1.0-beta.1' }, pre: state, changesets: [cs('x', { a: 'major' })] }))), { a: '2.0.0' });
});

test('pre exit with nothing to graduate and no changesets is an error', () => {
  throwsConfig(() => planVersion(input({ versions: { a: '1.0.0' }, pre: pre('beta', { a: '1.0.0' }, [], 'exit') })), /nothing|no pre-release/);
});

test('pre mode: a contract added during the cycle starts from its current version', () => {
  const plan = planVersion(input({ versions: { a: '1.0.0', b: '0.3.0' }, pre: pre('beta', { a: '1.0.0' }), changesets: [cs('x', { b: 'minor' })] }));
  assert.equal(to(plan), { b: '0.4.0-beta.0' });
  assert.equal((plan.pre as { state: { initialVersions: object } }).state.initialVersions, { a: '1.0.0', b: '0.3.0' });
});

test('pre mode in fixed versioning: the whole group moves to <target>-<tag>.<n>', () => {
  const plan = planVersion(input({ versioning: 'fixed', versions: { a: '1.0.0', b: '1.0.0' }, pre: pre('alpha', { a: '1.0.0', b: '1.0.0' }), changesets: [cs('x', { b: 'minor' })] }));
  assert.equal(to(plan), { a: '1.1.0-alpha.0', b: '1.1.0-alpha.0' });
});

test('--preid inside pre mode overrides the tag for one run only', () => {
  const state = pre('beta', { a: '1.0.0' }, [{ id: 'old', bumps: { a: 'minor' } }]);
  const plan = planVersion(input({ versions: { a: '1.1.0-beta.0' }, pre: state, preid: 'rc', changesets: [cs('x', { a: 'patch' })] }));
  assert.equal(to(plan), { a: '1.1.0-rc.0' });
  assert.is((plan.pre as { state: { tag: string } }).state.tag, 'beta');
});

test('--preid outside pre mode makes a one-off pre-release, continuing its own line', () => {
  assert.equal(to(planVersion(input({ versions: { a: '1.4.2' }, preid: 'beta', changesets: [cs('x', { a: 'major' })] }))), { a: '2.0.0-beta.0' });
  assert.equal(to(planVersion(input({ versions: { a: '2.0.0-beta.0' }, preid: 'beta', changesets: [cs('x', { a: 'minor' })] }))), { a: '2.0.0-beta.1' });
  const plan = planVersion(input({ versions: { a: '2.0.0-beta.1' }, changesets: [cs('x', { a: 'patch' })] }));
  assert.equal(to(plan), { a: '2.0.0' });
  assert.equal(plan.pre, { action: 'keep' });
});

test('empty changesets (no contracts) are consumed without moving any version', () => {
  const plan = planVersion(input({ versions: { a: '1.0.0' }, changesets: [cs('empty', {}, 'Docs only')] }));
  assert.equal(plan.releases, []);
  assert.equal(plan.deletes.map((d) => d.path), ['.specver/changesets/empty.md']);
  assert.not.ok(plan.writes.some((w) => w.kind === 'versions'));
  assert.is(plan.changelog, null);
});

test('an --empty changeset naming a contract bumps it like any other (changelog-only change)', () => {
  const plan = planVersion(input({ versions: { a: '1.0.0' }, changesets: [cs('doc', { a: 'patch' }, 'Clarify docs')] }));
  assert.equal(to(plan), { a: '1.0.1' });
  assert.equal(plan.changelog!.entries[0]!.sections.patch, ['Clarify docs']);
});

test('unknown contract: exit-2 error naming the changeset file and line', () => {
  const error = throwsConfig(() => planVersion(input({ versions: { a: '1.0.0' }, changesets: [cs('x', { a: 'minor', ghost: 'major' })] })), /unknown contract 'ghost'/);
  assert.is(error.exitCode, 2);
  assert.is(error.file, '.specver/changesets/x.md');
  assert.is(error.line, 3);
});

test('no changesets: exit-2 error', () => {
  throwsConfig(() => planVersion(input({ versions: { a: '1.0.0' } })), /no pending changesets/);
});

test('the plan is plain data (JSON round-trips) and the input is not mutated', () => {
  const versions = { a: '1.0.0' };
  const state = pre('beta', { a: '1.0.0' });
  const plan = planVersion(input({ versions, pre: state, changesets: [cs('x', { a: 'minor' })] }));
  assert.equal(JSON.parse(JSON.stringify(plan)), plan);
  assert.equal(versions, { a: '1.0.0' });
  assert.equal(state.changesets, []);
});

test.run();
