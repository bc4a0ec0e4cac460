/**
 * An unresolved remote `$ref` is compared by the URL it resolves to: an absolute URL rewritten as a ref relative
 * to the schema's `$id` (a published sibling the repository does not hold) names the same document.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpecFromText } from '../../src/load/load.ts';
import { diffJsonSchema } from '../../src/diff/diff-json-schema.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const ID = 'https://json.example.org/package.json';

async function diff(baseRef: string, revisionRef: string, id: { base?: string; revision?: string } = { base: ID, revision: ID }) {
  const project = emptyProject();
  const schema = (ref: string, $id?: string) => JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#', ...($id ? { $id } : {}), type: 'object',
    properties: { release: { $ref: ref } },
  });
  const load = (text: string, name: string) => loadSpecFromText(text, project.path(name), { projectRoot: project.dir });
  const changes = diffJsonSchema(await load(schema(baseRef, id.base), 'base.json'), await load(schema(revisionRef, id.revision), 'schema.json'), { compatibility: 'backward' });
  return changes.map((c) => `${c.kind} ${c.action} ${c.revisionPointer}`);
}

test('absolute -> relative naming the same document: no change, both ways', async () => {
  assert.equal(await diff('https://json.example.org/semantic-release.json', 'semantic-release.json'), []);
  assert.equal(await diff('semantic-release.json', 'https://json.example.org/semantic-release.json'), []);
  assert.equal(await diff('https://json.example.org/a.json#/definitions/x', './a.json#/definitions/x'), []);
});

test('a different target is still a change: another document, another fragment, another host, another $id', async () => {
  const changed = ['schema-ref-url changed /properties/release/$ref'];
  assert.equal(await diff('https://json.example.org/semantic-release.json', 'release.json'), changed);
  assert.equal(await diff('https://json.example.org/a.json#/definitions/x', 'a.json#/definitions/y'), changed);
  assert.equal(await diff('https://json.example.org/prettierrc.json', 'https://www.example.org/prettierrc.json'), changed);
  assert.equal(await diff('semantic-release.json', 'semantic-release.json', { base: ID, revision: 'https://other.example.org/package.json' }), changed);
});

test('OpenAPI: an unchanged remote ref is no change, a changed one is', async () => {
  const project = emptyProject();
  const api = (ref: string) => JSON.stringify({
    openapi: '3.1.0', info: { title: 't', version: '1' },
    paths: { '/p': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } } } } },
  });
  const load = (text: string, name: string) => loadSpecFromText(text, project.path(name), { projectRoot: project.dir });
  const same = diffApi(await load(api('https://example.org/s.json'), 'a.json'), await load(api('https://example.org/s.json'), 'b.json'), { today: new Date(Date.UTC(2026, 0, 1)) });
  assert.equal(same.filter((c) => c.kind === 'schema-ref-url'), []);
  const other = diffApi(await load(api('https://example.org/s.json'), 'a.json'), await load(api('https://example.org/t.json'), 'b.json'), { today: new Date(Date.UTC(2026, 0, 1)) });
  assert.equal(other.filter((c) => c.kind === 'schema-ref-url').length, 1);
});

test.run();
