/**
 * One contract whose spec cannot be read (malformed YAML or JSON, a broken $ref) no longer stops diff, breaking
 * and status for every contract: its error is reported (one line naming the file, with a hint), the other
 * contracts are compared, and the run exits with the worst code (2). The gate never passes then. Run with the
 * built CLI, in-process and on worker threads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { edit, initialisedExample } from '../helpers/example-project.ts';
import type { TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templateRepository = repositoryTemplates();

/** The petstore example, initialised at 1.0.0: once per file, a copy for each case. */
const initialised = () => initialisedExample(templateRepository);

/** legacy: malformed JSON; catalog: a broken $ref into another file; petstore: one real breaking change. */
async function brokenProject(): Promise<TempProject> {
  const project = await initialised();
  project.write('api/legacy.json', '{"swagger": "2.0", "info": {');
  edit(project, 'api/catalog/openapi.yaml', "$ref: './schemas/product.yaml'", "$ref: './schemas/missing.yaml'");
  edit(project, 'api/petstore.yaml', '        maximum: 100', '        maximum: 50');
  return project;
}

/** Error lines on stderr (hints and warnings aside). */
const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !line.startsWith('hint: ') && !line.startsWith('specver: warning:'));

for (const workers of ['0', '2']) {
  const env = { SPECVER_WORKERS: workers };

  test(`diff (${workers} workers): the unreadable contracts are reported, the others compared, exit 2`, async () => {
    const project = await brokenProject();
    const r = await runBuiltSpecver(['diff'], { cwd: project.dir, env });
    assert.is(r.exitCode, 2, r.stderr);
    assert.match(r.stdout, /petstore \(openapi, .*\): 1 change \(1 breaking/);
    assert.match(r.stdout, /customer \(json-schema, .*\): no changes/);
    assert.match(r.stdout, /legacy \(openapi, .*\): not compared: api\/legacy\.json:1: invalid JSON/);
    assert.match(r.stdout, /catalog \(openapi, .*\): not compared: .*missing\.yaml/);
    assert.match(r.stdout, /1 change in 1 contract: 1 breaking, 0 non-breaking, 0 patch; 2 contracts not compared/);
    const errors = errorLines(r.stderr);
    assert.is(errors.length, 2, r.stderr);
    assert.match(errors[0]!, /^specver: api\/catalog\/openapi\.yaml:\d+: .*missing\.yaml/);
    assert.match(errors[1]!, /^specver: api\/legacy\.json:1: invalid JSON/);
    assert.match(r.stderr, /hint: fix the syntax error/);
    assert.not.match(r.stderr, /\n\s+at /);
  });

  test(`breaking --json (${workers} workers): error entries, the gate fails with exit 2`, async () => {
    const project = await brokenProject();
    const r = await runBuiltSpecver(['breaking', '--json'], { cwd: project.dir, env });
    assert.is(r.exitCode, 2, r.stderr);
    assert.is(r.stderr, '', 'the JSON document carries the errors');
    const doc = r.json();
    assertValidOutput('breaking.schema.json', doc);
    assert.is(doc.breaking, true);
    assert.is(doc.gate.unreadable, 2);
    const byName = Object.fromEntries(doc.contracts.map((c: { name: string }) => [c.name, c]));
    assert.equal(byName.legacy.error, { code: 2, message: byName.legacy.error.message, hint: 'fix the syntax error', file: 'api/legacy.json', line: 1 });
    assert.match(byName.legacy.error.message, /^api\/legacy\.json:1: invalid JSON/);
    assert.is(byName.catalog.error.file, 'api/catalog/openapi.yaml');
    assert.is(byName.petstore.error, undefined);
    assert.is(byName.petstore.summary.breaking, 1);
  });
}

test('breaking: a contract that cannot be read fails the gate even when nothing else changed, in every format', async () => {
  const project = await initialised();
  project.write('api/legacy.json', '{"swagger": "2.0", "info": {');
  const text = await runBuiltSpecver(['breaking'], { cwd: project.dir });
  assert.is(text.exitCode, 2);
  assert.match(text.stdout, /legacy \(openapi\): not compared: api\/legacy\.json:1: invalid JSON/);
  assert.match(text.stdout, /No breaking changes found; 1 contract not compared \(cannot be read\), so the gate fails\n$/);
  assert.is(errorLines(text.stderr).length, 1, text.stderr);
  const github = await runBuiltSpecver(['breaking', '--format', 'github'], { cwd: project.dir });
  assert.is(github.exitCode, 2);
  assert.match(github.stdout, /^::error file=api\/legacy\.json,line=1,title=specver%3A contract not compared::legacy not compared: api\/legacy\.json:1: invalid JSON/m);
  const junit = await runBuiltSpecver(['breaking', '--format', 'junit'], { cwd: project.dir });
  assert.is(junit.exitCode, 2);
  assert.match(junit.stdout, /<testcase name="spec can be read" classname="specver\.breaking\.legacy"[^>]*>\s*<failure message="api\/legacy\.json:1: invalid JSON/);
  // Only the readable contracts named: the gate passes again.
  const others = await runBuiltSpecver(['breaking', 'petstore', 'catalog'], { cwd: project.dir });
  assert.is(others.exitCode, 0, others.stderr);
});

test('diff --json: the contract carries its error and the document validates', async () => {
  const project = await initialised();
  edit(project, 'api/petstore.yaml', 'paths:', 'paths:\n  /broken: [');
  const r = await runBuiltSpecver(['diff', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  const doc = r.json();
  assertValidOutput('diff.schema.json', doc);
  const petstore = doc.contracts.find((c: { name: string }) => c.name === 'petstore');
  assert.match(petstore.error.message, /^api\/petstore\.yaml:\d+: invalid YAML/);
  assert.is(doc.contracts.filter((c: { error?: object }) => c.error).length, 1);
});

test('status: the unreadable contract has its error on its row, the others their state; exit 2', async () => {
  const project = await initialised();
  project.write('api/legacy.json', '{"swagger": "2.0", "info": {');
  edit(project, 'api/petstore.yaml', '        maximum: 100', '        maximum: 50');
  const text = await runBuiltSpecver(['status'], { cwd: project.dir });
  assert.is(text.exitCode, 2, text.stderr);
  assert.match(text.stdout, /legacy\s+1\.0\.0\s+not compared: api\/legacy\.json:1: invalid JSON/);
  assert.match(text.stdout, /petstore\s+1\.0\.0\s+changes without a changeset \(major detected\)/);
  assert.is(errorLines(text.stderr).length, 1, text.stderr);
  const json = await runBuiltSpecver(['status', '--json'], { cwd: project.dir });
  assert.is(json.exitCode, 2);
  const doc = json.json();
  assertValidOutput('status.schema.json', doc);
  assert.is(doc.ok, false);
  const legacy = doc.contracts.find((c: { name: string }) => c.name === 'legacy');
  assert.is(legacy.detected, null);
  assert.is(legacy.error.file, 'api/legacy.json');
  assert.is(doc.contracts.find((c: { name: string }) => c.name === 'petstore').detected, 'major');
});

test('an unreadable base snapshot is reported the same way, naming the snapshot', async () => {
  const project = await initialised();
  project.write('.specver/snapshots/customer@1.0.0.json', '{');
  const r = await runBuiltSpecver(['diff'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stdout, /customer \(json-schema, .*\): not compared: \.specver\/snapshots\/customer@1\.0\.0\.json:1: invalid JSON/);
  assert.match(r.stdout, /petstore \(openapi, .*\): no changes/);
});

test.run();
