/**
 * Hostile regular expressions in a spec (`pattern`, `patternProperties`) and in a team's lint rules run on
 * a linear-time engine: each case below would backtrack for longer than the age of the universe on V8's
 * engine with these inputs, so the test finishing at all is the assertion (no timing is measured).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PatternTooSlowError, untrustedRegex } from '../../src/lint/untrusted-regex.ts';
import { FUNCTIONS } from '../../src/lint/functions/index.ts';
import { examplesValid, type ExampleProblem } from '../../src/lint/examples-valid.ts';
import { examplesMatchSchema } from '../../src/lint/functions/document.ts';
import { interpolate } from '../../src/lint/run-lint.ts';

/** A problem as the default wording of its message id puts it. */
const worded = (f: ExampleProblem) => `${f.pointer} ${interpolate(examplesMatchSchema.messages[f.messageId], f.values)}`;
import { lintDocumentFromText } from '../../src/lint/document.ts';
import { BASE_CONFIG, baseProject } from '../helpers/bad-input.ts';
import { runSpecver } from '../helpers/run-cli.ts';

const LONG = 100_000;
const cases = (n: number): Array<{ pattern: string; input: string; matches: boolean }> => [
  { pattern: '^(a+)+$', input: `${'a'.repeat(n)}!`, matches: false },
  { pattern: '.*.*.*.*.*.*y', input: 'x'.repeat(n), matches: false },
  { pattern: '^(a|\\x61)+$', input: `${'a'.repeat(n)}!`, matches: false },
  { pattern: '(x+x+)+y', input: 'x'.repeat(n), matches: false },
  { pattern: '^(a+)+$', input: 'a'.repeat(n), matches: true },
  { pattern: '^(\\w+\\s?)+$', input: `${'word '.repeat(n / 5)}!`, matches: false },
];
const CASES = cases(LONG);

test('catastrophic patterns run in linear time on the untrusted engine', () => {
  for (const { pattern, input, matches } of CASES) {
    const re = untrustedRegex(pattern);
    assert.ok(re.linear, pattern);
    assert.is(re.test(input), matches, pattern);
  }
});

test('the untrusted engine keeps ECMAScript meaning where RE2 differs', () => {
  const agree = (pattern: string, inputs: string[]) => {
    for (const input of inputs) assert.is(untrustedRegex(pattern).test(input), new RegExp(pattern).test(input), `${pattern} on ${JSON.stringify(input)}`);
  };
  agree('^\\s+$', ['\u00a0', '\u2028', '\v', ' \t', 'x']);
  agree('^\\S$', ['\u00a0', 'x']);
  agree('^.$', ['\r', '\n', '\u2028', 'x']);
  agree('^[\\b]$', ['\b', 'b']);
  agree('^a$', ['a\n', 'a']);
  agree('^\\u00e9+$', ['éé', 'e']);
  agree('^(?<year>\\d{4})-\\d{2}$', ['2024-01', '24-01']);
  agree('^[\\w.-]+@example\\.com$', ['a.b@example.com', 'a@exampleXcom']);
  agree('^[[:alpha:]]+$', ['abc', ':]', 'a]']);
  // Beyond RE2 (lookahead, backreference, `\p` without the u flag): V8 under a time budget, same answers.
  agree('^(?=.*[A-Z])(?=.*\\d).{8,}$', ['Password1', 'password1', 'Pass1']);
  agree('^(a)\\1$', ['aa', 'ab']);
  agree('^\\p{L}$', ['p{L}', 'é']);
  assert.not.ok(untrustedRegex('^(a)\\1$').linear);
  assert.throws(() => untrustedRegex('(['), SyntaxError);
});

test('a pattern beyond RE2 that exceeds its time budget is given up, not waited for', () => {
  const re = untrustedRegex('^(?=a)(a+)+$');
  assert.not.ok(re.linear);
  const input = `${'a'.repeat(64)}!`;
  assert.throws(() => re.test(input), (error: unknown) => error instanceof PatternTooSlowError && /not checked/.test((error as Error).message));
  // Given up for the run: the next call throws at once instead of spending the budget again.
  assert.throws(() => re.test(input), (error: unknown) => error instanceof PatternTooSlowError);
});

test('a team pattern function runs on the untrusted engine (the load-time guard aside)', () => {
  // Inputs within the function's cut (MAX_PATTERN_INPUT), still far too long for a backtracking engine.
  for (const { pattern, input, matches } of cases(9_000)) {
    assert.equal(FUNCTIONS.pattern.run!(input, { match: pattern }, { pointer: '', value: input, match: { pointer: '', value: input, key: undefined } }, { doc: undefined as never }), matches ? [] : [{ messageId: 'match', values: { pattern } }], pattern);
  }
});

test("examples are checked against a spec's catastrophic pattern and patternProperties", () => {
  const schemas = {
    Code: { type: 'string', pattern: '^(a+)+$', example: `${'a'.repeat(LONG)}!` },
    Tags: { type: 'object', patternProperties: { '(x+x+)+y': { type: 'integer' } }, example: { [`${'x'.repeat(LONG)}y`]: 'not an integer' } },
    Fine: { type: 'string', pattern: '.*.*.*.*.*.*y', example: `${'x'.repeat(LONG)}y` },
    Slow: { type: 'string', pattern: '^(?=a)(a+)+$', example: `${'a'.repeat(64)}!` },
  };
  const doc = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
  const findings = examplesValid(lintDocumentFromText(JSON.stringify(doc), '/virtual/openapi.json', 'openapi.json', 'openapi')).map(worded);
  assert.is(findings.length, 3, findings.join('\n'));
  assert.match(findings[0], /^\/components\/schemas\/Code\/example example must match pattern/);
  assert.match(findings[1], /^\/components\/schemas\/Tags\/example example \/x+y must be integer/);
  assert.match(findings[2], /^\/components\/schemas\/Slow\/example example could not be checked: pattern '\^\(\?=a\)\(a\+\)\+\$' took longer than/);
});

test('lint on a spec with a catastrophic pattern and a long example finishes with the finding', async () => {
  const p = baseProject();
  p.write('specver.yaml', BASE_CONFIG);
  p.write('api/pets.yaml', `openapi: 3.0.3
info: { title: Pets, version: "1" }
paths: {}
components:
  schemas:
    Code:
      type: string
      pattern: '^(a+)+$'
      example: '${'a'.repeat(LONG)}!'
`);
  const result = await runSpecver(['lint', '--json'], { cwd: p.dir });
  assert.is(result.exitCode, 0, result.stderr); // examples-valid warns
  const rules = result.json<{ contracts: Array<{ violations: Array<{ rule: string }> }> }>().contracts.flatMap((c) => c.violations.map((v) => v.rule));
  assert.ok(rules.includes('examples-valid'), rules.join(', '));
});

test.run();

test('patterns from specs, team rules and waiver files run on the linear-time engine everywhere they are matched', async () => {
  const { coverageOf } = await import('../../src/diff/property-coverage.ts');
  const { OPERATORS } = await import('../../src/classify/operators.ts');
  const { globMatches } = await import('../../src/gate/waivers.ts');
  // patternProperties deciding what covers a property name (diff).
  const longName = `${'a'.repeat(5_000)}!`;
  assert.equal(coverageOf({ patternProperties: { '^(a+)+$': { type: 'string' } }, additionalProperties: false }, longName), { kind: 'closed' });
  // A team rule's `matches` operator on a spec value.
  assert.is(OPERATORS.matches!(`${'a'.repeat(5_000)}!`, '^(a|a)+$'), false);
  // A waiver glob with many stars against a long location.
  assert.is(globMatches('*a*a*a*a*a*a*a*a*a*a*b', `/${'a'.repeat(2_000)}`), false);
});
