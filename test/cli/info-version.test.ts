/** `version` keeps OpenAPI specs' info.version in step with the release (syncInfoVersion, default on). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSpecver } from '../helpers/run-cli.ts';
import { fixtureProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const NOW = new Date('2026-05-06T10:00:00Z');
const cli = (p: TempProject, ...args: string[]) => runSpecver(args, { cwd: p.dir, now: NOW });

async function released(config = ''): Promise<{ p: TempProject; before: Record<string, string> }> {
  const p = fixtureProject('petstore');
  // Each OpenAPI contract starts at its info.version: petstore 1.0.0, legacy 0.9.0, catalog 2.3.0.
  assert.is((await cli(p, 'init')).exitCode, 0);
  if (config) p.write('specver.yaml', `${p.read('specver.yaml')}${config}`);
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": major\n"legacy": minor\n"catalog": patch\n"order-event": minor\n---\n\nRelease\n');
  const before: Record<string, string> = {};
  for (const file of ['api/petstore.yaml', 'api/legacy.json', 'api/catalog/openapi.yaml', 'schemas/order-event.schema.json']) before[file] = p.read(file);
  return { p, before };
}

/** The lines of `after` that differ from `before` (same line count expected). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  assert.is(b.length, a.length, 'no line added or removed');
  return b.filter((line, i) => line !== a[i]);
}

test('version writes the new version into each released OpenAPI spec (YAML, JSON, multi-file root), before the snapshot', async () => {
  const { p, before } = await released();
  const dry = await cli(p, 'version', '--dry-run');
  assert.is(dry.exitCode, 0, dry.stderr);
  assert.match(dry.stdout, /\[dry-run\] info\.version 1\.0\.0 -> 2\.0\.0  api\/petstore\.yaml\n/);
  assert.match(dry.stdout, /\[dry-run\] info\.version 0\.9\.0 -> 0\.10\.0  api\/legacy\.json\n/);
  assert.match(dry.stdout, /\[dry-run\] info\.version 2\.3\.0 -> 2\.3\.1  api\/catalog\/openapi\.yaml\n/);
  assert.not.match(dry.stdout, /info\.version.*schemas\//);
  assert.is(p.read('api/petstore.yaml'), before['api/petstore.yaml'], 'dry-run writes nothing');

  const r = await cli(p, 'version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(changedLines(before['api/petstore.yaml']!, p.read('api/petstore.yaml')).map((l) => l.trim().replace(/["']/g, '')), ['version: 2.0.0']);
  assert.equal(changedLines(before['api/legacy.json']!, p.read('api/legacy.json')).map((l) => l.replace(/.*"version"\s*:\s*/, '').replace(/,$/, '')), ['"0.10.0"']);
  assert.equal(changedLines(before['api/catalog/openapi.yaml']!, p.read('api/catalog/openapi.yaml')).map((l) => l.trim().replace(/["']/g, '')), ['version: 2.3.1']);
  assert.is(p.read('schemas/order-event.schema.json'), before['schemas/order-event.schema.json'], 'JSON Schemas are never edited');
  assert.match(p.read('.specver/snapshots/petstore@2.0.0.yaml'), /\n  version: "?2\.0\.0"?\n/, 'the snapshot has the new version');
  const diff = await cli(p, 'diff');
  assert.not.match(diff.stdout, /info\.version changed/, diff.stdout);
  assert.match(diff.stdout, /No changes in 5 contracts\n$/);
});

test('a release that would lower info.version is refused: exit 2 naming the spec and the fix, nothing written', async () => {
  const p = fixtureProject('petstore');
  assert.is((await cli(p, 'init', '-V', '0.0.0')).exitCode, 0);
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n"order-event": minor\n---\n\nRelease\n');
  const before = p.snapshot();
  for (const args of [['version', '--dry-run'], ['version']]) {
    const r = await cli(p, ...args);
    assert.is(r.exitCode, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /^specver: releasing petstore@0\.1\.0 would lower info\.version of api\/petstore\.yaml from 1\.0\.0 to 0\.1\.0\n/);
    assert.match(r.stderr, /\nhint: start petstore at 1\.0\.0: 'specver init --force -V 1\.0\.0'.*'specver contract add api\/petstore\.yaml --name petstore'.*syncInfoVersion: false\n$/);
    assert.equal(p.snapshot(), before, `${args.join(' ')} wrote nothing`);
  }
  // syncInfoVersion: false: the spec is not written, so nothing is lowered.
  p.write('specver.yaml', `${p.read('specver.yaml')}syncInfoVersion: false\n`);
  assert.is((await cli(p, 'version', '--dry-run')).exitCode, 0);
});

test('version --dry-run --json lists each info.version edit with the value it replaces (valid against the schema)', async () => {
  const { p } = await released();
  const r = await cli(p, 'version', '--dry-run', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('version-plan.schema.json', r.json());
  assert.equal(r.json().infoVersions, [
    { contract: 'catalog', path: 'api/catalog/openapi.yaml', from: '2.3.0', to: '2.3.1' },
    { contract: 'legacy', path: 'api/legacy.json', from: '0.9.0', to: '0.10.0' },
    { contract: 'petstore', path: 'api/petstore.yaml', from: '1.0.0', to: '2.0.0' },
  ]);
});

test('syncInfoVersion: false leaves the specs alone', async () => {
  const { p, before } = await released('syncInfoVersion: false\n');
  const dry = await cli(p, 'version', '--dry-run');
  assert.not.match(dry.stdout, /info\.version/);
  const r = await cli(p, 'version');
  assert.is(r.exitCode, 0, r.stderr);
  for (const [file, text] of Object.entries(before)) assert.is(p.read(file), text, file);
});

test.run();
