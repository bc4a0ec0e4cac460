/** `specver rules test`: a team's case files, run with the project's rules and severities. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runSpecver } from '../helpers/run-cli.ts';
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
    ['unknown.yaml', /^specver: case file unknown\.yaml is for rule 'acme\/operation-removed-internl', which is not a classification rule of this project\nhint: did you mean .*acme\/operation-removed-internal/],
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

test.run();
