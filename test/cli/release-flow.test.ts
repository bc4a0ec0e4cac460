/**
 * The CI workflow of the spec, end to end in a temp git repository: init, a breaking spec change, the
 * breaking gate (exit 1), changeset --no-interactive, a reviewer's hand edit of the frontmatter, status,
 * version --dry-run (tree unchanged), version (versions, snapshot, CHANGELOG, changeset deleted, staged),
 * and a clean status.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { commitAll, git, gitScript } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';
import { readdirSync, readFileSync } from 'node:fs';

const NOW = new Date('2026-05-06T10:00:00Z');
// init starts petstore at its info.version: 0.0.0, as this flow assumes.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 0.0.0');


test('init -> spec change -> breaking -> changeset -> hand edit -> status -> version --dry-run -> version -> status', async () => {
  const p = emptyProject('specver-flow-');
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir, now: NOW });
  p.write('api/petstore.yaml', SPEC);

  let r = await cli('init');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '0.0.0');
  gitScript(p.dir, [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'init']]);

  // A pull request removes an operation.
  const start = SPEC.indexOf('  /pets/{petId}:');
  p.write('api/petstore.yaml', SPEC.slice(0, start) + SPEC.slice(SPEC.indexOf('components:')));
  r = await cli('breaking');
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /\/pets\/\{petId\}/);

  r = await cli('status');
  assert.is(r.exitCode, 1, 'changes without a changeset');

  r = await cli('changeset', '--no-interactive');
  assert.is(r.exitCode, 0, r.stderr);
  const names = readdirSync(p.path('.specver/changesets')).filter((f) => f.endsWith('.md'));
  assert.is(names.length, 1);
  const file = `.specver/changesets/${names[0]}`;
  assert.match(r.stdout, new RegExp(`Created ${file.replace(/\./g, '\\.')}`));
  assert.match(p.read(file), /^---\n"petstore": major\n---\n\n.*was removed/);

  // A reviewer disagrees and edits the frontmatter by hand: the edit is authoritative.
  p.write(file, p.read(file).replace('"petstore": major', '"petstore": minor'));
  commitAll(p.dir, 'Remove GET /pets/{petId}');
  r = await cli('status');
  assert.is(r.exitCode, 1, 'a lower bump than the changes require');
  assert.match(r.stdout, /petstore {2}0\.0\.0 {2}\(minor pending\) -> 0\.1\.0/);
  assert.match(r.stdout, new RegExp(`${file.replace(/\./g, '\\.')} {2}petstore: minor`));
  assert.match(r.stdout, /declare minor for petstore, but the detected changes require major/);

  // version refuses to release a breaking change under a minor bump, naming the changeset, contract and change.
  r = await cli('version', '--dry-run');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, new RegExp(`^specver: ${file.replace(/\./g, '\\.')}:2: changeset declares minor for petstore, but its changes since petstore@0\.0\.0 require major: GET /pets/\{petId\}`));
  assert.is((await cli('version', '--dry-run', '--allow-downgrade')).exitCode, 0, 'the flag overrides');

  // The reviewer says why in the frontmatter: accepted, with a warning.
  p.write(file, p.read(file).replace('"petstore": minor', '"petstore": minor\n_downgrade-reason: "the operation was never deployed"'));
  commitAll(p.dir, 'Accept the minor bump');
  r = await cli('status');
  assert.is(r.exitCode, 0, r.stdout);

  const before = p.snapshot();
  r = await cli('version', '--dry-run');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /\[dry-run\] {3}petstore {2}0\.0\.0 -> 0\.1\.0/);
  assert.equal(p.snapshot(), before, 'dry-run writes nothing');

  r = await cli('version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, /accepted: the operation was never deployed/);
  assert.match(r.stdout, /Deleted 1 changeset\./);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '0.1.0');
  assert.ok(p.exists('.specver/snapshots/petstore@0.1.0.yaml'));
  assert.not.ok(p.exists(file));
  assert.match(p.read('CHANGELOG.md'), /^# Changelog\n\n## petstore@0\.1\.0\n2026-05-06\n\n### Minor changes\n\n- .*was removed\n$/);
  const staged = git(p.dir, 'diff', '--cached', '--name-only').trim().split('\n').sort();
  assert.equal(staged, [file, '.specver/snapshots/petstore@0.1.0.yaml', '.specver/versions.json', 'CHANGELOG.md', 'api/petstore.yaml'].sort());
  assert.match(p.read('api/petstore.yaml'), /\n  version: "?0\.1\.0"?\n/, 'info.version follows the release');
  assert.is(git(p.dir, 'status', '--porcelain').trim().split('\n').filter((l) => !/^[AMD] /.test(l)).join('\n'), '', 'nothing left unstaged');

  r = await cli('status');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /petstore {2}0\.1\.0 {2}up to date/);
  assert.match(r.stdout, /No pending changesets\./);
  assert.is((await cli('breaking')).exitCode, 0, 'the new snapshot is the base now');
  r = await cli('status', '--format', 'json');
  assert.is(r.exitCode, 0);
  assertValidOutput('status.schema.json', r.json());
  assert.equal(r.json().contracts, [{ name: 'petstore', version: '0.1.0', pending: null, next: null, detected: null }]);
});

test.run();
