/**
 * Every change is located at a place that exists in the file it names: a shared response header added to an
 * operation whose path item is `$ref`ed from another file is located in that file, and a oneOf member removed
 * when the list became an anyOf is located under the base's `oneOf`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../src/load/load.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const today = new Date(Date.UTC(2026, 0, 1));

async function diffFiles(base: Record<string, string>, revision: Record<string, string>) {
  const project = emptyProject();
  const write = (dir: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(project.dir, dir, path)), { recursive: true });
      writeFileSync(join(project.dir, dir, path), text);
    }
  };
  write('base', base);
  write('revision', revision);
  const load = (dir: string) => loadSpec(`${dir}/openapi.yaml`, { projectRoot: project.dir });
  return diffApi(await load('base'), await load('revision'), { today });
}

const root = [
  'openapi: 3.0.3',
  'info: {title: t, version: "1"}',
  'paths:',
  '  /blocks:',
  '    $ref: "./paths/blocks.yaml"',
  'components:',
  '  headers:',
  '    X-Block-Value:',
  '      schema: {type: string}',
].join('\n');
const blocks = (header: boolean) => [
  'get:',
  '  responses:',
  '    "200":',
  '      description: ok',
  ...(header ? ['      headers:', '        X-Block-Value:', '          $ref: "../openapi.yaml#/components/headers/X-Block-Value"'] : []),
].join('\n');

test('a shared header added to an operation written in another file is located in that file', async () => {
  const changes = await diffFiles({ 'openapi.yaml': root, 'paths/blocks.yaml': blocks(false) }, { 'openapi.yaml': root, 'paths/blocks.yaml': blocks(true) });
  const added = changes.filter((c) => c.kind === 'response-header' && c.action === 'added');
  assert.equal(added.map((c) => [c.revisionFile?.replace(/\\/g, '/').replace(/^.*\/revision\//, ''), c.revisionPointer]), [
    ['paths/blocks.yaml', '/get/responses/200/headers/X-Block-Value'],
  ]);
});

test('a shared header added in the root file stays located at the operation', async () => {
  const inline = (header: boolean) => root.replace('    $ref: "./paths/blocks.yaml"', blocks(header).split('\n').map((l) => `    ${l}`).join('\n').replace('../openapi.yaml#', '#'));
  const changes = await diffFiles({ 'openapi.yaml': inline(false) }, { 'openapi.yaml': inline(true) });
  const added = changes.filter((c) => c.kind === 'response-header' && c.action === 'added');
  assert.equal(added.map((c) => [c.revisionFile, c.revisionPointer]), [[undefined, '/paths/~1blocks/get/responses/200/headers/X-Block-Value']]);
});

test('oneOf became anyOf and lost members: the removed members are located under the base oneOf', async () => {
  const api = (keyword: string, refs: string[]) => [
    'openapi: 3.0.3',
    'info: {title: t, version: "1"}',
    'paths:',
    '  /p:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    '                type: object',
    '                properties:',
    '                  data:',
    `                    ${keyword}:`,
    ...refs.map((r) => `                      - $ref: "#/components/schemas/${r}"`),
    'components:',
    '  schemas:',
    '    A: {type: object, required: [a], properties: {a: {type: string}}}',
    '    B: {type: object, required: [b], properties: {b: {type: integer}}}',
    '    C: {type: object, required: [c], properties: {c: {type: boolean}}}',
  ].join('\n');
  const changes = await diffFiles({ 'openapi.yaml': api('oneOf', ['A', 'B', 'C']) }, { 'openapi.yaml': api('anyOf', ['A', 'B']) });
  const removed = changes.filter((c) => c.action === 'removed' && c.kind === 'schema-any-of');
  assert.equal(removed.map((c) => c.basePointer), ['/paths/~1p/get/responses/200/content/application~1json/schema/properties/data/oneOf/2']);
});

test.run();
