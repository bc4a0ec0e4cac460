import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renameInChangesetText, renameInConfigText } from '../../src/cli/commands/contract-rename.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

// info.version as initialised (1.0.0): a release never lowers the spec's own version.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 1.0.0');

test('rename keeps everything: config entry (comments, quoting), versions, snapshots, pending changesets, pre.json', async () => {
  const p = emptyProject('specver-rename-');
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir });
  p.write('api/petstore.yaml', SPEC);
  p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  assert.is((await cli('init', '-V', '1.0.0')).exitCode, 0);
  p.write('specver.yaml', p.read('specver.yaml').replace('name: petstore', 'name: petstore # the public API'));
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nAdd\n');
  assert.is((await cli('version', '--no-git')).exitCode, 0);
  assert.is((await cli('pre', 'enter', 'beta')).exitCode, 0);
  p.write('.specver/changesets/calm-otter-sing.md', '---\n"users": patch\npetstore: patch # typo fix\n---\n\nFix\n');
  assert.is((await cli('version', '--no-git')).exitCode, 0);
  p.write('.specver/changesets/eager-fox-run.md', '---\n"users": patch\n"petstore": minor\n---\n\nMore\n');
  const versionsBefore = JSON.parse(p.read('.specver/versions.json')).contracts;

  const r = await cli('contract', 'rename', 'petstore', 'pets', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('contract-rename.schema.json', r.json());
  assert.is(r.json().snapshots, 3);

  assert.match(p.read('specver.yaml'), /name: pets # the public API\n/);
  assert.not.match(p.read('specver.yaml'), /name: petstore/);
  assert.equal(JSON.parse(p.read('.specver/versions.json')).contracts, { pets: versionsBefore.petstore, users: versionsBefore.users });
  assert.equal(readdirSync(p.path('.specver/snapshots')).filter((f) => f.startsWith('pet')).sort(), ['pets@1.0.0.yaml', 'pets@1.1.0.yaml', 'pets@1.1.1-beta.0.yaml']);
  assert.is(p.read('.specver/changesets/eager-fox-run.md'), '---\n"users": patch\n"pets": minor\n---\n\nMore\n');
  const pre = JSON.parse(p.read('.specver/pre.json'));
  assert.equal(Object.keys(pre.initialVersions).sort(), ['pets', 'users']);
  assert.equal(pre.changesets[0].bumps, { users: 'patch', pets: 'patch' });

  // Everything still works under the new name.
  assert.is((await cli('diff', 'pets')).exitCode, 0);
  const status = await cli('status', '--json');
  assert.equal(status.json().problems, []);
  assert.is((await cli('version', '--dry-run')).exitCode, 0);
});

test('rename refuses an unknown, invalid or taken name with nothing changed', async () => {
  const p = emptyProject('specver-rename-bad-');
  p.write('api/petstore.yaml', SPEC);
  p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  const before = p.snapshot();
  for (const [args, message] of [
    [['ghost', 'x'], /unknown contract 'ghost'/],
    [['petstore', '-bad'], /invalid contract name|unknown option/],
    [['petstore', 'users'], /a contract named 'users' already exists/],
    [['petstore', 'bad name'], /invalid contract name "bad name"/],
  ] as const) {
    const r = await runSpecver(['contract', 'rename', ...args], { cwd: p.dir });
    assert.is(r.exitCode, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
  assert.equal(p.snapshot(), before);
});

test('text edits keep quoting and quote names YAML would not read as strings', () => {
  assert.is(renameInConfigText('contracts:\n  - name: "a"\n    format: openapi\n    path: a.yaml\n', 'a', 'b'), 'contracts:\n  - name: "b"\n    format: openapi\n    path: a.yaml\n');
  assert.is(renameInConfigText('contracts:\n  - { name: a, format: openapi, path: a.yaml }\n', 'a', '1.0'), 'contracts:\n  - { name: "1.0", format: openapi, path: a.yaml }\n');
  assert.is(renameInChangesetText("---\n'a': major # why\n---\n", 2, 'a', 'b'), '---\n"b": major # why\n---\n');
});

test.run();
