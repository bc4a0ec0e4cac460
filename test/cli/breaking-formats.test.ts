/**
 * What `breaking` and `diff` print, with the built CLI: the markdown, SARIF and HTML forms of the gate, "against
 * <ref>" at a git base, the per-contract counts line, GitHub annotations at the file and line of a change in a
 * referenced file, array items worded as items, and the HTML report's values of the schema that changed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from '../../src/lint/ajv-instances.ts';
import { draft04ToDraft07 } from '../../src/lint/dialect-map.ts';
import { git as gitIn, gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { edit, initialisedExample } from '../helpers/example-project.ts';
import { FIXTURES, type TempProject } from '../helpers/temp-project.ts';

const templateRepository = repositoryTemplates();

const sarifSchema = draft04ToDraft07(JSON.parse(readFileSync(join(FIXTURES, 'schemas/sarif-2.1.0-rtm.5.json'), 'utf8'))) as object;
const sarifValidator = createAjv('draft-07').compile(sarifSchema);
/** Not a type guard: the documents stay `any` to read. */
const validSarif = (doc: unknown): boolean => sarifValidator(doc) === true;

const git = (project: TempProject, ...args: string[]) => gitIn(project.dir, ...args);

/** The petstore example, initialised at 1.0.0: once per file, a copy for each case. */
const initialised = () => initialisedExample(templateRepository);

/** catalog: in its referenced product.yaml, tags' items change type (breaking) and description is removed. */
function changeProduct(project: TempProject): void {
  edit(project, 'api/catalog/schemas/product.yaml', '    items:\n      type: string', '    items:\n      type: integer');
  edit(project, 'api/catalog/schemas/product.yaml', "  description:\n    type: [string, 'null']\n", '');
}

test('breaking --format markdown: the verdict first, the changes table with gate notes, injection-safe', async () => {
  const project = await initialised();
  changeProduct(project);
  // Spec text a pull request controls: a summary that would ping a team and render a link.
  edit(project, 'api/petstore.yaml', 'summary: Get a pet', 'summary: "@org/team [x](https://evil.example)"');
  const r = await runBuiltSpecver(['breaking', '--format', 'markdown'], { cwd: project.dir });
  assert.is(r.exitCode, 1, r.stderr);
  const lines = r.stdout.split('\n');
  assert.is(lines[0], '## API contract breaking changes');
  assert.is(lines[2], '❌ **The breaking-change gate fails** against the last released versions: 1 breaking change found.');
  assert.match(r.stdout, /\| catalog \| 🔴 BREAKING \| GET \/products: response schema product items of property tags type changed from string to integer .* \| <code>api\/catalog\/schemas\/product\.yaml:\d+<\/code> \|/);
  assert.match(r.stdout, /\| petstore \| ⚪ patch \| /);
  assert.not.match(r.stdout, /@org\/team|\]\(https:\/\//, 'no live mention or link');
  assert.match(r.stdout, /\*\*Suggested bumps:\*\* `catalog`: \*\*major\*\*/);
});

test('breaking --format markdown passes with a waiver, naming it on the change', async () => {
  const project = await initialised();
  changeProduct(project);
  project.write('.specver/waivers.yaml', 'waivers:\n  - rule: response-property-type-changed\n    contract: catalog\n    location: "*"\n    reason: clients ignore tags\n');
  const r = await runBuiltSpecver(['breaking', '--format', 'markdown'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /✅ \*\*The breaking-change gate passes\*\* against the last released versions: 1 breaking change found \(1 waived\)\./);
  assert.match(r.stdout, /type changed from string to integer .*\(waived: clients ignore tags\)/);
});

test('breaking --format sarif: valid SARIF 2.1.0, breaking changes as errors at their file and line, non-breaking as notes', async () => {
  const project = await initialised();
  changeProduct(project);
  const r = await runBuiltSpecver(['breaking', '--format', 'sarif'], { cwd: project.dir });
  assert.is(r.exitCode, 1, r.stderr);
  const doc = JSON.parse(r.stdout) as any;
  assert.ok(validSarif(doc), JSON.stringify(sarifValidator.errors));
  const results = doc.runs[0].results as { ruleId: string; level: string; ruleIndex: number; locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[] }[];
  const typeChanged = results.find((x) => x.ruleId === 'response-property-type-changed')!;
  assert.is(typeChanged.level, 'error');
  assert.is(typeChanged.locations[0]!.physicalLocation.artifactLocation.uri, 'api/catalog/schemas/product.yaml');
  assert.ok(typeChanged.locations[0]!.physicalLocation.region!.startLine > 1);
  assert.is(results.find((x) => x.ruleId === 'response-optional-property-removed')?.level, 'note');
  assert.is(doc.runs[0].tool.driver.rules[typeChanged.ruleIndex].id, 'response-property-type-changed');
  assert.is(doc.runs[0].tool.driver.rules[typeChanged.ruleIndex].shortDescription.text, "In a response, a schema's type changed.");
  // A contract that cannot be read is an error result too, and the document stays valid.
  project.write('api/legacy.json', '{');
  const broken = await runBuiltSpecver(['breaking', '--format', 'sarif'], { cwd: project.dir });
  assert.is(broken.exitCode, 2);
  const brokenDoc = JSON.parse(broken.stdout) as any;
  assert.ok(validSarif(brokenDoc), JSON.stringify(sarifValidator.errors));
  assert.ok(brokenDoc.runs[0].results.some((x: { ruleId: string; level: string }) => x.ruleId === 'contract-not-compared' && x.level === 'error'));
});

test('breaking --format html: the diff report with the gate verdict at the top', async () => {
  const project = await initialised();
  changeProduct(project);
  const r = await runBuiltSpecver(['breaking', '--format', 'html'], { cwd: project.dir });
  assert.is(r.exitCode, 1, r.stderr);
  const verdict = r.stdout.indexOf('<p class="verdict fails">The breaking-change gate fails: 1 breaking change found</p>');
  assert.ok(verdict > 0 && verdict < r.stdout.indexOf('<section class="contract">'), 'the verdict comes before the contracts');
  assert.match(r.stdout, /Generated by specver breaking --format html\./);
});

test('breaking text: the per-contract line counts every severity instead of "no changes"', async () => {
  const project = await initialised();
  edit(project, 'api/petstore.yaml', 'summary: Get a pet', 'summary: Get one pet');
  const r = await runBuiltSpecver(['breaking'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^petstore \(openapi\): 0 breaking, 0 non-breaking, 1 patch$/m);
  assert.match(r.stdout, /^legacy \(openapi\): no changes$/m);
});

test('at a git base: "against <ref>", and annotations of a removal in a referenced file at its file and line', async () => {
  const project = await initialised();
  gitScript(project.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init']]);
  changeProduct(project);
  const markdown = await runBuiltSpecver(['breaking', '--base', 'main', '--format', 'markdown'], { cwd: project.dir });
  assert.match(markdown.stdout, /gate fails\*\* against `main`: 1 breaking change found\./);
  const github = await runBuiltSpecver(['breaking', '--base', 'main', '--format', 'github'], { cwd: project.dir });
  assert.is(github.exitCode, 1);
  // The removed property is in product.yaml at the base (line 8), as the markdown and text reports say.
  assert.match(github.stdout, /^::notice file=api\/catalog\/schemas\/product\.yaml,line=8,title=specver non-breaking%3A response-optional-property-removed::/m);
  assert.match(github.stdout, /^::error file=api\/catalog\/schemas\/product\.yaml,line=\d+,title=specver BREAKING%3A response-property-type-changed::/m);
  const diff = await runBuiltSpecver(['diff', '--base', 'main', '--format', 'markdown'], { cwd: project.dir });
  assert.match(diff.stdout, /<code>api\/catalog\/schemas\/product\.yaml:8<\/code>/);
  git(project, 'checkout', '-q', '--', '.');
  const none = await runBuiltSpecver(['diff', '--base', 'main', '--format', 'markdown'], { cwd: project.dir });
  assert.match(none.stdout, /^No changes against `main`\.$/m);
});

test('diff --format html: the before pane shows the schema compared on the base side, also in a referenced file', async () => {
  const project = await initialised();
  changeProduct(project);
  // POST /pets now takes a new schema with a new required property: compared with NewPet, its base schema.
  const spec = project.read('api/petstore.yaml');
  project.write('api/petstore.yaml', spec.replace("              $ref: '#/components/schemas/NewPet'", "              $ref: '#/components/schemas/NewPet2'").replace('    Pet:\n      allOf:', '    NewPet2:\n      type: object\n      required: [name, kind]\n      properties:\n        name: { type: string }\n        kind: { type: integer }\n    Pet:\n      allOf:'));
  const r = await runBuiltSpecver(['diff', '--format', 'html'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const change = (rule: string) => {
    const at = r.stdout.indexOf(`<code>${rule}</code></dd>`);
    assert.ok(at > 0, `${rule} not in the report`);
    return r.stdout.slice(at, r.stdout.indexOf('</details>', at));
  };
  const required = change('request-property-required-added');
  assert.match(required, /<dt>Before<\/dt><dd><p class="at">at <code>\/components\/schemas\/NewPet\/properties<\/code><\/p><pre>\{\n  &quot;name&quot;: \{\n    &quot;type&quot;: &quot;string&quot;,\n    &quot;maxLength&quot;: 64/);
  assert.not.match(required, /<code>\/components\/schemas<\/code>/);
  // The change in product.yaml: both values shown (its pointer is product.yaml's own).
  const typeChanged = change('response-property-type-changed');
  assert.match(typeChanged, /<dt>Before<\/dt><dd>.*<pre>&quot;string&quot;<\/pre><\/dd><dt>After<\/dt><dd><pre>&quot;integer&quot;<\/pre>/s);
});

test.run();
