import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../../src/config/load-config.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas/config.schema.json'), 'utf8'));

/** Every named property of every object schema, with its pointer. */
function properties(node: any, pointer: string, out: [string, any][] = []): [string, any][] {
  if (typeof node !== 'object' || node === null) return out;
  for (const [key, value] of Object.entries(node.properties ?? {})) out.push([`${pointer}/properties/${key}`, value]);
  for (const [key, value] of Object.entries(node)) if (typeof value === 'object') properties(value, `${pointer}/${key}`, out);
  return out;
}

test('every field of the config schema has a description (the reference docs are generated from it)', () => {
  const fields = properties(schema, '#').filter(([pointer]) => !/\/(if|then)\//.test(pointer));
  assert.ok(fields.length >= 15, `found ${fields.length}`);
  for (const [pointer, field] of fields) assert.ok(typeof field.description === 'string' && field.description.length > 10, `${pointer} lacks a description`);
  for (const [name, def] of Object.entries(schema.$defs)) assert.ok((def as any).description, `$defs/${name} lacks a description`);
});

test('the decisions.md example configuration is valid', () => {
  const example = `versioning: independent
contracts:
  - name: petstore
    format: openapi
    path: api/petstore.yaml
  - name: order-event
    format: json-schema
    path: schemas/order-event.schema.json
    compatibility: backward
rules:
  files: [specver-rules/acme.json]
  severity: { response-enum-value-added: breaking, operation-summary-changed: off }
lint:
  files: [specver-rules/acme-lint.json]
  severity: { info-contact-missing: off }
changelog: CHANGELOG.md
git: { commit: false, tag: false }
`;
  const config = parseConfig(example, '/repo/specver.yaml');
  assert.is(config.contracts.length, 2);
  assert.equal(config.lint.severity, { 'info-contact-missing': 'off' });
});

test.run();
