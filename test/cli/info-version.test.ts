/** `version` keeps OpenAPI specs' info.version in step with the release (syncInfoVersion, default on). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSpecver } from '../helpers/run-cli.ts';
import { fixtureProject, type TempProject } from '../helpers/temp-project.ts';

const NOW = new Date('2026-05-06T10:00:00Z');
const cli = (p: TempProject, ...args: string[]) => runSpecver(args, { cwd: p.dir, now: NOW });

async function released(config = ''): Promise<{ p: TempProject; before: Record<string, string> }> {
  const p = fixtureProject('petstore');
  assert.is((await cli(p, 'init', '-V', '1.0.0')).exitCode, 0);
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
  assert.match(dry.stdout, /\[dry-run\] info\.version: api\/petstore\.yaml -> 2\.0\.0\n/);
  assert.match(dry.stdout, /\[dry-run\] info\.version: api\/legacy\.json -> 1\.1\.0\n/);
  assert.match(dry.stdout, /\[dry-run\] info\.version: api\/catalog\/openapi\.yaml -> 1\.0\.1\n/);
  assert.not.match(dry.stdout, /info\.version: schemas\//);
  assert.is(p.read('api/petstore.yaml'), before['api/petstore.yaml'], 'dry-run writes nothing');

  const r = await cli(p, 'version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(changedLines(before['api/petstore.yaml']!, p.read('api/petstore.yaml')).map((l) => l.trim().replace(/["']/g, '')), ['version: 2.0.0']);
  assert.equal(changedLines(before['api/legacy.json']!, p.read('api/legacy.json')).map((l) => l.replace(/.*"version"\s*:\s*/, '').replace(/,$/, '')), ['"1.1.0"']);
  assert.equal(changedLines(before['api/catalog/openapi.yaml']!, p.read('api/catalog/openapi.yaml')).map((l) => l.trim().replace(/["']/g, '')), ['version: 1.0.1']);
  assert.is(p.read('schemas/order-event.schema.json'), before['schemas/order-event.schema.json'], 'JSON Schemas are never edited');
  assert.match(p.read('.specver/snapshots/petstore@2.0.0.yaml'), /\n  version: "?2\.0\.0"?\n/, 'the snapshot has the new version');
  const diff = await cli(p, 'diff');
  assert.not.match(diff.stdout, /info\.version changed/, diff.stdout);
  assert.match(diff.stdout, /No changes in 5 contracts\n$/);
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
