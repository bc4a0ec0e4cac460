/**
 * The linear-time glob matcher of `overrides` blocks: the globs of the documentation and their usual
 * neighbours answer as picomatch (`dot: true`) answered for them, and the few places where the syntax is
 * specver's own are pinned down.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { globMatcher } from '../../src/ruleset/linear-glob.ts';
import { seeded } from '../helpers/seeded.ts';

const picomatch = createRequire(import.meta.url)('picomatch') as (glob: string, options: object) => (text: string) => boolean;

const GLOBS = [
  '/internal/**', '/internal/*', '/pets/{}', '/pets/\\{\\}/toys', '/v1/**/admin', 'internal-*', 'legacy-*', '*',
  'api/internal/**', 'api/**/*.yaml', '**/*.json', '/components/schemas/Internal*/**', '/paths/~1internal*/**',
  '/paths/*/get', '{a,b}-api', '/{users,orders}/**', 'api/v?/x.yaml', '[ab]*', '[a-c]x', '[^a]x', 'file.json', '.hidden/*',
];
const SEGMENTS = ['internal', 'pets', 'a', 'b', 'x', 'v1', 'v2', 'admin', 'toys', '{}', 'users', 'orders', 'api', 'x.yaml', 'a.json', '.hidden',
  'components', 'schemas', 'InternalPet', 'paths', '~1internal~1x', 'get', 'internal-api', 'legacy-b', 'a-api', 'cx', 'ax'];

test('the documented globs answer as picomatch did, on random paths made of their words', () => {
  const random = seeded(4242);
  let matched = 0;
  for (const glob of GLOBS) {
    const theirs = picomatch(glob, { dot: true });
    const ours = globMatcher(glob);
    for (let i = 0; i < 400; i++) {
      const count = 1 + Math.floor(random() * 4);
      const parts = Array.from({ length: count }, () => SEGMENTS[Math.floor(random() * SEGMENTS.length)]);
      for (const text of [parts.join('/'), `/${parts.join('/')}`]) {
        const expected = theirs(text);
        if (expected) matched++;
        assert.is(ours(text), expected, `${glob} on ${text}`);
      }
    }
  }
  assert.ok(matched > 100, `the random paths match often enough to mean something (${matched})`);
});

test('the syntax where it is specver\'s own', () => {
  const matches = (glob: string, text: string) => globMatcher(glob)(text);
  // `**` as a whole segment is any number of segments, none included.
  assert.ok(matches('/internal/**', '/internal'));
  assert.ok(matches('/**/admin', '/admin'));
  assert.ok(matches('a/**/b', 'a/b'));
  assert.not.ok(matches('**', ''));
  assert.not.ok(matches('/**', ''));
  // A star that is a whole segment needs a character; elsewhere it may match nothing.
  assert.not.ok(matches('a/*', 'a/'));
  assert.ok(matches('a*', 'a'));
  // Braces: alternatives, nested; a brace without a comma is literal; a backslash makes the next literal.
  assert.ok(matches('{a,{b,c}x}', 'cx'));
  assert.ok(matches('{a}', '{a}'));
  assert.ok(matches('\\*', '*'));
  assert.not.ok(matches('\\*', 'a'));
  // A negated set never matches `/`; regex syntax outside sets is literal.
  assert.not.ok(matches('a[^b]c', 'a/c'));
  assert.ok(matches('(a|b)+', '(a|b)+'));
  assert.not.ok(matches('(a|b)+', 'a'));
  // A list matches when one of its globs does.
  assert.ok(globMatcher(['x', 'y*'])('yes'));
});

test.run();
