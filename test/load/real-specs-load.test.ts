import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../src/load/load.ts';
import { realSpecsManifest, REAL_SPECS } from '../helpers/real-specs.ts';

test('multi-file DigitalOcean spec loads with every file and no $ref left but URLs', async () => {
  const spec = await loadSpec('openapi/digitalocean/2020-09-14/DigitalOcean-public.v2.yaml', { projectRoot: REAL_SPECS, expectedFormat: 'openapi' });
  assert.is(spec.kind.format, 'openapi');
  assert.ok(spec.files.size > 200, `${spec.files.size} files`);
  const seen = new Set<object>();
  const stack: unknown[] = [spec.document];
  let refs = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (typeof (node as any).$ref === 'string' && !/^https?:/.test((node as any).$ref)) refs++;
    stack.push(...Object.values(node));
  }
  assert.is(refs, 0);
  const volumeAction = spec.document.paths['/volumes/actions'];
  assert.ok(volumeAction.post.responses, 'an operation defined in another file is inlined');
  assert.match(spec.origin(volumeAction.post)!.file, /resources\/volumes\/intitiate_volume_action_by_name\.yml$/);
  assert.is(spec.origin(volumeAction.post)!.pointer, '');
});

test('every beacon-apis version loads (multi-file, 3.0 -> 3.1)', async () => {
  const series = realSpecsManifest().openapi.find((s) => s.name === 'beacon-apis');
  assert.ok(series, 'fixtures/real-specs has the beacon-apis series');
  for (const version of series.versions) {
    const spec = await loadSpec(version.path, { projectRoot: REAL_SPECS });
    assert.ok(spec.files.size > 100, version.path);
    assert.is(spec.kind.format === 'openapi' && spec.kind.declared, version.specVersion);
  }
});

test('asyncapi schemas resolve $id refs to entries of the same file', async () => {
  const spec = await loadSpec('json-schema/asyncapi/2.6.0.json', { projectRoot: REAL_SPECS });
  const info = spec.document.definitions['http://asyncapi.com/definitions/2.6.0/info.json'];
  assert.ok(info, 'the $id entry exists');
  assert.is(spec.document.properties.info, info);
});

// Every real spec loads, as its format, in the passes that diff them (test/helpers/series-checks.ts: fixtures/real-specs
// in the default suite, the shared corpus in test/corpus/).

test.run();
