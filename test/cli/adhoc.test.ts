/** diff, breaking and lint given spec files (a path, <git-ref>:<path>, - for stdin) instead of contract names. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runBuiltSpecver, runSpecver, type CliResult } from '../helpers/run-cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

/** An OpenAPI 3.0 document with GET /pets (its schema at `schemaRef`) and, unless `withoutOwners`, GET /owners. */
function api({ schemaRef = '#/components/schemas/Pet', withoutOwners = false, ageProperty = false, nameType = 'string' } = {}): string {
  const owners = withoutOwners ? '' : `  /owners:\n    get:\n      responses:\n        '200': { description: ok }\n`;
  const pet = `      type: object\n      properties:\n        name: { type: ${nameType} }\n${ageProperty ? '        age: { type: integer }\n' : ''}`;
  return [
    'openapi: 3.0.3',
    'info: { title: Pets, version: 1.0.0 }',
    'paths:',
    '  /pets:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    `              schema: { $ref: '${schemaRef}' }`,
    owners.trimEnd(),
    'components:',
    '  schemas:',
    '    Pet:',
    pet.trimEnd(),
    '',
  ].filter((line) => line !== '').join('\n') + '\n';
}

function write(dir: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Outside any project: no specver.yaml in the directory or above it. */
function looseFiles(files: Record<string, string>): string {
  return write(tempDir('specver-adhoc-'), files);
}

/** One line of error (and at most a hint), no stack trace. */
function assertOneLineError(r: CliResult, code: number, pattern: RegExp): void {
  assert.is(r.exitCode, code, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.match(lines[0]!, pattern);
  assert.ok(lines.length <= 2 && (lines.length === 1 || lines[1]!.startsWith('hint: ')), r.stderr);
  assert.not.match(r.stderr, /\n\s+at /);
}

const PAIR = { 'old.yaml': api(), 'new.yaml': api({ withoutOwners: true, ageProperty: true }) };

test('diff of two files outside a project: text, and JSON valid against diff.schema.json', async () => {
  const dir = looseFiles(PAIR);
  const text = await runSpecver(['diff', 'old.yaml', 'new.yaml'], { cwd: dir });
  assert.is(text.exitCode, 0, text.stderr);
  assert.match(text.stdout, /new\.yaml \(openapi, new\.yaml vs old\.yaml\): 2 changes \(1 breaking, 1 non-breaking, 0 patch\)/);
  assert.match(text.stdout, /BREAKING\s+GET \/owners was removed/);
  const json = await runSpecver(['diff', 'old.yaml', 'new.yaml', '--json'], { cwd: dir });
  assert.is(json.exitCode, 0, json.stderr);
  assertValidOutput('diff.schema.json', json.json());
  const [contract] = json.json().contracts;
  assert.equal(contract.inputs, { base: 'old.yaml', revision: 'new.yaml' });
  assert.equal([contract.name, contract.path, contract.base.label], ['new.yaml', 'new.yaml', 'old.yaml']);
  assert.equal(contract.changes.map((c: { rule: string }) => c.rule).sort(), ['operation-removed', 'response-property-added']);
});

test('breaking of two files: exit 1 on a breaking change, 0 without; JSON valid against breaking.schema.json', async () => {
  const dir = looseFiles({ ...PAIR, 'wider.yaml': api({ ageProperty: true }) });
  const failing = await runSpecver(['breaking', 'old.yaml', 'new.yaml', '--json'], { cwd: dir });
  assert.is(failing.exitCode, 1, failing.stderr);
  assertValidOutput('breaking.schema.json', failing.json());
  assert.is(failing.json().breakingCount, 1);
  const passing = await runSpecver(['breaking', 'old.yaml', 'wider.yaml'], { cwd: dir });
  assert.is(passing.exitCode, 0, passing.stderr);
  assert.match(passing.stdout, /No breaking changes found/);
  const same = await runSpecver(['breaking', 'old.yaml', 'old.yaml', '--format', 'json'], { cwd: dir });
  assert.is(same.exitCode, 0);
  assertValidOutput('breaking.schema.json', same.json());
});

test('every output format of diff and breaking works on two files, with the documented exit codes', async () => {
  const dir = looseFiles(PAIR);
  for (const format of ['markdown', 'html']) {
    const r = await runSpecver(['diff', 'old.yaml', 'new.yaml', '--format', format], { cwd: dir });
    assert.is(r.exitCode, 0, `${format}: ${r.stderr}`);
    assert.match(r.stdout, /\/owners/, format);
  }
  for (const format of ['github', 'junit']) {
    const r = await runSpecver(['breaking', 'old.yaml', 'new.yaml', '--format', format], { cwd: dir });
    assert.is(r.exitCode, 1, `${format}: ${r.stderr}`);
    assert.match(r.stdout, /owners/, format);
  }
  const html = await runSpecver(['diff', 'old.yaml', 'new.yaml', '--format', 'html'], { cwd: dir });
  // The details of a change hold the values of both sides, read from the two files.
  assert.match(html.stdout, /age/);
});

test('<git-ref>:<path> in a git repository: the file as committed against the work tree', async () => {
  const dir = looseFiles({ 'api/openapi.yaml': api() });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'first');
  writeFileSync(join(dir, 'api/openapi.yaml'), api({ withoutOwners: true }));
  const r = await runSpecver(['breaking', 'HEAD:api/openapi.yaml', 'api/openapi.yaml', '--json'], { cwd: dir });
  assert.is(r.exitCode, 1, r.stderr);
  assertValidOutput('breaking.schema.json', r.json());
  assert.is(r.json().contracts[0].base.label, 'HEAD:api/openapi.yaml');
  // From a subdirectory, the path after the ref is relative to the current directory.
  const sub = await runSpecver(['diff', 'HEAD:openapi.yaml', 'openapi.yaml'], { cwd: join(dir, 'api') });
  assert.is(sub.exitCode, 0, sub.stderr);
  assert.match(sub.stdout, /GET \/owners was removed/);
  assertOneLineError(await runSpecver(['breaking', 'no-such-ref:api/openapi.yaml', 'api/openapi.yaml'], { cwd: dir }), 2, /unknown git ref 'no-such-ref'/);
  assertOneLineError(await runSpecver(['breaking', 'HEAD:api/missing.yaml', 'api/openapi.yaml'], { cwd: dir }), 2, /api\/missing\.yaml does not exist at git ref 'HEAD'/);
});

test('- reads one side from stdin; its relative $refs resolve against the current directory', async () => {
  const dir = looseFiles({ 'new.yaml': api({ schemaRef: './pet.yaml', nameType: 'integer' }), 'pet.yaml': 'type: object\nproperties:\n  name: { type: integer }\n' });
  const r = await runSpecver(['breaking', '-', 'new.yaml', '--json'], { cwd: dir, stdin: api() });
  assert.is(r.exitCode, 1, r.stderr);
  assertValidOutput('breaking.schema.json', r.json());
  assert.equal(r.json().contracts[0].inputs, { base: '-', revision: 'new.yaml' });
  assert.match(JSON.stringify(r.json().contracts[0].changes), /response-property-type-changed/);
  const relative = await runSpecver(['diff', 'new.yaml', '-'], { cwd: dir, stdin: api({ schemaRef: './pet.yaml', nameType: 'integer' }) });
  assert.is(relative.exitCode, 0, relative.stderr);
  assert.match(relative.stdout, /<stdin> \(openapi, <stdin> vs new\.yaml\): no changes/);
  assertOneLineError(await runSpecver(['diff', '-', '-'], { cwd: dir, stdin: api() }), 2, /'-' \(stdin\) is given more than once/);
});

test('the built CLI reads a spec from a real stdin pipe', async () => {
  const dir = looseFiles(PAIR);
  const r = await runBuiltSpecver(['breaking', '-', 'new.yaml'], { cwd: dir, stdin: api() });
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stdout, /GET \/owners was removed/);
});

test('multi-file specs: each side reads its own relative $refs; a $ref leaving its directory is refused (exit 2)', async () => {
  const dir = looseFiles({
    'v1/api.yaml': api({ schemaRef: './schemas/pet.yaml' }),
    'v1/schemas/pet.yaml': 'type: object\nproperties:\n  name: { type: string }\n',
    'v2/api.yaml': api({ schemaRef: './schemas/pet.yaml' }),
    'v2/schemas/pet.yaml': 'type: object\nproperties:\n  name: { type: integer }\n',
    'v3/api.yaml': api({ schemaRef: '../v2/schemas/pet.yaml' }),
  });
  const r = await runSpecver(['breaking', 'v1/api.yaml', 'v2/api.yaml', '--json'], { cwd: dir });
  assert.is(r.exitCode, 1, r.stderr);
  const [change] = r.json().contracts[0].changes;
  assert.is(change.rule, 'response-property-type-changed');
  assert.is(change.file, 'v2/schemas/pet.yaml');
  const escaping = await runSpecver(['diff', 'v1/api.yaml', 'v3/api.yaml'], { cwd: dir });
  assertOneLineError(escaping, 2, /\$ref '\.\.\/v2\/schemas\/pet\.yaml' points outside the directory of v3\/api\.yaml/);
});

test('lint of files outside a project: exit 1 on errors, 0 without; JSON valid against lint.schema.json', async () => {
  const dir = looseFiles({ 'good.yaml': api(), 'bad.yaml': api().replace("'200':", "'200':\n          x-broken: true\n        '999':") });
  const good = await runSpecver(['lint', 'good.yaml', '--json'], { cwd: dir });
  assert.is(good.exitCode, 0, good.stdout);
  assertValidOutput('lint.schema.json', good.json());
  const both = await runSpecver(['lint', 'good.yaml', 'bad.yaml', '--json'], { cwd: dir });
  assert.is(both.exitCode, 1, both.stdout);
  assertValidOutput('lint.schema.json', both.json());
  assert.equal(both.json().contracts.map((c: { name: string; status: string }) => [c.name, c.status]), [['good.yaml', 'passed'], ['bad.yaml', 'failed']]);
  for (const format of ['text', 'stylish', 'github', 'sarif', 'junit']) {
    const r = await runSpecver(['lint', 'good.yaml', 'bad.yaml', '--format', format], { cwd: dir });
    assert.is(r.exitCode, 1, `${format}: ${r.stderr}`);
  }
  const piped = await runSpecver(['lint', '-'], { cwd: dir, stdin: api() });
  assert.is(piped.exitCode, 0, piped.stderr);
});

test('lint --fix on files outside a project fixes them in place, each within its own directory', async () => {
  const broken = api().replace('      type: object\n', '      type: object\n      required: [name, name]\n');
  const dir = looseFiles({ 'specs/api.yaml': broken });
  const r = await runSpecver(['lint', 'specs/api.yaml', '--fix', '--json'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('lint.schema.json', r.json());
  assert.is(r.json().contracts[0].fixed.length, 1);
  assert.match(readFileSync(join(dir, 'specs/api.yaml'), 'utf8'), /required: \[ ?name ?\]/);
});

const SCHEMA_V1 = JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false });
const SCHEMA_V2 = JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' } }, additionalProperties: false });

/** A project whose contract `event` (schemas/event.schema.json) has compatibility forward. */
function projectWithForwardContract(): string {
  return write(tempDir('specver-adhoc-project-'), {
    'specver.yaml': 'contracts:\n  - name: event\n    format: json-schema\n    path: schemas/event.schema.json\n    compatibility: forward\n',
    'schemas/event.schema.json': SCHEMA_V2,
    'schemas/loose.schema.json': SCHEMA_V2,
    'old/event.schema.json': SCHEMA_V1,
  });
}

test("inside a project, a contract's spec file brings its compatibility; another file gets the default (backward)", async () => {
  const dir = projectWithForwardContract();
  // An added property the old schema forbids: breaking when old readers must accept new data (forward).
  const contract = await runSpecver(['breaking', 'old/event.schema.json', 'schemas/event.schema.json', '--json'], { cwd: dir });
  assert.is(contract.exitCode, 1, contract.stderr);
  assertValidOutput('breaking.schema.json', contract.json());
  assert.is(contract.json().contracts[0].name, 'event');
  const loose = await runSpecver(['breaking', 'old/event.schema.json', 'schemas/loose.schema.json', '--json'], { cwd: dir });
  assert.is(loose.exitCode, 0, loose.stderr);
  assert.is(loose.json().contracts[0].name, 'schemas/loose.schema.json');
});

test('options that need a project are refused in one line (exit 2)', async () => {
  const dir = looseFiles(PAIR);
  const cases: [string[], RegExp][] = [
    [['diff', 'old.yaml', 'new.yaml', '--base', '1.0.0'], /--base needs a project contract/],
    [['diff', 'old.yaml', 'new.yaml', '--contract', 'x'], /--contract needs a project contract/],
    [['breaking', 'old.yaml', 'new.yaml', '--allow-acknowledged'], /--allow-acknowledged needs a project contract/],
    [['lint', 'old.yaml', '--contract', 'x'], /--contract needs a project contract/],
    [['breaking', 'old.yaml'], /breaking compares two specs, <old> <new>, but 1 was given/],
    [['diff', 'old.yaml', 'new.yaml', 'new.yaml'], /diff compares two specs, <old> <new>, but 3 were given/],
  ];
  for (const [argv, pattern] of cases) assertOneLineError(await runSpecver(argv, { cwd: dir }), 2, pattern);
  assertOneLineError(await runSpecver(['lint', '-', '--fix'], { cwd: dir, stdin: api() }), 2, /--fix cannot write back to stdin/);
  assertOneLineError(await runSpecver(['diff', '-', 'new.yaml'], { cwd: dir, tty: true }), 2, /'-' reads a spec from stdin, but stdin is a terminal/);
  const json = await runSpecver(['diff', 'old.yaml', 'new.yaml', '--base', '1.0.0', '--json'], { cwd: dir });
  assert.is(json.exitCode, 2);
  assertValidOutput('error.schema.json', json.json());
});

test('a configured contract name wins over a file of that name; ./name is the file; names and files do not mix', async () => {
  const dir = projectWithForwardContract();
  writeFileSync(join(dir, 'event'), SCHEMA_V1);
  const mixed = await runSpecver(['diff', 'event', 'schemas/event.schema.json'], { cwd: dir });
  assertOneLineError(mixed, 2, /the contract name 'event' is given together with spec files/);
  assert.match(mixed.stderr, /\.\/event/);
  const files = await runSpecver(['breaking', './event', 'schemas/event.schema.json'], { cwd: dir });
  assert.is(files.exitCode, 1, files.stderr);
});

test('bad input: a missing file, two formats, an unknown document: one line, exit 2', async () => {
  const dir = looseFiles({ ...PAIR, 'event.schema.json': SCHEMA_V1, 'notes.yaml': 'hello: world\n' });
  assertOneLineError(await runSpecver(['diff', 'old.yaml', 'gone.yaml'], { cwd: dir }), 2, /spec file not found: gone\.yaml/);
  assertOneLineError(await runSpecver(['diff', 'old.yaml', 'event.schema.json'], { cwd: dir }), 2, /old\.yaml is OpenAPI 3\.0 but event\.schema\.json is JSON Schema 2020-12: they cannot be compared/);
  assertOneLineError(await runSpecver(['breaking', 'old.yaml', 'notes.yaml'], { cwd: dir }), 2, /notes\.yaml: is neither OpenAPI/);
  assertOneLineError(await runSpecver(['lint', 'notes.yaml'], { cwd: dir }), 2, /notes\.yaml: is neither OpenAPI/);
  // Both sides unreadable: the revision is named, however long each read takes (the base here reads longer).
  const big = `${Array.from({ length: 40_000 }, (_, i) => `key${i}: value ${i}`).join('\n')}\n`;
  write(dir, { 'big-notes.yaml': big });
  assertOneLineError(await runSpecver(['diff', 'big-notes.yaml', 'notes.yaml'], { cwd: dir }), 2, /^specver: notes\.yaml: is neither OpenAPI/);
  assertOneLineError(await runSpecver(['diff', 'notes.yaml', 'big-notes.yaml'], { cwd: dir }), 2, /^specver: big-notes\.yaml: is neither OpenAPI/);
});

test.run();
