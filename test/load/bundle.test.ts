import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleSpec } from '../../src/load/bundle.ts';
import { loadSpec, loadSpecFromText } from '../../src/load/load.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';
import { REAL_SPECS } from '../helpers/real-specs.ts';

const SPECS = join(FIXTURES, 'specs');

/** Deep equality that follows cycles (two resolved documents compared node by node). */
function sameShape(a: unknown, b: unknown, seen = new Map<object, object>()): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  // A discriminator mapping names its schemas by file as written and by their place in the bundle.
  if (isDiscriminator(a) && isDiscriminator(b)) {
    const { mapping: ma, ...restA } = a as any;
    const { mapping: mb, ...restB } = b as any;
    return sameShape(Object.keys(ma).sort(), Object.keys(mb).sort()) && sameShape(restA, restB, seen);
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameShape((a as any)[key], (b as any)[key], seen));
}

const isDiscriminator = (value: object) => typeof (value as any).propertyName === 'string' && typeof (value as any).mapping === 'object' && (value as any).mapping !== null;

async function assertRoundTrip(path: string, projectRoot: string, ext: string) {
  const original = await loadSpec(path, { projectRoot });
  const bundle = await bundleSpec(path, { projectRoot });
  assert.is(bundle.ext, ext);
  // The bundle is read on its own, from a directory with no other files.
  const alone = emptyProject();
  const reloaded = await loadSpecFromText(bundle.text, alone.path(`bundle.${bundle.ext}`), { projectRoot: alone.dir });
  assert.is(reloaded.files.size, 1, 'self-contained');
  assert.ok(sameShape(original.document, reloaded.document), 'same resolved document');
  return bundle;
}

test('a single-file spec is snapshotted byte for byte', async () => {
  for (const [file, ext] of [['openapi-3.0.yaml', 'yaml'], ['openapi-3.0.json', 'json'], ['bom.json', 'json'], ['crlf.yaml', 'yaml']]) {
    const bundle = await bundleSpec(file, { projectRoot: SPECS });
    assert.is(bundle.text, readFileSync(join(SPECS, file), 'utf8'), file);
    assert.is(bundle.ext, ext);
  }
  const project = emptyProject();
  project.write('api/spec.yml', 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n');
  assert.equal(await bundleSpec('api/spec.yml', { projectRoot: project.dir }), { text: 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n', ext: 'yml' });
});

test('the multi-file fixture bundles into one document that resolves the same', async () => {
  const bundle = await assertRoundTrip('api/petstore.yaml', join(SPECS, 'multi-file'), 'yaml');
  assert.not.match(bundle.text, 'Error.yaml');
  assert.match(bundle.text, /\$ref: "?#\//);
});

test('a circular in-document spec round-trips unchanged', async () => {
  await assertRoundTrip('circular.yaml', SPECS, 'yaml');
});

test('the petstore-separate real spec bundles and round-trips', async () => {
  for (const label of ['2015-06-04', '2016-03-08', '2018-02-08']) {
    await assertRoundTrip(`openapi/oai-petstore-separate-2.0/${label}/spec/swagger.yaml`, REAL_SPECS, 'yaml');
  }
});

test('a multi-file JSON spec bundles to 2-space JSON with a trailing newline', async () => {
  const project = emptyProject();
  project.write('api/spec.json', JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { $ref: './a.json' }, B: { $ref: './a.json#/properties/x' } } } }));
  project.write('api/a.json', JSON.stringify({ type: 'object', properties: { x: { type: 'string' }, self: { $ref: '#' } } }));
  const bundle = await assertRoundTrip('api/spec.json', project.dir, 'json');
  assert.ok(bundle.text.endsWith('}\n'));
  const parsed = JSON.parse(bundle.text);
  assert.is(parsed.components.schemas.A.type, 'object');
  assert.equal(parsed.components.schemas.B, { $ref: '#/components/schemas/A/properties/x' });
  assert.equal(parsed.components.schemas.A.properties.self, { $ref: '#/components/schemas/A' });
  assert.match(bundle.text, '\n  "openapi"');
});

test('refs.map targets are bundled in; unmapped URL refs stay as written', async () => {
  const root = join(SPECS, 'refs-map');
  const refsMap = { 'https://schemas.example.com/': join(root, 'vendor') };
  const bundle = await bundleSpec('api/spec.yaml', { projectRoot: root, refsMap });
  assert.not.match(bundle.text, 'https://schemas.example.com');
  assert.match(bundle.text, 'currency');
  const unmapped = await bundleSpec('http-ref.yaml', { projectRoot: SPECS });
  assert.is(unmapped.text, readFileSync(join(SPECS, 'http-ref.yaml'), 'utf8'));
});

test('a $ref with siblings whose target is a $ref into a third file bundles self-contained', async () => {
  const project = emptyProject();
  project.write('api/spec.yaml', [
    'openapi: 3.1.0',
    'info: {title: t, version: "1"}',
    'paths: {}',
    'components:',
    '  schemas:',
    '    Validator: {$ref: "./types/validator.yaml#/Validator"}',
    '    Amount: {$ref: "./types/validator.yaml#/Validator/properties/balance", description: Amount in Gwei.}',
  ].join('\n'));
  project.write('api/types/validator.yaml', [
    'Validator:',
    '  type: object',
    '  properties:',
    '    balance: {$ref: "../primitive.yaml#/Uint64", description: Balance at stake.}',
    '    limit: {$ref: "../primitive.yaml#/Uint64"}',
    '    chained: {$ref: "#/Alias", description: Through an alias.}',
    'Alias: {$ref: "../primitive.yaml#/Uint64", title: alias}',
  ].join('\n'));
  project.write('api/primitive.yaml', 'Uint64: {type: string, pattern: "^[0-9]+$"}\n');
  const bundle = await assertRoundTrip('api/spec.yaml', project.dir, 'yaml');
  assert.not.match(bundle.text, 'primitive.yaml');
  assert.not.match(bundle.text, 'Alias');
});

test('digitalocean (250 files) bundles and round-trips', async () => {
  const bundle = await assertRoundTrip('openapi/digitalocean/2020-09-14/DigitalOcean-public.v2.yaml', REAL_SPECS, 'yaml');
  // Its discriminator mappings name schema files; in the bundle they point inside it.
  assert.not.match(bundle.text, /^\s+\w+: (?:models\/|'models\/)\S*\.yml/m);
});

test.run();
