/**
 * Crash safety of `version`'s apply step: a failure injected before every single step (journal write,
 * each file write, each deletion, journal removal) must leave either the old state or, after the next run
 * recovers, exactly the state a clean run produces; no changeset is ever lost.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { Config } from '../../src/types.ts';
import { applyPlan, hasInterruptedVersion, recoverInterruptedVersion } from '../../src/versioning/apply.ts';
import { gatherPlanInput } from '../../src/versioning/inputs.ts';
import { planVersion } from '../../src/versioning/plan.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

const SPEC_A = 'openapi: 3.0.3\ninfo: { title: A, version: "1" }\npaths: {}\n';
const SPEC_B = '{ "type": "object" }\n';

function project(): { project: TempProject; config: Config } {
  const p = emptyProject('specver-crash-');
  p.write('specver.yaml', 'contracts: []\n');
  p.write('api/a.yaml', SPEC_A);
  p.write('schemas/b.json', SPEC_B);
  p.write('.specver/versions.json', JSON.stringify({ versioning: 'independent', contracts: { a: '1.4.2', b: '0.9.1' } }, null, 2) + '\n');
  p.write('.specver/pre.json', JSON.stringify({ mode: 'pre', tag: 'beta', initialVersions: { a: '1.4.2', b: '0.9.1' }, changesets: [] }, null, 2) + '\n');
  p.write('.specver/snapshots/a@1.4.2.yaml', SPEC_A);
  p.write('.specver/snapshots/b@0.9.1.json', SPEC_B);
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"a": major\n---\n\nRemove things\n');
  p.write('.specver/changesets/calm-otter-sing.md', '---\n"b": minor\n"a": patch\n---\n\nAdd things\n');
  p.write('CHANGELOG.md', '# Changelog\n\n## a@1.4.2\n2025-01-01\n\n- old\n');
  const config: Config = {
    file: join(p.dir, 'specver.yaml'),
    root: p.dir,
    versioning: 'independent',
    contracts: [
      { name: 'a', format: 'openapi', path: 'api/a.yaml' },
      { name: 'b', format: 'json-schema', path: 'schemas/b.json' },
    ],
    rules: { files: [], severity: {} },
    lint: { files: [], severity: {} },
    changelog: 'CHANGELOG.md',
    git: { commit: false, tag: false },
    refsMap: {},
  };
  return { project: p, config };
}

async function runVersion(config: Config, onStep?: (step: string) => void): Promise<void> {
  const plan = planVersion(await gatherPlanInput(config, { changelog: true, git: false, today: new Date('2026-02-03T00:00:00Z') }));
  const specs = new Map(config.contracts.map((c) => [c.name, c.path]));
  await applyPlan(config, plan, {
    snapshotContent: async (name) => (await import('node:fs/promises')).readFile(join(config.root, specs.get(name)!), 'utf8'),
    onStep,
  });
}

class Kill extends Error {}

test('a clean run writes the new state and names every step', async () => {
  const { project: p, config } = project();
  const steps: string[] = [];
  await runVersion(config, (s) => void steps.push(s));
  assert.equal(steps, [
    'write journal',
    'write .specver/snapshots/a@2.0.0-beta.0.yaml',
    'write .specver/snapshots/b@0.10.0-beta.0.json',
    'write CHANGELOG.md',
    'write versions.json',
    'write pre.json',
    'delete .specver/changesets/brave-lion-jump.md',
    'delete .specver/changesets/calm-otter-sing.md',
    'remove journal',
  ]);
  assert.not.ok(p.exists('.specver/changesets/brave-lion-jump.md'));
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.a, '2.0.0-beta.0');
  assert.is(p.read('.specver/snapshots/a@2.0.0-beta.0.yaml'), SPEC_A);
  assert.not.ok(await hasInterruptedVersion(p.dir));
});

test('killed before any step: the next run sees the old or the new state, never a lost changeset', async () => {
  const clean = project();
  await runVersion(clean.config);
  const newState = clean.project.snapshot();

  const probe = project();
  const steps: string[] = [];
  await runVersion(probe.config, (s) => void steps.push(s));

  for (const [index, step] of steps.entries()) {
    const { project: p, config } = project();
    const oldState = p.snapshot();
    await runVersion(config, (s) => {
      if (s === step) throw new Kill(s);
    }).then(
      () => assert.unreachable(`no kill at ${step}`),
      (error) => assert.instance(error, Kill),
    );
    // Until recovery: every consumed changeset is either still there or recorded in the journal.
    const journal = await hasInterruptedVersion(p.dir);
    for (const id of ['brave-lion-jump', 'calm-otter-sing'])
      assert.ok(journal || p.exists(`.specver/changesets/${id}.md`), `changeset ${id} lost at step ${index} (${step})`);

    const recovered = await recoverInterruptedVersion(config);
    const after = p.snapshot();
    if (index === 0) {
      assert.not.ok(recovered, 'nothing to recover before the journal exists');
      assert.equal(after, oldState, `old state expected after a kill at ${step}`);
    } else {
      assert.ok(recovered, `recovery expected after a kill at ${step}`);
      assert.equal(after, newState, `new state expected after a kill at ${step}`);
    }
    // And the next plan sees a consistent state: old (both changesets pending) or new (none left).
    const input = await gatherPlanInput(config, { changelog: true, git: false, today: new Date() });
    assert.is(input.changesets.length, index === 0 ? 2 : 0);
  }
});

test('recovery is idempotent: replaying a journal twice gives the same new state', async () => {
  const { project: p, config } = project();
  await runVersion(config, (s) => {
    if (s === 'remove journal') throw new Kill(s);
  }).catch(() => undefined);
  const journalText = p.read('.specver/version-journal.json');
  await recoverInterruptedVersion(config);
  const once = p.snapshot();
  p.write('.specver/version-journal.json', journalText);
  assert.ok(await recoverInterruptedVersion(config));
  assert.equal(p.snapshot(), once);
});

test('recovery sweeps the temp files a kill left beside its targets, and only those', async () => {
  const { project: p, config } = project();
  await runVersion(config, (s) => {
    if (s === 'write CHANGELOG.md') throw new Kill(s);
  }).catch(() => undefined);
  p.write('.CHANGELOG.md.999999.abcdef.tmp', 'half a changelog');
  p.write('.specver/snapshots/.a@2.0.0-beta.0.yaml.999999.abcdef.tmp', 'half');
  p.write('.specver.yaml.999999.abcdef.tmp', 'not ours');
  assert.ok(await recoverInterruptedVersion(config));
  assert.not.ok(p.exists('.CHANGELOG.md.999999.abcdef.tmp'));
  assert.not.ok(p.exists('.specver/snapshots/.a@2.0.0-beta.0.yaml.999999.abcdef.tmp'));
  assert.ok(p.exists('.specver.yaml.999999.abcdef.tmp'));
});

test('a corrupt journal is an exit-2 error naming it', async () => {
  const { project: p, config } = project();
  p.write('.specver/version-journal.json', '{"journal": 7}');
  await recoverInterruptedVersion(config).then(
    () => assert.unreachable(),
    (error: { exitCode: number; message: string }) => {
      assert.is(error.exitCode, 2);
      assert.match(error.message, /version-journal\.json/);
    },
  );
});

test.run();
