import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseConfig } from '../../src/config/load-config.ts';
import { ConfigError } from '../../src/errors.ts';
import { findSnapshot, listSnapshots, removeSnapshots, snapshotPath, writeSnapshot } from '../../src/store/snapshots.ts';
import { fixtureProject } from '../helpers/temp-project.ts';

function setup() {
  const project = fixtureProject('petstore');
  const config = parseConfig(
    'contracts:\n  - {name: petstore, format: openapi, path: api/petstore.yaml}\n  - {name: catalog, format: openapi, path: api/catalog/openapi.yaml}\n  - {name: legacy, format: openapi, path: api/legacy.json}\n',
    project.path('specver.yaml'),
  );
  const [petstore, catalog, legacy] = config.contracts as [any, any, any];
  return { project, config, petstore, catalog, legacy };
}

test('snapshotPath: .specver/snapshots/<name>@<version>.<ext of the spec file>', () => {
  const { project, config, petstore, legacy } = setup();
  assert.is(snapshotPath(config, petstore, '1.2.0'), project.path('.specver/snapshots/petstore@1.2.0.yaml'));
  assert.is(snapshotPath(config, legacy, '0.1.0-beta.1'), project.path('.specver/snapshots/legacy@0.1.0-beta.1.json'));
});

test('writeSnapshot: verbatim bytes for a single file, one bundled document for a multi-file spec', async () => {
  const { project, config, petstore, catalog } = setup();
  const file = await writeSnapshot(config, petstore, '1.0.0');
  assert.is(file, project.path('.specver/snapshots/petstore@1.0.0.yaml'));
  assert.is(project.read('.specver/snapshots/petstore@1.0.0.yaml'), project.read('api/petstore.yaml'));
  await writeSnapshot(config, catalog, '2.3.0');
  const bundled = project.read('.specver/snapshots/catalog@2.3.0.yaml');
  assert.match(bundled, /^openapi: 3\.1\.0/);
  assert.not.match(bundled, /schemas\/product\.yaml/);
  assert.ok(bundled.includes('exclusiveMinimum'), 'price.yaml is inlined');
});

test('findSnapshot: the file, or a ConfigError naming the missing file with a recovery hint', async () => {
  const { project, config, petstore } = setup();
  await writeSnapshot(config, petstore, '1.2.0');
  assert.is(findSnapshot(config, petstore, '1.2.0'), project.path('.specver/snapshots/petstore@1.2.0.yaml'));
  try {
    findSnapshot(config, petstore, '1.3.0');
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).message, 'snapshot for petstore@1.3.0 is missing: .specver/snapshots/petstore@1.3.0.yaml');
    assert.match((error as ConfigError).hint!, /git checkout -- \.specver\/snapshots\/petstore@1\.3\.0\.yaml/);
  }
});

test('findSnapshot accepts a snapshot written under another extension (spec renamed)', () => {
  const { project, config, petstore } = setup();
  project.write('.specver/snapshots/petstore@1.0.0.json', '{}');
  assert.is(findSnapshot(config, petstore, '1.0.0'), project.path('.specver/snapshots/petstore@1.0.0.json'));
});

test('listSnapshots: one contract only, semver order; removeSnapshots deletes them', async () => {
  const { project, config } = setup();
  for (const name of ['petstore@1.10.0.yaml', 'petstore@1.2.0.yaml', 'petstore@2.0.0-beta.1.yaml', 'petstore@2.0.0.yaml', 'petstore.v2@1.0.0.yaml', 'petstore@junk.yaml', 'catalog@1.0.0.yaml'])
    project.write(`.specver/snapshots/${name}`, 'x');
  assert.equal((await listSnapshots(config, 'petstore')).map((s) => s.version), ['1.2.0', '1.10.0', '2.0.0-beta.1', '2.0.0']);
  assert.equal(await listSnapshots(config, 'nothing'), []);
  assert.is((await removeSnapshots(config, 'petstore')).length, 4);
  assert.equal((await listSnapshots(config, 'petstore.v2')).map((s) => s.version), ['1.0.0']);
  assert.equal((await listSnapshots(config, 'catalog')).map((s) => s.version), ['1.0.0']);
});

test.run();
