/** The worked examples of docs/custom-rules.md really load, fire and pass their own cases. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { lintDocumentFromText } from '../../src/lint/document.ts';
import { loadLintRules } from '../../src/lint/load-lint-rules.ts';
import { runLint } from '../../src/lint/run-lint.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, REPO_ROOT } from '../helpers/temp-project.ts';

const EXAMPLES = join(REPO_ROOT, 'docs/examples/specver-rules');
const page = readFileSync(join(REPO_ROOT, 'docs/custom-rules.md'), 'utf8');

test('the rule files shown in the page are the example files', () => {
  for (const name of ['operation-removed-internal.json', 'info-owner.json']) {
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

test('the lint example, tested the way the page shows', () => {
  const rules = loadLintRules({ root: EXAMPLES, files: ['info-owner.json'], severity: {} }).filter((rule) => rule.id === 'acme/info-owner');
  const lint = (text: string) => runLint(lintDocumentFromText(text, 'spec.yaml'), rules).map((v) => v.pointer);
  assert.equal(lint("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n"), ['/info/x-owner']);
  assert.equal(lint("openapi: 3.0.3\ninfo: {title: t, version: '1', x-owner: pets}\npaths: {}\n"), []);
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

test.run();
