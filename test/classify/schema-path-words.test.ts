/** Array items in messages read as items ("items of property tags", "request body items"), never `tags[]`. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { schemaPathWords, schemaTarget } from '../../src/classify/schema-path-words.ts';
import { interpolate } from '../../src/classify/message.ts';
import type { RawChange } from '../../src/diff/types.ts';

test('{{target}}: items worded from the innermost step out; paths without items unchanged', () => {
  assert.is(schemaTarget('request body', '[]'), 'request body items');
  assert.is(schemaTarget('response schema Pet', 'tags[]'), 'response schema Pet items of property tags');
  assert.is(schemaTarget('request body', '[].id'), 'request body property id of items');
  assert.is(schemaTarget('schema', 'orders[].lines[]'), 'schema items of property lines of items of property orders');
  assert.is(schemaTarget('schema', 'pair[1]'), 'schema item 1 of property pair');
  assert.is(schemaTarget('schema', 'a.b'), 'schema property a.b');
});

test('{{schemaPath}} follows the word "property"; a path a marker cannot be told apart in stays as written', () => {
  assert.is(schemaPathWords('tags[].id'), 'id of items of property tags');
  assert.is(schemaPathWords('name'), 'name');
  assert.is(schemaPathWords('a/^[a-z]+$/'), 'a/^[a-z]+$/');
  assert.is(schemaPathWords('a.*'), 'a.*');
});

test('messages: no rendered location shows []', () => {
  const change = (schemaPath: string, subject: string): RawChange =>
    ({ kind: 'schema-type', action: 'changed', context: { schemaPath, subject, method: 'get', path: '/pets', from: 'string', to: 'integer' } }) as unknown as RawChange;
  assert.is(interpolate('{{operation}}: {{target}} type changed from {{from}} to {{to}}', change('tags[]', 'response schema Pet')), 'get /pets: response schema Pet items of property tags type changed from string to integer');
  assert.is(interpolate('{{operation}}: required property {{schemaPath}} added to {{subject}}', change('[].id', 'request body')), 'get /pets: required property id of items added to request body');
});

test.run();
