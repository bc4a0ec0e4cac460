/** A change inside `not` or `if` says what changed there, beside the effect judged on the subschema as a whole. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareSchemas } from '../../src/diff/compare-schemas.ts';
import { interpolate } from '../../src/classify/message.ts';
import { RULES_DIR } from '../../src/ruleset/load-rules.ts';

const ruleMessage = (id: string) => JSON.parse(readFileSync(join(RULES_DIR, 'classify', `${id}.json`), 'utf8')).message as string;

test('a not whose enum changed names the values added and removed', () => {
  const base = { type: 'object', properties: { p: { type: 'string', not: { enum: ['a'] } } } };
  const revision = { type: 'object', properties: { p: { type: 'string', not: { enum: ['b'] } } } };
  const [change, ...rest] = compareSchemas(base, revision, { direction: 'request' });
  assert.equal(rest, []);
  assert.is(change!.kind, 'schema-not');
  assert.is(change!.context.inside, 'enum value b added; enum value a removed');
  assert.is(interpolate(ruleMessage('schema-keyword-changed'), change!), 'the API: schema property p keyword not changed (inside: enum value b added; enum value a removed)');
});

test('a not that accepts more names the bound that moved (the whole is narrowed)', () => {
  const [change] = compareSchemas({ not: { type: 'string', minLength: 2 } }, { not: { type: 'string', minLength: 4 } }, { direction: 'request' });
  assert.is(change!.effect, 'widened');
  assert.is(change!.context.inside, 'min length increased from 2 to 4');
});

test('a changed if condition names the keyword and property inside it', () => {
  const base = { if: { properties: { k: { const: 'x' } } }, then: { required: ['a'] } };
  const revision = { if: { properties: { k: { const: 'x', maxLength: 3 } } }, then: { required: ['a'] } };
  const [change] = compareSchemas(base, revision, { direction: 'request' });
  assert.is(change!.kind, 'schema-conditional');
  assert.is(change!.context.inside, 'max length added at k');
  assert.match(interpolate(ruleMessage('request-schema-constraint-widened'), change!), 'widened (schema-conditional widened) (inside: max length added at k)');
});

test('a keyword change without words inside keeps its message as it was', () => {
  const [change] = compareSchemas({ type: 'string', contentMediaType: 'text/plain' }, { type: 'string', contentMediaType: 'text/html' }, { direction: 'request' });
  assert.is(change!.context.inside, undefined);
  assert.is(interpolate(ruleMessage('schema-keyword-changed'), change!), 'the API: schema keyword contentMediaType changed');
});

test.run();
