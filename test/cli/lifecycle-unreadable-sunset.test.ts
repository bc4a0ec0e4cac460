/**
 * An x-sunset specver cannot read is never taken as "no sunset" where the gate's verdict depends on it: with
 * `lifecycle.deprecationDays`, a deprecation whose sunset is unreadable fails `breaking` like one without a
 * sunset, and removing a deprecated operation or parameter whose sunset is unreadable is breaking. In-process,
 * and once through the built CLI, as CI runs the gate.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

/** A day that does not exist, not a date at all, and a date with trailing text. */
const UNREADABLE = ['2024-02-30', 'NaN', '2026-05-06x'];
const TODAY = { SPECVER_NOW: '2026-01-01' };

const spec = (get: string, post = '') => `openapi: 3.0.3
info: {title: Shop, version: 1.0.0}
paths:
  /orders:
    get:
${get}      responses:
        '200': {description: ok}
${post}`;

const PARAM = (extra: string) => `      parameters:\n        - {name: page, in: query, schema: {type: integer}${extra}}\n`;
const POST = (extra: string) => `    post:\n${extra}      responses:\n        '201': {description: created}\n`;

async function project(base: string, lifecycle: string): Promise<TempProject> {
  const p = emptyProject('specver-sunset-');
  p.write('api/shop.yaml', base);
  const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir });
  assert.is(init.exitCode, 0, init.stderr);
  if (lifecycle) p.write('specver.yaml', `${p.read('specver.yaml')}${lifecycle}`);
  return p;
}

/** `breaking --json` in-process, or (`built`) as a real process of the built CLI. */
async function gate(p: TempProject, built = false): Promise<{ exitCode: number; rules: string[]; messages: string[] }> {
  const r = await (built ? runBuiltSpecver : runSpecver)(['breaking', '--json'], { cwd: p.dir, env: TODAY });
  const json = r.json();
  assertValidOutput('breaking.schema.json', json);
  const changes = json.contracts[0].changes as { rule: string; severity: string; message: string }[];
  return { exitCode: r.exitCode, rules: changes.map((c) => `${c.rule}:${c.severity}`).sort(), messages: changes.map((c) => c.message) };
}

const DAYS = 'lifecycle:\n  deprecationDays: {stable: 30}\n';

for (const sunset of UNREADABLE) {
  test(`deprecationDays: deprecating with x-sunset '${sunset}' fails the gate (exit 1)`, async () => {
    const p = await project(spec(PARAM(''), POST('')), DAYS);
    p.write('api/shop.yaml', spec(PARAM(`, deprecated: true, x-sunset: '${sunset}'`), POST(`      deprecated: true\n      x-sunset: '${sunset}'\n`)));
    const r = await gate(p);
    assert.is(r.exitCode, 1, r.rules.join(', '));
    // The built CLI, as CI runs it, comes to the same verdict (one case is enough: the same code decides).
    if (sunset === UNREADABLE[0]) assert.equal(await gate(p, true), r);
    assert.ok(r.rules.filter((rule) => rule === 'element-deprecated-sunset-invalid:breaking').length === 2, r.rules.join(', '));
    const message = r.messages.find((m) => m.startsWith('POST /orders was deprecated'));
    assert.is(message, `POST /orders was deprecated with x-sunset '${sunset}', which is not an RFC 3339 date (2026-06-30 or 2026-06-30T12:00:00Z), so the minimum deprecation period of 30 days cannot be checked: write the sunset as a date`);
  });

  test(`removing a deprecated operation and parameter whose x-sunset is '${sunset}' fails the gate (exit 1)`, async () => {
    const p = await project(spec(PARAM(`, deprecated: true, x-sunset: '${sunset}'`), POST(`      deprecated: true\n      x-sunset: '${sunset}'\n`)), '');
    p.write('api/shop.yaml', spec(''));
    const r = await gate(p);
    assert.is(r.exitCode, 1, r.rules.join(', '));
    assert.equal(r.rules, ['element-removed-sunset-invalid:breaking', 'operation-removed-sunset-invalid:breaking']);
    for (const message of r.messages) assert.match(message, `x-sunset '${sunset}' is not an RFC 3339 date (2026-06-30)`);
  });
}

test('controls: a readable sunset far enough ahead, or no minimum configured, passes the gate (exit 0)', async () => {
  const ahead = await project(spec(PARAM(''), POST('')), DAYS);
  ahead.write('api/shop.yaml', spec(PARAM(", deprecated: true, x-sunset: '2026-06-30'"), POST("      deprecated: true\n      x-sunset: '2026-06-30T12:00:00+02:00'\n")));
  const a = await gate(ahead);
  assert.is(a.exitCode, 0, a.rules.join(', '));
  assert.not.ok(a.rules.some((rule) => rule.includes('sunset-invalid')), a.rules.join(', '));

  // Without a minimum period the verdict does not depend on the sunset: lint reports the value instead.
  const free = await project(spec(PARAM(''), POST('')), '');
  free.write('api/shop.yaml', spec(PARAM(", deprecated: true, x-sunset: 'NaN'"), POST('')));
  const f = await gate(free);
  assert.is(f.exitCode, 0, f.rules.join(', '));
});

test.run();
