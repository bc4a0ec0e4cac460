import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpecFromText } from '../../src/load/load.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const project = emptyProject();

// As in the OpenAPI 3.1 meta-schema: `info` is a $ref to a definition that is itself a $ref with siblings.
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    info: { $ref: '#/$defs/info' },
    more: { $ref: '#/$defs/info', description: 'with a sibling of its own' },
  },
  $defs: {
    info: { $ref: '#/$defs/extensions', type: 'object', properties: { title: { type: 'string' } }, unevaluatedProperties: false },
    extensions: { patternProperties: { '^x-': true } },
  },
};

test('a $ref to a $ref with siblings keeps the siblings of the middle one', async () => {
  const spec = await loadSpecFromText(JSON.stringify(SCHEMA), `${project.dir}/s.schema.json`, { projectRoot: project.dir });
  const info = spec.document.properties.info;
  assert.equal(Object.keys(info.properties), ['title'], 'the properties of $defs/info survive');
  assert.ok(info.patternProperties['^x-'], 'and so do those of the definition it refers to');
  assert.is(info.unevaluatedProperties, false);
  assert.is(info, spec.document.$defs.info, 'one shared object');
  assert.equal(spec.origin(info), { file: `${project.dir}/s.schema.json`, pointer: '/$defs/info' });
  const more = spec.document.properties.more;
  assert.is(more.description, 'with a sibling of its own');
  assert.equal(Object.keys(more.properties), ['title']);
  assert.ok(more.patternProperties['^x-']);
});

test('sibling refs that only point at each other load without hanging', async () => {
  const loop = { $defs: { a: { $ref: '#/$defs/b', title: 'a' }, b: { $ref: '#/$defs/a', title: 'b' } }, properties: { p: { $ref: '#/$defs/a' } } };
  const spec = await loadSpecFromText(JSON.stringify(loop), `${project.dir}/loop.schema.json`, { projectRoot: project.dir });
  assert.ok(spec.document.properties.p);
});

test.run();
