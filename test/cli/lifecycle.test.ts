/** Lifecycle conventions through the CLI: specver.yaml `lifecycle`, the injected "today", lint of the metadata. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const SPEC = `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
  /orders:
    get:
      x-stability-level: beta
      parameters:
        - {name: page, in: query, schema: {type: integer}}
      responses:
        '200': {description: ok}
    post:
      deprecated: true
      x-sunset: '2026-06-30'
      responses:
        '201': {description: created}
`;

async function project(lifecycle = ''): Promise<TempProject> {
  const p = emptyProject('specver-lifecycle-');
  p.write('api/shop.yaml', SPEC);
  const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir });
  assert.is(init.exitCode, 0, init.stderr);
  if (lifecycle) p.write('specver.yaml', `${p.read('specver.yaml')}${lifecycle}`);
  // Remove the beta operation's parameter and the deprecated operation.
  p.write('api/shop.yaml', SPEC.replace("      parameters:\n        - {name: page, in: query, schema: {type: integer}}\n", '').replace(/    post:[\s\S]*$/, ''));
  return p;
}

const rules = (json: any) => json.contracts[0].changes.map((c: any) => `${c.rule}:${c.severity}`).sort();

test('breaking: removals judged by the injected today and the default stability threshold', async () => {
  const p = await project();
  const before = await runSpecver(['breaking', '--json'], { cwd: p.dir, now: new Date('2026-06-29T12:00:00Z') });
  assertValidOutput('breaking.schema.json', before.json());
  assert.equal(rules(before.json()), ['element-removed-unstable:non-breaking', 'operation-removed-before-sunset:breaking']);
  assert.is(before.exitCode, 1);
  const after = await runSpecver(['breaking', '--json'], { cwd: p.dir, now: new Date('2026-06-30T00:00:00Z') });
  assert.equal(rules(after.json()), ['element-removed-unstable:non-breaking', 'operation-removed-after-sunset:non-breaking']);
  assert.is(after.exitCode, 0);
});

test('SPECVER_NOW fixes today; an unreadable value is refused with exit 2', async () => {
  const p = await project();
  const fixed = await runSpecver(['breaking', '--json'], { cwd: p.dir, env: { SPECVER_NOW: '2026-07-01' } });
  assert.equal(rules(fixed.json()), ['element-removed-unstable:non-breaking', 'operation-removed-after-sunset:non-breaking']);
  const bad = await runSpecver(['breaking'], { cwd: p.dir, env: { SPECVER_NOW: 'next tuesday' } });
  assert.is(bad.exitCode, 2);
  assert.match(bad.stderr, /^specver: SPECVER_NOW 'next tuesday' is not a date\nhint: /);
});

test('lifecycle.exemptBelow from specver.yaml reaches the comparison', async () => {
  const p = await project('lifecycle:\n  exemptBelow: beta\n');
  const r = await runSpecver(['breaking', '--json'], { cwd: p.dir, now: new Date('2026-07-01T00:00:00Z') });
  assert.equal(rules(r.json()), ['operation-removed-after-sunset:non-breaking', 'request-parameter-removed:breaking']);
});

test('an invalid lifecycle setting is a config error naming the file and line', async () => {
  const p = await project('lifecycle:\n  exemptBelow: ga\n');
  const r = await runSpecver(['breaking'], { cwd: p.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /specver\.yaml:\d+: .*lifecycle\.exemptBelow/);
  assert.not.match(r.stderr, /\n\s+at /);
});

test('lint reports an unreadable sunset and an unknown stability level', async () => {
  const p = emptyProject('specver-lifecycle-');
  p.write('api/shop.yaml', SPEC.replace("x-sunset: '2026-06-30'", 'x-sunset: end of june').replace('x-stability-level: beta', 'x-stability-level: preview'));
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  const r = await runSpecver(['lint', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 1);
  assertValidOutput('lint.schema.json', r.json());
  const found = JSON.stringify(r.json());
  assert.match(found, /sunset-date-valid/);
  assert.match(found, /stability-level-valid/);
});

test('rules show: an opt-in rule is off and says how it is enabled', async () => {
  const p = emptyProject('specver-lifecycle-');
  const r = await runSpecver(['rules', 'show', 'info-version-unchanged'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /severity:\s+off \(opt-in: breaking once rules\.severity enables it\)/);
});

test.run();
