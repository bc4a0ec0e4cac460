/** The worked examples of docs/custom-rules.md really load, fire and pass their own cases. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, REPO_ROOT } from '../helpers/temp-project.ts';

const EXAMPLES = join(REPO_ROOT, 'docs/examples/specver-rules');
const page = readFileSync(join(REPO_ROOT, 'docs/custom-rules.md'), 'utf8');

const codeBlocks = (language: string) => [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

test('the rule files shown in the page are the example files', () => {
  for (const name of ['operation-removed-internal.json', 'info-owner.json', 'response-header-required-added.json', 'operation-id-camel-case.json']) {
    const shown = JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8'));
    const block = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!)).find((b) => b.id === shown.id);
    assert.equal(block, shown, name);
  }
});

test('the classification example passes its cases with the case runner', async () => {
  const results = await runRuleCases(join(EXAMPLES, 'operation-removed-internal.json'), join(EXAMPLES, 'operation-removed-internal.cases.yaml'));
  assert.equal(results.map((r) => r.group).sort(), ['fires', 'quiet']);
  for (const result of results) assert.equal(result.problems, [], `${result.group}: ${result.name}`);
});

test('the lint example, tested the way the page shows: specver rules test (built CLI) prints the page\'s output', async () => {
  const project = emptyProject();
  for (const name of ['info-owner.json', 'info-owner.cases.yaml']) project.write(`specver-rules/${name}`, readFileSync(join(EXAMPLES, name), 'utf8'));
  project.write('specver.yaml', 'contracts: []\nlint:\n  files: [specver-rules/info-owner.json]\n');
  const r = await runBuiltSpecver(['rules', 'test', 'specver-rules/info-owner.cases.yaml'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.ok(page.includes(`$ npx specver rules test specver-rules/info-owner.cases.yaml\n${r.stdout}`), `page lacks the output:\n${r.stdout}`);
});

test('the page tests rules with specver rules test only: no imports of specver\'s dist/', () => {
  assert.not.match(page, /specver\/dist\//);
  assert.not.match(page, /```js\n[^`]*import/);
});

test('both examples fire through specver diff and specver lint, with the output the page shows', async () => {
  const project = emptyProject();
  for (const name of ['operation-removed-internal.json', 'info-owner.json']) project.write(`specver-rules/${name}`, readFileSync(join(EXAMPLES, name), 'utf8'));
  const spec = (withHealth: boolean) =>
    ['openapi: 3.0.3', 'info:', '  title: Svc', "  version: '1'", 'paths:',
      ...(withHealth ? ['  /internal/health:', '    get:', '      responses:', "        '200': { description: ok }"] : []),
      '  /pets:', '    get:', '      responses:', "        '200': { description: ok }", ''].join('\n');
  project.write('api/svc.yaml', spec(true));
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  project.write('specver.yaml', `${project.read('specver.yaml')}rules:\n  files: [specver-rules/operation-removed-internal.json]\nlint:\n  files: [specver-rules/info-owner.json]\n`);
  project.write('api/svc.yaml', spec(false));

  const diff = await runSpecver(['diff'], { cwd: project.dir });
  assert.is(diff.exitCode, 0, diff.stderr);
  for (const line of diff.stdout.trim().split('\n')) assert.ok(page.includes(line), `page lacks: ${line}`);
  assert.is((await runSpecver(['breaking'], { cwd: project.dir })).exitCode, 0);

  const lint = await runSpecver(['lint'], { cwd: project.dir });
  assert.is(lint.exitCode, 1);
  assert.match(lint.stdout, /\[error\] acme\/info-owner info must name the owning team in x-owner api\/svc\.yaml:2/);
});

test('the case files and the config shown in the page are the example files', () => {
  const yamlBlocks = codeBlocks('yaml');
  for (const name of ['specver-rules/response-header-required-added.cases.yaml', 'specver-rules/enum-removal-internal.cases.yaml', 'specver-rules/info-owner.cases.yaml', 'policies.specver.yaml']) {
    assert.ok(yamlBlocks.includes(readFileSync(join(EXAMPLES, '..', name), 'utf8')), `page lacks ${name} verbatim`);
  }
  const overrides = parse(readFileSync(join(EXAMPLES, '../policies.specver.yaml'), 'utf8')).rules.overrides;
  assert.ok(yamlBlocks.some((block) => block.startsWith('rules:\n  overrides:') && JSON.stringify(parse(block).rules.overrides) === JSON.stringify(overrides)), 'the override block shown is the one in the config');
});

/** A project holding the three policies of the page: its config, rule files and case files. */
function policiesProject() {
  const project = emptyProject();
  for (const name of readdirSync(EXAMPLES)) project.write(`specver-rules/${name}`, readFileSync(join(EXAMPLES, name), 'utf8'));
  project.write('api/orders.yaml', ORDERS);
  return project;
}

const ORDERS = `openapi: 3.0.3
info:
  title: Orders
  version: '1'
paths:
  /orders:
    get:
      operationId: listOrders
      responses:
        '200':
          description: ok
  /internal/jobs:
    post:
      operationId: create_job
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                priority: { type: string, enum: [low, normal, urgent] }
      responses:
        '202':
          description: accepted
`;

/** The lines of a command's output, each of which the page must show. */
function assertOnPage(output: string) {
  for (const line of output.trim().split('\n')) assert.ok(page.includes(line), `page lacks: ${line}`);
}

test('the three policies: rules test, diff, breaking and lint give the output the page shows', async () => {
  const project = policiesProject();
  assert.is((await runSpecver(['init'], { cwd: project.dir })).exitCode, 0);
  project.write('specver.yaml', `${project.read('specver.yaml')}${readFileSync(join(EXAMPLES, '../policies.specver.yaml'), 'utf8')}`);

  const command = page.match(/^\$ npx specver (rules test .*)$/m)![1]!.split(' ');
  const tested = await runSpecver(command, { cwd: project.dir });
  assert.is(tested.exitCode, 0, tested.stdout + tested.stderr);
  assert.match(tested.stdout, /4 cases: 4 passed, 0 failed/);
  assertOnPage(tested.stdout);

  project.write('api/orders.yaml', ORDERS
    .replace("          description: ok\n", "          description: ok\n          headers:\n            X-Request-Id:\n              required: true\n              schema: { type: string }\n")
    .replace('[low, normal, urgent]', '[low, normal]'));
  const diff = await runSpecver(['diff'], { cwd: project.dir });
  assert.is(diff.exitCode, 0, diff.stderr);
  assertOnPage(diff.stdout);
  assert.match(diff.stdout, /non-breaking POST \/internal\/jobs/);
  assert.match(diff.stdout, /BREAKING {5}GET \/orders: response 200 has a new required header X-Request-Id/);
  assert.is((await runSpecver(['breaking'], { cwd: project.dir })).exitCode, 1);

  const lint = await runSpecver(['lint'], { cwd: project.dir });
  assert.is(lint.exitCode, 1);
  const custom = lint.stdout.split('\n').filter((line) => line.includes('acme/'));
  assert.equal(custom, ['  [error] acme/operation-id-camel-case operationId create_job must be camelCase api/orders.yaml:18']);
  assertOnPage(custom.join('\n'));
});

test('without the override, the enum case file fails: the cases test the policy, not the defaults', async () => {
  const project = policiesProject();
  project.write('specver.yaml', 'contracts: []\n');
  const r = await runSpecver(['rules', 'test', 'specver-rules/enum-removal-internal.cases.yaml'], { cwd: project.dir });
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, /FAIL  fires: under \/internal/);
});

test.run();
