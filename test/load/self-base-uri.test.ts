/** OpenAPI 3.2 `$self`: the document's base URI for its relative `$ref`s, the project root still the limit. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { loadSpec } from '../../src/load/load.ts';
import { tempDir } from '../helpers/temp-dir.ts';

function project(files: Record<string, string>): string {
  const root = tempDir('specver-self-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const api = (self: string | undefined, refs: Record<string, string>, openapi = '3.2.0') => [
  `openapi: ${openapi}`,
  ...(self === undefined ? [] : [`$self: '${self}'`]),
  'info: {title: t, version: "1"}',
  'paths: {}',
  'components:',
  '  schemas:',
  '    Pet: {type: object, properties: {name: {type: string}}}',
  ...Object.entries(refs).map(([name, ref]) => `    ${name}: {$ref: '${ref}'}`),
].join('\n');

test('an absolute $ref to the document\'s own $self is the document; relative and published-sibling refs read the files beside it', async () => {
  const root = project({
    'api/openapi.yaml': api('https://example.com/v2/openapi.yaml', {
      Own: 'https://example.com/v2/openapi.yaml#/components/schemas/Pet',
      Tag: 'schemas/tag.yaml',
      Owner: 'https://example.com/v2/schemas/owner.yaml',
      Elsewhere: 'https://other.example.org/s.yaml',
      Unpublished: 'https://example.com/v2/schemas/missing.yaml',
    }),
    'api/schemas/tag.yaml': 'type: string\nmaxLength: 9\n',
    'api/schemas/owner.yaml': 'type: integer\n',
  });
  const spec = await loadSpec('api/openapi.yaml', { projectRoot: root });
  const schemas = (spec.document as any).components.schemas;
  assert.is(schemas.Own, schemas.Pet);
  assert.equal(schemas.Tag, { type: 'string', maxLength: 9 });
  assert.equal(schemas.Owner, { type: 'integer' });
  assert.equal(schemas.Elsewhere, { $ref: 'https://other.example.org/s.yaml' });
  // A sibling the repository does not hold stays a URL ref, as for a schema's http(s) $id.
  assert.equal(schemas.Unpublished, { $ref: 'https://example.com/v2/schemas/missing.yaml' });
});

test('a relative $self moves the base: refs resolve from there, inside the project root only', async () => {
  const root = project({
    'api/openapi.yaml': api('../shared/openapi.yaml', { Tag: 'tag.yaml' }),
    'shared/tag.yaml': 'type: boolean\n',
  });
  const spec = await loadSpec('api/openapi.yaml', { projectRoot: root });
  assert.equal((spec.document as any).components.schemas.Tag, { type: 'boolean' });

  const escaping = project({ 'api/openapi.yaml': api('../../../outside/openapi.yaml', { Tag: 'tag.yaml' }) });
  try {
    await loadSpec('api/openapi.yaml', { projectRoot: escaping });
    assert.unreachable('a $self outside the project root was followed');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as Error).message, "api/openapi.yaml:8: $ref 'tag.yaml' points outside the project root");
  }
});

test('$self means nothing before OpenAPI 3.2', async () => {
  const root = project({
    'api/openapi.yaml': api('../shared/openapi.yaml', { Tag: 'tag.yaml' }, '3.1.0'),
    'api/tag.yaml': 'type: number\n',
  });
  const spec = await loadSpec('api/openapi.yaml', { projectRoot: root });
  assert.equal((spec.document as any).components.schemas.Tag, { type: 'number' });
});

test.run();
