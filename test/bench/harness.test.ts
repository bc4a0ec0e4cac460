/** The benchmark's synthetic spec generator: deterministic, valid-looking OpenAPI, exact operation counts. No timing. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countOperations, generateBase, generateRevision, writeSyntheticPair } from '../../bench/generate.mjs';
import { tempDir } from '../helpers/temp-dir.ts';

/** Every `$ref` string in a document. */
function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, found));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  return found;
}

/** Resolves a local `#/a/b` pointer in `doc`; undefined when it points nowhere. */
function resolvePointer(doc: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node == null ? undefined : node[key]), doc);
}

test('the same operations and seed give byte-identical documents', () => {
  const a = generateBase(300, 7);
  const b = generateBase(300, 7);
  assert.is(JSON.stringify(a), JSON.stringify(b));
  assert.is(JSON.stringify(generateRevision(a, 7)), JSON.stringify(generateRevision(b, 7)));
  assert.is.not(JSON.stringify(generateBase(300, 8)), JSON.stringify(a), 'another seed gives another document');
});

test('the base has exactly the requested number of operations', () => {
  for (const n of [1, 5, 7, 123, 1000]) assert.is(countOperations(generateBase(n)), n, `${n} operations`);
});

test('the document looks like OpenAPI 3.0 and every $ref resolves', () => {
  const doc = generateBase(400, 3);
  assert.is(doc.openapi, '3.0.3');
  assert.type(doc.info.title, 'string');
  assert.type(doc.info.version, 'string');
  for (const [path, item] of Object.entries(doc.paths)) {
    assert.ok(path.startsWith('/'), path);
    for (const op of Object.values(item)) {
      assert.type(op.operationId, 'string');
      assert.ok(Object.keys(op.responses).length > 0, `${path} has responses`);
    }
  }
  const all = refs(doc);
  assert.ok(all.length > 400, 'shared schemas are referenced');
  for (const ref of all) assert.ok(resolvePointer(doc, ref) !== undefined, `${ref} resolves`);
  const schemas = doc.components.schemas;
  const selfRefs = Object.entries(schemas).filter(([name, s]) => s.properties?.parent?.$ref === `#/components/schemas/${name}`);
  assert.ok(selfRefs.length > 0, 'has circular (self) references');
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  assert.is(new Set(ids).size, ids.length, 'operationIds are unique');
});

test('the revision differs from the base and keeps the size', () => {
  const base = generateBase(500, 1);
  const before = JSON.stringify(base);
  const revision = generateRevision(base, 1);
  assert.is(JSON.stringify(base), before, 'the base is not mutated');
  assert.is.not(JSON.stringify(revision), before);
  assert.is(countOperations(revision), 500, 'one operation removed, one added');
  for (const ref of refs(revision)) assert.ok(resolvePointer(revision, ref) !== undefined, `${ref} resolves`);
});

test('writeSyntheticPair writes both documents as JSON', () => {
  const dir = tempDir('specver-gen-');
  try {
    const files = writeSyntheticPair(dir, 50, 2);
    const base = JSON.parse(readFileSync(files.base, 'utf8'));
    assert.is(countOperations(base), 50);
    assert.equal(base, generateBase(50, 2));
    assert.equal(JSON.parse(readFileSync(files.revision, 'utf8')), generateRevision(generateBase(50, 2), 2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
