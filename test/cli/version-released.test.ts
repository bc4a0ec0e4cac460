/**
 * A released version is never released again: `version` refuses (exit 2, nothing written, --dry-run too) a
 * version that already has a snapshot, a CHANGELOG entry or a git tag, and still finishes an interrupted run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitScript } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { applyPlan } from '../../src/versioning/apply.ts';
import { gatherPlanInput } from '../../src/versioning/inputs.ts';
import { planVersion } from '../../src/versioning/plan.ts';
import { hasChangelogEntry } from '../../src/versioning/released-before.ts';

const NOW = new Date('2026-05-06T10:00:00Z');
const MINOR = '---\n"petstore": minor\n---\n\nAdd search\n';

function project(changesets: Record<string, string> = {}): TempProject {
  const p = emptyProject('specver-released-');
  cpSync(join(FIXTURES, 'changesets/project'), p.dir, { recursive: true });
  for (const [id, text] of Object.entries(changesets)) p.write(`.specver/changesets/${id}.md`, text);
  return p;
}

const version = (p: TempProject, ...args: string[]) => runSpecver(['version', ...args], { cwd: p.dir, now: NOW });

/** versions.json with petstore set back to `to` (what a re-detection at the initial version did). */
function resetPetstore(p: TempProject, to: string): void {
  const state = JSON.parse(p.read('.specver/versions.json'));
  state.contracts.petstore = to;
  p.write('.specver/versions.json', `${JSON.stringify(state, null, 2)}\n`);
}

test('released 1.5.0, versions.json reset to 1.4.2, a new changeset: exit 2 naming the snapshot, nothing written', async () => {
  const p = project({ 'brave-lion-jump': MINOR });
  assert.is((await version(p)).exitCode, 0);
  const released = p.read('.specver/snapshots/petstore@1.5.0.yaml');
  resetPetstore(p, '1.4.2');
  p.write('api/petstore.yaml', p.read('api/petstore.yaml').replace('title:', 'description: changed since\n  title:'));
  p.write('.specver/changesets/calm-otter-sing.md', '---\n"petstore": minor\n---\n\nSomething else\n');
  const before = p.snapshot();

  const r = await version(p);
  assert.is(r.exitCode, 2);
  assert.is(r.stdout, '');
  const lines = r.stderr.trimEnd().split('\n');
  assert.is(lines.length, 2, r.stderr);
  assert.is(
    lines[0],
    "specver: petstore@1.5.0 was already released (.specver/snapshots/petstore@1.5.0.yaml, CHANGELOG.md entry '## petstore@1.5.0'); versions.json has petstore at 1.4.2",
  );
  assert.match(lines[1]!, /^hint: a released version is never written again: set "petstore": "1\.5\.0" \(its latest snapshot\) in \.specver\/versions\.json/);
  assert.equal(p.snapshot(), before, 'nothing written');
  assert.is(p.read('.specver/snapshots/petstore@1.5.0.yaml'), released);

  const dry = await version(p, '--dry-run');
  assert.is(dry.exitCode, 2, 'the dry run shows the refusal');
  assert.match(dry.stderr, /^specver: petstore@1\.5\.0 was already released/);
  assert.not.match(dry.stdout, /No files were written/);
  const json = await version(p, '--json');
  assert.is(json.exitCode, 2);
  assertValidOutput('error.schema.json', json.json());
  assert.match(json.json().error.message, /petstore@1\.5\.0 was already released/);
  assert.equal(p.snapshot(), before, 'nothing written by --dry-run or --json either');

  // The fix the hint gives: the contract back at its latest release; the next version is 1.6.0.
  resetPetstore(p, '1.5.0');
  const fixed = await version(p);
  assert.is(fixed.exitCode, 0, fixed.stderr);
  assert.match(fixed.stdout, /petstore +1\.5\.0 -> 1\.6\.0/);
  assert.is(p.read('.specver/snapshots/petstore@1.5.0.yaml'), released, 'the released snapshot is never rewritten');
  assert.is(p.read('CHANGELOG.md').match(/^## petstore@1\.5\.0$/gm)!.length, 1);
});

test('a CHANGELOG entry alone refuses the version: `## <name>@<version>`, and `## <version>` in fixed mode', async () => {
  const p = project({ 'brave-lion-jump': MINOR });
  p.write('CHANGELOG.md', '# Changelog\n\n## petstore@1.5.0\n2026-01-01\n\n- Released elsewhere\n');
  const before = p.snapshot();
  const r = await version(p, '--no-changelog');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: petstore@1\.5\.0 was already released \(CHANGELOG\.md entry '## petstore@1\.5\.0'\)/);
  assert.equal(p.snapshot(), before);

  const fixed = project({ 'brave-lion-jump': MINOR });
  fixed.write('specver.yaml', fixed.read('specver.yaml').replace('versioning: independent', 'versioning: fixed'));
  fixed.write('.specver/versions.json', JSON.stringify({ versioning: 'fixed', contracts: { 'order-event': '1.4.2', petstore: '1.4.2' } }));
  fixed.write('.specver/snapshots/order-event@1.4.2.json', fixed.read('schemas/order-event.schema.json'));
  fixed.write('CHANGELOG.md', '# Changelog\n\n## 1.5.0\n2026-01-01\n\n- Released elsewhere\n');
  const fixedBefore = fixed.snapshot();
  const f = await version(fixed, '--dry-run');
  assert.is(f.exitCode, 2);
  assert.match(f.stderr, /petstore@1\.5\.0 was already released \(CHANGELOG\.md entry '## 1\.5\.0'\).*\(and 1 more: order-event@1\.5\.0\)/);
  assert.equal(fixed.snapshot(), fixedBefore);
});

test('hasChangelogEntry matches whole heading lines only', () => {
  const text = '# Changelog\r\n\r\n## petstore@1.5.0 \r\n2026-01-01\n## 1.5.0\n';
  assert.ok(hasChangelogEntry(text, 'petstore@1.5.0'));
  assert.ok(hasChangelogEntry(text, '1.5.0'));
  assert.not.ok(hasChangelogEntry(text, 'petstore@1.5'));
  assert.not.ok(hasChangelogEntry(text, 'store@1.5.0'));
  assert.not.ok(hasChangelogEntry('### petstore@1.5.0\n', 'petstore@1.5.0'));
  assert.not.ok(hasChangelogEntry('## petstoreX1.5.0\n', 'petstore@1.5.0'), 'the dot and @ are literal');
});

test('a git tag alone refuses the version inside a git work tree; --no-git runs no git and does not look', async () => {
  const p = project({ 'brave-lion-jump': MINOR });
  // A v-tag names a fixed-mode release: not this contract's in independent mode.
  gitScript(p.dir, [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'init'], ['tag', 'petstore@1.5.0'], ['tag', 'v1.5.0']]);
  const before = p.snapshot();
  const r = await version(p, '--dry-run');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: petstore@1\.5\.0 was already released \(git tag petstore@1\.5\.0\); versions\.json has petstore at 1\.4\.2\n/);
  assert.is((await version(p)).exitCode, 2);
  assert.equal(p.snapshot(), before);
  assert.is(git(p.dir, 'diff', '--cached', '--name-only').trim(), '', 'nothing staged');

  git(p.dir, 'tag', '-d', 'petstore@1.5.0');
  const ok = await version(p, '--dry-run');
  assert.is(ok.exitCode, 0, ok.stderr);

  git(p.dir, 'tag', 'petstore@1.5.0');
  const noGit = await version(p, '--no-git');
  assert.is(noGit.exitCode, 0, noGit.stderr);
});

test('a fixed-mode v<version> tag refuses the shared version', async () => {
  const p = project({ 'brave-lion-jump': '---\n"order-event": minor\n---\n\nAdd status\n' });
  p.write('specver.yaml', p.read('specver.yaml').replace('versioning: independent', 'versioning: fixed'));
  p.write('.specver/versions.json', JSON.stringify({ versioning: 'fixed', contracts: { 'order-event': '1.4.2', petstore: '1.4.2' } }));
  p.write('.specver/snapshots/order-event@1.4.2.json', p.read('schemas/order-event.schema.json'));
  gitScript(p.dir, [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'init'], ['tag', 'v1.5.0']]);
  const r = await version(p);
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /\(git tag v1\.5\.0\)/);
});

test('an interrupted run whose snapshot is already written is still finished (the refusal never blocks recovery)', async () => {
  const p = project({ 'brave-lion-jump': MINOR });
  const config = await loadConfig({ cwd: p.dir });
  const plan = planVersion(await gatherPlanInput(config, { changelog: true, git: false, today: NOW }));
  const killed = new Error('killed');
  // Stop after the snapshot and the changelog are on disk, before versions.json: the journal is left behind.
  await applyPlan(config, plan, {
    snapshotContent: async () => p.read('api/petstore.yaml'),
    onStep: (step) => {
      if (step === 'write versions.json') throw killed;
    },
  }).then(
    () => assert.unreachable('the run was to stop'),
    (error) => assert.is(error, killed),
  );
  assert.ok(p.exists('.specver/snapshots/petstore@1.5.0.yaml'));
  assert.match(p.read('CHANGELOG.md'), /^## petstore@1\.5\.0$/m);
  assert.ok(p.exists('.specver/version-journal.json'));

  const r = await version(p);
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /Finished an interrupted version run/);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '1.5.0');
  assert.not.ok(p.exists('.specver/changesets/brave-lion-jump.md'));
  assert.not.ok(p.exists('.specver/version-journal.json'));
  assert.is(p.read('CHANGELOG.md').match(/^## petstore@1\.5\.0$/gm)!.length, 1);
});

test.run();
