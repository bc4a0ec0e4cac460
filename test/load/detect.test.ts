import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeKind, detectKind, detectKindOrExplain, dialectOf } from '../../src/load/detect.ts';
import { parseSource } from '../../src/load/parse-source.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const SPECS = join(FIXTURES, 'specs');
const detectFile = (file: string) => {
  const path = join(SPECS, file);
  return detectKind(parseSource(readFileSync(path, 'utf8'), path).data, path);
};

test('OpenAPI versions are told apart by swagger / openapi', () => {
  assert.equal(detectFile('openapi-2.0.yaml'), { format: 'openapi', version: '2.0', declared: '2.0' });
  assert.equal(detectFile('openapi-2.0.json'), { format: 'openapi', version: '2.0', declared: '2.0' });
  assert.equal(detectFile('openapi-3.0.yaml'), { format: 'openapi', version: '3.0', declared: '3.0.3' });
  assert.equal(detectFile('openapi-3.0.json'), { format: 'openapi', version: '3.0', declared: '3.0.1' });
  assert.equal(detectFile('openapi-3.1.yaml'), { format: 'openapi', version: '3.1', declared: '3.1.0' });
});

test('JSON Schema dialects come from $schema, with or without # and in http or https', () => {
  for (const dialect of ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12']) {
    const kind = detectFile(`json-schema/${dialect}.json`);
    assert.is(kind?.format, 'json-schema');
    assert.is(kind?.format === 'json-schema' && kind.dialect, dialect);
  }
  assert.is(dialectOf('https://json-schema.org/draft-07/schema#'), 'draft-07');
  assert.is(dialectOf('http://json-schema.org/draft/2020-12/schema'), '2020-12');
  assert.is(dialectOf('https://json-schema.org/draft/2019-09/schema#'), '2019-09');
  assert.is(dialectOf('http://example.com/my-dialect'), undefined);
});

test('a .schema.json / .schema.yaml / .schema.yml file without $schema is JSON Schema 2020-12', () => {
  assert.equal(detectFile('json-schema/order.schema.json'), { format: 'json-schema', dialect: '2020-12' });
  assert.equal(detectFile('json-schema/order.schema.yaml'), { format: 'json-schema', dialect: '2020-12' });
  assert.equal(detectKind({ type: 'object' }, 'a/b/Event.schema.yml'), { format: 'json-schema', dialect: '2020-12' });
  assert.is(detectKind({ type: 'object' }, 'a/b/event.json'), undefined);
});

test('unsupported versions are explained, not silently ignored', () => {
  const explain = (file: string) => {
    const path = join(SPECS, file);
    return detectKindOrExplain(parseSource(readFileSync(path, 'utf8'), path).data, path);
  };
  assert.match(explain('unsupported/openapi-4.yaml').problem!, 'unsupported OpenAPI version 4.0.0');
  assert.match(explain('unsupported/swagger-1.2.json').problem!, 'unsupported Swagger version 1.2');
  assert.match(explain('unsupported/swagger-3.0.yaml').problem!, 'unsupported Swagger version 3.0');
  assert.match(explain('unsupported/plain.yaml').problem!, 'neither OpenAPI');
  assert.is(explain('unsupported/openapi-4.yaml').kind, undefined);
  assert.match(detectKindOrExplain({ $schema: 'http://example.com/s' }, 'x.json').problem!, "unsupported JSON Schema dialect 'http://example.com/s'");
  assert.match(detectKindOrExplain([1, 2], 'x.json').problem!, 'a list');
  assert.match(detectKindOrExplain('text', 'x.yaml').problem!, 'string');
});

test('unquoted swagger: 2.0 and openapi: 3.0 (numbers in YAML) are accepted', () => {
  assert.equal(detectKind(parseSource('swagger: 2.0\ninfo: {}\n', 'a.yaml').data, 'a.yaml'), { format: 'openapi', version: '2.0', declared: '2.0' });
  assert.equal(detectKind(parseSource('openapi: 3.0\n', 'a.yaml').data, 'a.yaml'), { format: 'openapi', version: '3.0', declared: '3.0' });
  assert.equal(detectKind(parseSource('openapi: 3.1\n', 'a.yaml').data, 'a.yaml'), { format: 'openapi', version: '3.1', declared: '3.1' });
});

test('describeKind names the format and version', () => {
  assert.is(describeKind({ format: 'openapi', version: '3.0', declared: '3.0.3' }), 'OpenAPI 3.0');
  assert.is(describeKind({ format: 'openapi', version: '2.0', declared: '2.0' }), 'OpenAPI 2.0');
  assert.is(describeKind({ format: 'json-schema', dialect: 'draft-07' }), 'JSON Schema draft-07');
});

// Every real spec (fixtures/real-specs, and the shared corpus under `npm run test:corpus`) is held to its
// manifest's format and version by the passes that diff them (test/helpers/series-checks.ts), which parse each once.

test.run();
