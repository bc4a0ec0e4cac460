/** `specver rules test`: a team's case files, run with the project's rules and severities. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { validateAgainst } from '../../src/schema-validation.ts';
import { parse } from 'yaml';
import { emptyProject, REPO_ROOT } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const EXAMPLES = join(REPO_ROOT, 'docs/examples/specver-rules');
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');
const op = { responses: { 200: { description: 'ok' } } };
const withEnum = (values: string[]) => ({ get: { parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: values } }], ...op } });

function project(extraConfig = '') {
  const p = emptyProject();
  p.write('specver-rules/operation-removed-internal.json', example('operation-removed-internal.json'));
  p.write('specver-rules/operation-removed-internal.cases.yaml', example('operation-removed-internal.cases.yaml'));
  p.write('specver.yaml', `contracts: []\nrules:\n  files: [specver-rules/operation-removed-internal.json]\n${extraConfig}`);
  return p;
}

test('a passing case file: one line per case, exit 0, --json valid against its schema', async () => {
  const p = project();
  const r = await runSpecver(['rules', 'test', 'specver-rules/operation-removed-internal.cases.yaml'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.equal(r.stdout.split('\n'), [
    'specver-rules/operation-removed-internal.cases.yaml (acme/operation-removed-internal)',
    '  pass  fires: an internal operation is removed',
    '  pass  quiet: a public operation is removed (operation-removed reports it)',
    '', '2 cases: 2 passed, 0 failed', '',
  ]);
  const json = await runSpecver(['rules', 'test', 'specver-rules/operation-removed-internal.cases.yaml', '--json'], { cwd: p.dir });
  assertValidOutput('rules-test.schema.json', json.json());
  assert.equal(json.json().summary, { cases: 2, passed: 2, failed: 0 });
  p.remove();
});

test('a failing case: FAIL with the reason, exit 1 (text and json)', async () => {
  const p = project();
  p.write('wrong.yaml', example('operation-removed-internal.cases.yaml').replace('/paths/~1internal~1health/get', '/paths/~1pets/get'));
  const r = await runSpecver(['rules', 'test', 'wrong.yaml', 'specver-rules/operation-removed-internal.cases.yaml'], { cwd: p.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, /  FAIL  fires: an internal operation is removed\n {8}expected acme\/operation-removed-internal at \[non-breaking \/paths\/~1pets\/get\], got \[non-breaking \/paths\/~1internal~1health\/get\]/);
  assert.match(r.stdout, /4 cases: 3 passed, 1 failed\n$/);
  const json = await runSpecver(['rules', 'test', 'wrong.yaml', '--json'], { cwd: p.dir });
  assert.is(json.exitCode, 1);
  assertValidOutput('rules-test.schema.json', json.json());
  assert.equal(json.json().files[0].cases.map((c: any) => c.passed), [false, true]);
  p.remove();
});

test("cases see the project's rules.severity and rules.overrides (by path and by contract)", async () => {
  const p = project([
    '  severity: { request-parameter-enum-value-removed: patch }',
    '  overrides:',
    "    - paths: ['/internal/**']",
    '      severity: { request-parameter-enum-value-removed: non-breaking }',
    "    - contracts: ['legacy']",
    '      severity: { parameter: off }', '',
  ].join('\n'));
  p.write('enum.yaml', stringify({
    rule: 'request-parameter-enum-value-removed',
    fires: [
      { name: 'public path: rules.severity', base: { paths: { '/pets': withEnum(['a', 'b']) } }, revision: { paths: { '/pets': withEnum(['a']) } }, expect: [{ location: '/paths/~1pets/get/parameters/0/schema/enum' }] },
      { name: 'internal path: the block', base: { paths: { '/internal/x': withEnum(['a', 'b']) } }, revision: { paths: { '/internal/x': withEnum(['a']) } }, expect: [{ location: '/paths/~1internal~1x/get/parameters/0/schema/enum', severity: 'non-breaking' }] },
    ],
    quiet: [{ name: 'legacy contract: off', contract: 'legacy', base: { paths: { '/pets': withEnum(['a', 'b']) } }, revision: { paths: { '/pets': withEnum(['a']) } } }],
  }));
  const r = await runSpecver(['rules', 'test', 'enum.yaml'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stdout);
  assert.match(r.stdout, /3 cases: 3 passed, 0 failed/);
  p.remove();
});

test('a malformed case fails with the reason; the other cases still run', async () => {
  const p = project();
  const good = example('operation-removed-internal.cases.yaml');
  p.write('broken.yaml', good.replace('    expect:\n      - { location: /paths/~1internal~1health/get }', '    expect: 42'));
  const r = await runSpecver(['rules', 'test', 'broken.yaml'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /FAIL  fires: an internal operation is removed\n {8}cannot run the case: /);
  assert.match(r.stdout, /pass  quiet: a public operation is removed/);
  p.remove();
});

test('bad input: missing file, bad YAML, no rule, unknown rule: exit 2 naming the file', async () => {
  const p = project();
  p.write('bad.yaml', 'rule: [\n');
  p.write('norule.yaml', 'fires: []\n');
  p.write('unknown.yaml', 'rule: acme/operation-removed-internl\nfires: []\n');
  p.write('shape.yaml', 'rule: operation-removed\nfires: { name: x }\n');
  const cases: [string, RegExp][] = [
    ['missing.yaml', /^specver: cannot read case file missing\.yaml: ENOENT/],
    ['bad.yaml', /^specver: cannot read case file bad\.yaml:\d+: invalid YAML: /],
    ['norule.yaml', /^specver: case file norule\.yaml names no rule/],
    ['shape.yaml', /^specver: case file shape\.yaml: `fires` must be a list of cases/],
    ['unknown.yaml', /^specver: case file unknown\.yaml is for rule 'acme\/operation-removed-internl', which is not a classification or lint rule of this project\nhint: did you mean .*acme\/operation-removed-internal/],
  ];
  for (const [file, error] of cases) {
    const r = await runSpecver(['rules', 'test', file], { cwd: p.dir });
    assert.is(r.exitCode, 2, file);
    assert.match(r.stderr, error);
    const json = await runSpecver(['rules', 'test', file, '--json'], { cwd: p.dir });
    assertValidOutput('error.schema.json', json.json());
  }
  assert.is((await runSpecver(['rules', 'test'], { cwd: p.dir })).exitCode, 2);
  p.remove();
});

/** A project with the page's lint rule (acme/info-owner) in lint.files and its case file. */
function lintProject(extraConfig = '') {
  const p = emptyProject();
  p.write('specver-rules/info-owner.json', example('info-owner.json'));
  p.write('specver-rules/info-owner.cases.yaml', example('info-owner.cases.yaml'));
  p.write('specver.yaml', `contracts: []\nlint:\n  files: [specver-rules/info-owner.json]\n${extraConfig}`);
  return p;
}

test('a lint rule\'s cases (built CLI): invalid documents with their count, paths and messages, valid ones quiet; --json valid', async () => {
  const p = lintProject();
  const r = await runBuiltSpecver(['rules', 'test', 'specver-rules/info-owner.cases.yaml'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.equal(r.stdout.split('\n'), [
    'specver-rules/info-owner.cases.yaml (acme/info-owner)',
    '  pass  invalid: info names no owner',
    '  pass  invalid: an empty owner is no owner',
    '  pass  valid: the owning team is named',
    "  pass  valid: Swagger 2.0 is not judged (the rule's formats)",
    '', '4 cases: 4 passed, 0 failed', '',
  ]);
  const json = await runBuiltSpecver(['rules', 'test', 'specver-rules/info-owner.cases.yaml', '--json'], { cwd: p.dir });
  assertValidOutput('rules-test.schema.json', json.json());
  assert.equal(json.json().files[0].kind, 'lint');
});

test('lint cases that fail: wrong count, a path or message not found, a valid document with a finding (exit 1), each saying why', async () => {
  const p = lintProject();
  const doc = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n";
  p.write('cases.yaml', [
    'rule: acme/info-owner',
    'invalid:',
    '  - name: counts two', `    document: ${JSON.stringify(doc)}`, '    count: 2',
    '  - name: wrong path', `    document: ${JSON.stringify(doc)}`, '    count: 1', '    findings: [{ path: /info/owner }]',
    '  - name: wrong message', `    document: ${JSON.stringify(doc)}`, '    count: 1', '    findings: [{ message: info has no owner }]',
    'valid:',
    '  - name: not valid at all', `    document: ${JSON.stringify(doc)}`,
    '',
  ].join('\n'));
  const r = await runBuiltSpecver(['rules', 'test', 'cases.yaml'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /FAIL  invalid: counts two\n {8}expected 2 acme\/info-owner findings, got 1: \/info\/x-owner "info must name the owning team in x-owner"\n/);
  assert.match(r.stdout, /FAIL  invalid: wrong path\n {8}no finding at \/info\/owner among \[\/info\/x-owner /);
  assert.match(r.stdout, /FAIL  invalid: wrong message\n {8}no finding "info has no owner" among /);
  assert.match(r.stdout, /FAIL  valid: not valid at all\n {8}expected no acme\/info-owner finding, got 1: \/info\/x-owner /);
  assert.match(r.stdout, /4 cases: 0 passed, 4 failed/);
});

test('a built-in lint rule, off in the project, is tested as enabled; a document may be a file next to the case file; findings match one each', async () => {
  const p = lintProject('  severity:\n    operation-operationid-unique: off\n');
  const spec = (id: string) => `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {operationId: ${id}, responses: {'200': {description: ok}}}\n  /b:\n    get: {operationId: ${id}, responses: {'200': {description: ok}}}\n`;
  p.write('cases/duplicate.yaml', spec('same'));
  p.write('cases/distinct.yaml', spec('same').replace(/same(?![^]*same)/, 'other'));
  p.write('cases/unique.cases.yaml', [
    'rule: operation-operationid-unique',
    'invalid:',
    '  - name: two operations share an id',
    '    file: duplicate.yaml',
    '    count: 1',
    '    findings: [{ path: /paths/~1b/get/operationId }]',
    'valid:',
    '  - name: distinct ids',
    '    file: distinct.yaml',
    '  - name: a file outside the project',
    '    file: ../../../../../../etc/hostname',
    '',
  ].join('\n'));
  const r = await runBuiltSpecver(['rules', 'test', 'cases/unique.cases.yaml', '--json'], { cwd: p.dir });
  const cases = r.json().files[0].cases;
  assert.equal(cases.map((c: { passed: boolean }) => c.passed), [true, true, false], JSON.stringify(cases));
  assert.match(cases[2].problems[0], /cannot run the case: .*outside the project/);
});

test('lint case file mistakes: exit 2 naming the file; a misspelt lint rule id suggests the closest', async () => {
  const p = lintProject();
  const cases: [string, string, RegExp][] = [
    ['nocount.yaml', 'rule: acme/info-owner\ninvalid:\n  - name: x\n    document: "a: 1"\n', /^specver: case file nocount\.yaml: \/invalid\/0 missing required field 'count'/],
    ['both.yaml', 'rule: acme/info-owner\nvalid:\n  - name: x\n    document: "a: 1"\n    file: a.yaml\n', /^specver: case file both\.yaml: \/valid\/0 /],
    ['fires.yaml', 'rule: acme/info-owner\nfires: []\n', /^specver: case file fires\.yaml: 'acme\/info-owner' is a lint rule, whose cases are `invalid:` and `valid:` documents/],
    ['typo.yaml', 'rule: acme/info-ownr\nvalid: []\n', /^specver: case file typo\.yaml is for rule 'acme\/info-ownr', which is not a classification or lint rule of this project\nhint: did you mean acme\/info-owner/],
  ];
  for (const [file, text, error] of cases) {
    p.write(file, text);
    const r = await runBuiltSpecver(['rules', 'test', file], { cwd: p.dir });
    assert.is(r.exitCode, 2, `${file}: ${r.stderr}`);
    assert.match(r.stderr, error);
    assert.not.match(r.stderr, /\n\s+at /);
  }
});

test('every example case file, classification and lint, is valid against schemas/rule-cases.schema.json; a broken one is not', () => {
  for (const name of ['operation-removed-internal.cases.yaml', 'response-header-required-added.cases.yaml', 'enum-removal-internal.cases.yaml', 'info-owner.cases.yaml']) {
    assert.equal(validateAgainst('rule-cases.schema.json', parse(example(name))), [], name);
  }
  assert.not.equal(validateAgainst('rule-cases.schema.json', { rule: 'x', invalid: [{ name: 'n', document: 'a: 1', count: 0 }] }), []);
  assert.not.equal(validateAgainst('rule-cases.schema.json', { rule: 'x', fires: [{ expect: [] }] }), []);
});

test.run();
