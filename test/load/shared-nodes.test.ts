/**
 * LoadedSpec.sharedNodes names every node a resolved document holds in more than one place (cyclic-equality.ts
 * keeps memos for those only). Checked against the document itself: a walk counts each node's parents, and every
 * node with two or more (the root counts its holder as one) must be named, on hand-made documents and on the real
 * specs of fixtures/real-specs (single- and multi-file).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpec, loadSpecFromText } from '../../src/load/load.ts';
import { inlineSpec } from '../../src/classify/inline-spec.ts';
import type { LoadedSpec } from '../../src/load/types.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';

const project = emptyProject();

/** The nodes reached along more than one edge from the root (the root's holder counting as one). */
function multiplyHeld(document: unknown): Set<object> {
  const parents = new Map<object, number>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const count = (parents.get(node) ?? 0) + 1;
    parents.set(node, count);
    if (count > 1) return;
    for (const child of Object.values(node)) visit(child);
  };
  visit(document);
  return new Set([...parents].filter(([, count]) => count > 1).map(([node]) => node));
}

function assertCovers(spec: LoadedSpec, name: string): number {
  const shared = spec.sharedNodes;
  assert.ok(shared, `${name}: sharedNodes is given`);
  const held = multiplyHeld(spec.document);
  const missing = [...held].filter((node) => !shared!.has(node));
  assert.is(missing.length, 0, `${name}: ${missing.length} of ${held.size} nodes held twice are not named shared`);
  return held.size;
}

test('refs, a ref to the root, refs with siblings and a chain through them: every node held twice is named', async () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } },
      '/b': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Tagged' } } } } } } },
    },
    components: {
      schemas: {
        Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' }, meta: { type: 'object', properties: { at: { type: 'string' } } } } },
        Tagged: { $ref: '#/components/schemas/Node', description: 'a sibling keyword: a merged object sharing Node\'s members' },
        Again: { $ref: '#/components/schemas/Tagged' },
      },
    },
    'x-self': { $ref: '#' },
  };
  const spec = await loadSpecFromText(JSON.stringify(doc), join(project.dir, 'cycle.json'), { projectRoot: project.dir });
  const held = assertCovers(spec, 'hand-made');
  assert.ok(held >= 4, `the document holds nodes twice (${held})`);
  const node = spec.document.components.schemas.Node;
  assert.ok(spec.sharedNodes!.has(node.properties), 'a member a merged ref copied from its target');
  assert.not.ok(spec.sharedNodes!.has(spec.document.paths['/a'].get), 'a node written once, used once');
});

test('YAML anchors share nodes as parsed: no list, so every node counts as shared', async () => {
  const yaml = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: &a\n      type: string\n    B: *a\n';
  const spec = await loadSpecFromText(yaml, join(project.dir, 'anchors.yaml'), { projectRoot: project.dir });
  assert.is(spec.sharedNodes, undefined);
});

test('an inline spec names the targets it put in place of refs', () => {
  const spec = inlineSpec({
    openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {},
    components: { schemas: { A: { type: 'object', properties: { self: { $ref: '#/components/schemas/A' }, b: { $ref: '#/components/schemas/B' } } }, B: { type: 'string' } } },
  });
  assertCovers(spec, 'inline');
});

test('the real specs of fixtures/real-specs: every node held twice is named', async () => {
  const root = join(FIXTURES, 'real-specs');
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  let specs = 0;
  let held = 0;
  for (const series of Object.values(manifest).filter(Array.isArray).flat() as Array<{ name: string; format: 'openapi' | 'json-schema'; versions: Array<{ path: string }> }>) {
    for (const { path } of series.versions) {
      const spec = await loadSpec(path, { projectRoot: root, expectedFormat: series.format });
      if (!spec.sharedNodes) continue; // a file with YAML anchors
      held += assertCovers(spec, `${series.name} ${path}`);
      specs++;
    }
  }
  assert.ok(specs >= 10, `specs checked: ${specs}`);
  assert.ok(held > 100, `nodes held twice across them: ${held}`);
});

test.run();
