import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

function project(): TempProject {
  const p = emptyProject('specver-pre-');
  cpSync(join(FIXTURES, 'changesets/project'), p.dir, { recursive: true });
  return p;
}

const cli = (p: TempProject, ...args: string[]) => runSpecver(args, { cwd: p.dir, now: new Date('2026-05-06T10:00:00Z') });
const addChangeset = (p: TempProject, id: string, bump: string) => p.write(`.specver/changesets/${id}.md`, `---\n"petstore": ${bump}\n---\n\n${id}\n`);
const versionOf = (p: TempProject) => JSON.parse(p.read('.specver/versions.json')).contracts.petstore as string;

test('a whole pre-release cycle: enter beta, minor/patch/major, switch to rc, exit and graduate', async () => {
  const p = project();
  let r = await cli(p, 'pre', 'enter', 'beta');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /Entered pre-release mode with tag 'beta'/);
  assert.equal(JSON.parse(p.read('.specver/pre.json')), {
    mode: 'pre',
    tag: 'beta',
    initialVersions: { 'order-event': '0.9.1', petstore: '1.4.2' },
    changesets: [],
  });

  addChangeset(p, 'one-a-b', 'minor');
  assert.is((await cli(p, 'version')).exitCode, 0);
  assert.is(versionOf(p), '1.5.0-beta.0');
  addChangeset(p, 'two-a-b', 'patch');
  assert.is((await cli(p, 'version')).exitCode, 0);
  assert.is(versionOf(p), '1.5.0-beta.1');
  addChangeset(p, 'three-a-b', 'major');
  assert.is((await cli(p, 'version')).exitCode, 0);
  assert.is(versionOf(p), '2.0.0-beta.0');
  assert.ok(p.exists('.specver/snapshots/petstore@2.0.0-beta.0.yaml'));

  r = await cli(p, 'pre', 'status');
  assert.is(r.exitCode, 0);
  assert.match(r.stdout, /Pre-release mode: on, tag 'beta'/);
  assert.match(r.stdout, /petstore +2\.0\.0-beta\.0 {2}\(cycle started at 1\.4\.2\)/);
  assert.match(r.stdout, /Changesets consumed this cycle \(3\):\n {2}one-a-b {2}petstore: minor\n {4}one-a-b\n {2}two-a-b {2}petstore: patch\n {4}two-a-b\n {2}three-a-b {2}petstore: major\n/);

  r = await cli(p, 'pre', 'enter', 'alpha');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /sorts before the current tag 'beta'/);
  assert.is((await cli(p, 'pre', 'enter', 'beta')).exitCode, 2);

  r = await cli(p, 'pre', 'enter', 'rc');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /Switched the pre-release tag from 'beta' to 'rc'/);
  addChangeset(p, 'four-a-b', 'patch');
  assert.is((await cli(p, 'version')).exitCode, 0);
  assert.is(versionOf(p), '2.0.0-rc.0');
  addChangeset(p, 'five-a-b', 'minor');
  assert.is((await cli(p, 'version')).exitCode, 0);
  assert.is(versionOf(p), '2.0.0-rc.1');

  r = await cli(p, 'pre', 'exit');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, "graduates the pre-release versions:\n  petstore 2.0.0-rc.1 -> 2.0.0\n", 'the real versions, not an example');
  assert.is(JSON.parse(p.read('.specver/pre.json')).mode, 'exit');
  r = await cli(p, 'pre', 'status');
  assert.match(r.stdout, /Pre-release mode: leaving, tag 'rc' \(the next 'specver version' releases the stable versions\)/);
  r = await cli(p, 'status');
  assert.match(r.stdout, /Contracts \(independent, pre-release rc, leaving\):\n {2}petstore +2\.0\.0-rc\.1 +\(stable release pending\) -> 2\.0\.0/);
  r = await cli(p, 'version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /petstore {2}2\.0\.0-rc\.1 -> 2\.0\.0 {2}\(graduation\)/);
  assert.not.match(r.stdout + r.stderr, /Changesets \(0\)|Deleted 0 changesets/, 'a graduation consumes no changeset and says nothing of them');
  assert.is(versionOf(p), '2.0.0');
  assert.not.ok(p.exists('.specver/pre.json'));
  // The stable entry gathers the notes of every changeset of the cycle, by bump.
  assert.match(
    p.read('CHANGELOG.md'),
    /^# Changelog\n\n## petstore@2\.0\.0\n2026-05-06\n\n### Major changes\n\n- three-a-b\n\n### Minor changes\n\n- one-a-b\n- five-a-b\n\n### Patch changes\n\n- two-a-b\n- four-a-b\n\n## petstore@2\.0\.0-rc\.1\n/,
  );
  assert.is((await cli(p, 'pre', 'exit')).exitCode, 2, 'no longer in pre mode');
});

test('a pre.json written before summaries were kept is still read; its changesets are left out of the stable entry', async () => {
  const p = project();
  p.write('.specver/versions.json', '{\n  "versioning": "independent",\n  "contracts": {\n    "petstore": "1.5.0-beta.0",\n    "order-event": "0.9.1"\n  }\n}\n');
  p.write('.specver/pre.json', JSON.stringify({ mode: 'pre', tag: 'beta', initialVersions: { petstore: '1.4.2', 'order-event': '0.9.1' }, changesets: [{ id: 'old-a-b', bumps: { petstore: 'minor' } }] }));
  addChangeset(p, 'new-a-b', 'patch');
  assert.is((await cli(p, 'version')).exitCode, 0);
  assert.is((await cli(p, 'pre', 'exit')).exitCode, 0);
  const r = await cli(p, 'version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(versionOf(p), '1.5.0');
  assert.match(p.read('CHANGELOG.md'), /^# Changelog\n\n## petstore@1\.5\.0\n2026-05-06\n\n### Patch changes\n\n- new-a-b\n\n## petstore@1\.5\.0-beta\.1/);
});

test('fixed versioning: a contract no changeset names shows the shared pending bump, never a graduation', async () => {
  const p = project();
  p.write('specver.yaml', p.read('specver.yaml').replace(/versioning: independent/, 'versioning: fixed'));
  p.write('.specver/versions.json', '{\n  "versioning": "fixed",\n  "contracts": {\n    "petstore": "1.4.2",\n    "order-event": "1.4.2"\n  }\n}\n');
  p.write('.specver/snapshots/order-event@1.4.2.json', p.read('.specver/snapshots/order-event@0.9.1.json'));
  addChangeset(p, 'one-a-b', 'minor');
  const r = await cli(p, 'status');
  assert.match(r.stdout, /petstore +1\.4\.2 +\(minor pending\) -> 1\.5\.0\n {2}order-event +1\.4\.2 +\(minor pending for all contracts\) -> 1\.5\.0/);
  assert.not.match(r.stdout, /graduation/);
});

test('--preid inside pre mode overrides the tag for one run', async () => {
  const p = project();
  await cli(p, 'pre', 'enter', 'beta');
  addChangeset(p, 'one-a-b', 'minor');
  const r = await cli(p, 'version', '--preid', 'next', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.json().releases[0].to, '1.5.0-next.0');
  assert.is(JSON.parse(p.read('.specver/pre.json')).tag, 'beta');
});

test('pre status --format json / pre enter --json validate against the schema', async () => {
  const p = project();
  let r = await cli(p, 'pre', 'status', '--format', 'json');
  assert.is(r.exitCode, 0);
  assertValidOutput('pre-status.schema.json', r.json());
  assert.is(r.json().mode, 'none');
  r = await cli(p, 'pre', 'enter', 'rc', '--json');
  assert.is(r.exitCode, 0);
  assertValidOutput('pre-status.schema.json', r.json());
  assert.equal(r.json().contracts[1], { name: 'order-event', version: '0.9.1', initialVersion: '0.9.1' });
  r = await cli(p, 'pre', 'status', '--json');
  assert.is(r.json().tag, 'rc');
});

test('pre: invalid tag, exit when not in pre mode, status outside pre mode', async () => {
  const p = project();
  const bad = await cli(p, 'pre', 'enter', 'not.valid');
  assert.is(bad.exitCode, 2);
  assert.match(bad.stderr, /invalid pre-release tag/);
  assert.not.ok(p.exists('.specver/pre.json'));
  assert.is((await cli(p, 'pre', 'exit')).exitCode, 2);
  const status = await cli(p, 'pre', 'status');
  assert.match(status.stdout, /Not in pre-release mode/);
});

test('pre exit before any pre-release was released says the next version is stable', async () => {
  const p = project();
  assert.is((await cli(p, 'pre', 'enter', 'beta')).exitCode, 0);
  const r = await cli(p, 'pre', 'exit');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, "no contract holds a pre-release version, so the next 'specver version' releases stable versions");
  assert.not.match(r.stdout, /->/);
});

test.run();
