/** `specver lint`: output formats, exit codes, rule customisation, --fix byte for byte. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const FIX = join(FIXTURES, 'lint', 'fix');

const CLEAN_OPENAPI = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
  description: Pets API
  contact: { name: Team }
  license: { name: MIT }
servers:
  - url: https://api.pets.dev/v1
tags:
  - name: pets
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      summary: Get a pet
      tags: [pets]
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: { type: string }
`;

const SCHEMA = JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', title: 'Event', description: 'An event', type: 'object', properties: { id: { type: 'string' } } }, null, 2);

function project(spec: string, extra = ''): TempProject {
  const p = emptyProject();
  p.write('specver.yaml', `versioning: independent\ncontracts:\n  - name: petstore\n    format: openapi\n    path: api/petstore.yaml\n  - name: event\n    format: json-schema\n    path: schemas/event.schema.json\n${extra}`);
  p.write('api/petstore.yaml', spec);
  p.write('schemas/event.schema.json', SCHEMA);
  return p;
}

test('a clean project: "no violations" per contract, count line, exit 0', async () => {
  const p = project(CLEAN_OPENAPI);
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^petstore \(openapi, OpenAPI 3\.0\)  api\/petstore\.yaml\n  no violations\n/);
  assert.match(r.stdout, /event \(json-schema, JSON Schema draft-07\)  schemas\/event\.schema\.json\n  no violations/);
  assert.match(r.stdout, /2 contracts passed, 0 with errors\n$/);
});

test('errors: [error] rule message file:line, exit 1; warnings alone exit 0', async () => {
  const broken = CLEAN_OPENAPI.replace("      operationId: getPet\n", "      operationId: getPet\n      security:\n        - missing: []\n");
  const r = await runSpecver(['lint'], { cwd: project(broken).dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, "  [error] security-schemes-defined security scheme 'missing' is not defined api/petstore.yaml:17\n");
  assert.match(r.stdout, /1 contract passed, 1 with errors\n$/);
  const warnOnly = CLEAN_OPENAPI.replace('  description: Pets API\n', '');
  const w = await runSpecver(['lint', 'petstore'], { cwd: project(warnOnly).dir });
  assert.is(w.exitCode, 0);
  assert.match(w.stdout, '[warn] info-description info must have a description api/petstore.yaml:2');
  assert.not.match(w.stdout, 'event (');
});

test('an unparsable spec is a spec-parseable finding with file:line; the other contracts are linted; exit 1', async () => {
  const p = project(CLEAN_OPENAPI.replace('  version: 1.0.0\n', ' version: 1.0.0\n'));
  p.write('schemas/event.schema.json', SCHEMA.replace('"type": "object",', '"type": "object" "required": [],'));
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.is(r.stderr, '');
  assert.match(r.stdout, /petstore \(openapi, OpenAPI\)  api\/petstore\.yaml\n  \[error\] spec-parseable invalid YAML: .* api\/petstore\.yaml:4\n/);
  assert.match(r.stdout, /\[error\] spec-parseable invalid JSON: .* schemas\/event\.schema\.json:5\n/);
  assert.match(r.stdout, /0 contracts passed, 2 with errors\n$/);
  const json = await runSpecver(['lint', '--json'], { cwd: p.dir });
  assert.is(json.exitCode, 1);
  assertValidOutput('lint.schema.json', json.json());
  // One broken contract does not hide the findings of a readable one.
  const mixed = project(CLEAN_OPENAPI.replace('  description: Pets API\n', ''));
  mixed.write('schemas/event.schema.json', '{');
  const m = await runSpecver(['lint', '--json'], { cwd: mixed.dir });
  assert.equal(m.json().contracts.map((c: any) => c.violations.map((v: any) => v.rule)), [['info-description'], ['spec-parseable']]);
  // diff keeps treating it as an input error.
  const d = await runSpecver(['diff'], { cwd: p.dir });
  assert.is(d.exitCode, 2);
});

test('--format json validates against its schema; --json is the same', async () => {
  const p = project(CLEAN_OPENAPI.replace('      operationId: getPet\n', ''));
  for (const argv of [['lint', '--format', 'json'], ['lint', '--json']]) {
    const r = await runSpecver(argv, { cwd: p.dir });
    assert.is(r.exitCode, 0);
    const doc = r.json();
    assertValidOutput('lint.schema.json', doc);
    assert.equal(doc.summary, { contracts: 2, passed: 2, failed: 0, errors: 0, warnings: 1, fixed: 0, baselined: 0, failSeverity: 'error' });
    assert.equal(doc.contracts[0].violations[0], { rule: 'operation-operationid', severity: 'warn', message: 'Operation must have an operationId', file: 'api/petstore.yaml', line: 14, pointer: '/paths/~1pets~1{petId}/get/operationId', fixable: false });
  }
});

test('--format stylish groups by file, ESLint style', async () => {
  const r = await runSpecver(['lint', '--format', 'stylish'], { cwd: project(CLEAN_OPENAPI.replace('  license: { name: MIT }\n', '')).dir });
  assert.is(r.exitCode, 0);
  assert.match(r.stdout, /^api\/petstore\.yaml\n  2  warning  info must have a license  info-license\n\n\u2716 1 problem \(0 errors, 1 warning\)\n/);
});

test('--format github, sarif and junit carry file and line', async () => {
  const p = project(CLEAN_OPENAPI.replace('  license: { name: MIT }\n', ''));
  const gh = await runSpecver(['lint', '--format', 'github'], { cwd: p.dir });
  assert.match(gh.stdout, '::warning file=api/petstore.yaml,line=2,title=specver lint%3A info-license::info must have a license\n');
  const sarif = (await runSpecver(['lint', '--format', 'sarif'], { cwd: p.dir })).json();
  assert.is(sarif.version, '2.1.0');
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation, { artifactLocation: { uri: 'api/petstore.yaml' }, region: { startLine: 2 } });
  assert.is(sarif.runs[0].tool.driver.rules[sarif.runs[0].results[0].ruleIndex].id, 'info-license');
  assert.is(sarif.runs[0].tool.driver.name, 'specver');
  for (const result of sarif.runs[0].results) {
    assert.ok(['none', 'note', 'warning', 'error'].includes(result.level));
    assert.type(result.message.text, 'string');
  }
  const junit = await runSpecver(['lint', '--format', 'junit'], { cwd: p.dir });
  // A warning does not fail the run, so it is no failure: a passed case whose system-out says what was found.
  assert.match(junit.stdout, '<testcase name="info-license api/petstore.yaml:2" classname="specver.lint.petstore">\n      <system-out>warn (below --fail-severity error, not failing): info must have a license at api/petstore.yaml:2 /info/license</system-out>');
  assert.match(junit.stdout, /<testsuites name="specver lint" tests="\d+" failures="0">/);
  const strict = await runSpecver(['lint', '--format', 'junit', '--fail-severity', 'warn'], { cwd: p.dir });
  assert.is(strict.exitCode, 1);
  assert.match(strict.stdout, '<failure message="info must have a license" type="warn">api/petstore.yaml:2 /info/license</failure>');
});

test('lint: severity overrides and custom rule files from specver.yaml', async () => {
  const rule = JSON.stringify({ id: 'acme/summary-period', description: 'Summaries end without a period.', message: 'Summary must not end with a period', severity: 'error', given: '$.paths[*][get,post]', then: { field: 'summary', function: 'pattern', functionOptions: { notMatch: '\\.$' } } });
  const p = project(CLEAN_OPENAPI.replace('Get a pet', 'Get a pet.').replace('  license: { name: MIT }\n', ''), 'lint:\n  files: [lint/summary-period.json]\n  severity: { info-license: off }\n');
  p.write('lint/summary-period.json', rule);
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, '[error] acme/summary-period Summary must not end with a period api/petstore.yaml:15');
  assert.not.match(r.stdout, 'info-license');
});

test('a team rule on an alias with a cross-match function: #operations and unique, its message in the rule file', async () => {
  const rule = JSON.stringify({ id: 'acme/summary-unique', description: 'Operation summaries are unique.', message: "Summary '{{value}}' is already used by {{first}}", severity: 'error', given: '#operations', then: { field: 'summary', function: 'unique' } });
  const spec = CLEAN_OPENAPI.replace('paths:\n', "paths:\n  /pets:\n    get:\n      operationId: listPets\n      summary: Get a pet\n      tags: [pets]\n      responses: {'200': {description: ok}}\n");
  const p = project(spec, 'lint:\n  files: [lint/summary-unique.json]\n');
  p.write('lint/summary-unique.json', rule);
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, "[error] acme/summary-unique Summary 'Get a pet' is already used by GET /pets api/petstore.yaml:");
  p.write('lint/summary-unique.json', rule.replace('"function":"unique"', '"function":"unique","functionOptions":{"by":"name"}'));
  const bad = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(bad.exitCode, 3);
  assert.match(bad.stderr, "lint/summary-unique.json: invalid functionOptions for unique: unique unknown option 'by'");
  assert.not.match(bad.stderr, '    at ');
});

test('an unknown rule id in lint.severity: exit 2', async () => {
  const r = await runSpecver(['lint'], { cwd: project(CLEAN_OPENAPI, 'lint:\n  severity: { no-such-rule: off }\n').dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, "unknown lint rule 'no-such-rule'");
});

test('a hostile rule file: exit 3, the file named, nothing executed', async () => {
  const g = globalThis as Record<string, unknown>;
  delete g.__specverPwned;
  const p = project(CLEAN_OPENAPI, 'lint:\n  files: [lint/evil.json]\n');
  p.write('lint/evil.json', JSON.stringify({ id: 'evil', description: 'd', message: 'm', severity: 'error', given: "$..[?(@.constructor.constructor('globalThis.__specverPwned = 1')())]", then: { function: 'truthy' } }));
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, 'lint/evil.json');
  assert.match(r.stderr, 'refused JSONPath');
  assert.is(g.__specverPwned, undefined);
  p.write('lint/evil.json', JSON.stringify({ id: 'evil', description: 'd', message: 'm', severity: 'error', given: '$', then: { function: 'pattern', functionOptions: { match: '(a+)+$' } } }));
  const regex = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(regex.exitCode, 3);
  assert.match(regex.stderr, 'backtrack');
  p.write('lint/evil.json', JSON.stringify({ id: 'evil', description: 'd', message: 'm', severity: 'error', given: '$', then: { function: 'truthy' }, run: 'rm -rf /' }));
  const unknown = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(unknown.exitCode, 3);
  assert.match(unknown.stderr, "unknown field 'run'");
});

test('multi-file spec: a broken $ref into another file is reported with file:line', async () => {
  const p = project(CLEAN_OPENAPI.replace("schema: { $ref: '#/components/schemas/Pet' }", "schema: { $ref: './pet.yaml#/Missing' }"));
  p.write('api/pet.yaml', 'Pet: { type: object }\n');
  const r = await runSpecver(['lint', 'petstore'], { cwd: p.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, "[error] refs-resolve $ref './pet.yaml#/Missing' is broken: api/pet.yaml has nothing at '#/Missing' api/petstore.yaml:28");
});

test('multi-file spec: an unparsable referenced file is a spec-parseable finding there, and its $ref a refs-resolve finding', async () => {
  const p = project(CLEAN_OPENAPI.replace("schema: { $ref: '#/components/schemas/Pet' }", "schema: { $ref: './pet.yaml#/Pet' }"));
  p.write('api/pet.yaml', 'Pet:\n  type: object\n type: string\n');
  const r = await runSpecver(['lint', 'petstore'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /\[error\] spec-parseable invalid YAML: .* api\/pet\.yaml:3\n/);
  assert.match(r.stdout, /\[error\] refs-resolve \$ref '\.\/pet\.yaml#\/Pet' cannot be read: .* api\/petstore\.yaml:28\n/);
});

test('multi-file JSON Schema: a broken $ref in a referenced file is reported in that file', async () => {
  const p = project(CLEAN_OPENAPI);
  p.write('schemas/event.schema.json', JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', title: 'Event', description: 'An event', type: 'object', properties: { id: { $ref: 'id.json' } } }, null, 2));
  p.write('schemas/id.json', '{\n  "type": "string",\n  "not": { "$ref": "#/definitions/missing" }\n}\n');
  const r = await runSpecver(['lint', 'event', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.equal(r.json().contracts[0].violations.map((v: any) => `${v.rule} ${v.file}:${v.line} ${v.pointer}`), ['json-schema-refs-resolve schemas/id.json:3 /not/$ref']);
});

test('multi-file spec: schemas in referenced files are linted where they live, and fixed there', async () => {
  const p = project(CLEAN_OPENAPI.replace("schema: { $ref: '#/components/schemas/Pet' }", "schema: { $ref: './schemas/pet.yaml#/Pet' }").replace(/components:[\s\S]*$/, ''));
  p.write('api/schemas/pet.yaml', '# shared schemas\nPet:\n  type: object\n  properties:\n    kind: { $ref: "./kind.yaml" }\n');
  p.write('api/schemas/kind.yaml', 'type: string\nenum: [cat, dog, cat, 3]\n');
  const r = await runSpecver(['lint', 'petstore'], { cwd: p.dir });
  assert.is(r.exitCode, 1, r.stdout);
  assert.match(r.stdout, '[error] enum-values-match-type enum value 3 is not of type string api/schemas/kind.yaml:2');
  assert.match(r.stdout, '[warn] enum-duplicate-values enum lists "cat" more than once api/schemas/kind.yaml:2');
  const json = (await runSpecver(['lint', 'petstore', '--json'], { cwd: p.dir })).json();
  assert.ok(json.contracts[0].violations.some((v: { file: string; pointer: string }) => v.file === 'api/schemas/kind.yaml' && v.pointer === '/enum/3'));
  await runSpecver(['lint', 'petstore', '--fix'], { cwd: p.dir });
  assert.is(p.read('api/schemas/kind.yaml'), 'type: string\nenum: [cat, dog, 3]\n');
  assert.is(p.read('api/schemas/pet.yaml'), '# shared schemas\nPet:\n  type: object\n  properties:\n    kind: { $ref: "./kind.yaml" }\n');
});

test('multi-file spec: path items and operations in other files are linted and fixed where written', async () => {
  const p = emptyProject();
  p.write('specver.yaml', 'contracts:\n  - name: pets\n    format: openapi\n    path: api.yaml\n');
  const dir = join(FIXTURES, 'lint', 'multi-file');
  for (const file of ['api.yaml', 'paths/pets.yaml', 'paths/get-pet.yaml', 'shared/parameters.yaml', 'shared/responses.yaml', 'shared/pet.yaml']) p.write(file, readFileSync(join(dir, file), 'utf8'));
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, 'operation-operationid Operation must have an operationId paths/pets.yaml:2');
  assert.match(r.stdout, "openapi-schema-valid /Error missing required field 'description' shared/responses.yaml:7");
  await runSpecver(['lint', '--fix'], { cwd: p.dir });
  assert.match(p.read('shared/parameters.yaml'), 'required: true');
  assert.is(p.read('shared/pet.yaml'), 'type: object\nproperties:\n  kind:\n    type: string\n    enum: [cat, dog]\n');
  assert.is(p.read('api.yaml'), readFileSync(join(dir, 'api.yaml'), 'utf8'));
});

async function fixed(input: string, name: string): Promise<{ p: TempProject; stdout: string; exitCode: number }> {
  const p = emptyProject();
  p.write('specver.yaml', `contracts:\n  - name: pets\n    format: openapi\n    path: ${name}\n`);
  p.write(name, input);
  const r = await runSpecver(['lint', '--fix'], { cwd: p.dir });
  return { p, stdout: r.stdout, exitCode: r.exitCode };
}

test('--fix on YAML with comments: exact bytes, report of fixes, re-lint', async () => {
  const { p, stdout, exitCode } = await fixed(readFileSync(join(FIX, 'commented.yaml'), 'utf8'), 'api.yaml');
  assert.is(p.read('api.yaml'), readFileSync(join(FIX, 'commented.fixed.yaml'), 'utf8'));
  assert.match(stdout, '[fixed] path-parameter-required');
  assert.match(stdout, "[fixed] operation-tags-declared declared the tag 'pets'");
  assert.not.match(stdout, '[warn] enum-duplicate-values');
  assert.is(exitCode, 0, stdout);
  assert.equal([...p.snapshot().keys()].sort(), ['api.yaml', 'specver.yaml'], 'no temp file left behind');
});

test('--fix --json lists the fixes and validates', async () => {
  const p = emptyProject();
  p.write('specver.yaml', 'contracts:\n  - name: pets\n    format: openapi\n    path: api.yaml\n');
  p.write('api.yaml', readFileSync(join(FIX, 'commented.yaml'), 'utf8'));
  const r = await runSpecver(['lint', '--fix', '--json'], { cwd: p.dir });
  const doc = r.json();
  assertValidOutput('lint.schema.json', doc);
  assert.is(doc.summary.fixed, 6);
  assert.ok(doc.contracts[0].fixed.some((f: { rule: string; pointer: string }) => f.rule === 'server-url-no-trailing-slash' && f.pointer === '/servers/0/url'));
});

test('--fix on JSON: exact bytes', async () => {
  const { p } = await fixed(readFileSync(join(FIX, 'spaced.json'), 'utf8'), 'api.json');
  assert.is(p.read('api.json'), readFileSync(join(FIX, 'spaced.fixed.json'), 'utf8'));
});

test('--fix with nothing to fix leaves the file untouched; lint without --fix never writes', async () => {
  const { p } = await fixed(CLEAN_OPENAPI, 'api.yaml');
  assert.is(p.read('api.yaml'), CLEAN_OPENAPI);
  const input = readFileSync(join(FIX, 'commented.yaml'), 'utf8');
  const q = emptyProject();
  q.write('specver.yaml', 'contracts:\n  - name: pets\n    format: openapi\n    path: api.yaml\n');
  q.write('api.yaml', input);
  await runSpecver(['lint'], { cwd: q.dir });
  assert.is(q.read('api.yaml'), input);
});

test.run();
