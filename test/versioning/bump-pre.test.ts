import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { bumpVersion, compareTags, isValidPreTag, nextVersion, preReleaseVersion, releaseOf } from '../../src/versioning/bump.ts';
import { enterPre, exitPre } from '../../src/versioning/pre.ts';

const isConfigError = (e: unknown) => e instanceof ConfigError;

test('semver arithmetic', () => {
  assert.is(bumpVersion('1.4.2', 'major'), '2.0.0');
  assert.is(bumpVersion('0.9.1', 'minor'), '0.10.0');
  assert.is(bumpVersion('1.4.2', 'patch'), '1.4.3');
  assert.is(bumpVersion('0.0.0', 'major'), '1.0.0');
  assert.is(releaseOf('2.0.0-rc.1'), '2.0.0');
  assert.is(preReleaseVersion('1.1.0', 'beta', '1.0.0'), '1.1.0-beta.0');
  assert.is(preReleaseVersion('1.1.0', 'beta', '1.1.0-beta.4'), '1.1.0-beta.5');
  assert.is(preReleaseVersion('1.1.0', 'rc', '1.1.0-beta.4'), '1.1.0-rc.0');
  assert.is(preReleaseVersion('2.0.0', 'beta', '1.1.0-beta.4'), '2.0.0-beta.0');
});

test('tags: valid identifiers, ordering', () => {
  for (const tag of ['alpha', 'beta', 'rc', 'next-1']) assert.ok(isValidPreTag(tag), tag);
  for (const tag of ['', '1', 'beta.1', 'be ta', 'ü']) assert.not.ok(isValidPreTag(tag), tag);
  assert.ok(compareTags('alpha', 'beta') < 0);
  assert.ok(compareTags('rc', 'beta') > 0);
});

test('nextVersion: a contract no changeset names does not move (outside a graduation)', () => {
  assert.is(nextVersion({ current: '1.0.0', bumps: [] }), undefined);
  assert.is(nextVersion({ current: '1.1.0-beta.0', bumps: [], pre: { mode: 'pre', tag: 'beta', initial: '1.0.0', cycleBumps: ['minor'] } }), undefined);
});

test('pre enter: starts a cycle with the current versions as initial versions', () => {
  assert.equal(enterPre(undefined, 'beta', { a: '1.0.0' }), { mode: 'pre', tag: 'beta', initialVersions: { a: '1.0.0' }, changesets: [] });
});

test('pre enter: beta -> rc switches the tag and keeps the cycle; a lower tag or the same tag is refused', () => {
  const beta = { mode: 'pre' as const, tag: 'beta', initialVersions: { a: '1.0.0' }, changesets: [{ id: 'x', bumps: { a: 'major' as const } }] };
  assert.equal(enterPre(beta, 'rc', { a: '2.0.0-beta.3' }), { ...beta, tag: 'rc' });
  assert.throws(() => enterPre(beta, 'alpha', {}), (e: unknown) => e instanceof ConfigError && /sorts before/.test((e as Error).message));
  assert.throws(() => enterPre(beta, 'beta', {}), (e: unknown) => e instanceof ConfigError && /already/.test((e as Error).message));
  assert.throws(() => enterPre(undefined, 'not valid', {}), isConfigError);
});

test('pre exit: sets mode exit; refused when not in pre mode or already leaving', () => {
  const beta = { mode: 'pre' as const, tag: 'beta', initialVersions: {}, changesets: [] };
  assert.is(exitPre(beta).mode, 'exit');
  assert.throws(() => exitPre(undefined), isConfigError);
  assert.throws(() => exitPre({ ...beta, mode: 'exit' }), isConfigError);
  assert.is(enterPre({ ...beta, mode: 'exit' }, 'beta', {}).mode, 'pre');
});

test.run();
