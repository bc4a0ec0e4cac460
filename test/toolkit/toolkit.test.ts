/** The shared toolkit: JSON Pointers, URI decoding that never throws, value shapes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { escapeSegment, joinPointer, lastSegment, parentPointer, pointerSegments, splitPointer, toPointer, unescapeSegment, valueAt } from '../../src/toolkit/json-pointer.ts';
import { decodeUriComponentOr, decodeUriComponentSafe } from '../../src/toolkit/uri.ts';
import { isEmptyRecord, isRecord } from '../../src/toolkit/values.ts';

test('pointer segments escape and unescape (RFC 6901), ~01 stays ~1', () => {
  assert.is(escapeSegment('a/b~c'), 'a~1b~0c');
  assert.is(unescapeSegment('~01'), '~1');
  assert.is(joinPointer('/paths', '/pets/{id}', 0), '/paths/~1pets~1{id}/0');
  assert.equal(splitPointer('#/paths/~1pets~1{id}/get'), ['paths', '/pets/{id}', 'get']);
  assert.is(toPointer(['a/b', 'c']), '/a~1b/c');
  assert.is(parentPointer('/a/b'), '/a');
  assert.is(lastSegment('/a/b~1c'), 'b/c');
});

test('lastSegment is the last of splitPointer, for any pointer or fragment (and text without a slash)', () => {
  const segment = fc.constantFrom('', 'a', '~', '~0', '~1', '/', 'a/b', '~01', '#', '0');
  fc.assert(fc.property(fc.constantFrom('', '#'), fc.array(segment, { maxLength: 4 }), (prefix, segments) => {
    const pointer = prefix + toPointer(segments);
    assert.is(lastSegment(pointer), splitPointer(pointer).at(-1) ?? '', pointer);
  }), { numRuns: 500 });
  for (const text of ['', '#', 'abc', '#abc', '~1']) assert.is(lastSegment(text), splitPointer(text).at(-1) ?? '', text);
});

test('URI fragments are decoded; a malformed escape is not a pointer, never a crash', () => {
  assert.equal(pointerSegments('#/components/schemas/Pet%20Shop'), ['components', 'schemas', 'Pet Shop']);
  assert.is(pointerSegments('#/bad%zz'), undefined);
  assert.is(pointerSegments('name'), undefined);
  assert.is(decodeUriComponentSafe('%zz'), '%zz');
  assert.is(decodeUriComponentOr('%zz', undefined), undefined);
});

test('valueAt reads own properties only; isRecord rejects arrays and null', () => {
  assert.is(valueAt({ a: [{ b: 1 }] }, '/a/0/b'), 1);
  assert.is(valueAt({}, '/constructor'), undefined);
  assert.ok(isRecord({}));
  assert.not.ok(isRecord([]) || isRecord(null) || isRecord('x'));
});

test('isEmptyRecord: a mapping without own keys (inherited ones do not count); arrays and null are not mappings', () => {
  assert.ok(isEmptyRecord({}));
  assert.ok(isEmptyRecord(Object.create({ inherited: 1 })));
  assert.not.ok(isEmptyRecord({ a: undefined }));
  assert.not.ok(isEmptyRecord([]) || isEmptyRecord(null) || isEmptyRecord(''));
});

test.run();
