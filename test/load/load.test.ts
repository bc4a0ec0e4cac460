import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { loadSpec, loadSpecFromText } from '../../src/load/load.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';

const SPECS = join(FIXTURES, 'specs');

async function loadError(path: string, options: Parameters<typeof loadSpec>[1]): Promise<ConfigError> {
  try {
    await loadSpec(path, options);
  } catch (error) {
    assert.instance(error, ConfigError);
    const config = error as ConfigError;
    assert.is(config.exitCode, 2);
    assert.not.match(config.located, '\n', 'one line');
    return config;
  }
  throw new Error(`${path} loaded without an error`);
}

test('loads OpenAPI and JSON Schema fixtures with their kind and resolved refs', async () => {
  const spec = await loadSpec('openapi-3.0.yaml', { projectRoot: SPECS });
  assert.is(spec.path, join(SPECS, 'openapi-3.0.yaml'));
  assert.equal(spec.kind, { format: 'openapi', version: '3.0', declared: '3.0.3' });
  const pet = spec.document.components.schemas.Pet;
  assert.is(spec.document.paths['/pets'].get.responses['200'].content['application/json'].schema.items, pet);
  assert.is(spec.document.paths['/pets'].post.requestBody.content['application/json'].schema, pet);
  assert.is(spec.files.size, 1);
  assert.is(spec.files.get(spec.path), spec.source);
  // the parsed source keeps the refs as written
  assert.equal((spec.source.data as any).paths['/pets'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/Pet' });

  const schema = await loadSpec('json-schema/draft-04.json', { projectRoot: SPECS, expectedFormat: 'json-schema' });
  assert.equal(schema.kind, { format: 'json-schema', dialect: 'draft-04', declared: 'http://json-schema.org/draft-04/schema#' });
  assert.is(schema.document.properties.items.items, schema.document.definitions.Item);
});

test('origin names the file and pointer a node was written at', async () => {
  const spec = await loadSpec('openapi-3.0.yaml', { projectRoot: SPECS });
  const pet = spec.document.components.schemas.Pet;
  const file = join(SPECS, 'openapi-3.0.yaml');
  assert.equal(spec.origin(pet), { file, pointer: '/components/schemas/Pet' });
  assert.equal(spec.origin(pet.properties.id), { file, pointer: '/components/schemas/Pet/properties/id' });
  assert.equal(spec.origin(spec.document.paths['/pets'].get), { file, pointer: '/paths/~1pets/get' });
  assert.equal(spec.origin(spec.document), { file, pointer: '' });
  assert.is(spec.origin({}), undefined);
  assert.is(spec.source.lineOf(spec.origin(pet.properties.id)!.pointer), 34);
});

test('multi-file refs: relative files, shared targets, origins in the other file', async () => {
  const root = join(SPECS, 'multi-file');
  const spec = await loadSpec('api/petstore.yaml', { projectRoot: root });
  assert.is(spec.files.size, 5);
  const list = spec.document.paths['/pets'].get.responses;
  const one = spec.document.paths['/pets/{id}'].get;
  assert.is(list['200'].content['application/json'].schema, one.responses['200'].content['application/json'].schema, 'Pet.yaml is one object');
  assert.is(list.default, one.responses.default);
  assert.is(list.default.content['application/json'].schema, list['200'].content['application/json'].schema.properties.owner, 'Error.yaml is one object');
  assert.equal(one.parameters[0], { name: 'id', in: 'path', required: true, schema: { type: 'integer' } });
  assert.equal(spec.origin(list.default), { file: join(root, 'common/responses.yaml'), pointer: '/Error' });
  assert.equal(spec.origin(list.default.content['application/json'].schema.properties.code), {
    file: join(root, 'common/Error.yaml'),
    pointer: '/properties/code',
  });
});

test('circular refs stay object cycles', async () => {
  const spec = await loadSpec('circular.yaml', { projectRoot: SPECS });
  const node = spec.document.components.schemas.Node;
  assert.is(node.properties.children.items, node);
  assert.is(node.properties.parent.properties.child, node);
  assert.is(node.properties.parent, spec.document.components.schemas.Parent);
});

test('a $ref with siblings keeps the siblings over the target', async () => {
  const spec = await loadSpec('openapi-3.1.yaml', { projectRoot: SPECS });
  const schema = spec.document.webhooks.newPet.post.requestBody.content['application/json'].schema;
  assert.is(schema.description, 'The new pet');
  assert.equal(schema.type, ['object', 'null']);
  assert.is(schema.properties, spec.document.components.schemas.Pet.properties);
  assert.is(spec.document.components.schemas.Pet.description, 'A pet');
});

test('broken refs name the $ref file:line and the target', async () => {
  const pointer = await loadError('broken/missing-pointer.yaml', { projectRoot: SPECS });
  assert.is(pointer.line, 10);
  assert.match(pointer.located, "broken/missing-pointer.yaml:10: $ref '#/components/schemas/Owner' is broken");
  assert.match(pointer.located, '#/components/schemas/Owner');
  const file = await loadError('broken/missing-file.yaml', { projectRoot: SPECS });
  assert.is(file.line, 7);
  assert.match(file.located, "broken/missing-file.yaml:7: $ref './nowhere/Pet.yaml' cannot be read: file not found (broken/nowhere/Pet.yaml)");
});

test('a ref leaving the project root is refused', async () => {
  const root = join(SPECS, 'escape');
  const error = await loadError('api/spec.yaml', { projectRoot: root });
  assert.is(error.line, 7);
  assert.match(error.located, "api/spec.yaml:7: $ref '../../x.yaml' points outside the project root");
  for (const ref of ['file:///etc/passwd', '/etc/passwd']) {
    const text = `openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: '${ref}'\n`;
    try {
      await loadSpecFromText(text, join(root, 'api/abs.yaml'), { projectRoot: root });
      assert.unreachable('should refuse');
    } catch (caught) {
      assert.instance(caught, ConfigError);
      assert.match((caught as ConfigError).located, `api/abs.yaml:7: $ref '${ref}' points outside the project root`);
    }
  }
});

test('http refs are never fetched: without refs.map they stay { $ref: url }', async () => {
  const urls: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: unknown) => {
    urls.push(String(input));
    throw new Error('network used');
  }) as typeof fetch;
  try {
    const spec = await loadSpec('http-ref.yaml', {
      projectRoot: SPECS,
      readFile: async (file) => {
        assert.ok(file.startsWith(SPECS), `only local files are read (${file})`);
        return readFileSync(file, 'utf8');
      },
    });
    assert.equal(spec.document.components.schemas.Money, { $ref: 'https://schemas.example.com/common/money.yaml#/Money' });
    assert.is(spec.files.size, 1);
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.equal(urls, []);
});

test('refs.map resolves a URL prefix from a local directory, still confined', async () => {
  const root = join(SPECS, 'refs-map');
  const refsMap = { 'https://schemas.example.com/': join(root, 'vendor') };
  const spec = await loadSpec('api/spec.yaml', { projectRoot: root, refsMap });
  assert.is(spec.document.components.schemas.Money.properties.currency.type, 'string');
  assert.equal(spec.origin(spec.document.components.schemas.Money), { file: join(root, 'vendor/common/money.yaml'), pointer: '/Money' });

  const escaping = await loadError('spec.yaml', { projectRoot: join(root, 'api'), refsMap });
  assert.match(escaping.located, 'points outside the project root');
  const text = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: "https://schemas.example.com/../../etc/passwd"\n';
  try {
    await loadSpecFromText(text, join(root, 'api/inline.yaml'), { projectRoot: root, refsMap });
    assert.unreachable('should refuse');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as ConfigError).located, "api/inline.yaml:7: $ref 'https://schemas.example.com/../../etc/passwd' leaves the refs.map directory");
  }
});

test('$id refs resolve inside the file; relative refs under an http $id stay opaque when not vendored', async () => {
  const spec = await loadSpec('json-schema/id-refs.json', { projectRoot: SPECS });
  const info = spec.document.definitions['http://example.com/definitions/info.json'];
  assert.is(spec.document.properties.info, info);
  assert.is(spec.document.properties.tag, info.properties.tag);
  assert.equal(info.properties.tag, { type: 'string' }, '#/definitions inside an embedded resource is relative to it');
  assert.equal(spec.document.properties.remote, { $ref: 'sibling.json' });
});

test('loadSpecFromText reads relative refs through options.readFile', async () => {
  const root = join(SPECS, 'multi-file');
  const read: string[] = [];
  const text = readFileSync(join(root, 'api/petstore.yaml'), 'utf8');
  const spec = await loadSpecFromText(text, join(root, 'api/petstore.yaml'), {
    projectRoot: root,
    readFile: async (file) => {
      read.push(file);
      return readFileSync(file, 'utf8');
    },
  });
  assert.is(spec.files.size, 5);
  assert.is(read.length, 4);
  assert.ok(!read.includes(join(root, 'api/petstore.yaml')));
});

test('missing, unreadable and directory paths are ConfigErrors relative to the project root', async () => {
  const project = emptyProject();
  const missing = await loadError('api/nope.yaml', { projectRoot: project.dir });
  assert.match(missing.located, 'spec file not found: api/nope.yaml');
  project.write('api/dir/keep.txt', 'x');
  assert.match((await loadError('api/dir', { projectRoot: project.dir })).located, 'api/dir is a directory');
  const locked = project.write('api/locked.yaml', 'openapi: 3.0.0\n');
  chmodSync(locked, 0o000);
  try {
    if (process.getuid?.() !== 0) assert.match((await loadError('api/locked.yaml', { projectRoot: project.dir })).located, 'cannot read api/locked.yaml: permission denied');
  } finally {
    chmodSync(locked, 0o644);
  }
});

test('format mismatch and unknown formats are ConfigErrors naming both', async () => {
  const asSchema = await loadError('openapi-3.0.yaml', { projectRoot: SPECS, expectedFormat: 'json-schema' });
  assert.match(asSchema.located, 'openapi-3.0.yaml is OpenAPI 3.0, but its contract is configured as JSON Schema');
  const asApi = await loadError('json-schema/draft-07.json', { projectRoot: SPECS, expectedFormat: 'openapi' });
  assert.match(asApi.located, 'json-schema/draft-07.json is JSON Schema draft-07, but its contract is configured as OpenAPI');
  assert.match((await loadError('unsupported/openapi-4.yaml', { projectRoot: SPECS })).located, 'unsupported/openapi-4.yaml: unsupported OpenAPI version 4.0.0');
  assert.match((await loadError('unsupported/plain.yaml', { projectRoot: SPECS })).located, 'neither OpenAPI');
  assert.match((await loadError('broken/bad-indent.yaml', { projectRoot: SPECS })).located, 'broken/bad-indent.yaml:4: invalid YAML');
});

test('a JSON Schema contract without $schema loads as 2020-12', async () => {
  const project = emptyProject();
  project.write('event.json', '{"type": "object", "properties": {"id": {"type": "string"}}}\n');
  const spec = await loadSpec('event.json', { projectRoot: project.dir, expectedFormat: 'json-schema' });
  assert.equal(spec.kind, { format: 'json-schema', dialect: '2020-12' });
});

test('__proto__ keys survive resolution as own data', async () => {
  const spec = await loadSpec('proto-keys.json', { projectRoot: SPECS });
  const schemas = spec.document.components.schemas;
  assert.is(Object.getPrototypeOf(schemas), Object.prototype);
  assert.ok(Object.hasOwn(schemas, '__proto__'));
  assert.is(schemas.Uses, schemas.__proto__);
  assert.is(schemas.Uses.properties.polluted.type, 'string');
  assert.is(({} as any).polluted, undefined);
});

test('YAML aliases of a $ref object are resolved at every place', async () => {
  const text = [
    'openapi: 3.0.0',
    'info: {title: t, version: "1"}',
    'paths: {}',
    'components:',
    '  schemas:',
    '    A: {type: string}',
    '    B: &toA',
    '      $ref: "#/components/schemas/A"',
    '    C: *toA',
    '    D:',
    '      <<: {type: object}',
    '      description: merged',
    '',
  ].join('\n');
  const spec = await loadSpecFromText(text, join(SPECS, 'aliases.yaml'), { projectRoot: SPECS });
  const schemas = spec.document.components.schemas;
  assert.is(schemas.B, schemas.A);
  assert.is(schemas.C, schemas.A);
  assert.equal(schemas.D, { type: 'object', description: 'merged' });
});

test('ref chains end at the value; a chain that never does is refused', async () => {
  const base = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n';
  const chained = await loadSpecFromText(`${base}    A: {$ref: '#/components/schemas/B'}\n    B: {$ref: '#/components/schemas/C'}\n    C: {type: integer}\n`, join(SPECS, 'chain.yaml'), { projectRoot: SPECS });
  assert.is(chained.document.components.schemas.A, chained.document.components.schemas.C);
  try {
    await loadSpecFromText(`${base}    A: {$ref: '#/components/schemas/B'}\n    B: {$ref: '#/components/schemas/A'}\n`, join(SPECS, 'loop.yaml'), { projectRoot: SPECS });
    assert.unreachable('should refuse');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as ConfigError).located, /^loop\.yaml:6: \$ref '#\/components\/schemas\/B' is broken: the reference chain is circular/);
  }
});

test('a pointer that passes through another $ref continues in its target; $anchor refs resolve', async () => {
  const text = JSON.stringify({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: {
      A: { $ref: '#/$defs/B' },
      B: { type: 'object', properties: { x: { type: 'string' } } },
      C: { $anchor: 'named', type: 'number' },
    },
    properties: { viaA: { $ref: '#/$defs/A/properties/x' }, anchored: { $ref: '#named' } },
  });
  const spec = await loadSpecFromText(text, join(SPECS, 'through.json'), { projectRoot: SPECS });
  assert.is(spec.document.properties.viaA, spec.document.$defs.B.properties.x);
  assert.is(spec.document.properties.anchored, spec.document.$defs.C);
});

test('unquoted YAML dates stay strings (a spec is JSON data)', async () => {
  const text = 'openapi: 3.0.0\ninfo: {title: t, version: 2019-07-09}\npaths: {}\nx-when: 2019-07-09T15:01:12Z\n';
  const spec = await loadSpecFromText(text, join(SPECS, 'dates.yaml'), { projectRoot: SPECS });
  assert.is(spec.document.info.version, '2019-07-09');
  assert.is(spec.document['x-when'], '2019-07-09T15:01:12Z');
});

test('source.data and files keep the documents as written, refs included', async () => {
  const root = join(SPECS, 'multi-file');
  const spec = await loadSpec('api/petstore.yaml', { projectRoot: root });
  assert.equal((spec.source.data as any).paths['/pets'].get.responses.default, { $ref: '../common/responses.yaml#/Error' });
  assert.equal((spec.files.get(join(root, 'common/responses.yaml'))!.data as any).Error.content['application/json'].schema, { $ref: './Error.yaml' });
  assert.is(spec.source.lineOf('/paths/~1pets/get/responses/default'), 15);
});

test.run();
