import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { runRemove } from '../../src/cli/commands/contract.ts';
import { CancelledError } from '../../src/errors.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { terminal } from '../helpers/terminal.ts';
import { emptyProject, FIXTURES, fixtureProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const COMMENTED = readFileSync(join(FIXTURES, 'config/commented.yaml'), 'utf8');

/** The example project with the commented config tracking petstore and order-event at 1.2.0 / 0.3.0. */
async function commentedProject(): Promise<TempProject> {
  const project = fixtureProject('petstore');
  project.write('specver.yaml', COMMENTED);
  project.write('.specver/versions.json', JSON.stringify({ versioning: 'independent', contracts: { petstore: '1.2.0', 'order-event': '0.3.0' } }));
  project.write('.specver/snapshots/petstore@1.1.0.yaml', project.read('api/petstore.yaml'));
  project.write('.specver/snapshots/petstore@1.2.0.yaml', project.read('api/petstore.yaml'));
  project.write('.specver/snapshots/order-event@0.3.0.json', project.read('schemas/order-event.schema.json'));
  return project;
}

test('contract list: table of name, format, path and version', async () => {
  const project = await commentedProject();
  const r = await runSpecver(['contract', 'list'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(
    r.stdout,
    [
      'NAME         FORMAT       PATH                             VERSION',
      'petstore     openapi      api/petstore.yaml                1.2.0',
      'order-event  json-schema  schemas/order-event.schema.json  0.3.0',
      '',
    ].join('\n'),
  );
  const quiet = await runSpecver(['contract', 'list', '-q'], { cwd: project.path('api') });
  assert.not.match(quiet.stdout, /NAME/);
  assert.match(quiet.stdout, /^petstore /);
});

test('a broken config is reported by any command as specver.yaml:LINE with a hint, exit 2', async () => {
  const project = await commentedProject();
  project.write('specver.yaml', COMMENTED.replace('        format: openapi\n', '        format: openapi\n       path: x\n'));
  const yamlError = await runSpecver(['contract', 'list'], { cwd: project.dir });
  assert.is(yamlError.exitCode, 2);
  assert.match(yamlError.stderr, /^specver: specver\.yaml:10: invalid YAML: .*\nhint: fix the YAML syntax of specver\.yaml\n$/);
  project.write('specver.yaml', COMMENTED.replace('name: order-event', 'name: order event'));
  const invalid = await runSpecver(['contract', 'list', '--json'], { cwd: project.path('schemas') });
  assert.is(invalid.exitCode, 2);
  assert.equal(invalid.json().error.code, 2);
  assert.match(invalid.json().error.message, /^\.\.\/specver\.yaml:13: invalid contract name "order event"$/);
  const elsewhere = emptyProject();
  const none = await runSpecver(['contract', 'list'], { cwd: elsewhere.dir });
  assert.is(none.exitCode, 2);
  assert.ok(none.stderr.startsWith(`specver: no specver.yaml found in ${elsewhere.dir} or its parents\nhint: run 'specver init'`), none.stderr);
});

test('contract list --format json / --json validate against the schema', async () => {
  const project = await commentedProject();
  for (const argv of [['contract', 'list', '--format', 'json'], ['contract', 'list', '--json']]) {
    const r = await runSpecver(argv, { cwd: project.dir });
    assert.is(r.exitCode, 0, r.stderr);
    const doc = r.json();
    assertValidOutput('contract-list.schema.json', doc);
    assert.equal(doc.contracts[1], { name: 'order-event', format: 'json-schema', path: 'schemas/order-event.schema.json', compatibility: 'full', version: '0.3.0' });
  }
});

test('contract add: detects the format, keeps the config byte for byte, snapshot at its info.version and a versions entry', async () => {
  const project = await commentedProject();
  const r = await runSpecver(['contract', 'add', 'api/legacy.json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^Added contract legacy \(OpenAPI 2\.0\) api\/legacy\.json at 0\.9\.0 \(from info\.version\)\n/);
  const text = project.read('specver.yaml');
  const marker = 'compatibility: full   # consumers and producers upgrade independently\n';
  const at = COMMENTED.indexOf(marker) + marker.length;
  assert.is(text, `${COMMENTED.slice(0, at)}    -   name: legacy\n        format: openapi\n        path: api/legacy.json\n${COMMENTED.slice(at)}`);
  assert.is(project.read('.specver/snapshots/legacy@0.9.0.json'), project.read('api/legacy.json'));
  assert.equal(JSON.parse(project.read('.specver/versions.json')).contracts, { legacy: '0.9.0', 'order-event': '0.3.0', petstore: '1.2.0' });
});

test('contract add -V / --initial-version starts the contract there; a JSON Schema without -V starts at 0.0.0', async () => {
  const project = await commentedProject();
  const r = await runSpecver(['contract', 'add', 'api/legacy.json', '-V', '4.1.0', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('contract.schema.json', r.json());
  assert.is(r.json().contract.version, '4.1.0');
  assert.is(r.json().contract.versionFrom, 'initial-version');
  assert.ok(project.exists('.specver/snapshots/legacy@4.1.0.json'));
  const schema = await runSpecver(['contract', 'add', 'schemas/customer.schema.json', '--json'], { cwd: project.dir });
  assert.is(schema.exitCode, 0, schema.stderr);
  assertValidOutput('contract.schema.json', schema.json());
  assert.equal([schema.json().contract.version, schema.json().contract.versionFrom], ['0.0.0', 'default']);
  assert.equal(JSON.parse(project.read('.specver/versions.json')).contracts, { customer: '0.0.0', legacy: '4.1.0', 'order-event': '0.3.0', petstore: '1.2.0' });
});

test('contract add from a subdirectory, with --name and --json', async () => {
  const project = await commentedProject();
  const r = await runSpecver(['contract', 'add', 'catalog/openapi.yaml', '--name', 'shop', '--json'], { cwd: project.path('api') });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('contract.schema.json', doc);
  assert.equal(doc, {
    action: 'added',
    contract: { name: 'shop', format: 'openapi', path: 'api/catalog/openapi.yaml', kind: 'OpenAPI 3.1', version: '2.3.0', versionFrom: 'info.version' },
    snapshot: '.specver/snapshots/shop@2.3.0.yaml',
  });
  assert.ok(project.exists('.specver/snapshots/shop@2.3.0.yaml'));
});

test('contract add in fixed versioning starts at the shared version', async () => {
  const project = await commentedProject();
  project.write('specver.yaml', COMMENTED.replace('versioning: independent', 'versioning: fixed'));
  project.write('.specver/versions.json', JSON.stringify({ versioning: 'fixed', contracts: { petstore: '1.2.0', 'order-event': '1.2.0' } }));
  const r = await runSpecver(['contract', 'add', 'schemas/customer.schema.json', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.json().contract.version, '1.2.0');
  assert.is(r.json().contract.compatibility, 'backward');
  assert.ok(project.exists('.specver/snapshots/customer@1.2.0.json'));
  const other = await runSpecver(['contract', 'add', 'api/legacy.json', '-V', '2.0.0'], { cwd: project.dir });
  assert.is(other.exitCode, 2);
  assert.match(other.stderr, /--initial-version 2\.0\.0: in fixed versioning every contract shares the version 1\.2\.0\nhint: drop --initial-version/);
});

const REFUSED: [string, string[], RegExp][] = [
  ['an already tracked file', ['./api/../api/petstore.yaml'], /api\/petstore\.yaml is already tracked as contract 'petstore'/],
  ['a duplicate name', ['api/legacy.json', '--name', 'petstore'], /a contract named 'petstore' already exists/],
  ['an invalid name', ['api/legacy.json', '--name', '../x'], /invalid contract name "\.\.\/x"/],
  ['a name with a space', ['api/legacy.json', '--name', 'my api'], /invalid contract name "my api"/],
  ['a format that disagrees', ['api/legacy.json', '--format', 'json-schema'], /api\/legacy\.json is OpenAPI 2\.0, not json-schema/],
  ['a missing file', ['api/nope.yaml'], /api\/nope\.yaml: no such file/],
  ['a file outside the root', ['../outside.yaml'], /is outside the project root/],
  ['a file that is no spec', ['README.md'], /README\.md is not a spec file \(expected \.yaml, \.yml or \.json\)/],
  ['a YAML file that is no spec', ['notes.yaml'], /notes\.yaml is neither OpenAPI/],
  ['an initial version that is no semantic version', ['api/legacy.json', '-V', 'v1'], /invalid --initial-version 'v1'/],
  ['an initial version too large to count', ['api/legacy.json', '-V', '9007199254740993.0.0'], /invalid --initial-version '9007199254740993\.0\.0': version .* has a number/],
];

for (const [what, args, message] of REFUSED) {
  test(`contract add refuses ${what}: exit 2, nothing written`, async () => {
    const project = await commentedProject();
    project.write('notes.yaml', 'title: meeting notes\n');
    const before = project.snapshot();
    const r = await runSpecver(['contract', 'add', ...args], { cwd: project.dir });
    assert.is(r.exitCode, 2, r.stdout + r.stderr);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /\nhint: /);
    assert.equal(project.snapshot(), before);
  });
}

test('contract add --format json-schema accepts a schema without $schema', async () => {
  const project = await commentedProject();
  project.write('schemas/plain.json', '{"type": "object", "properties": {"a": {"type": "string"}}}\n');
  const refused = await runSpecver(['contract', 'add', 'schemas/plain.json'], { cwd: project.dir });
  assert.is(refused.exitCode, 2);
  const r = await runSpecver(['contract', 'add', 'schemas/plain.json', '--format', 'json-schema'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(project.read('specver.yaml'), /name: plain\n\s+format: json-schema/);
});

test('contract remove: config entry (comments kept), versions entry and every snapshot go once confirmed', async () => {
  const project = await commentedProject();
  const before = project.snapshot();
  const refused = await runSpecver(['contract', 'remove', 'petstore'], { cwd: project.dir });
  assert.is(refused.exitCode, 2, 'no terminal and no --yes');
  assert.match(refused.stderr, /^specver: this would discard the version \S+ and 2 snapshots of contract 'petstore'\nhint: pass --yes to confirm/);
  assert.equal(project.snapshot(), before, 'nothing changed');
  const r = await runSpecver(['contract', 'remove', 'petstore', '--yes'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^Removed contract petstore \(api\/petstore\.yaml\)\nDeleted 2 snapshots/);
  const start = COMMENTED.indexOf('    # The public API');
  const end = COMMENTED.indexOf('    # Events on the bus');
  assert.is(project.read('specver.yaml'), COMMENTED.slice(0, start) + COMMENTED.slice(end));
  assert.equal(JSON.parse(project.read('.specver/versions.json')).contracts, { 'order-event': '0.3.0' });
  assert.equal(readdirSync(project.path('.specver/snapshots')), ['order-event@0.3.0.json']);
  assert.ok(project.exists('api/petstore.yaml'), 'the spec itself stays');
});

test('contract remove in a terminal asks first: the default no changes nothing (exit 4), yes removes', async () => {
  const project = await commentedProject();
  const before = project.snapshot();
  const no = terminal(project.dir);
  const refused = runRemove(no.ctx, 'petstore');
  await no.waitFor(/This discards the version \S+ and 2 snapshots of contract 'petstore'\.\s+(│\s+)?Continue\?[^]*● No/);
  no.type('\r');
  await refused.then(
    () => assert.unreachable('expected a cancel'),
    (error) => assert.instance(error, CancelledError),
  );
  assert.equal(project.snapshot(), before);
  const yes = terminal(project.dir);
  const removed = runRemove(yes.ctx, 'petstore');
  await yes.waitFor(/Continue\?/);
  yes.type('y');
  assert.is(await removed, 0);
  assert.equal(readdirSync(project.path('.specver/snapshots')).filter((f) => f.startsWith('petstore@')), []);
  assert.not.ok('petstore' in JSON.parse(project.read('.specver/versions.json')).contracts);
});

test('contract remove --json validates; an unknown name exits 2 listing the known ones', async () => {
  const project = await commentedProject();
  const unknown = await runSpecver(['contract', 'remove', 'petstor'], { cwd: project.dir });
  assert.is(unknown.exitCode, 2);
  assert.match(unknown.stderr, /unknown contract 'petstor'\nhint: known contracts: petstore, order-event/);
  const r = await runSpecver(['contract', 'remove', 'order-event', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('contract.schema.json', r.json());
  assert.equal(r.json().removedSnapshots, ['.specver/snapshots/order-event@0.3.0.json']);
});

test('add then remove restores the project byte for byte (except the new snapshot dir entries)', async () => {
  const project = await commentedProject();
  const before = project.snapshot();
  assert.is((await runSpecver(['contract', 'add', 'api/legacy.json'], { cwd: project.dir })).exitCode, 0);
  assert.is((await runSpecver(['contract', 'remove', 'legacy', '-y'], { cwd: project.dir })).exitCode, 0);
  const after = project.snapshot();
  assert.is(after.get('specver.yaml'), before.get('specver.yaml'));
  assert.equal([...after.keys()].sort(), [...before.keys()].sort());
});

test('after init, add/list/remove work on the generated config', async () => {
  const project = fixtureProject('petstore');
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  assert.is((await runSpecver(['contract', 'remove', 'catalog', '--yes'], { cwd: project.dir })).exitCode, 0);
  const list = await runSpecver(['contract', 'list', '--json'], { cwd: project.dir });
  assert.equal(list.json().contracts.map((c: { name: string }) => c.name), ['legacy', 'petstore', 'customer', 'order-event']);
  const add = await runSpecver(['contract', 'add', 'api/catalog/openapi.yaml'], { cwd: project.dir });
  assert.is(add.exitCode, 0, add.stderr);
  assert.match(add.stdout, /Added contract catalog/);
});

test('contract remove refuses while a pending changeset names the contract, unless --force', async () => {
  const project = await commentedProject();
  project.write('.specver/changesets/brave-otter-jumps.md', '---\n"petstore": minor\n---\n\nAdd a filter.\n');
  const before = project.snapshot();
  const refused = await runSpecver(['contract', 'remove', 'petstore'], { cwd: project.dir });
  assert.is(refused.exitCode, 2);
  assert.match(refused.stderr, /named by pending changesets: \.specver\/changesets\/brave-otter-jumps\.md/);
  assert.match(refused.stderr, /--force/);
  assert.equal(project.snapshot(), before, 'nothing changed');
  const forced = await runSpecver(['contract', 'remove', 'petstore', '--force', '--yes'], { cwd: project.dir });
  assert.is(forced.exitCode, 0, forced.stderr);
});

test.run();
