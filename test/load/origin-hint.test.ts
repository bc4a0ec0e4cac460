/**
 * `origin(node, at)`: the pointer a caller reached a node by answers where it was written without the table of
 * every node, across `$ref`s into other files too, and always gives the table's answer (a hint that does not
 * lead to the node, a merged `$ref`, YAML aliases: the table decides).
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpec, loadSpecFromText } from '../../src/load/load.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import { escapeSegment } from '../../src/toolkit/json-pointer.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const SPECS = join(FIXTURES, 'specs');

/** Every object node with the pointer it is reached by from the root (each node once, cycles cut). */
function reached(document: unknown): Array<[object, string]> {
  const found: Array<[object, string]> = [];
  const seen = new Set<object>();
  const visit = (node: unknown, pointer: string) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    found.push([node, pointer]);
    for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${escapeSegment(key)}`);
  };
  visit(document, '');
  return found;
}

/** Answers with hints from one load (asked first, before any table exists) equal a fresh load's table answers. */
async function assertHintsAgree(load: () => Promise<LoadedSpec>): Promise<void> {
  const hinted = await load();
  const plain = await load();
  const withHints = reached(hinted.document).map(([node, at]) => hinted.origin(node, at));
  const fromTable = reached(plain.document).map(([node]) => plain.origin(node));
  assert.equal(withHints, fromTable);
}

test('hinted origins equal the table: one file, and refs into other files (targets shared by several paths)', async () => {
  await assertHintsAgree(() => loadSpec('openapi-3.0.yaml', { projectRoot: SPECS }));
  await assertHintsAgree(() => loadSpec('api/petstore.yaml', { projectRoot: join(SPECS, 'multi-file') }));
});

test('a ref target reached through the path that uses it is located where it was written', async () => {
  const root = join(SPECS, 'multi-file');
  const spec = await loadSpec('api/petstore.yaml', { projectRoot: root });
  const error = spec.document.paths['/pets'].get.responses.default;
  const at = '/paths/~1pets/get/responses/default/content/application~1json/schema/properties/code';
  assert.equal(spec.origin(error.content['application/json'].schema.properties.code, at), { file: join(root, 'common/Error.yaml'), pointer: '/properties/code' });
});

test('a hint that does not lead to the node, a merged $ref and YAML aliases get the table answer', async () => {
  const spec = await loadSpec('openapi-3.0.yaml', { projectRoot: SPECS });
  const pet = spec.document.components.schemas.Pet;
  assert.equal(spec.origin(pet, '/paths'), { file: join(SPECS, 'openapi-3.0.yaml'), pointer: '/components/schemas/Pet' });
  const merged = `openapi: 3.1.0
info: { title: t, version: "1" }
paths: {}
components:
  schemas:
    Base: { type: object, properties: { id: { type: string } } }
    Tagged: { $ref: "#/components/schemas/Base", description: tagged }
`;
  await assertHintsAgree(() => loadSpecFromText(merged, join(SPECS, 'merged.yaml'), { projectRoot: SPECS }));
  const aliases = `openapi: 3.0.3
info: { title: t, version: "1" }
paths:
  /a:
    get:
      responses:
        "200": &ok { description: ok, content: { application/json: { schema: { type: string } } } }
  /b:
    get:
      responses:
        "200": *ok
`;
  await assertHintsAgree(() => loadSpecFromText(aliases, join(SPECS, 'aliases.yaml'), { projectRoot: SPECS }));
});

test.run();
