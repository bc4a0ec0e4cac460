/**
 * The examples check reports an invalid example with ajv's message for the failing part only, prefixed
 * with where that part sits in the example; it reports nothing where ajv alone would not (schemas ajv
 * cannot compile, OpenAPI's `nullable`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { examplesValid, type ExampleProblem } from '../../src/lint/examples-valid.ts';
import { examplesMatchSchema } from '../../src/lint/functions/document.ts';
import { interpolate } from '../../src/lint/run-lint.ts';

/** A problem as the default wording of its message id puts it. */
const worded = (f: ExampleProblem) => `${f.pointer} ${interpolate(examplesMatchSchema.messages[f.messageId], f.values)}`;
import { lintDocumentFromText } from '../../src/lint/document.ts';

function findings(schemas: Record<string, unknown>, version = '3.1.0'): string[] {
  const doc = { openapi: version, info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
  const lint = lintDocumentFromText(JSON.stringify(doc), '/virtual/openapi.json', 'openapi.json', 'openapi');
  return examplesValid(lint).map(worded);
}

const Tag = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const Owner = { type: 'object', properties: { user: { type: 'string' }, tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } } };

test('a nested property of the wrong type', () => {
  const Response = { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' }, id: { type: 'string' } }, example: { id: 'r', owner: { user: 3 } } };
  assert.equal(findings({ Tag, Owner, Response }), ['/components/schemas/Response/example example /owner/user must be string']);
});

test('a missing required property in an array item', () => {
  const List = { type: 'array', items: { $ref: '#/components/schemas/Tag' }, example: [{ id: 1 }, { name: 'x' }] };
  assert.equal(findings({ Tag, List }), ["/components/schemas/List/example example /1 must have required property 'id'"]);
});

test('a oneOf no branch of which matches reports the first branch, as ajv does', () => {
  const Param = { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/Tag' }], default: { name: 'x' } };
  assert.equal(findings({ Tag, Param }), ['/components/schemas/Param/default default must be string']);
});

test('a oneOf with several matching branches, additional properties, enum: the keyword at its place', () => {
  const Number = { oneOf: [{ type: 'number' }, { type: 'integer' }], example: 3 };
  const Closed = { type: 'object', properties: { a: {} }, additionalProperties: false, example: { a: 1, b: 2 } };
  const Kind = { type: 'object', properties: { kind: { enum: ['cat', 'dog'] } }, example: { kind: 'cow' } };
  assert.equal(findings({ Number, Closed, Kind }), [
    '/components/schemas/Number/example example must match exactly one schema in oneOf',
    '/components/schemas/Closed/example example must NOT have additional properties',
    '/components/schemas/Kind/example example /kind must be equal to one of the allowed values',
  ]);
});

test('nothing where ajv alone reports nothing', () => {
  // ajv refuses `nullable` without `type` anywhere the schema reaches: the example is not judged.
  const Broken = { type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/components/schemas/Loose' } }, example: { a: 1 } };
  const Loose = { nullable: true };
  const Nullable = { type: 'string', nullable: true, example: null };
  assert.equal(findings({ Broken, Loose, Nullable }), []);
});

test('OpenAPI 3.0: nullable is read as allowing null, and a wrong value is still reported', () => {
  const Name = { type: 'object', properties: { name: { type: 'string', nullable: true } }, example: { name: 3 } };
  const Ok = { type: 'object', properties: { name: { type: 'string', nullable: true } }, example: { name: null } };
  assert.equal(findings({ Name, Ok }, '3.0.3'), ['/components/schemas/Name/example example /name must be string,null']);
});

test.run();
