/** `specver lint` on an API with many findings: the baseline, --fail-severity, --display-only-failures, -q. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

/** Two operations without operationId (warn) and an undefined security scheme (error). */
const SPEC = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
  description: Pets API
  contact: { name: Team }
  license: { name: MIT }
servers:
  - url: https://api.pets.dev/v1
tags:
  - name: pets
paths:
  /pets:
    get:
      summary: List pets
      tags: [pets]
      security:
        - missing: []
      responses:
        '200': { description: ok }
    post:
      summary: Add a pet
      tags: [pets]
      responses:
        '201': { description: ok }
`;

function project(spec = SPEC, extra = ''): TempProject {
  const p = emptyProject();
  p.write('specver.yaml', `contracts:\n  - name: petstore\n    format: openapi\n    path: api/petstore.yaml\n${extra}`);
  p.write('api/petstore.yaml', spec);
  return p;
}

const lint = (p: TempProject, ...args: string[]) => runSpecver(['lint', ...args], { cwd: p.dir });

test('--baseline-write records the findings by rule, contract, file and pointer with counts; lint then passes', async () => {
  const p = project();
  assert.is((await lint(p)).exitCode, 1, 'the error fails before the baseline');
  const w = await lint(p, '--baseline-write');
  assert.is(w.exitCode, 0, w.stdout + w.stderr);
  assert.match(w.stderr + w.stdout, /Wrote \.specver\/lint-baseline\.yaml \(3 findings baselined\)/);
  const text = p.read('.specver/lint-baseline.yaml');
  assert.match(text, /^# Lint findings recorded by 'specver lint --baseline-write'/);
  assert.not.match(text.replace(/^#.*$/gm, ''), /\bline:/, 'no line numbers');
  assert.match(text, /- rule: operation-operationid\n {4}contract: petstore\n {4}file: api\/petstore\.yaml\n {4}pointer: \/paths\/~1pets\/get\/operationId\n {4}count: 1\n/);
  assert.match(text, /- rule: security-schemes-defined\n/);
  assert.not.ok([...p.snapshot().keys()].some((f) => f.endsWith('.tmp')), 'atomic: no temp file left');

  const r = await lint(p);
  assert.is(r.exitCode, 0, r.stdout);
  assert.match(r.stdout, /  no new violations\n  3 baselined findings \(--verbose lists them\)\n/);
  assert.match(r.stdout, /1 contract passed, 0 with errors \(3 baselined findings not counted\)\n$/);
  const v = await runSpecver(['lint', '--verbose'], { cwd: p.dir });
  assert.match(v.stdout, /\[baselined error\] security-schemes-defined .* api\/petstore\.yaml:\d+\n/);
  const json = await lint(p, '--json');
  assertValidOutput('lint.schema.json', json.json());
  assert.equal(json.json().contracts[0].violations, []);
  assert.is(json.json().contracts[0].baselined.length, 3);
  assert.equal(json.json().baseline, { file: '.specver/lint-baseline.yaml', stale: [] });
});

test('a new finding beyond the baseline fails; lines moving does not matter; the count per key is honoured', async () => {
  const p = project();
  assert.is((await lint(p, '--baseline-write')).exitCode, 0);
  // Lines move (a comment on top) and one more undefined scheme appears on the same operation.
  p.write('api/petstore.yaml', `# moved down\n${SPEC.replace('        - missing: []\n', '        - missing: []\n        - other: []\n')}`);
  const r = await lint(p, '--json');
  assert.is(r.exitCode, 1);
  assertValidOutput('lint.schema.json', r.json());
  const [contract] = r.json().contracts;
  assert.equal(contract.violations.map((x: { rule: string }) => x.rule), ['security-schemes-defined']);
  assert.is(contract.baselined.length, 3);
  assert.is(contract.status, 'failed');
});

test('stale entries (fixed findings) are a warning with a hint to regenerate; --baseline-write shrinks the file', async () => {
  const p = project();
  assert.is((await lint(p, '--baseline-write')).exitCode, 0);
  p.write('api/petstore.yaml', SPEC.replace('      summary: Add a pet\n', '      operationId: addPet\n      summary: Add a pet\n'));
  const r = await lint(p);
  assert.is(r.exitCode, 0);
  assert.match(r.stderr, /^specver: warning: \.specver\/lint-baseline\.yaml: 1 baselined finding is gone \(1 stale entry\); run 'specver lint --baseline-write' to shrink the baseline\n$/);
  const json = await lint(p, '--json');
  assertValidOutput('lint.schema.json', json.json());
  assert.equal(json.json().baseline.stale, [{ rule: 'operation-operationid', contract: 'petstore', file: 'api/petstore.yaml', pointer: '/paths/~1pets/post/operationId', count: 1, found: 0 }]);
  assert.is((await lint(p, '--baseline-write')).exitCode, 0);
  assert.not.match(p.read('.specver/lint-baseline.yaml'), /post\/operationId/);
  assert.is((await lint(p)).stderr, '');
});

test('lint.baseline in specver.yaml moves the file; one outside the project or onto a spec is refused (exit 2)', async () => {
  const p = project(SPEC, 'lint:\n  baseline: quality/lint-baseline.yaml\n');
  assert.is((await lint(p, '--baseline-write')).exitCode, 0);
  assert.ok(p.exists('quality/lint-baseline.yaml'));
  assert.not.ok(p.exists('.specver/lint-baseline.yaml'));
  for (const [path, message] of [
    ['../elsewhere.yaml', /lint\.baseline: \.\.\/elsewhere\.yaml is outside the project root/],
    ['api/petstore.yaml', /lint\.baseline: api\/petstore\.yaml is api\/petstore\.yaml, which specver reads and must not overwrite/],
  ] as const) {
    const bad = project(SPEC, `lint:\n  baseline: ${path}\n`);
    const before = bad.snapshot();
    const r = await lint(bad, '--baseline-write');
    assert.is(r.exitCode, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /\nhint: point lint\.baseline at a YAML file inside the project/);
    assert.equal(bad.snapshot(), before);
  }
});

test('an invalid baseline file: exit 2 naming file:line and how to regenerate, no stack trace', async () => {
  const p = project();
  p.write('.specver/lint-baseline.yaml', 'findings:\n  - rule: x\n    contract: petstore\n    file: api/petstore.yaml\n    pointer: /info\n    count: 0\n');
  const r = await lint(p);
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: \.specver\/lint-baseline\.yaml:6: invalid lint baseline: findings\[0\]\.count: must be >= 1\nhint: regenerate it with 'specver lint --baseline-write'/);
  assert.not.match(r.stderr, /\n\s+at /);
});

test('--fail-severity warn fails on warnings; hint passes on anything; an unknown level is exit 2', async () => {
  const warnOnly = project(SPEC.replace('      security:\n        - missing: []\n', ''));
  assert.is((await lint(warnOnly)).exitCode, 0);
  const w = await lint(warnOnly, '--fail-severity', 'warn');
  assert.is(w.exitCode, 1);
  assert.match(w.stdout, /0 contracts passed, 1 with findings at warn or above\n$/);
  const json = await lint(warnOnly, '--fail-severity', 'warn', '--json');
  assertValidOutput('lint.schema.json', json.json());
  assert.equal([json.json().contracts[0].status, json.json().summary.failSeverity], ['failed', 'warn']);
  const bad = await lint(warnOnly, '--fail-severity', 'fatal');
  assert.is(bad.exitCode, 2);
  assert.match(bad.stderr, /--fail-severity/);
});

test('-q prints only the errors and the summary; -D only what fails the run', async () => {
  const p = project();
  const q = await runSpecver(['lint', '-q'], { cwd: p.dir });
  assert.is(q.exitCode, 1);
  assert.equal(q.stdout.trimEnd().split('\n'), [
    'petstore (openapi, OpenAPI 3.0)  api/petstore.yaml',
    q.stdout.split('\n')[1]!,
    '',
    '0 contracts passed, 1 with errors',
  ]);
  assert.match(q.stdout.split('\n')[1]!, /^  \[error\] security-schemes-defined /);
  const d = await lint(p, '-D', '--json');
  assertValidOutput('lint.schema.json', d.json());
  assert.equal(d.json().contracts[0].violations.map((v: { severity: string }) => v.severity), ['error']);
  const all = await lint(p);
  assert.match(all.stdout, /\[warn\] operation-operationid/);
  const clean = project(SPEC.replace('      security:\n        - missing: []\n', ''));
  const cq = await runSpecver(['lint', '-q'], { cwd: clean.dir });
  assert.is(cq.exitCode, 0);
  assert.is(cq.stdout, '1 contract passed, 0 with errors\n');
});

test('--format junit: only the findings that fail the run are failures, so the suite agrees with the exit code', async () => {
  const p = project();
  const r = await lint(p, '--format', 'junit');
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, /<testsuites name="specver lint" tests="3" failures="1">/);
  assert.is((r.stdout.match(/<system-out>warn \(below --fail-severity error, not failing\)/g) ?? []).length, 2);
  const baselined = project();
  await lint(baselined, '--baseline-write');
  const b = await lint(baselined, '--format', 'junit');
  assert.is(b.exitCode, 0);
  assert.match(b.stdout, /failures="0"/);
});

test.run();
