import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, REPO_ROOT } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const EXAMPLES = join(REPO_ROOT, 'docs/examples/specver-rules');
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');

/** A project with one custom rule of each kind and one severity override of each kind. */
function customisedProject() {
  const project = emptyProject();
  project.write('specver-rules/operation-removed-internal.json', example('operation-removed-internal.json'));
  project.write('specver-rules/info-owner.json', example('info-owner.json'));
  project.write(
    'specver.yaml',
    [
      'versioning: independent',
      'contracts: []',
      'rules:',
      '  files: [specver-rules/operation-removed-internal.json]',
      '  severity: { response-property-enum-value-added: non-breaking, operation-summary-changed: off }',
      'lint:',
      '  files: [specver-rules/info-owner.json]',
      '  severity: { info-contact: off }',
      '',
    ].join('\n'),
  );
  return project;
}

test('rules list --json: every built-in rule of both kinds, valid against the schema', async () => {
  const project = emptyProject();
  const r = await runSpecver(['rules', 'list', '--format', 'json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('rules.schema.json', doc);
  assert.is(doc.config, null);
  const ids = new Set(doc.rules.map((rule: any) => rule.id));
  assert.ok(ids.has('operation-removed'));
  assert.ok(ids.has('info-contact'));
  const removed = doc.rules.find((rule: any) => rule.id === 'operation-removed');
  assert.equal([removed.kind, removed.severity, removed.overridden, removed.builtIn], ['classify', 'breaking', false, true]);
  assert.ok(doc.rules.every((rule: any) => rule.builtIn));
});

test('rules list --kind filters by kind', async () => {
  const project = emptyProject();
  const lint = (await runSpecver(['rules', 'list', '--kind', 'lint', '--json'], { cwd: project.dir })).json();
  assert.ok(lint.rules.length > 10);
  assert.ok(lint.rules.every((rule: any) => rule.kind === 'lint'));
  const classify = (await runSpecver(['rules', 'list', '--kind', 'classify', '--json'], { cwd: project.dir })).json();
  assert.ok(classify.rules.every((rule: any) => rule.kind === 'classify'));
  const text = await runSpecver(['rules', 'list', '--kind', 'lint'], { cwd: project.dir });
  assert.ok(text.stdout.startsWith(`Lint rules (${lint.rules.length})`), text.stdout.slice(0, 80));
  assert.not.ok(text.stdout.includes('Classification rules'));
});

test('a project config adds its rule files and shows effective and default severities', async () => {
  const project = customisedProject();
  const r = await runSpecver(['rules', 'list', '--json'], { cwd: project.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('rules.schema.json', doc);
  assert.is(doc.config, 'specver.yaml');
  const byId = (id: string) => doc.rules.find((rule: any) => rule.id === id);
  assert.equal(
    [byId('response-property-enum-value-added').severity, byId('response-property-enum-value-added').defaultSeverity, byId('response-property-enum-value-added').overridden],
    ['non-breaking', 'breaking', true],
  );
  assert.is(byId('operation-summary-changed').severity, 'off');
  assert.is(byId('info-contact').severity, 'off');
  assert.is(byId('info-contact').defaultSeverity, 'warn');
  const custom = byId('acme/operation-removed-internal');
  assert.equal([custom.kind, custom.builtIn, custom.source], ['classify', false, 'specver-rules/operation-removed-internal.json']);
  const lint = byId('acme/info-owner');
  assert.equal([lint.kind, lint.builtIn, lint.severity], ['lint', false, 'error']);

  const text = await runSpecver(['rules', 'list'], { cwd: project.dir });
  assert.match(text.stdout, /response-property-enum-value-added\s+non-breaking \(default breaking\)/);
  assert.match(text.stdout, /acme\/info-owner\s+error\s+info names the owning team in x-owner\. \[custom\]/);
  assert.match(text.stdout, /with a severity set in specver\.yaml/);
});

test('rules show prints one rule; --json validates', async () => {
  const project = customisedProject();
  const text = await runSpecver(['rules', 'show', 'response-property-enum-value-added'], { cwd: project.dir });
  assert.is(text.exitCode, 0, text.stderr);
  assert.match(text.stdout, /^response-property-enum-value-added\n/);
  assert.match(text.stdout, /severity:\s+non-breaking \(set in specver\.yaml rules\.severity\)/);
  assert.match(text.stdout, /default:\s+breaking/);
  const json = await runSpecver(['rules', 'show', 'acme/info-owner', '--format', 'json'], { cwd: project.dir });
  assertValidOutput('rules.schema.json', json.json());
  assert.equal(json.json().rules.map((rule: any) => rule.id), ['acme/info-owner']);
});

test('rules show prints the whole rule: on, priority, conditions, severity source and scoped blocks', async () => {
  const project = customisedProject();
  project.write('specver.yaml', `${project.read('specver.yaml')}`.replace('lint:\n', [
    '  overrides:',
    "    - paths: ['/internal/**']",
    '      severity: { operation: patch }',
    "    - contracts: ['legacy-*']",
    "      categories: [schema]",
    '      severity: { operation-removed: off }',
    'lint:',
    '  overrides:',
    "    - files: ['api/internal/**']",
    '      severity: { info-contact: warn }',
    '',
  ].join('\n')));
  const text = await runSpecver(['rules', 'show', 'acme/operation-removed-internal'], { cwd: project.dir });
  assert.is(text.exitCode, 0, text.stderr);
  assert.match(text.stdout, /severity:\s+non-breaking \(default\)\n/);
  assert.match(text.stdout, /scoped:\s+patch where paths \/internal\/\*\* \(specver\.yaml rules\.overrides\[0\]\)/);
  assert.match(text.stdout, /on:\s+kind operation; action removed\n\s+priority:\s+3\n\s+conditions: \{\n\s+"all": \[/);
  const json = await runSpecver(['rules', 'show', 'operation-removed', '--json'], { cwd: project.dir });
  const [rule] = json.json().rules;
  assertValidOutput('rules.schema.json', json.json());
  // The second block is limited to the schema category: it never applies to operation-removed.
  assert.equal(rule.scoped, [{ source: 'rules.overrides[0]', severity: 'patch', where: { paths: ['/internal/**'] } }]);
  assert.equal([rule.severitySource, rule.on, rule.priority], ['default', { kind: ['operation'], action: ['removed'] }, 1]);
  const lint = (await runSpecver(['rules', 'show', 'info-contact', '--json'], { cwd: project.dir })).json().rules[0];
  assert.equal([lint.severity, lint.severitySource, lint.scoped], ['off', 'lint.severity', [{ source: 'lint.overrides[0]', severity: 'warn', where: { files: ['api/internal/**'] } }]]);
  assert.equal([lint.given, lint.then], [['$.info'], [{ field: 'contact', function: 'truthy' }]]);
  const lintText = await runSpecver(['rules', 'show', 'acme/info-owner'], { cwd: project.dir });
  assert.match(lintText.stdout, /given:\s+\$\.info\n\s+then:\s+\{\n\s+"field": "x-owner",/);
  const list = await runSpecver(['rules', 'list'], { cwd: project.dir });
  assert.match(list.stdout, /operation-removed\s+breaking \[1 scoped\]/);
  assert.match(list.stdout, /changed by override blocks where they match/);
});

test('an unknown rule id exits 2 and suggests close matches', async () => {
  const project = emptyProject();
  const r = await runSpecver(['rules', 'show', 'operation-remove'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /unknown rule 'operation-remove'/);
  assert.match(r.stderr, /hint: did you mean operation-removed/);
  const json = await runSpecver(['rules', 'show', 'no-such-rule-anywhere', '--json'], { cwd: project.dir });
  assert.is(json.exitCode, 2);
  assertValidOutput('error.schema.json', json.json());
});

test('an override naming an unknown rule is a config error (exit 2)', async () => {
  const project = emptyProject();
  project.write('specver.yaml', 'contracts: []\nrules:\n  severity: { no-such-rule: off }\n');
  const r = await runSpecver(['rules', 'list'], { cwd: project.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: \S*specver\.yaml:3: rules\.severity names an unknown rule 'no-such-rule'/);
});

test('rules list --format markdown prints one table per group', async () => {
  const project = emptyProject();
  const r = await runSpecver(['rules', 'list', '--kind', 'classify', '--format', 'markdown'], { cwd: project.dir });
  assert.is(r.exitCode, 0);
  assert.match(r.stdout, /## Classification rules\n\n### callback\n\n\| Rule \| Severity \| Summary \|/);
  assert.match(r.stdout, /\| `operation-removed` \| breaking \| /);
});

test.run();
