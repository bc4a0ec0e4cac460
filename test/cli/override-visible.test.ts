/**
 * A severity set by a scoped block of specver.yaml (`rules.overrides`) is visible on the finding: in --json as
 * `severityOverride` (from, to, the block's file:line), and in text with --verbose. Run with the built CLI.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const SPEC = `openapi: 3.0.3
info: { title: Svc, version: '1' }
paths:
  /internal/jobs:
    get:
      parameters:
        - { name: state, in: query, schema: { type: string, enum: [queued, done] } }
      responses:
        '200': { description: ok }
  /pets:
    get:
      parameters:
        - { name: status, in: query, schema: { type: string, enum: [sold, free] } }
      responses:
        '200': { description: ok }
`;
const RULE = 'request-parameter-enum-value-removed';

async function project(): Promise<TempProject> {
  const p = emptyProject();
  p.write('api/svc.yaml', SPEC);
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  // Some settings first, so the block's line is not the file's last.
  p.write('specver.yaml', `${p.read('specver.yaml')}rules:\n  overrides:\n    - contracts: ['other']\n      severity: { ${RULE}: patch }\n    - paths: ['/internal/**']\n      severity: { ${RULE}: non-breaking }\n`);
  p.write('api/svc.yaml', SPEC.replace('[queued, done]', '[queued]').replace('[sold, free]', '[sold]'));
  return p;
}

test('diff --json and breaking --json: severityOverride names the block and its line; unscoped findings have none', async () => {
  const p = await project();
  const line = p.read('specver.yaml').split('\n').indexOf("    - paths: ['/internal/**']") + 1;
  assert.ok(line > 1);
  for (const command of ['diff', 'breaking']) {
    const r = await runBuiltSpecver([command, '--json'], { cwd: p.dir });
    const doc = r.json();
    assertValidOutput(`${command}.schema.json`, doc);
    const changes = doc.contracts[0].changes as { path: string; severity: string; severityOverride?: object }[];
    const internal = changes.find((c) => c.path === '/internal/jobs')!;
    assert.equal(internal.severityOverride, { from: 'breaking', to: 'non-breaking', source: `specver.yaml:${line}`, block: 'rules.overrides[1]' });
    assert.is(changes.find((c) => c.path === '/pets')!.severityOverride, undefined);
  }
});

test('text: --verbose shows the override under its change, and plain output does not', async () => {
  const p = await project();
  const line = p.read('specver.yaml').split('\n').indexOf("    - paths: ['/internal/**']") + 1;
  const note = `severity non-breaking (breaking without rules.overrides[1], specver.yaml:${line})`;
  const diff = await runBuiltSpecver(['diff', '--verbose'], { cwd: p.dir });
  assert.match(diff.stdout, new RegExp(`non-breaking +GET /internal/jobs: .*\\n +at .*\\n +${note.replace(/[()[\]]/g, '\\$&')}\\n`));
  const breaking = await runBuiltSpecver(['breaking', '--verbose'], { cwd: p.dir });
  assert.is(breaking.exitCode, 1);
  assert.match(breaking.stdout, new RegExp(`\\[non-breaking\\] GET /internal/jobs: .*\\n +${note.replace(/[()[\]]/g, '\\$&')}\\n`));
  const plain = await runBuiltSpecver(['breaking'], { cwd: p.dir });
  assert.not.match(plain.stdout, /without rules\.overrides/);
});

test.run();
