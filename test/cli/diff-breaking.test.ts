import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { edit, initialisedExample } from '../helpers/example-project.ts';
import type { TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templateRepository = repositoryTemplates();

const OPENAPI = ['petstore', 'legacy', 'catalog'];

/** The petstore example, initialised at 1.0.0: once per file, a copy for each case. */
const initialised = () => initialisedExample(templateRepository);

/** The same, committed in a new git repository. */
function committed(): Promise<TempProject> {
  return templateRepository('committed', async (project) => {
    cpSync((await initialised()).dir, project.dir, { recursive: true });
    gitScript(project.dir, [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'base']]);
  });
}

/** A breaking change (lower maximum), a non-breaking one (optional parameter) and a patch (summary). */
function changePetstore(project: TempProject): void {
  edit(project, 'api/petstore.yaml', '        maximum: 100', '        maximum: 50');
  edit(project, 'api/petstore.yaml', '        - name: status\n', '        - name: tag\n          in: query\n          schema: { type: string }\n        - name: status\n');
  edit(project, 'api/petstore.yaml', 'summary: Get a pet', 'summary: Get one pet');
}

test('no changes: a no-changes line per contract; breaking exits 0', async () => {
  const project = await initialised();
  const diff = await runSpecver(['diff', ...OPENAPI], { cwd: project.dir });
  assert.is(diff.exitCode, 0);
  for (const name of OPENAPI) assert.match(diff.stdout, new RegExp(`${name} \\(openapi, .*\\): no changes`));
  const breaking = await runSpecver(['breaking', '--contract', 'petstore'], { cwd: project.dir });
  assert.is(breaking.exitCode, 0);
  assert.match(breaking.stdout, /No breaking changes found\n$/);
});

test('diff: counts, suggested bump, labelled lines; exits 0 despite breaking changes', async () => {
  const project = await initialised();
  changePetstore(project);
  const r = await runSpecver(['diff', 'petstore'], { cwd: project.dir });
  assert.is(r.exitCode, 0);
  assert.match(r.stdout, /3 changes \(1 breaking, 1 non-breaking, 1 patch\), suggested bump: major/);
  assert.match(r.stdout, /BREAKING\s+GET \/pets: query parameter limit maximum decreased from 100 to 50/);
  assert.match(r.stdout, /non-breaking\s+GET \/pets: optional query parameter tag was added/);
  assert.match(r.stdout, /patch\s+GET \/pets\/\{petId\}: summary changed/);
  const verbose = await runSpecver(['diff', 'petstore', '--verbose'], { cwd: project.dir });
  assert.match(verbose.stdout, /\[request-parameter-max-decreased\]\n\s+at \/components\/parameters\/Limit\/schema\/maximum \(api\/petstore\.yaml:\d+\)/);
  const onlyBreaking = await runSpecver(['diff', 'petstore', '--severity', 'breaking'], { cwd: project.dir });
  assert.not.match(onlyBreaking.stdout, /non-breaking\s+GET/);
});

test('breaking --base <a version never released>: exit 2, the hint lists the versions that exist', async () => {
  const project = await initialised();
  const r = await runSpecver(['breaking', 'petstore', '--base', '9.9.9'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  assert.is(r.stderr, 'specver: no snapshot of petstore@9.9.9: that version was never released\nhint: versions with a snapshot: 1.0.0\n');
  const json = await runSpecver(['diff', 'petstore', '--base', '9.9.9', '--json'], { cwd: project.dir });
  assert.is(json.exitCode, 2);
  assert.is(json.json().error.hint, 'versions with a snapshot: 1.0.0');
});

test('diff --json and breaking --json validate against their schemas', async () => {
  const project = await initialised();
  changePetstore(project);
  const diff = await runSpecver(['diff', 'petstore', 'legacy', '--json'], { cwd: project.dir });
  assertValidOutput('diff.schema.json', diff.json());
  assert.equal(diff.json().summary, { total: 3, breaking: 1, nonBreaking: 1, patch: 1, bump: 'major' });
  const breaking = await runSpecver(['breaking', 'petstore', '--format', 'json'], { cwd: project.dir });
  assert.is(breaking.exitCode, 1);
  assertValidOutput('breaking.schema.json', breaking.json());
  assert.is(breaking.json().breakingCount, 1);
});

test('breaking: tagged lines with method, path and reason; count line; exit 1; --quiet', async () => {
  const project = await initialised();
  changePetstore(project);
  const r = await runSpecver(['breaking', 'petstore', 'legacy'], { cwd: project.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, /petstore \(openapi\): 1 breaking, 1 non-breaking, 1 patch\n  \[breaking\] GET \/pets: query parameter limit maximum decreased from 100 to 50 \[request-parameter-max-decreased\]\n  \[non-breaking\] GET \/pets: optional query parameter tag was added \[[a-z-]+\]\n/);
  assert.match(r.stdout, /legacy \(openapi\): no changes/);
  assert.match(r.stdout, /1 breaking change found\n$/);
  const quiet = await runSpecver(['breaking', 'petstore', '-q'], { cwd: project.dir });
  assert.is(quiet.stdout, 'petstore: [breaking] GET /pets: query parameter limit maximum decreased from 100 to 50 [request-parameter-max-decreased]\n1 breaking change found\n');
});

test('breaking --format github annotates the spec file and line; markdown diff is a table', async () => {
  const project = await initialised();
  changePetstore(project);
  const gh = await runSpecver(['breaking', 'petstore', '--format', 'github'], { cwd: project.dir });
  assert.is(gh.exitCode, 1);
  assert.match(gh.stdout, /^::error file=api\/petstore\.yaml,line=\d+,title=specver BREAKING%3A request-parameter-max-decreased::GET \/pets/m);
  const md = await runSpecver(['diff', 'petstore', '--format', 'markdown'], { cwd: project.dir });
  assert.match(md.stdout, /\| petstore \| 🔴 BREAKING \| GET \/pets: query parameter limit maximum decreased from 100 to 50 \| <code>api\/petstore\.yaml:\d+<\/code> \|/);
});

test('--base selects a snapshot by version or contract@version; an unknown version exits 2', async () => {
  const project = await initialised();
  changePetstore(project);
  const byVersion = await runSpecver(['breaking', 'petstore', '--base', '1.0.0', '--json'], { cwd: project.dir });
  const byName = await runSpecver(['breaking', 'petstore', '--base', 'petstore@1.0.0', '--json'], { cwd: project.dir });
  assert.is(byVersion.exitCode, 1);
  assert.equal(byName.json(), byVersion.json());
  assert.is(byName.json().contracts[0].base.label, 'petstore@1.0.0');
  const missing = await runSpecver(['diff', 'petstore', '--base', '9.9.9'], { cwd: project.dir });
  assert.is(missing.exitCode, 2);
  assert.match(missing.stderr, /petstore@9\.9\.9/);
});

test('--base <git ref>: reads the spec and the files it $refs at that ref; an unknown ref exits 2', async () => {
  const project = await committed();
  // Change a file reached only through $ref: the comparison must resolve refs at the ref too.
  edit(project, 'api/catalog/schemas/product.yaml', 'required: [sku, name, price]', 'required: [sku, name, price, tags]');
  const r = await runSpecver(['breaking', 'catalog', '--base', 'HEAD', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const [catalog] = r.json().contracts;
  assert.is(catalog.base.label, 'git:HEAD');
  assert.ok(catalog.changes.length > 0, 'the change in a referenced file is found');
  assert.ok(catalog.changes.every((c: { severity: string }) => c.severity !== 'breaking'), 'a response property becoming required is not breaking');
  const sku = "            pattern: '^[A-Z]{3}-\\d{4}$'\n";
  edit(project, 'api/catalog/openapi.yaml', sku, `${sku}        - name: currency\n          in: query\n          required: true\n          schema: { type: string }\n`);
  const gate = await runSpecver(['breaking', 'catalog', '--base', 'HEAD'], { cwd: project.dir });
  assert.is(gate.exitCode, 1, gate.stdout + gate.stderr);
  assert.match(gate.stdout, /\[breaking\] GET \/products\/\{sku\}: /);
  const unknown = await runSpecver(['breaking', 'catalog', '--base', 'no-such-branch'], { cwd: project.dir });
  assert.is(unknown.exitCode, 2);
  assert.match(unknown.stderr, /no-such-branch/);
});

test('a contract added after the git ref is reported as new', async () => {
  const project = await committed();
  project.write('api/extra.yaml', 'openapi: 3.0.3\ninfo: { title: Extra, version: 1.0.0 }\npaths: {}\n');
  assert.is((await runSpecver(['contract', 'add', 'api/extra.yaml'], { cwd: project.dir })).exitCode, 0);
  const r = await runSpecver(['breaking', 'extra', '--base', 'HEAD'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /extra \(openapi\): new contract/);
});

test('an unknown contract name exits 2 listing the known ones', async () => {
  const project = await initialised();
  for (const command of ['diff', 'breaking']) {
    const r = await runSpecver([command, 'nope'], { cwd: project.dir });
    assert.is(r.exitCode, 2);
    assert.match(r.stderr, /nope/);
    assert.match(r.stderr, /petstore/);
  }
});

test.run();
