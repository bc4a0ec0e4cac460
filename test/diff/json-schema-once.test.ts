/** A JSON Schema change of one place is reported once, however many base places were paired with it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpecFromText } from '../../src/load/load.ts';
import { diffJsonSchema } from '../../src/diff/diff-json-schema.ts';
import { emptyProject } from '../helpers/temp-project.ts';

async function diff(base: object, revision: object) {
  const project = emptyProject();
  const load = (data: object, name: string) => loadSpecFromText(JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...data }), project.path(name), { projectRoot: project.dir });
  return diffJsonSchema(await load(base, 'base.json'), await load(revision, 'schema.json'), { compatibility: 'backward' });
}

const uri = (description: string) => ({ type: 'string', description, title: 'URI' });

test('inline copies replaced by one shared definition: its changed description is one change', async () => {
  const base = { type: 'object', properties: { check: { type: 'object', properties: { uri: uri('old') } }, check_uri: uri('old') } };
  const revision = {
    type: 'object',
    properties: { check: { type: 'object', properties: { uri: { $ref: '#/definitions/Uri' } } }, check_uri: { $ref: '#/definitions/Uri' } },
    definitions: { Uri: { ...uri('new'), title: 'Uri' } },
  };
  const changes = (await diff(base, revision)).filter((c) => c.revisionPointer?.startsWith('/definitions/Uri'));
  assert.equal(changes.map((c) => `${c.kind} ${c.action} ${c.revisionPointer}`), [
    'schema-title changed /definitions/Uri/title',
    'schema-description changed /definitions/Uri/description',
  ]);
});

test('removals from two base places stay two changes', async () => {
  const base = { type: 'object', properties: { a: { type: 'string', format: 'uri' }, b: { type: 'string', format: 'uri' } } };
  const revision = { type: 'object', properties: { a: { $ref: '#/definitions/S' }, b: { $ref: '#/definitions/S' } }, definitions: { S: { type: 'string' } } };
  const removed = (await diff(base, revision)).filter((c) => c.kind === 'schema-format');
  assert.is(removed.length, 2);
});

test.run();
