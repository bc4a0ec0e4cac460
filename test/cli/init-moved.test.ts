/**
 * `init --force` after a spec moved keeps the contract (version, snapshots, settings) at the new path once the
 * user confirms: matched by name, then by content (its latest snapshot), then by identity (info.title, $id).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run as runInit } from '../../src/cli/commands/init.ts';
import { CancelledError } from '../../src/errors.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { terminal } from '../helpers/terminal.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

// init starts petstore at its info.version: 0.0.0, as these cases assume.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 0.0.0');
const SCHEMA = readFileSync(join(FIXTURES, 'changesets/project/schemas/order-event.schema.json'), 'utf8').replace(
  '"title": "OrderEvent",',
  '"$id": "https://example.com/order-event.json",\n  "title": "OrderEvent",',
);

/** A project whose petstore was released at 0.1.0 and order-event at 0.0.0, with a comment on petstore's entry. */
async function released(): Promise<TempProject> {
  const p = emptyProject('specver-init-moved-');
  p.write('api/petstore.yaml', SPEC);
  p.write('schemas/order-event.schema.json', SCHEMA);
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  p.write('specver.yaml', p.read('specver.yaml').replace('name: petstore', 'name: petstore # the public API'));
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nAdd search\n');
  assert.is((await runSpecver(['version', '--no-git'], { cwd: p.dir })).exitCode, 0);
  return p;
}

function move(p: TempProject, from: string, to: string): void {
  mkdirSync(join(p.dir, to, '..'), { recursive: true });
  renameSync(p.path(from), p.path(to));
}

const snapshotFiles = (p: TempProject) => readdirSync(p.path('.specver/snapshots')).sort();

test('a spec moved under the same name: exit 2 naming --yes without a terminal; --yes keeps 0.1.0 and the next release is 0.2.0', async () => {
  const p = await released();
  move(p, 'api/petstore.yaml', 'specs/petstore.yaml');
  const before = p.snapshot();
  const refused = await runSpecver(['init', '--force'], { cwd: p.dir });
  assert.is(refused.exitCode, 2);
  assert.is(
    refused.stderr,
    "specver: the spec of contract petstore@0.1.0 looks moved: api/petstore.yaml is gone, specs/petstore.yaml has the same name\nhint: pass --yes to keep its version and snapshots at the new path, or run 'specver contract move petstore specs/petstore.yaml' first\n",
  );
  assert.equal(p.snapshot(), before, 'nothing written');

  const snapshots = snapshotFiles(p);
  const released010 = p.read('.specver/snapshots/petstore@0.1.0.yaml');
  const r = await runSpecver(['init', '--force', '--yes', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('init.schema.json', doc);
  const pet = doc.contracts.find((c: { name: string }) => c.name === 'petstore');
  assert.equal(pet, { name: 'petstore', format: 'openapi', kind: 'OpenAPI 3.0', path: 'specs/petstore.yaml', version: '0.1.0', snapshot: '.specver/snapshots/petstore@0.1.0.yaml', kept: true, movedFrom: 'api/petstore.yaml' });
  assert.is(doc.dropped, undefined);
  assert.is(doc.snapshotsWritten, 0);
  assert.equal(JSON.parse(p.read('.specver/versions.json')).contracts, { 'order-event': '0.0.0', petstore: '0.1.0' });
  assert.match(p.read('specver.yaml'), /name: petstore # the public API\n\s+format: openapi\n\s+path: specs\/petstore\.yaml\n/);
  assert.equal(snapshotFiles(p), snapshots);
  assert.is(p.read('.specver/snapshots/petstore@0.1.0.yaml'), released010);

  p.write('.specver/changesets/calm-otter-sing.md', '---\n"petstore": minor\n---\n\nMore\n');
  const next = await runSpecver(['version', '--no-git'], { cwd: p.dir });
  assert.is(next.exitCode, 0, next.stderr);
  assert.match(next.stdout, /petstore +0\.1\.0 -> 0\.2\.0/);
  assert.is(p.read('.specver/snapshots/petstore@0.1.0.yaml'), released010, 'the released snapshot is untouched');
  assert.is(p.read('CHANGELOG.md').match(/^## petstore@0\.1\.0$/gm)!.length, 1);
});

test('renamed file, same content as the latest snapshot: kept under its old name; the text report says where from', async () => {
  const p = await released();
  move(p, 'api/petstore.yaml', 'api/pets-v1.yaml');
  const r = await runSpecver(['init', '--force', '--yes'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /petstore +api\/pets-v1\.yaml \(kept at 0\.1\.0, moved from api\/petstore\.yaml\)/);
  assert.not.match(r.stdout, /pets-v1 /, 'no new contract for it');
  assert.equal(JSON.parse(p.read('.specver/versions.json')).contracts, { 'order-event': '0.0.0', petstore: '0.1.0' });
});

test('moved and edited: the same API by info.title (OpenAPI) and $id (JSON Schema)', async () => {
  const p = await released();
  move(p, 'api/petstore.yaml', 'v2/pet-api.yaml');
  p.write('v2/pet-api.yaml', p.read('v2/pet-api.yaml').replace('paths:', 'servers:\n  - url: https://example.com\npaths:'));
  move(p, 'schemas/order-event.schema.json', 'events/order.schema.json');
  p.write('events/order.schema.json', p.read('events/order.schema.json').replace('"title": "OrderEvent"', '"title": "Order event"'));
  const r = await runSpecver(['init', '--force', '--yes', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const byName = Object.fromEntries(r.json().contracts.map((c: { name: string }) => [c.name, c]));
  assert.equal(Object.keys(byName).sort(), ['order-event', 'petstore']);
  assert.is(byName.petstore.path, 'v2/pet-api.yaml');
  assert.is(byName.petstore.version, '0.1.0');
  assert.is(byName['order-event'].path, 'events/order.schema.json');
  assert.is(byName['order-event'].movedFrom, 'schemas/order-event.schema.json');
});

test('no single match (two copies with its title, both edited): nothing is guessed; dropping still needs --yes', async () => {
  const p = await released();
  const edited = p.read('api/petstore.yaml').replace('paths:', 'servers:\n  - url: https://example.com\npaths:');
  rmSync(p.path('api/petstore.yaml'));
  p.write('a/pets-a.yaml', edited);
  p.write('b/pets-b.yaml', edited.replace('https://example.com', 'https://example.org'));
  const refused = await runSpecver(['init', '--force'], { cwd: p.dir });
  assert.is(refused.exitCode, 2);
  assert.match(refused.stderr, /^specver: this would discard the config entries and versions of contracts whose spec file is gone \(petstore@0\.1\.0\)/);
  const r = await runSpecver(['init', '--force', '--yes', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(r.json().dropped, [{ name: 'petstore', version: '0.1.0' }]);
  // The copies are new contracts: each starts at its info.version, which the release of petstore set to 0.1.0.
  assert.equal(JSON.parse(p.read('.specver/versions.json')).contracts, { 'order-event': '0.0.0', 'pets-a': '0.1.0', 'pets-b': '0.1.0' });
});

test('a new spec named like the moved contract (of another format, so no name match) gets a name of its own', async () => {
  const p = await released();
  move(p, 'api/petstore.yaml', 'api/pets-v1.yaml'); // same content: kept as petstore
  p.write('schemas/petstore.schema.json', SCHEMA.replace('https://example.com/order-event.json', 'https://example.com/pet.json'));
  const r = await runSpecver(['init', '--force', '--yes', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const rows = r.json().contracts.map((c: { name: string; path: string; version: string }) => [c.name, c.path, c.version]);
  assert.equal(rows, [
    ['petstore', 'api/pets-v1.yaml', '0.1.0'],
    ['order-event', 'schemas/order-event.schema.json', '0.0.0'],
    ['schemas-petstore', 'schemas/petstore.schema.json', '0.0.0'],
  ]);
});

test('in a terminal: the prompt asks (default yes) and keeps the contract; answering no leads to the drop question', async () => {
  const p = await released();
  move(p, 'api/petstore.yaml', 'specs/petstore.yaml');
  const t = terminal(p.dir);
  const done = runInit(t.ctx, { force: true });
  await t.waitFor(/The spec of petstore@0\.1\.0 moved\? api\/petstore\.yaml is gone;\s[^]*specs\/petstore\.yaml has the same name\.[^]*Keep its version and snapshots[^]*● Yes \/ ○ No/);
  t.type('\r');
  assert.is(await done, 0);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '0.1.0');

  const q = await released();
  move(q, 'api/petstore.yaml', 'specs/petstore.yaml');
  const before = q.snapshot();
  const u = terminal(q.dir);
  const declined = runInit(u.ctx, { force: true });
  await u.waitFor(/Keep its version and snapshots[^]*● Yes/);
  u.type('n'); // answers at once
  await u.waitFor(/This discards the config entries and versions of contracts whose spec file is[^]*\(petstore@0\.1\.0\)/);
  u.type('\r'); // default no
  await declined.then(
    () => assert.unreachable('expected a cancel'),
    (error) => assert.instance(error, CancelledError),
  );
  assert.equal(q.snapshot(), before);
});

test.run();
