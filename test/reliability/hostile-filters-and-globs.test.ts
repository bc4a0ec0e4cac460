/**
 * Regexes in team lint rules' JSONPath filters, and globs in specver.yaml's `overrides`, are repository
 * content. Each case below backtracked for minutes (or longer) on V8's engine or on picomatch's regexes with
 * the inputs given; now the filters run on the linear-time engine and the globs are matched in linear time.
 * The bound is CPU time and generous: the point is that nothing hangs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BASE_CONFIG, BASE_SPEC, baseProject } from '../helpers/bad-input.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { measureCpu } from '../helpers/cpu-time.ts';
import { evaluatePath } from '../../src/lint/evaluate-path.ts';
import { SeverityPolicy } from '../../src/ruleset/scoped-overrides.ts';

/** Far above what any case takes now; far below what any took before. */
const CPU_BOUND_MS = 10_000;

/** `^a*a*...a*$`: polynomial backtracking on `aaa...a!`, with no nested group for the load-time guard to see. */
const STARS = `^${'a*'.repeat(20)}$`;
const CLASS_STARS = `^${'[a-z]*'.repeat(20)}$`;
const LONG_DESCRIPTION = `${'a'.repeat(40)}!`;

function lintProject(given: string, description = LONG_DESCRIPTION) {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}lint:\n  files: [rules/described.json]\n`);
  p.write(
    'rules/described.json',
    JSON.stringify({ id: 'acme/described', description: 'Selected operations.', message: 'selected', severity: 'error', given, then: { function: 'falsy' } }),
  );
  p.write('api/pets.yaml', BASE_SPEC.replace('    get:\n', `    get:\n      description: "${description}"\n`).replace('  /pets:\n', '  /short:\n    get:\n      description: aaa\n      responses: { "200": { description: ok } }\n  /pets:\n'));
  return p;
}

const ruleFindings = (json: any): string[] => json.contracts.flatMap((c: any) => c.violations.filter((v: any) => v.rule === 'acme/described').map((v: any) => v.pointer ?? v.path));

for (const [name, given] of [
  ['a regex literal with many stars', `$.paths[*][?(@.description && @.description.match(/${STARS}/))]`],
  ['a regex literal of repeated classes', `$.paths[*][?(@.description && @.description.match(/${CLASS_STARS}/))]`],
  ['a regex literal tested against the value', `$.paths[*][?(/${STARS}/.test(@.description))]`],
  ['a string handed to match()', `$.paths[*][?(@.description && @.description.match('${STARS}'))]`],
] as const) {
  test(`lint filter: ${name} runs in linear time and keeps its meaning`, async () => {
    const p = lintProject(given);
    const { value: r, cpuMs } = await measureCpu(() => runSpecver(['lint', '--json'], { cwd: p.dir }));
    assert.ok(cpuMs < CPU_BOUND_MS, `no hang: ${Math.round(cpuMs)} ms of CPU`);
    assert.is(r.exitCode, 1, r.stderr); // the rule's error on /short
    const found = JSON.stringify(ruleFindings(r.json()));
    assert.match(found, /short/);
    assert.not.match(found, /pets/);
  });
}

test('filters on the linear-time engine keep ECMAScript meaning: groups, flags, the other allowed calls', () => {
  const data = { a: { d: 'v12-x', t: ['x'] }, b: { d: 'ABC' }, c: { d: 7 }, e: { d: 'abc!' } };
  const keys = (path: string) => evaluatePath(path, data).map((m) => m.key);
  assert.equal(keys(`$[?(@.d.match(/(\\d+)-x/)[1] === '12')]`), ['a']);
  assert.equal(keys('$[?(/^abc$/i.test(@.d))]'), ['b']);
  assert.equal(keys('$[?(/^[a-z]+$/g.test(@.d) && /^[a-z]+$/g.test(@.d))]'), []); // g is not stateful here
  assert.equal(keys("$[?(@.d.startsWith('v1') || @.d.endsWith('!'))]"), ['a', 'e']);
  assert.equal(keys("$[?(@.t && @.t.includes('x'))]"), ['a']);
  assert.equal(keys('$[?(@property.match(/^[ab]$/))]'), ['a', 'b']);
  assert.equal(keys('$[?(@.t[?(@.match(/^x$/))])]'), ['a']); // a filter inside a filter
  // Only the allowed calls run: a native method reached through a value is never called.
  assert.equal(keys("$[?(@.d.match.call(@.d, 'a'))]"), []);
  assert.equal(keys("$[?(@.d['search']('^a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*$'))]"), []);
  // A number has no match(): the filter is false, as in jsonpath-plus.
  assert.equal(keys('$[?(@.d.match(/7/))]'), []);
});

test('a long value against a hostile filter regex, in-process: linear', async () => {
  const data = { x: { d: `${'a'.repeat(100_000)}!` }, y: { d: 'a'.repeat(100_000) } };
  const { value, cpuMs } = await measureCpu(() => evaluatePath(`$[?(@.d.match(/${STARS}/))]`, data).map((m) => m.key));
  assert.equal(value, ['y']);
  assert.ok(cpuMs < CPU_BOUND_MS, `no hang: ${Math.round(cpuMs)} ms of CPU`);
});

for (const [name, given, error] of [
  ['lookaround in a filter regex', '$.paths[*][?(@.description.match(/^(?=a)b/))]', /lookaround or a backreference/],
  ['a backreference in a string handed to match()', "$.paths[*][?(@.description.match('^(a)\\\\1$'))]", /lookaround or a backreference/],
  ['an assignment in a filter', '$.paths[*][?(x = @.description)]', /invalid JSONPath .*may not assign/],
] as const) {
  test(`lint filter refused when the rule loads: ${name}`, async () => {
    const p = lintProject(given);
    const r = await runSpecver(['lint'], { cwd: p.dir });
    assert.is(r.exitCode, 3, r.stderr);
    const lines = r.stderr.trim().split('\n').filter((l) => !l.startsWith('hint: '));
    assert.is(lines.length, 1, r.stderr);
    assert.match(lines[0]!, /rules\/described\.json/);
    assert.match(lines[0]!, error);
    assert.not.match(r.stderr, /\n\s+at /);
  });
}

test("a team rule's keyWrittenAsString keys run on the linear-time engine", async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}lint:\n  files: [rules/keys.json]\n`);
  // `^\d*\d*...\d*5$` fails on sixteen 1s only after trying every way to split them (billions on V8).
  const keys = `^${'\\d*'.repeat(20)}5$`;
  p.write('rules/keys.json', JSON.stringify({ id: 'acme/keys', description: 'Digit keys.', message: 'number', severity: 'error', given: '$.paths[*][*].responses', then: { function: 'keyWrittenAsString', functionOptions: { keys } } }));
  const long = '1'.repeat(16);
  p.write('api/pets.yaml', BASE_SPEC.replace('        "200":\n', `        ${long}:\n          description: long\n        155:\n          description: matched\n        "200":\n`));
  const { value: r, cpuMs } = await measureCpu(() => runSpecver(['lint', '--json'], { cwd: p.dir }));
  assert.ok(cpuMs < CPU_BOUND_MS, `no hang: ${Math.round(cpuMs)} ms of CPU`);
  assert.is(r.exitCode, 1, r.stderr);
  const pointers = r.json().contracts.flatMap((c: any) => c.violations.filter((v: any) => v.rule === 'acme/keys').map((v: any) => v.pointer));
  assert.equal(pointers, ['/paths/~1pets/get/responses/155']);
});

/** A path template of 97 characters that `/*a*a*a*a*a*a*a*a*a*ab` does not match (it ends in `a`). */
const LONG_PATH = `/${'a'.repeat(96)}`;
const HOSTILE_GLOB = '/*a*a*a*a*a*a*a*a*a*ab';

test('rules.overrides paths glob against a long path: breaking finishes, the block does not match', async () => {
  const p = baseProject();
  p.write('specver.yaml', `${BASE_CONFIG}rules:\n  overrides:\n    - paths: ['${HOSTILE_GLOB}']\n      severity: { operation: non-breaking }\n`);
  // The operation under the long path is removed: breaking unless the block (which cannot match) says otherwise.
  p.write('.specver/snapshots/pets@1.0.0.yaml', BASE_SPEC.replace('  /pets:\n', `  ${LONG_PATH}:\n    get:\n      responses: { "200": { description: ok } }\n  /pets:\n`));
  const { value: r, cpuMs } = await measureCpu(() => runSpecver(['breaking', '--json'], { cwd: p.dir }));
  assert.ok(cpuMs < CPU_BOUND_MS, `no hang: ${Math.round(cpuMs)} ms of CPU`);
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /operation-removed/);
});

test('every overrides glob (contracts, paths, files, pointers) is matched in linear time', async () => {
  const long = (prefix: string) => `${prefix}${'a'.repeat(100_000)}`;
  const many = `*${'a*'.repeat(30)}b`;
  const fits = `${'a'.repeat(30)}b`;
  const { value, cpuMs } = await measureCpu(() => {
    const rules = new SeverityPolicy({ section: 'rules', rules: new Map([['operation-removed', 'operation']]), overrides: [{ contracts: [many], paths: [`/${many}`], pointers: [`/${many}`], severity: { 'operation-removed': 'patch' } }] });
    const lint = new SeverityPolicy({ section: 'lint', rules: new Map([['info-contact', undefined]]), overrides: [{ files: [many], pointers: [`/**/${many}`], severity: { 'info-contact': 'off' } }] });
    return [
      rules.severityOf({ rule: 'operation-removed', contract: long(''), method: 'get', path: long('/'), pointer: long('/') }, 'breaking').severity,
      lint.severityOf({ rule: 'info-contact', file: long(''), pointer: long('/x/') }, 'warn').severity,
      rules.severityOf({ rule: 'operation-removed', contract: fits, method: 'get', path: `/${fits}`, pointer: `/${fits}` }, 'breaking').severity,
    ];
  });
  assert.equal(value, ['breaking', 'warn', 'patch']);
  assert.ok(cpuMs < CPU_BOUND_MS, `no hang: ${Math.round(cpuMs)} ms of CPU`);
});

test.run();
