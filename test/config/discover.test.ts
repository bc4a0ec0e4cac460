import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { nameFromPath, sanitiseName, uniqueNames } from '../../src/config/contract-names.ts';
import { discoverSpecs, relativeRefTargets } from '../../src/config/discover.ts';
import { CONTRACT_NAME_PATTERN } from '../../src/types.ts';
import { emptyProject, fixtureProject } from '../helpers/temp-project.ts';
import { REAL_SPECS } from '../helpers/real-specs.ts';

test('the example project: five contracts, the multi-file spec once, sorted by path', async () => {
  const project = fixtureProject('petstore');
  const specs = await discoverSpecs(project.dir);
  assert.equal(
    specs.map((s) => [s.name, s.path, s.kind.format, s.kind.format === 'openapi' ? s.kind.version : s.kind.dialect]),
    [
      ['catalog', 'api/catalog/openapi.yaml', 'openapi', '3.1'],
      ['legacy', 'api/legacy.json', 'openapi', '2.0'],
      ['petstore', 'api/petstore.yaml', 'openapi', '3.0'],
      ['customer', 'schemas/customer.schema.json', 'json-schema', 'draft-07'],
      ['order-event', 'schemas/order-event.schema.json', 'json-schema', '2020-12'],
    ],
  );
  assert.equal(specs[0]!.parts, ['api/catalog/schemas/price.yaml', 'api/catalog/schemas/product.yaml']);
});

test('the DigitalOcean multi-file spec is one contract', async () => {
  const project = emptyProject();
  cpSync(join(REAL_SPECS, 'openapi/digitalocean/2020-09-14'), project.dir, { recursive: true });
  const specs = await discoverSpecs(project.dir);
  assert.is(specs.length, 1);
  assert.is(specs[0]!.path, 'DigitalOcean-public.v2.yaml');
  assert.ok(specs[0]!.parts.length > 50);
});

test('skipped directories, hidden directories, unparsable and non-spec files', async () => {
  const project = emptyProject();
  const spec = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n';
  for (const dir of ['node_modules/x', '.git', '.specver/snapshots', 'dist', 'build', '.hidden']) project.write(`${dir}/api.yaml`, spec);
  project.write('broken.yaml', 'openapi: [\n');
  project.write('package.json', '{"name": "x", "scripts": {"openapi": "x"}}');
  project.write('data.yml', 'a: 1\n');
  project.write('src/users.yml', spec);
  const specs = await discoverSpecs(project.dir);
  assert.equal(specs.map((s) => s.path), ['src/users.yml']);
});

test('a schema reached through another schema is part of it; mutual refs keep one', async () => {
  const project = emptyProject();
  project.write('a.schema.json', '{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"b":{"$ref":"b.schema.json#/x"}}}');
  project.write('b.schema.json', '{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"c":{"$ref":"./sub/plain.json"}}}');
  project.write('sub/plain.json', '{"properties":{"d":{"$ref":"../d.schema.json"}}}');
  project.write('d.schema.json', '{"$schema":"http://json-schema.org/draft-07/schema#","type":"string"}');
  project.write('x.schema.json', '{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"y.schema.json"}');
  project.write('y.schema.json', '{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"x.schema.json"}');
  const specs = await discoverSpecs(project.dir);
  assert.equal(specs.map((s) => s.path), ['a.schema.json', 'x.schema.json']);
  assert.equal(specs[0]!.parts, ['b.schema.json', 'd.schema.json', 'sub/plain.json']);
});

test('relativeRefTargets: file refs only (no in-document, URL or URN refs), decoded', () => {
  const data = { a: { $ref: '#/x' }, b: [{ $ref: 'other%20file.yaml#/y' }], c: { $ref: 'https://e.com/s.json' }, d: { $ref: 'urn:x:y' }, e: { $ref: '../up.json' } };
  assert.equal(relativeRefTargets(data, '/p/api/spec.yaml').sort(), ['/p/api/other file.yaml', '/p/up.json']);
});

test('names: from file names, generic names use the directory, always valid', () => {
  assert.is(nameFromPath('api/petstore.yaml'), 'petstore');
  assert.is(nameFromPath('schemas/order-event.schema.json'), 'order-event');
  assert.is(nameFromPath('api/catalog/openapi.yaml'), 'catalog');
  assert.is(nameFromPath('openapi.yaml'), 'openapi');
  assert.is(nameFromPath('my api (v2).yml'), 'my-api-v2');
  assert.is(nameFromPath('__init__.json'), 'init');
  assert.is(nameFromPath('@@@.json'), 'contract');
  assert.is(sanitiseName('x'.repeat(300)).length, 100);
  for (const raw of ['../x', 'a\0b', ' spaced ', '-lead', 'ünïcode']) assert.ok(CONTRACT_NAME_PATTERN.test(sanitiseName(raw)), raw);
});

test('names: clashes get the parent directory as prefix, then a number', () => {
  assert.equal(uniqueNames(['v1/petstore.yaml', 'v2/petstore.yaml']), ['v1-petstore', 'v2-petstore']);
  assert.equal(uniqueNames(['petstore.json', 'petstore.yaml']), ['petstore', 'petstore-2']);
  assert.equal(uniqueNames(['api/petstore.yaml'], ['petstore']), ['api-petstore']);
  assert.equal(uniqueNames(['petstore.yaml'], ['petstore', 'petstore-2']), ['petstore-3']);
});

test.run();
