import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { readPre, readVersions, removePre, writePre, writeVersions } from '../../src/store/state.ts';
import { emptyProject } from '../helpers/temp-project.ts';

test('versions.json round-trips as 2-space JSON with a trailing newline, names sorted', async () => {
  const project = emptyProject();
  assert.is(await readVersions(project.dir), undefined);
  await writeVersions(project.dir, { versioning: 'independent', contracts: { petstore: '1.2.0', 'order-event': '0.1.0-beta.0' } });
  assert.is(
    project.read('.specver/versions.json'),
    '{\n  "versioning": "independent",\n  "contracts": {\n    "order-event": "0.1.0-beta.0",\n    "petstore": "1.2.0"\n  }\n}\n',
  );
  assert.equal(await readVersions(project.dir), { versioning: 'independent', contracts: { 'order-event': '0.1.0-beta.0', petstore: '1.2.0' } });
});

const NONSENSE: [string, string, RegExp][] = [
  ['not JSON', 'versions: yes', /\.specver\/versions\.json is not valid JSON/],
  ['a list', '[]', /\.specver\/versions\.json is not a valid specver state file: must be object/],
  ['no contracts', '{"versioning":"fixed"}', /missing required field 'contracts'/],
  ['not a version', '{"versioning":"fixed","contracts":{"a":"one"}}', /must match pattern .* at \/contracts\/a/],
  ['bad contract name', '{"versioning":"fixed","contracts":{"../a":"1.0.0"}}', /not a valid specver state file/],
  ['unknown mode', '{"versioning":"loose","contracts":{}}', /must be one of "independent", "fixed" at \/versioning/],
];

for (const [what, text, message] of NONSENSE) {
  test(`versions.json nonsense (${what}): ConfigError naming the file, with a hint`, async () => {
    const project = emptyProject();
    project.write('.specver/versions.json', text);
    try {
      await readVersions(project.dir);
      assert.unreachable('should fail');
    } catch (error) {
      assert.instance(error, ConfigError);
      assert.is((error as ConfigError).exitCode, 2);
      assert.match((error as ConfigError).message, message);
      assert.match((error as ConfigError).hint!, /version control/);
    }
  });
}

test('pre.json round-trips; removePre deletes it; nonsense is refused', async () => {
  const project = emptyProject();
  assert.is(await readPre(project.dir), undefined);
  const pre = {
    mode: 'pre' as const,
    tag: 'beta',
    initialVersions: { petstore: '1.0.0' },
    changesets: [{ id: 'brave-otter-swims', bumps: { petstore: 'minor' as const } }],
  };
  await writePre(project.dir, pre);
  assert.ok(project.read('.specver/pre.json').endsWith('}\n'));
  assert.equal(await readPre(project.dir), pre);
  assert.is(await removePre(project.dir), true);
  assert.is(await readPre(project.dir), undefined);
  project.write('.specver/pre.json', '{"mode":"maybe","tag":"beta","initialVersions":{},"changesets":[]}');
  try {
    await readPre(project.dir);
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as ConfigError).message, /\.specver\/pre\.json is not a valid specver state file/);
  }
});

test.run();
