/**
 * The pure parts of transitive compatibility: which earlier releases are checked (ordered by semver,
 * pre-releases left out, before the base, the base's major under scope `major`) and how the findings against
 * each are merged (the base's in full, an earlier release's breaking ones only, one finding per change).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../src/classify/types.ts';
import { earlierReleases, mergeAgainst } from '../../src/pipeline/compare-transitive.ts';

const releases = (...versions: string[]) => versions.map((version) => ({ version, file: `/p/.specver/snapshots/c@${version}.json` }));
const versionsOf = (list: { version: string }[]) => list.map((r) => r.version);

test('earlierReleases: semver order, not file order; pre-releases and later versions left out', () => {
  const all = releases('10.0.0', '2.0.0', '1.10.0', '1.9.0', '2.1.0-beta.1', '3.0.0', 'not-a-version');
  assert.equal(versionsOf(earlierReleases(all, '3.0.0', 'all')), ['1.9.0', '1.10.0', '2.0.0']);
  assert.equal(versionsOf(earlierReleases(all, '2.1.0-beta.1', 'all')), ['1.9.0', '1.10.0', '2.0.0']);
  assert.equal(versionsOf(earlierReleases(all, '1.9.0', 'all')), []);
});

test('earlierReleases: scope major keeps the base\'s major; at a git base (no base version) that of the newest release', () => {
  const all = releases('1.0.0', '2.0.0', '2.1.0', '2.2.0', '3.0.0-rc.1');
  assert.equal(versionsOf(earlierReleases(all, '2.2.0', 'major')), ['2.0.0', '2.1.0']);
  assert.equal(versionsOf(earlierReleases(all, '3.0.0-rc.1', 'major')), []);
  assert.equal(versionsOf(earlierReleases(all, undefined, 'all')), ['1.0.0', '2.0.0', '2.1.0', '2.2.0']);
  assert.equal(versionsOf(earlierReleases(all, undefined, 'major')), ['2.0.0', '2.1.0', '2.2.0']);
  assert.equal(earlierReleases([], undefined, 'major'), []);
});

const finding = (rule: string, severity: Finding['severity'], file: string, location = `/properties/${rule}`): Finding => ({
  rule, category: 'schema', severity, message: `${rule} changed`, location, side: 'base', file,
});

test('mergeAgainst: one finding per change with every version it is found against; earlier non-breaking changes dropped', () => {
  const merged = mergeAgainst([
    { against: '1.0.0', findings: [finding('a', 'breaking', 'v1.json'), finding('old', 'non-breaking', 'v1.json')] },
    { against: '1.1.0', findings: [finding('a', 'breaking', 'v11.json'), finding('b', 'breaking', 'v11.json')] },
    { against: '2.0.0', findings: [finding('a', 'breaking', 'v2.json'), finding('c', 'patch', 'v2.json')] },
  ]);
  assert.equal(merged.map((f) => [f.rule, f.against, f.file]), [
    ['a', ['1.0.0', '1.1.0', '2.0.0'], 'v2.json'],
    ['b', ['1.1.0'], 'v11.json'],
    ['c', ['2.0.0'], 'v2.json'],
  ]);
  // Another message (another `from`) is another finding.
  const differing = mergeAgainst([
    { against: '1.0.0', findings: [{ ...finding('a', 'breaking', 'v1.json'), message: 'from boolean' }] },
    { against: '2.0.0', findings: [{ ...finding('a', 'breaking', 'v2.json'), message: 'from string' }] },
  ]);
  assert.equal(differing.map((f) => [f.message, f.against]), [['from boolean', ['1.0.0']], ['from string', ['2.0.0']]]);
});

test.run();
