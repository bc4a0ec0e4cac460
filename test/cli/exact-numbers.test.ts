/**
 * End to end: numbers a double cannot hold exactly (a request bound in a JSON and a YAML OpenAPI spec, an enum
 * value in a standalone JSON Schema) are compared as written: diff --json (validated), breaking's exit code.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const BIG = '1000000000000000000000000000001';
const BIGGER = '1000000000000000000000000000002';
const ROUND = '1000000000000000000000000000000';

const jsonSpec = (maximum: string) => `{
  "openapi": "3.0.3",
  "info": { "title": "Limits", "version": "1.0.0" },
  "paths": {
    "/transfers": {
      "post": {
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": { "amount": { "type": "integer", "maximum": ${maximum} } }
              }
            }
          }
        },
        "responses": { "200": { "description": "ok" } }
      }
    }
  }
}
`;

const yamlSpec = (maximum: string) => `openapi: 3.0.3
info: { title: Ledger, version: 1.0.0 }
paths:
  /entries:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                amount: { type: integer, maximum: ${maximum} }
      responses:
        '200': { description: ok }
`;

const enumSchema = (values: string[]) => `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Account id",
  "type": "integer",
  "enum": [${values.join(', ')}]
}
`;

async function project(): Promise<TempProject> {
  const p = emptyProject('specver-exact-');
  p.write('api/limits.json', jsonSpec(BIG));
  p.write('api/ledger.yaml', yamlSpec(BIG));
  p.write('schemas/account.schema.json', enumSchema([BIG, '7']));
  const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir });
  assert.is(init.exitCode, 0, init.stdout + init.stderr);
  return p;
}

const contractOf = (p: TempProject, file: string) => {
  const match = new RegExp(`name: ([^\\n]+)\\n\\s+format: [^\\n]+\\n\\s+path: ${file.replace(/\./g, '\\.')}`).exec(p.read('specver.yaml'));
  assert.ok(match, `no contract for ${file} in specver.yaml`);
  return match[1].trim();
};

test('unchanged specs with big numbers: no changes, breaking exits 0', async () => {
  const p = await project();
  const diff = await runSpecver(['diff', '--json'], { cwd: p.dir });
  assert.is(diff.exitCode, 0, diff.stderr);
  assertValidOutput('diff.schema.json', diff.json());
  assert.not.match(diff.stdout, /"rule"/);
  assert.is((await runSpecver(['breaking'], { cwd: p.dir })).exitCode, 0);
});

for (const [file, spec] of [['api/limits.json', jsonSpec], ['api/ledger.yaml', yamlSpec]] as const) {
  test(`${file}: a request maximum decreased by 1 beyond 2^53 is breaking, shown as written`, async () => {
    const p = await project();
    p.write(file, spec(ROUND));
    const diff = await runSpecver(['diff', contractOf(p, file), '--json'], { cwd: p.dir });
    assert.is(diff.exitCode, 0, diff.stderr);
    const doc = diff.json();
    assertValidOutput('diff.schema.json', doc);
    const findings = JSON.stringify(doc);
    assert.match(findings, /"request-property-max-decreased"/);
    assert.match(findings, `maximum decreased from ${BIG} to ${ROUND}`);
    assert.not.match(findings, /e\+30/);
    const breaking = await runSpecver(['breaking', '--contract', contractOf(p, file)], { cwd: p.dir });
    assert.is(breaking.exitCode, 1, breaking.stdout + breaking.stderr);
  });

  test(`${file}: a request maximum increased by 1 beyond 2^53 is non-breaking`, async () => {
    const p = await project();
    p.write(file, spec(BIGGER));
    const diff = await runSpecver(['diff', contractOf(p, file), '--json'], { cwd: p.dir });
    assertValidOutput('diff.schema.json', diff.json());
    assert.match(diff.stdout, `maximum increased from ${BIG} to ${BIGGER}`);
    assert.is((await runSpecver(['breaking', '--contract', contractOf(p, file)], { cwd: p.dir })).exitCode, 0);
  });

  test(`${file}: the same number written another way (1e30 for ${ROUND}) is no change`, async () => {
    const p = await project();
    p.write(file, spec(ROUND));
    await runSpecver(['changeset', '--no-interactive', '--message', 'round'], { cwd: p.dir });
    const version = await runSpecver(['version'], { cwd: p.dir });
    assert.is(version.exitCode, 0, version.stdout + version.stderr);
    p.write(file, spec('1e30'));
    const diff = await runSpecver(['diff', contractOf(p, file), '--json'], { cwd: p.dir });
    // `version` wrote the new info.version into the spec, which the rewrite above undid: only that may differ.
    const rules = [...diff.stdout.matchAll(/"rule":\s*"([^"]+)"/g)].map((m) => m[1]);
    assert.equal(rules.filter((rule) => !rule.startsWith('info-')), []);
  });
}

test('json-schema: an enum value that differs beyond 2^53 is a removed and an added value', async () => {
  const p = await project();
  p.write('schemas/account.schema.json', enumSchema([BIGGER, '7']));
  const name = contractOf(p, 'schemas/account.schema.json');
  const diff = await runSpecver(['diff', name, '--json'], { cwd: p.dir });
  assert.is(diff.exitCode, 0, diff.stderr);
  assertValidOutput('diff.schema.json', diff.json());
  assert.match(diff.stdout, `enum value ${BIG} removed`);
  assert.match(diff.stdout, `enum value ${BIGGER} added`);
  const breaking = await runSpecver(['breaking', '--contract', name], { cwd: p.dir });
  assert.is(breaking.exitCode, 1, breaking.stdout + breaking.stderr);
});

test('a $ref\'d file: its numbers keep their literal in the bundled snapshot, and a change in it is found', async () => {
  const p = emptyProject('specver-exact-ref-');
  const root = jsonSpec('0').replace('"type": "object",', '"$ref": "./amount.yaml",').replace(/,\s*"properties": \{ "amount": \{[^}]*\} \}/, '');
  p.write('api/transfers.json', root);
  const amount = (maximum: string) => `type: object\nproperties:\n  amount: { type: integer, maximum: ${maximum}, enum: [0x1FFFFFFFFFFFFFFFFF, 5] }\n`;
  p.write('api/amount.yaml', amount(BIG));
  const init = await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir });
  assert.is(init.exitCode, 0, init.stdout + init.stderr);
  const snapshot = p.read('.specver/snapshots/transfers@1.0.0.json');
  assert.match(snapshot, `"maximum": ${BIG}`);
  assert.match(snapshot, /590295810358705651711,/, 'a YAML hex literal becomes its exact JSON value');
  assert.not.match((await runSpecver(['diff', '--json'], { cwd: p.dir })).stdout, /"rule"/);
  p.write('api/amount.yaml', amount(ROUND));
  const diff = await runSpecver(['diff', '--json'], { cwd: p.dir });
  assertValidOutput('diff.schema.json', diff.json());
  assert.match(diff.stdout, `maximum decreased from ${BIG} to ${ROUND}`);
  assert.is((await runSpecver(['breaking'], { cwd: p.dir })).exitCode, 1);
});

test.run();
