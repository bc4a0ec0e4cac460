/**
 * `$..name` and `$..name^` (the walk every rule of that shape shares), and the lazy matches' segment checks:
 * the answers of the shortcuts (holders known to the walk, segments read without building pointers, no visit
 * tracking in a tree) are those of the plain definitions, computed here from the pointers themselves.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { evaluatePath } from '../../src/lint/evaluate-path.ts';
import { LazyMatch, LazyPointer, matchHasSegment } from '../../src/lint/lazy-pointer.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import { lastSegment, parentPointer, splitPointer, valueAt } from '../../src/toolkit/json-pointer.ts';

const plain = (matches: { pointer: string; value: unknown; key: unknown }[]) => matches.map(({ pointer, value, key }) => ({ pointer, value, key }));

/** `$..name^` by its definition: the parent of each `$..name` match, found again from the root. */
function holdersByPointer(data: unknown, name: string) {
  return evaluatePath(`$..${name}`, data).map((m) => {
    const pointer = parentPointer(m.pointer);
    return { pointer, value: valueAt(data, pointer), key: pointer === '' ? undefined : lastSegment(pointer) };
  });
}

const key = fc.constantFrom('$ref', 'a', 'a/b', '~0', 'items', '0', 'example');
const node = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom('x', 1, null), tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 3 }),
  map: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).value;

test('$..name^: the holders of name, with the pointers, values and keys of their definition', () => {
  fc.assert(fc.property(fc.dictionary(key, node, { maxKeys: 4 }), (data) => {
    // Parsed from text, as lint's documents are: a tree.
    const parsed = parseSource(JSON.stringify(data), 'doc.json').data;
    assert.equal(plain(evaluatePath('$..$ref^', parsed)), holdersByPointer(parsed, '$ref'));
    assert.equal(plain(evaluatePath('$..a^', parsed)), holdersByPointer(parsed, 'a'));
  }), { numRuns: 300 });
  const root = { $ref: '#/x', list: [{ $ref: 'a.yaml' }], 'a/b': { '~0': { $ref: 'b.yaml' } } };
  assert.equal(plain(evaluatePath('$..$ref^', root)), [
    { pointer: '', value: root, key: undefined },
    { pointer: '/list/0', value: root.list[0], key: '0' },
    { pointer: '/a~1b/~00', value: root['a/b']['~0'], key: '~0' },
  ]);
});

test('a node shared through YAML anchors is matched once, at its first place; in a tree every place counts', () => {
  const shared = parseSource('a: &x\n  $ref: "#/s"\nb: *x\nc:\n  $ref: "#/t"\n', 'doc.yaml').data as Record<string, unknown>;
  assert.equal(evaluatePath('$..$ref^', shared).map((m) => m.pointer), ['/a', '/c']);
  assert.equal(evaluatePath('$..$ref', shared).map((m) => m.pointer), ['/a/$ref', '/c/$ref']);
  // The same data below the document: the document's sharing is passed down.
  assert.equal(evaluatePath('$..$ref', { doc: shared }, true).map((m) => m.pointer), ['/doc/a/$ref', '/doc/c/$ref']);
  const tree = parseSource('a:\n  $ref: "#/s"\nb:\n  $ref: "#/s"\n', 'doc.yaml').data;
  assert.equal(evaluatePath('$..$ref^', tree).map((m) => m.pointer), ['/a', '/b']);
});

test('matchHasSegment reads a lazy pointer as splitPointer reads the built one, before and after it is built', () => {
  fc.assert(fc.property(fc.constantFrom('', '/base', '/x~1y'), fc.array(fc.oneof(key, fc.nat(3)), { maxLength: 4 }), fc.boolean(), (base, segments, build) => {
    const place = segments.reduce<string | LazyPointer>((at, segment) => new LazyPointer(at, segment), base);
    const match = new LazyMatch(place, null, undefined);
    if (build) void match.pointer;
    for (const wanted of ['example', 'a/b', '~0', '0', 'base', 'x/y']) {
      const test = (segment: string) => segment === wanted;
      assert.is(matchHasSegment(match, test), splitPointer(match.pointer).some(test), `${wanted} in ${match.pointer}`);
    }
  }), { numRuns: 300 });
  assert.ok(matchHasSegment({ pointer: '/a/example/b' }, (segment) => segment === 'example'));
});

test.run();
