import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli/commands/status.ts';
import type { Bump } from '../../src/types.ts';
import type { Detector } from '../../src/versioning/detect.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';
import { capturedContext } from '../versioning/helpers/captured-context.ts';

function project(changesets: Record<string, string> = {}): TempProject {
  const p = emptyProject('specver-status-');
  cpSync(join(FIXTURES, 'changesets/project'), p.dir, { recursive: true });
  for (const [id, text] of Object.entries(changesets)) p.write(`.specver/changesets/${id}.md`, text);
  return p;
}

const detecting =
  (bumps: Record<string, Bump>): Detector =>
  async (_config, contract) => ({ bump: bumps[contract.name] ?? null, findings: [] });

test('table: pending bump with next version or up to date; pending changesets; hint to run version', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": major\n---\n\nRemove\n', 'calm-otter-sing': '---\n"petstore": minor\n---\n\nAdd\n' });
  const c = capturedContext(p.dir);
  const code = await run(c.ctx, {}, detecting({ petstore: 'major' }));
  assert.is(code, 0, c.stderr());
  const out = c.stdout();
  assert.match(out, /Contracts \(independent\):\n {2}petstore {5}1\.4\.2 {2}\(major pending\) -> 2\.0\.0\n {2}order-event {2}0\.9\.1 {2}up to date\n/);
  assert.match(out, /Pending changesets \(2\):\n {2}\.specver\/changesets\/\S+\.md {2}petstore: (major|minor)\n/);
  assert.match(out, /Run 'specver version'/);
  assert.is(c.stderr(), '');
});

test('--pending shows only contracts with pending changes', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": major\n---\n\nRemove\n' });
  const c = capturedContext(p.dir);
  await run(c.ctx, { pending: true }, detecting({}));
  assert.match(c.stdout(), /petstore/);
  assert.not.match(c.stdout(), /order-event {2}0\.9\.1/);
});

test('exit 1: detected changes without a changeset', async () => {
  const p = project();
  const c = capturedContext(p.dir);
  assert.is(await run(c.ctx, {}, detecting({ 'order-event': 'minor' })), 1);
  assert.match(c.stdout(), /order-event {2}0\.9\.1 {2}changes without a changeset \(minor detected\)/);
  assert.match(c.stdout(), /Run 'specver changeset'/);
});

test('exit 1: a changeset naming an unknown contract (file:line shown); other contracts still planned', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n"ghost": major\n---\n\nx\n' });
  const c = capturedContext(p.dir);
  assert.is(await run(c.ctx, {}, detecting({})), 1);
  assert.match(c.stdout(), /\.specver\/changesets\/brave-lion-jump\.md:3: changeset names unknown contract 'ghost'/);
  assert.match(c.stdout(), /\(minor pending\) -> 1\.5\.0/);
});

test('a changeset declaring less than detected: exit 1 naming the changeset; a _downgrade-reason accepts it with a warning', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": patch\n---\n\nx\n' });
  let c = capturedContext(p.dir);
  assert.is(await run(c.ctx, {}, detecting({ petstore: 'major' })), 1);
  assert.match(c.stdout(), /! pending changesets declare patch for petstore, but the detected changes require major; 'specver version' refuses it/);
  assert.match(c.stdout(), /_downgrade-reason/);

  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": patch\n_downgrade-reason: "no client calls it yet"\n---\n\nx\n');
  c = capturedContext(p.dir);
  assert.is(await run(c.ctx, { format: 'json' }, detecting({ petstore: 'major' })), 0);
  const doc = JSON.parse(c.stdout());
  assertValidOutput('status.schema.json', doc);
  assert.equal(doc.warnings.map((w: { reason: string }) => w.reason), ['no client calls it yet']);
  assert.match(c.stderr(), /warning: pending changesets declare patch for petstore, but the detected changes require major \(accepted: no client calls it yet\)/);
});

test('--format json validates against the schema', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n"ghost": major\n---\n\nx\n' });
  const c = capturedContext(p.dir);
  assert.is(await run(c.ctx, { format: 'json' }, detecting({ 'order-event': 'patch' })), 1);
  const doc = JSON.parse(c.stdout());
  assertValidOutput('status.schema.json', doc);
  assert.is(doc.ok, false);
  assert.equal(doc.problems.map((x: { kind: string }) => x.kind), ['unknown-contract', 'uncovered-changes']);
  assert.equal(doc.contracts[0], { name: 'petstore', version: '1.4.2', pending: 'minor', next: '1.5.0', detected: null });
});

test('a malformed changeset is exit 2 (ConfigError with file and line)', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": huge\n---\n\nx\n' });
  const c = capturedContext(p.dir);
  await run(c.ctx, {}, detecting({})).then(
    () => assert.unreachable(),
    (error: { exitCode: number; file: string; line: number }) => {
      assert.is(error.exitCode, 2);
      assert.is(error.file, '.specver/changesets/brave-lion-jump.md');
      assert.is(error.line, 2);
    },
  );
});

test.run();
