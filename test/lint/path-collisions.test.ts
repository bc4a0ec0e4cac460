/**
 * path-not-identical and path-not-ambiguous find the same pairs, in the same order, as comparing every pair
 * of paths did, and in near-linear time: a spec with tens of thousands of paths is linted at once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathCollisions, type Collision } from '../../src/lint/functions/path-collisions.ts';
import { FUNCTIONS } from '../../src/lint/functions/index.ts';
import { seeded } from '../helpers/seeded.ts';
import { measureCpu } from '../helpers/cpu-time.ts';

/** The pairwise comparison the index replaces, kept as the reference for what is reported. */
function pairwise(paths: string[], mode: 'identical' | 'ambiguous'): Collision[] {
  const out: Collision[] = [];
  const byLength = new Map<number, { path: string; segments: string[] }[]>();
  for (const path of paths) {
    const segments = path.replace(/\/+$/, '').split('/').map((s) => (/^\{[^}]+\}$/.test(s) ? '{}' : s));
    const group = byLength.get(segments.length) ?? [];
    byLength.set(segments.length, group);
    for (const other of group) {
      let leftMoreGeneral = false;
      let rightMoreGeneral = false;
      let compatible = true;
      for (let i = 0; i < segments.length && compatible; i++) {
        const a = other.segments[i];
        const b = segments[i];
        if (a === b) continue;
        if (a === '{}') leftMoreGeneral = true;
        else if (b === '{}') rightMoreGeneral = true;
        else compatible = false;
      }
      if (!compatible) continue;
      const identical = !leftMoreGeneral && !rightMoreGeneral;
      const ambiguous = leftMoreGeneral && rightMoreGeneral;
      if ((mode === 'identical' && identical) || (mode === 'ambiguous' && ambiguous)) out.push({ path, other: other.path });
    }
    group.push({ path, segments });
  }
  return out;
}

/** Random paths from a small alphabet of segments, so that collisions of every kind are frequent. */
function randomPaths(random: () => number, count: number): string[] {
  const SEGMENTS = ['a', 'b', 'c', '{id}', '{x}', '{}', '', 'a{id}', '{a}b'];
  const paths = new Set<string>();
  while (paths.size < count) {
    const length = 1 + Math.floor(random() * 4);
    let path = '';
    for (let i = 0; i < length; i++) path += `/${SEGMENTS[Math.floor(random() * SEGMENTS.length)]}`;
    if (random() < 0.1) path += '/'.repeat(1 + Math.floor(random() * 2));
    paths.add(path);
  }
  return [...paths];
}

test('the same collisions, in the same order, as comparing every pair', () => {
  const random = seeded(20261127);
  let found = 0;
  for (let round = 0; round < 300; round++) {
    const paths = randomPaths(random, 1 + Math.floor(random() * 40));
    for (const mode of ['identical', 'ambiguous'] as const) {
      const expected = pairwise(paths, mode);
      found += expected.length;
      assert.equal(pathCollisions(paths, mode), expected, `${mode} of ${JSON.stringify(paths)}`);
    }
  }
  assert.ok(found > 1000, `the random cases hold collisions (${found})`);
});

test('a later path is reported once per earlier path it collides with', () => {
  assert.equal(pathCollisions(['/a/{x}', '/a/{y}', '/a/{z}/'], 'identical'), [
    { path: '/a/{y}', other: '/a/{x}' },
    { path: '/a/{z}/', other: '/a/{x}' },
    { path: '/a/{z}/', other: '/a/{y}' },
  ]);
  assert.equal(pathCollisions(['/{a}/b/c', '/x/{b}/c', '/x/y/{c}', '/x/y/c'], 'ambiguous'), [
    { path: '/x/{b}/c', other: '/{a}/b/c' },
    { path: '/x/y/{c}', other: '/x/{b}/c' },
  ]);
});

test('keys no path could have (many slashes, many segments) are judged without a deep walk or a slow regex', () => {
  const long = `/${'a/'.repeat(50_000)}{x}`;
  assert.equal(pathCollisions([`/${'a/'.repeat(50_000)}b`, long], 'ambiguous'), []);
  assert.equal(pathCollisions([`${'/'.repeat(100_000)}x`, `${'/'.repeat(100_000)}{y}`], 'ambiguous'), []);
});

test('40,000 paths are linted in near-linear time (comparing each pair took tens of seconds)', async () => {
  // Resources with a collection and an item path, as real APIs have them: every path has as many segments
  // as half the others, which is where comparing each pair cost the most.
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i++) {
    paths[`/v1/resource${i}`] = {};
    paths[`/v1/resource${i}/{id}`] = {};
  }
  paths['/v1/resource7/{name}'] = {}; // identical to /v1/resource7/{id}
  paths['/v1/{kind}/items'] = {}; // ambiguous with every item path (20,001)
  const run = (mode: 'identical' | 'ambiguous') =>
    FUNCTIONS.pathsDistinct.run!(paths, { mode }, { pointer: '/paths', value: paths, match: { pointer: '/paths', value: paths, key: 'paths' } }, { doc: undefined as never });
  const { value, cpuMs } = await measureCpu(() => [run('identical'), run('ambiguous')]);
  assert.is(value[0].length, 1);
  assert.is(value[1].length, 20_001);
  // Generous: the index takes well under a second; comparing the pairs took tens of seconds.
  assert.ok(cpuMs < 8_000, `pathsDistinct took ${Math.round(cpuMs)} ms of CPU on 40,002 paths`);
});

test.run();
