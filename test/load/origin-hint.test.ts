/**
 * `origin(node, at)`: the pointer a caller reached a node by answers where it was written without the table of
 * every node, across `$ref`s into other files too, and always gives the table's answer (a hint that does not
 * lead to the node, the sibling keywords of a merged `$ref`, YAML aliases: the table decides).
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

/**
 * Each node's answer with a hint equals the table's answer. Each hinted question is the first one of a load of
 * its own: a hint that fails builds the table, which would answer every later question of that load.
 */
async function assertHintsAgree(load: () => Promise<LoadedSpec>): Promise<void> {
  const plain = await load();
  const nodes = reached(plain.document);
  const fromTable = nodes.map(([node]) => plain.origin(node));
  const withHints = [];
  for (let i = 0; i < nodes.length; i++) {
    const hinted = await load();
    const [node, at] = reached(hinted.document)[i]!;
    withHints.push(hinted.origin(node, at));
  }
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

test("merged $refs: the target's members are located where the target was written, the siblings as the table says", async () => {
  const text = `openapi: 3.1.0
info: { title: t, version: "1" }
paths:
  /x:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Wrapper" }
components:
  schemas:
    Leaf: { type: object, properties: { v: { type: integer } } }
    Base:
      type: object
      properties:
        id: { type: string }
        child: { $ref: "#/components/schemas/Leaf" }
        note: { $ref: "#/components/schemas/Leaf", description: a note }
    Tagged: { $ref: "#/components/schemas/Base", description: tagged }
    Overriding: { $ref: "#/components/schemas/Base", properties: { extra: { type: string } } }
    Wrapper:
      type: object
      properties:
        tagged: { $ref: "#/components/schemas/Tagged" }
        direct: { $ref: "#/components/schemas/Base", title: direct }
        overriding: { $ref: "#/components/schemas/Overriding" }
`;
  const load = () => loadSpecFromText(text, join(SPECS, 'merged-deep.yaml'), { projectRoot: SPECS });
  await assertHintsAgree(load);
  // Hints that go past the node, or through a merged node's sibling keywords, still give the table's answer
  // (each asked first in a load of its own).
  const plain = await load();
  const props = (spec: LoadedSpec) => spec.document.components.schemas.Wrapper.properties;
  const hint = '/components/schemas/Wrapper/properties';
  const questions: Array<[(spec: LoadedSpec) => object, string]> = [
    [(spec) => props(spec).direct, `${hint}/direct/properties/id`],
    [(spec) => props(spec).direct.properties.child, `${hint}/direct/properties/child/properties`],
    [(spec) => props(spec).overriding.properties, `${hint}/overriding/properties`],
    [(spec) => props(spec).tagged.properties.note, `${hint}/tagged/properties/note`],
    [(spec) => props(spec).direct.properties, `${hint}/direct/properties`],
    [(spec) => spec.document.components.schemas.Overriding.properties, '/components/schemas/Overriding/properties'],
    [(spec) => spec.document.components.schemas.Tagged.properties.id, '/components/schemas/Tagged/properties/id'],
  ];
  for (const [node, at] of questions) {
    const hinted = await load();
    assert.equal(hinted.origin(node(hinted), at), plain.origin(node(plain)), at);
  }
  assert.equal(plain.origin(props(plain).direct.properties.child), { file: join(SPECS, 'merged-deep.yaml'), pointer: '/components/schemas/Leaf' });
});

/** A 3.1 document whose merged `$ref`s take keys from their targets, directly and through chains of merges. */
const MERGED_KEYS = `openapi: 3.1.0
info: { title: t, version: "1" }
paths:
  /x:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Tagged", title: used }
components:
  schemas:
    Base: { type: object, required: [id], properties: { id: { type: string } } }
    Tagged: { $ref: "#/components/schemas/Base", description: tagged }
    Direct: { $ref: "#/components/schemas/Base", title: direct }
`;

/**
 * A merged `$ref` whose target is also used through a YAML alias: the node has two places, the table chooses one
 * (here the alias's, walked first), and the place the `$ref` led to must not overrule it.
 */
const MERGED_KEYS_ALIASED = `openapi: 3.1.0
info: { title: t, version: "1" }
paths:
  /x:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: &shared { type: object, required: [id], properties: { id: { type: string } } }
components:
  schemas:
    Alias: *shared
    Tagged: { $ref: "#/paths/~1x/get/responses/200/content/application~1json/schema", description: tagged }
`;

async function assertKeyOriginsAgree(text: string): Promise<void> {
  const load = () => loadSpecFromText(text, join(SPECS, 'merged-keys.yaml'), { projectRoot: SPECS });
  const plain = await load();
  const nodes = reached(plain.document);
  // The table's answers: the table is built by a first plain origin question.
  plain.origin(plain.document as object);
  const fromTable = nodes.flatMap(([node]) => Object.keys(node).map((key) => plain.keyOrigin!(node, key)));
  const asked = [];
  for (let i = 0; i < nodes.length; i++) {
    for (const key of Object.keys(nodes[i]![0])) {
      const fresh = await load();
      const [node, at] = reached(fresh.document)[i]!;
      asked.push(fresh.keyOrigin!(node, key, at));
    }
  }
  assert.equal(asked, fromTable);
}

test("keyOrigin of a merged $ref's keys equals the table's answer, each asked first in a load of its own", async () => {
  await assertKeyOriginsAgree(MERGED_KEYS);
  await assertKeyOriginsAgree(MERGED_KEYS_ALIASED);
  const spec = await loadSpecFromText(MERGED_KEYS, join(SPECS, 'merged-keys.yaml'), { projectRoot: SPECS });
  assert.equal(spec.keyOrigin!(spec.document.components.schemas.Direct, 'required'), { file: join(SPECS, 'merged-keys.yaml'), pointer: '/components/schemas/Base/required' });
});

test("a key a merged $ref took from its target is located without the table of every node", async () => {
  const spec = await loadSpecFromText(MERGED_KEYS, join(SPECS, 'merged-keys.yaml'), { projectRoot: SPECS });
  // The table walks every node of the file as written; a key no walk may read makes building it visible.
  Object.defineProperty(spec.document.info, 'trap', { enumerable: true, get: () => { throw new Error('the table of every node was built'); } });
  const schema = spec.document.paths['/x'].get.responses['200'].content['application/json'].schema;
  const file = join(SPECS, 'merged-keys.yaml');
  assert.equal(spec.keyOrigin!(schema, 'required', '/paths/~1x/get/responses/200/content/application~1json/schema'), { file, pointer: '/components/schemas/Base/required' });
  assert.equal(spec.keyOrigin!(spec.document.components.schemas.Direct, 'properties'), { file, pointer: '/components/schemas/Base/properties' });
});

test('a node answered along a pointer is answered again without one', async () => {
  const spec = await loadSpec('openapi-3.0.yaml', { projectRoot: SPECS });
  const pet = spec.document.components.schemas.Pet;
  const along = spec.origin(pet, '/components/schemas/Pet');
  assert.equal(spec.origin(pet), along);
});

test.run();
