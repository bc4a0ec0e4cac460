/**
 * Multi-file OpenAPI specs: path items, operations, parameters, responses and schemas written in other files
 * are linted by every rule, reported in the file and at the line where they are written, each node once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintSpecAt } from '../../src/lint/lint-contracts.ts';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { FIXTURES } from '../helpers/temp-project.ts';
import { REAL_SPECS } from '../helpers/real-specs.ts';

const rules = builtinLintRules();

function lint(dir: string, file: string) {
  return lintSpecAt(join(dir, file), dir, rules, 'openapi');
}

const dir = join(FIXTURES, 'lint', 'multi-file');
const { docs, violations } = await lint(dir, 'api.yaml');
const lines = violations.map((v) => `${v.rule} ${v.file}:${v.line} ${v.pointer}`);

test('a path item in another file is linted there', () => {
  assert.ok(lines.includes('operation-operationid paths/pets.yaml:2 /get/operationId'), lines.join('\n'));
});

test('an operation, parameter and response in other files are linted there, once each', () => {
  assert.ok(lines.includes('path-parameter-required shared/parameters.yaml:1 /PetId/required'), lines.join('\n'));
  const missingDescription = violations.filter((v) => v.rule === 'openapi-schema-valid');
  assert.equal(missingDescription.map((v) => `${v.file}:${v.line} ${v.pointer}`), ['shared/parameters.yaml:1 /PetId', 'shared/responses.yaml:7 /Error'], 'Error is used three times, reported once');
  assert.is(missingDescription.find((v) => v.pointer === '/Error')?.message, "/Error missing required field 'description'");
});

test('a schema referenced from two files is linted once, where it is written', () => {
  assert.equal(lines.filter((l) => l.startsWith('enum-duplicate-values')), ['enum-duplicate-values shared/pet.yaml:5 /properties/kind/enum']);
});

test('a broken $ref in a referenced file is reported in that file', () => {
  assert.ok(lines.includes('refs-resolve paths/get-pet.yaml:12 /responses/404/$ref'), lines.join('\n'));
});

test('every file reached is listed for --fix, and fixes target the file they edit', () => {
  assert.equal(docs.map((d) => d.doc.file).sort(), ['api.yaml', 'paths/get-pet.yaml', 'paths/pets.yaml', 'shared/parameters.yaml', 'shared/pet.yaml', 'shared/responses.yaml']);
  const required = violations.find((v) => v.rule === 'path-parameter-required')!;
  assert.equal(required.fix?.target, '/PetId');
});

test('findings are the same on a second run (no shared state, sources untouched)', async () => {
  assert.equal((await lint(dir, "api.yaml")).violations, violations);
});

test('DigitalOcean: operations written in ~250 files are linted in their own files and lines', async () => {
  const root = join(REAL_SPECS, 'openapi', 'digitalocean', '2020-09-14');
  const found = (await lint(root, 'DigitalOcean-public.v2.yaml')).violations;
  const resize = found.find((v) => v.file === 'resources/volumes/intitiate_volume_action_by_name.yml' && v.rule === 'examples-valid' && v.message.includes('droplet_id'));
  assert.ok(resize, 'an example in an operation file is checked against its schema');
  assert.is(resize!.line, 74);
  const text = readFileSync(join(root, resize!.file), 'utf8').split('\n');
  assert.match(text[resize!.line! - 2], 'VolumeActionResize:');
  assert.match(text[resize!.line! - 1], 'value:');
  for (const v of found) assert.ok(v.line !== undefined, `${v.file} ${v.pointer} has a line`);
});

test.run();
