import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.ts';
import { run as runInit } from '../../src/cli/commands/init.ts';
import { CancelledError } from '../../src/errors.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { terminal } from '../helpers/terminal.ts';
import { emptyProject, fixtureProject } from '../helpers/temp-project.ts';
import { REAL_SPECS } from '../helpers/real-specs.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

test('init on the example project: five contracts with format, kind and version (OpenAPI ones at their info.version); one for the multi-file spec', async () => {
  const project = fixtureProject('petstore');
  const r = await runSpecver(['init'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.stderr, '');
  const lines = r.stdout.trimEnd().split('\n');
  assert.is(lines[0], 'Detected 5 specs:');
  assert.match(lines[1]!, /^\s+OpenAPI 3\.1\s+catalog\s+api\/catalog\/openapi\.yaml \(\+2 referenced files\)  version 2\.3\.0 \(from info\.version\)$/);
  assert.match(lines[2]!, /^\s+OpenAPI 2\.0\s+legacy\s+api\/legacy\.json  version 0\.9\.0 \(from info\.version\)$/);
  assert.match(lines[3]!, /^\s+OpenAPI 3\.0\s+petstore\s+api\/petstore\.yaml  version 1\.0\.0 \(from info\.version\)$/);
  assert.match(lines[4]!, /^\s+JSON Schema draft-07\s+customer\s+schemas\/customer\.schema\.json  version 0\.0\.0$/);
  assert.match(lines[5]!, /^\s+JSON Schema 2020-12\s+order-event\s+schemas\/order-event\.schema\.json  version 0\.0\.0$/);
  assert.equal(lines.slice(6), ['Created specver.yaml', 'Created .specver/', 'Wrote 5 snapshots']);

  const config = await loadConfig({ cwd: project.dir });
  assert.equal(config.contracts.map((c) => [c.name, c.format, c.path]), [
    ['catalog', 'openapi', 'api/catalog/openapi.yaml'],
    ['legacy', 'openapi', 'api/legacy.json'],
    ['petstore', 'openapi', 'api/petstore.yaml'],
    ['customer', 'json-schema', 'schemas/customer.schema.json'],
    ['order-event', 'json-schema', 'schemas/order-event.schema.json'],
  ]);
  assert.ok(project.read('specver.yaml').startsWith('# yaml-language-server: $schema=./node_modules/specver/schemas/config.schema.json\n'));
  assert.equal(JSON.parse(project.read('.specver/versions.json')), {
    versioning: 'independent',
    contracts: { catalog: '2.3.0', customer: '0.0.0', legacy: '0.9.0', 'order-event': '0.0.0', petstore: '1.0.0' },
  });
  assert.equal(readdirSync(project.path('.specver/snapshots')).sort(), [
    'catalog@2.3.0.yaml',
    'customer@0.0.0.json',
    'legacy@0.9.0.json',
    'order-event@0.0.0.json',
    'petstore@1.0.0.yaml',
  ]);
  // Single-file specs are kept byte for byte; the multi-file one is bundled (no external refs left).
  assert.is(project.read('.specver/snapshots/petstore@1.0.0.yaml'), project.read('api/petstore.yaml'));
  assert.not.match(project.read('.specver/snapshots/catalog@2.3.0.yaml'), /\$ref: \.?\.?\/?schemas\//);
  assert.not.ok([...project.snapshot().keys()].some((file) => file.endsWith('.tmp') || file.endsWith('.lock')));
});

test('init --format json: a document valid against init.schema.json', async () => {
  const project = fixtureProject('petstore');
  const r = await runSpecver(['init', '--format', 'json', '-V', '1.0.0', '--versioning', 'fixed'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('init.schema.json', doc);
  assert.is(doc.versioning, 'fixed');
  assert.is(doc.initialVersion, '1.0.0');
  assert.is(doc.snapshotsWritten, 5);
  assert.equal(doc.contracts[0].parts, ['api/catalog/schemas/price.yaml', 'api/catalog/schemas/product.yaml']);
  assert.equal(doc.contracts.map((c: { kind: string }) => c.kind), ['OpenAPI 3.1', 'OpenAPI 2.0', 'OpenAPI 3.0', 'JSON Schema draft-07', 'JSON Schema 2020-12']);
  assert.is(doc.contracts[2].snapshot, '.specver/snapshots/petstore@1.0.0.yaml');
  assert.match(project.read('specver.yaml'), /\nversioning: fixed\n/);
  assert.is(JSON.parse(project.read('.specver/versions.json')).versioning, 'fixed');
  const asJson = await runSpecver(['init', '--json', '--force'], { cwd: project.dir });
  assertValidOutput('init.schema.json', asJson.json());
});

test('init on the DigitalOcean real spec: one contract, bundled into one snapshot', async () => {
  const project = emptyProject();
  cpSync(join(REAL_SPECS, 'openapi/digitalocean/2020-09-14'), project.dir, { recursive: true });
  const r = await runSpecver(['init', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assert.equal(doc.contracts.map((c: { path: string }) => c.path), ['DigitalOcean-public.v2.yaml']);
  assert.equal(readdirSync(project.path('.specver/snapshots')), [`${doc.contracts[0].name}@0.0.0.yaml`]);
});

test('init twice: exit 2 with a --force hint, nothing changed; --force keeps versions, snapshots and settings', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init', '-V', '1.0.0'], { cwd: project.dir })).exitCode, 0);
  project.write('.specver/snapshots/old@9.9.9.yaml', 'openapi: 3.0.0\n');
  project.write('specver.yaml', `${project.read('specver.yaml')}lint:\n  severity: { info-contact-missing: off } # team choice\n`);
  const versions = JSON.parse(project.read('.specver/versions.json'));
  versions.contracts.petstore = '1.4.2';
  project.write('.specver/versions.json', `${JSON.stringify(versions, null, 2)}\n`);
  project.write('.specver/snapshots/petstore@1.4.2.yaml', project.read('.specver/snapshots/petstore@1.0.0.yaml'));
  const before = project.snapshot();
  const again = await runSpecver(['init'], { cwd: project.dir });
  assert.is(again.exitCode, 2);
  assert.match(again.stderr, /^specver: specver\.yaml already exists\nhint: pass --force/);
  assert.equal(project.snapshot(), before);

  // A new spec appears: --force (without -V) adds it at its info.version and keeps everything else.
  project.write('api/extra.yaml', project.read('api/petstore.yaml').replace(/title: .*/, 'title: Extra').replace(/version: 1\.0\.0/, 'version: 3.1.0'));
  const forced = await runSpecver(['init', '--force'], { cwd: project.dir });
  assert.is(forced.exitCode, 0, forced.stderr);
  assert.match(forced.stdout, /petstore +api\/petstore\.yaml \(kept at 1\.4\.2\)/);
  assert.match(forced.stdout, /extra +api\/extra\.yaml  version 3\.1\.0 \(from info\.version\)/);
  const after = JSON.parse(project.read('.specver/versions.json')).contracts;
  assert.is(after.petstore, '1.4.2');
  assert.is(after.extra, '3.1.0');
  assert.is(after.legacy, '1.0.0');
  assert.match(project.read('specver.yaml'), /info-contact-missing: off \} # team choice/);
  for (const [file, text] of before) if (file.startsWith('.specver/snapshots/')) assert.is(project.read(file), text, `${file} kept`);
  assert.ok(project.exists('.specver/snapshots/extra@3.1.0.yaml'));
});

test('init --force asks before dropping contracts whose spec is gone; refuses without a terminal unless --yes', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  rmSync(project.path('api/legacy.json'));
  const before = project.snapshot();
  const refused = await runSpecver(['init', '--force'], { cwd: project.dir });
  assert.is(refused.exitCode, 2);
  assert.match(refused.stderr, /^specver: this would discard the config entries and versions of contracts whose spec file is gone \(legacy@0\.9\.0\)/);
  assert.match(refused.stderr, /hint: pass --yes/);
  assert.equal(project.snapshot(), before, 'nothing changed');
  const r = await runSpecver(['init', '--force', '--yes', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('init.schema.json', r.json());
  assert.equal(r.json().dropped, [{ name: 'legacy', version: '0.9.0' }]);
  assert.not.ok('legacy' in JSON.parse(project.read('.specver/versions.json')).contracts);
  assert.ok(project.exists('.specver/snapshots/legacy@0.9.0.json'), 'its snapshots stay');
});

test('init --force in a terminal asks before dropping; the default no changes nothing', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  rmSync(project.path('api/legacy.json'));
  const before = project.snapshot();
  const t = terminal(project.dir);
  const done = runInit(t.ctx, { force: true });
  await t.waitFor(/This discards the config entries and versions of contracts whose spec file is[^]*\(legacy@0\.9\.0\)[^]*● No/);
  t.type('\r');
  await done.then(
    () => assert.unreachable('expected a cancel'),
    (error) => assert.instance(error, CancelledError),
  );
  assert.equal(project.snapshot(), before);
});

test('init --force -V restarts every contract at that version once confirmed; without --yes outside a terminal exit 2', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  const before = project.snapshot();
  const refused = await runSpecver(['init', '--force', '-V', '3.0.0'], { cwd: project.dir });
  assert.is(refused.exitCode, 2);
  assert.match(refused.stderr, /^specver: this would discard the version history of catalog@2\.3\.0, customer@0\.0\.0, legacy@0\.9\.0, order-event@0\.0\.0, petstore@1\.0\.0: they restart at 3\.0\.0/);
  assert.match(refused.stderr, /refuses any version that already has one\nhint: pass --yes to confirm\n$/);
  assert.equal(project.snapshot(), before, 'nothing changed');

  const r = await runSpecver(['init', '--force', '-V', '3.0.0', '--yes', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('init.schema.json', doc);
  assert.equal(
    doc.contracts.map((c: { name: string; version: string; resetFrom?: string; kept?: boolean }) => [c.name, c.version, c.resetFrom, c.kept]),
    [
      ['catalog', '3.0.0', '2.3.0', undefined],
      ['legacy', '3.0.0', '0.9.0', undefined],
      ['petstore', '3.0.0', '1.0.0', undefined],
      ['customer', '3.0.0', '0.0.0', undefined],
      ['order-event', '3.0.0', '0.0.0', undefined],
    ],
  );
  assert.equal(Object.values(JSON.parse(project.read('.specver/versions.json')).contracts), ['3.0.0', '3.0.0', '3.0.0', '3.0.0', '3.0.0']);
  for (const [file, text] of before) if (file.startsWith('.specver/snapshots/')) assert.is(project.read(file), text, `${file} stays`);
  assert.is(project.read('.specver/snapshots/petstore@3.0.0.yaml'), project.read('api/petstore.yaml'));

  // Text: the table says where each version came from.
  const again = await runSpecver(['init', '--force', '-V', '4.0.0', '--yes'], { cwd: project.dir });
  assert.is(again.exitCode, 0, again.stderr);
  assert.match(again.stdout, /petstore +api\/petstore\.yaml  version 4\.0\.0 \(reset from 3\.0\.0\)\n/);
  assert.match(again.stdout, /\nUpdated specver\.yaml\n/);
});

test('init --force -V in a terminal asks first; the default no changes nothing', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  const before = project.snapshot();
  const t = terminal(project.dir);
  const done = runInit(t.ctx, { force: true, initialVersion: '3.0.0' });
  await t.waitFor(/This discards the version history of catalog@2\.3\.0,[^]*restart at 3\.0\.0[^]*● No/);
  t.type('\r');
  await done.then(
    () => assert.unreachable('expected a cancel'),
    (error) => assert.instance(error, CancelledError),
  );
  assert.equal(project.snapshot(), before);
});

test('init --force -V to a version a contract already released is refused: exit 2 naming the snapshot, nothing changed', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  // legacy was released once more since: 0.9.0 stays a released version.
  project.write('.specver/snapshots/legacy@0.10.0.json', project.read('.specver/snapshots/legacy@0.9.0.json'));
  const versions = JSON.parse(project.read('.specver/versions.json'));
  versions.contracts.legacy = '0.10.0';
  project.write('.specver/versions.json', `${JSON.stringify(versions, null, 2)}\n`);
  const before = project.snapshot();
  const r = await runSpecver(['init', '--force', '-V', '0.9.0', '--yes'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: \.specver\/snapshots\/legacy@0\.9\.0\.json: legacy@0\.9\.0 already has a snapshot: a released version is never started again\nhint: pass a -V above legacy's latest release, or run init --force without -V/);
  assert.equal(project.snapshot(), before);
});

test('init -V overrides info.version for every contract; a spec whose info.version is no semantic version starts at 0.0.0', async () => {
  const project = fixtureProject('petstore');
  project.write('api/petstore.yaml', project.read('api/petstore.yaml').replace(/version: 1\.0\.0/, 'version: v1'));
  const r = await runSpecver(['init', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('init.schema.json', r.json());
  const pet = r.json().contracts.find((c: { name: string }) => c.name === 'petstore');
  assert.is(pet.version, '0.0.0');
  assert.is(pet.fromInfoVersion, undefined);
  assert.is(r.json().contracts.find((c: { name: string }) => c.name === 'catalog').fromInfoVersion, true);

  const other = fixtureProject('petstore');
  const v = await runSpecver(['init', '-V', '5.0.0', '--json'], { cwd: other.dir });
  assert.is(v.exitCode, 0, v.stderr);
  assert.equal([...new Set(v.json().contracts.map((c: { version: string }) => c.version))], ['5.0.0']);
  assert.not.ok(v.json().contracts.some((c: { fromInfoVersion?: boolean }) => c.fromInfoVersion));
});

test('init --versioning fixed without -V: every contract shares the highest info.version', async () => {
  const project = fixtureProject('petstore');
  const r = await runSpecver(['init', '--versioning', 'fixed'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal([...new Set(Object.values(JSON.parse(project.read('.specver/versions.json')).contracts))], ['2.3.0']);
});

test('an invalid initial version: exit 2, nothing written', async () => {
  const project = fixtureProject('petstore');
  const before = project.snapshot();
  for (const version of ['1.0', 'v1.0.0', 'latest']) {
    const r = await runSpecver(['init', '-V', version], { cwd: project.dir });
    assert.is(r.exitCode, 2);
    assert.match(r.stderr, new RegExp(`invalid initial version '${version}'`));
  }
  assert.equal(project.snapshot(), before);
});

test('a spec with a broken $ref fails the whole init: exit 2, nothing written', async () => {
  const project = fixtureProject('petstore');
  project.write('api/broken.yaml', "openapi: 3.0.0\ninfo: {title: b, version: '1'}\npaths:\n  /x:\n    $ref: './missing.yaml'\n");
  const before = project.snapshot();
  const r = await runSpecver(['init'], { cwd: project.dir });
  assert.is(r.exitCode, 2, r.stderr);
  assert.match(r.stderr, /missing\.yaml/);
  assert.equal(project.snapshot(), before);
});

test('no spec found: writes a config with no contracts and says so', async () => {
  const project = emptyProject();
  project.write('README.md', '# nothing here\n');
  const r = await runSpecver(['init'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^No OpenAPI or JSON Schema files found\.\nCreated specver\.yaml with no contracts \(add one with: specver contract add <path>\)\n/);
  assert.match(r.stdout, /Wrote 0 snapshots at 0\.0\.0\n$/);
  assert.equal((await loadConfig({ cwd: project.dir })).contracts, []);
  assert.equal(JSON.parse(project.read('.specver/versions.json')), { versioning: 'independent', contracts: {} });
});

test('--dir scans and initialises another directory', async () => {
  const project = emptyProject();
  cpSync(fixtureProject('petstore').dir, project.path('repo'), { recursive: true });
  const r = await runSpecver(['init', '--dir', 'repo', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.ok(project.exists('repo/specver.yaml'));
  assert.is(r.json().contracts.length, 5);
  const missing = await runSpecver(['init', '--dir', 'nope'], { cwd: project.dir });
  assert.is(missing.exitCode, 2);
  assert.match(missing.stderr, /--dir nope: no such directory/);
});

test('-c puts the config where it says and scans its directory', async () => {
  const project = emptyProject();
  cpSync(fixtureProject('petstore').dir, project.path('repo'), { recursive: true });
  const r = await runSpecver(['init', '-c', 'repo/specver.yaml', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.json().contracts.length, 5);
  assert.ok(project.exists('repo/.specver/versions.json'));
  const outside = await runSpecver(['init', '-c', 'repo/api/specver.yaml', '--dir', 'repo'], { cwd: project.dir });
  assert.is(outside.exitCode, 2);
  assert.match(outside.stderr, /is outside the project root/);
});

test('a held lock makes init exit 2 without writing anything', async () => {
  const project = fixtureProject('petstore');
  project.write('.specver/.lock', JSON.stringify({ pid: process.pid, createdAt: '2026-01-01T00:00:00.000Z' }));
  const before = project.snapshot();
  const r = await runSpecver(['init'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /another specver run holds the lock \.specver\/\.lock \(pid \d+/);
  assert.equal(project.snapshot(), before);
});

test('fixtures/projects/petstore-initialised is what init -V 1.0.0 makes of the example project', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init', '-V', '1.0.0'], { cwd: project.dir })).exitCode, 0);
  const expected = fixtureProject('petstore-initialised').snapshot();
  const actual = project.snapshot();
  for (const [file, content] of expected) {
    if (file === 'README.md') continue;
    assert.is(actual.get(file), content, `${file} differs: regenerate the fixture (see its README)`);
  }
  assert.equal([...actual.keys()].sort(), [...expected.keys()].sort());
});

test('spec-looking files that cannot be used are skipped with a warning', async () => {
  const project = emptyProject();
  project.write('old.yaml', 'swagger: "1.2"\n');
  project.write('broken.yaml', 'openapi: [\n');
  project.write('ok.yaml', 'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {}\n');
  project.write('tsconfig.json', '{"compilerOptions": {}}');
  const r = await runSpecver(['init'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^Detected 1 spec:\n\s+OpenAPI 3\.0\s+ok\s+ok\.yaml  version 0\.0\.0\n/);
  assert.match(r.stderr, /^specver: warning: skipped broken\.yaml:2: invalid YAML/m);
  assert.match(r.stderr, /^specver: warning: skipped old\.yaml: unsupported Swagger version 1\.2/m);
  assert.is(r.stderr.trimEnd().split('\n').length, 2);
});

test.run();
