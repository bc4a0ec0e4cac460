import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { escapeSegment, pointerSegments } from '../../src/toolkit/json-pointer.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import { REAL_SPECS } from '../helpers/real-specs.ts';

/** Every pointer in a document with its line, computed independently with the `yaml` package. */
function expectedLines(text: string): Map<string, number> {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const lines = new Map<string, number>();
  const lineAt = (node: Node | null | undefined) => (node?.range ? lineCounter.linePos(node.range[0]).line : undefined);
  const walk = (node: unknown, pointer: string) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const child = `${pointer}/${escapeSegment(key)}`;
        lines.set(child, lineAt(pair.key as Node)!);
        walk(pair.value, child);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const child = `${pointer}/${index}`;
        lines.set(child, lineAt(item as Node)!);
        walk(item, child);
      });
    }
  };
  walk(document.contents, '');
  return lines;
}

for (const file of ['openapi/netlify/v2.55.0.yaml', 'openapi/oai-uspto-3.0/2020-07-02.yaml', 'openapi/oai-petstore-expanded-2.0/2018-02-08.json', 'json-schema/cloudevents/2020-10-22.json']) {
  test(`lineOf agrees with the yaml package on every pointer of ${file} (fixtures/real-specs)`, () => {
    const text = readFileSync(join(REAL_SPECS, file), 'utf8');
    const source = parseSource(text, file);
    const expected = expectedLines(text);
    assert.ok(expected.size > 50);
    for (const [pointer, line] of expected) assert.is(source.lineOf(pointer), line, pointer);
  });
}

const RUNS = Number(process.env.SPECVER_FUZZ_RUNS ?? 100);
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a/b', 'c~d', '~1', '$ref', '200', 'x y', 'é'));
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).object;

test('property: lineOf agrees with the yaml package on generated JSON and YAML', () => {
  fc.assert(
    fc.property(jsonValue, fc.boolean(), (value, asYaml) => {
      const text = asYaml ? dump(value) : JSON.stringify(value, null, 2);
      if (asYaml && text.trim() === '{}') return;
      const source = parseSource(text, asYaml ? 'gen.yaml' : 'gen.json');
      for (const [pointer, line] of expectedLines(text)) assert.is(source.lineOf(pointer), line, `${pointer} in\n${text}`);
    }),
    { numRuns: RUNS },
  );
});

test('pointerSegments unescapes ~1 and ~0 and URI fragments', () => {
  assert.equal(pointerSegments('/a~1b/c~0d/0'), ['a/b', 'c~d', '0']);
  assert.equal(pointerSegments('#/paths/~1pets~1%7Bid%7D'), ['paths', '/pets/{id}']);
  assert.equal(pointerSegments(''), []);
  assert.equal(pointerSegments('#'), []);
  assert.is(pointerSegments('relative'), undefined);
  assert.is(escapeSegment('a/b~c'), 'a~1b~0c');
});

test.run();
