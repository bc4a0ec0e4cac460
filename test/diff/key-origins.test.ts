/**
 * Changes reached through a `$ref` are located in the file that holds the changed key: a path item written in
 * another file, and the keywords a `$ref` with sibling keywords takes from its target.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../src/load/load.ts';
import { diffApi } from '../../src/diff/diff-api.ts';
import { valueAt } from '../../src/toolkit/json-pointer.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';

function write(project: TempProject, version: 'old' | 'new') {
  project.write('api/spec.yaml', 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /blocks/{slot}: {$ref: "./paths/blocks.yaml"}\n');
  project.write('api/paths/blocks.yaml', [
    'get:',
    `  description: ${version === 'old' ? 'Produce a block.' : 'Produce a signed block.'}`,
    '  parameters: [{name: slot, in: path, required: true, schema: {type: string}}]',
    '  requestBody:',
    '    content:',
    '      application/json:',
    '        schema:',
    '          type: object',
    '          properties:',
    '            bits: {$ref: "../primitive.yaml#/BitList", description: Aggregation bits.}',
    '  responses: {"200": {description: ok}}',
  ].join('\n'));
  project.write('api/primitive.yaml', `BitList: {type: string, pattern: "${version === 'old' ? '^0x[a-f0-9]+$' : '^0x[a-fA-F0-9]+$'}"}\n`);
}

test('operation fields and merged $ref keywords are located where they are written', async () => {
  const before = emptyProject();
  const after = emptyProject();
  write(before, 'old');
  write(after, 'new');
  const changes = diffApi(await loadSpec('api/spec.yaml', { projectRoot: before.dir }), await loadSpec('api/spec.yaml', { projectRoot: after.dir }), { today: new Date(0) });
  const places = changes.map((c) => `${c.kind} ${c.revisionFile?.slice(after.dir.length + 1)}#${c.revisionPointer}`);
  assert.equal(places.sort(), ['operation-description api/paths/blocks.yaml#/get/description', 'schema-pattern api/primitive.yaml#/BitList/pattern']);
  // Each location names a node of its file.
  for (const change of changes) assert.ok(valueAt(parse(readFileSync(change.revisionFile!, 'utf8')), change.revisionPointer!) !== undefined, change.revisionPointer);
});

test.run();
