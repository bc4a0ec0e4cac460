/**
 * Pattern inclusion: stricter / looser only where it is provable for the simple shapes (quantifier bounds,
 * character classes, same anchors, alternatives added or removed); anything else stays incomparable. Every verdict is also checked against
 * sample strings, so a wrong "stricter" cannot pass.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { patternEffect } from '../../src/diff/pattern-inclusion.ts';

const SAMPLES = ['', 'a', 'b', 'c', 'xa', 'xc', 'aa', 'bb', 'ac', 'ad', 'bc', 'abe', 'abg', 'cdf', 'v', 'v.a', 'v.b', 'ES2016', 'es2016.a', 'Es2016.I', 'ES2016.x', 'ab', 'abc', 'Ab', 'Abc', 'Abcd', 'a1', '12', '123', '1234', 'a-b', 'a.b', 'a_b', 'x', 'xx', 'A', 'AB', 'aaa', 'abab', 'ababab', '-', 'a\nb', 'z9', 'Z', 'aB1_'];

/** Every sample `narrow` accepts, `wide` accepts too. */
function holds(wide: string, narrow: string): boolean {
  const w = new RegExp(wide, 'u');
  const n = new RegExp(narrow, 'u');
  return SAMPLES.every((s) => !n.test(s) || w.test(s));
}

const cases: Array<[string, string, string]> = [
  ['^[a-z]+$', '^[a-z]{2,}$', 'narrowed'],
  ['^[a-z]{2,}$', '^[a-z]+$', 'widened'],
  ['^[A-Z][a-z]+$', '^[A-Z][a-z]{2,}$', 'narrowed'],
  ['^\\d{1,4}$', '^\\d{2,3}$', 'narrowed'],
  ['^\\d{2,3}$', '^\\d{1,4}$', 'widened'],
  ['^\\d+$', '^\\d\\d+$', 'narrowed'],
  ['^[a-z]+$', '^[a-zA-Z]+$', 'widened'],
  ['^[a-zA-Z0-9_.-]+$', '^\\w+$', 'narrowed'],
  ['^[a-zA-Z0-9_]+$', '^\\w+$', 'none'],
  ['^[a-z]+$', '^[a-z]{1,}$', 'none'],
  ['^.+$', '^[a-z]+$', 'narrowed'],
  ['^(ab)+$', '^(ab){2,}$', 'narrowed'],
  ['a+', 'a{2,}', 'narrowed'],
  ['^[a-z]+$', '^[a-z]+', 'incomparable'],
  ['^[a-z]+$', '[a-z]+$', 'incomparable'],
  ['^[a-z]{2,}$', '^[A-Z]+$', 'incomparable'],
  ['^[a-z]+$', '^[a-z]{2,}[0-9]$', 'incomparable'],
  ['^a|b$', '^a|bb$', 'incomparable'],
  ['^(a|b)+$', '^(a|c)+$', 'incomparable'],
  ['^\\s+$', '^\\s{2,}$', 'narrowed'],
  ['^\\s+$', '^\\S+$', 'incomparable'],
  ['^[^a]+$', '^[^ab]+$', 'incomparable'],
  ['^a{2,5}$', '^a{3,7}$', 'incomparable'],
  ['^[a-z]+$', '^[a-z]+?$', 'none'],
  ['^\\$+$', '^\\${2,}$', 'narrowed'],
  ['^.+$', '^[\\s\\S]+$', 'incomparable'],
  // Alternatives added or removed, the rest unchanged.
  ['^(a|b)$', '^(a|b|x)$', 'widened'],
  ['^(a|b|x)$', '^(a|b)$', 'narrowed'],
  ['^(a|b)$', '^(b|a)$', 'none'],
  ['^(?:ab|x)+$', '^(?:ab|x|12)+$', 'widened'],
  ['^(?<v>a|b)$', '^(?<v>a|b|x)$', 'widened'],
  ['^a$|^b$', '^a$|^b$|^Z$', 'widened'],
  ['^(x(a|b))$', '^(x(a|b|c))$', 'widened'],
  ['^(a|b)$', '^(a|c)$', 'incomparable'],
  ['^x(a|b)$', '^y(a|b|c)$', 'incomparable'],
  ['^(?!a|b)[a-z]+$', '^(?!a|b|c)[a-z]+$', 'incomparable'],
  ['^(a|b)\\1$', '^(a|b|x)\\1$', 'incomparable'],
  ['^[a|b]+$', '^[a|b|x]+$', 'widened'],
  ['^x(a|b)$', '^x(a|b|c)$', 'widened'],
  ['^(a|b)(c|d)$', '^(a|b)c$', 'narrowed'],
  ['^(ab|cd)(e|f)$', '^(ab|cd)(e|f|g)$', 'widened'],
  // A repeated group keeps its place; what it is made of is spelled out (schemastore's tsconfig `lib`).
  ['^[Ee][Ss]2016(\\.[Aa])?$', '^[Ee][Ss]2016(\\.([Ii]|[Aa]))?$', 'widened'],
  ['^v(\\.(a|b))?$', '^v(\\.a)?$', 'narrowed'],
  [`^${'(a|b)'.repeat(10)}$`, `^${'(a|b)'.repeat(9)}(a|b|c)$`, 'widened'],
  // Two groups changed at once: only spelling out the whole pattern would tell, and it has too many alternatives.
  [`^${'(a|b)'.repeat(10)}$`, `^(a|b|c)${'(a|b)'.repeat(8)}(a|b|c)$`, 'incomparable'],
  ['^(a|b)(c|d)$', '^(a|b|x)(c|d|y)$', 'widened'],
];

test('each verdict, and the sample strings agree with every provable one', () => {
  for (const [before, after, expected] of cases) {
    const effect = patternEffect(before, after);
    assert.is(effect, expected, `${before} -> ${after}`);
    if (effect === 'narrowed' || effect === 'none') assert.ok(holds(before, after), `${after} accepts a sample ${before} rejects`);
    if (effect === 'widened' || effect === 'none') assert.ok(holds(after, before), `${before} accepts a sample ${after} rejects`);
  }
});

test('alternatives of a pattern over 4,000 characters or 64 groups are not compared (spec text: bounded work)', () => {
  const nested = (depth: number, last: string) => `^${'(a|'.repeat(depth)}${last}${')'.repeat(depth)}$`;
  assert.is(patternEffect(nested(40, 'b'), nested(40, 'b|c')), 'widened');
  assert.is(patternEffect(nested(65, 'b'), nested(65, 'b|c')), 'incomparable');
  assert.is(patternEffect(nested(1_500, 'b'), nested(1_500, 'b|c')), 'incomparable');
  assert.is(patternEffect(`^(${'a|'.repeat(50_000)}b)$`, `^(${'a|'.repeat(50_000)}b|c)$`), 'incomparable');
});

test('malformed or unusual patterns are undecided, never an exception', () => {
  for (const [before, after] of [['^[a-z', '^[a-z]$'], ['(a', 'a'], ['a{', 'a{{'], ['\\', '\\\\'], ['^$', '^a*$'], ['[]', '[a]']]) {
    const effect = patternEffect(before, after);
    assert.ok(['none', 'narrowed', 'widened', 'incomparable'].includes(effect), `${before} -> ${after}: ${effect}`);
  }
  assert.is(patternEffect('^$', '^a*$'), 'incomparable');
});

test('linear: a long pattern is compared in one pass', () => {
  const long = `^${'[a-z]x'.repeat(20000)}+$`;
  assert.is(patternEffect(long, long.replace(/\+\$$/, '{2,}$')), 'narrowed');
});

test.run();
