/**
 * The gate at a git base, in temp git repositories (in-process; the built CLI where a real process matters: the
 * worker threads and the GitHub output): contracts are followed by name from the
 * base commit's specver.yaml (a moved, removed or repointed contract is judged, never skipped as new); every
 * change a pull request makes to the gate's policy is reported, and --policy base / gate.policy: base judges
 * with the base commit's policy; only major changesets the pull request adds acknowledge its breaks, and
 * `changeset --base` records a break an older pending changeset would have hidden.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { commitAll as commit, copyRepository, gitHistory, gitScript } from '../helpers/git-repo.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8');
/** The spec without GET /pets/{petId}: a breaking change. */
const withoutGetPet = (spec: string) => spec.slice(0, spec.indexOf('  /pets/{petId}:')) + spec.slice(spec.indexOf('components:'));
/** Another API altogether: only GET /owners. */
const OWNERS = "openapi: 3.0.3\ninfo:\n  title: Owners\n  version: 1.0.0\npaths:\n  /owners:\n    get:\n      responses:\n        '200':\n          description: Owners\n";
const SCHEMA = JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { id: { type: 'string' } } }, null, 2);

const CONFIG = (contracts: string, extra = '') => `versioning: independent\ncontracts:\n${contracts}changelog: false\n${extra}`;
const PETSTORE = (path = 'api/petstore.yaml', name = 'petstore') => `  - name: ${name}\n    format: openapi\n    path: ${path}\n`;
const ORDERS = '  - name: orders\n    format: openapi\n    path: api/orders.yaml\n';
const EVENT = (compatibility = 'backward') => `  - name: event\n    format: json-schema\n    path: schemas/event.json\n    compatibility: ${compatibility}\n`;
const RULE = (severity: string) =>
  JSON.stringify({
    id: 'acme/operation-removed',
    category: 'operation',
    summary: 'An operation was removed.',
    docs: 'How this team judges a removed operation.',
    severity,
    message: '{{method}} {{path}} was removed',
    on: { kind: 'operation', action: 'removed' },
    priority: 2,
  });
const WAIVER = 'waivers:\n  - rule: "*operation-removed"\n    contract: petstore\n    location: GET /pets/*\n    reason: nobody calls it\n';
const major = (contract: string, summary: string) => `---\n"${contract}": major\n---\n\n${summary}\n`;

/**
 * A repository whose main branch holds `files` and whose branch `pr`, checked out, adds one commit of
 * `changes` (files written, or deleted with null); without changes, `pr` is at main's tip. One fast-import.
 */
function repository(files: Record<string, string>, changes?: Record<string, string | null>): TempProject {
  const p = emptyProject('specver-pr-policy-');
  gitHistory(p.dir, changes ? [{ files }, { branch: 'pr', from: 'main', files: changes }] : [{ files }], 'pr');
  return p;
}

// In-process: git runs as a real process either way, and a CLI process per call would cost several times the work.
const commitAll = (p: TempProject, message: string) => commit(p.dir, message);
const cli = (p: TempProject, ...args: string[]) => runSpecver(args, { cwd: p.dir, env: { SPECVER_NOW: '2026-05-06' } });

test('a spec moved and broken in one pull request is compared across the move and fails', async () => {
  const p = repository(
    { 'specver.yaml': CONFIG(PETSTORE()), 'api/petstore.yaml': SPEC },
    { 'api/petstore.yaml': null, 'api/v1-petstore.yaml': SPEC, 'specver.yaml': CONFIG(PETSTORE('api/v1-petstore.yaml')) },
  );
  let r = await cli(p, 'breaking', '--base', 'main');
  assert.is(r.exitCode, 0, `a plain move is no change: ${r.stdout}${r.stderr}`);
  assert.match(r.stdout, /petstore \(openapi\): no changes/);

  p.write('api/v1-petstore.yaml', withoutGetPet(SPEC));
  commitAll(p, 'remove an operation');
  r = await cli(p, 'breaking', '--base', 'main');
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  assert.not.match(r.stdout, /new contract/);
  assert.match(r.stdout, /\[breaking\] GET \/pets\/\{petId\} was removed/);
  assert.match(r.stdout, /! contract petstore: path api\/petstore\.yaml -> api\/v1-petstore\.yaml \[specver\.yaml\]/);
  // The same in `diff`, whose table the Action shows (and on a worker thread: the '--policy base' test below).
  const diff = await cli(p, 'diff', '--base', 'main', '--format', 'markdown');
  assert.match(diff.stdout, /GET \/pets\/\{petId\} was removed/);
  r = await cli(p, 'breaking', '--base', 'main', '--json');
  const doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.is(doc.breaking, true);
  assert.equal(doc.contracts[0].base, { label: 'git:main', file: 'api/petstore.yaml', present: true });
  assert.equal(doc.policy.changes, [{ kind: 'contract-path', message: 'contract petstore: path api/petstore.yaml -> api/v1-petstore.yaml', file: 'specver.yaml' }]);
});

test('a contract deleted from specver.yaml is a breaking change: waived, acknowledged by a major changeset, or failing', async () => {
  const p = repository({ 'specver.yaml': CONFIG(PETSTORE() + ORDERS), 'api/petstore.yaml': SPEC, 'api/orders.yaml': OWNERS }, { 'specver.yaml': CONFIG(PETSTORE()), 'api/orders.yaml': null });
  let r = await cli(p, 'breaking', '--base', 'main');
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /orders \(openapi\): removed by this pull request\n {2}\[breaking\] contract orders \(api\/orders\.yaml\) was removed from specver\.yaml \[contract-removed\]/);
  assert.match(r.stdout, /! contract orders \(api\/orders\.yaml\) removed \[specver\.yaml\]/);
  r = await cli(p, 'breaking', '--base', 'main', '--json');
  let doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  const orders = doc.contracts.find((c: { name: string }) => c.name === 'orders');
  assert.is(orders.removed, true);
  assert.is(orders.changes[0].rule, 'contract-removed');
  assert.equal(orders.changes[0].gate, { status: 'open' });
  r = await cli(p, 'breaking', '--base', 'main', '--contract', 'orders', '--format', 'github');
  assert.is(r.exitCode, 1, 'named by its base name');
  // On specver.yaml, where the contract was removed (as the text and markdown reports say), not on its deleted spec.
  assert.match(r.stdout, /^::error file=specver\.yaml,title=specver BREAKING%3A contract-removed::contract orders/m);

  p.write('.specver/changesets/drop-orders.md', major('orders', 'Drop the orders API'));
  commitAll(p, 'changeset');
  r = await cli(p, 'breaking', '--base', 'main', '--allow-acknowledged', '--json');
  doc = r.json();
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.equal(doc.contracts.find((c: { name: string }) => c.name === 'orders').changes[0].gate, { status: 'acknowledged', changesets: ['.specver/changesets/drop-orders.md'] });

  rmSync(p.path('.specver/changesets/drop-orders.md'));
  p.write('.specver/waivers.yaml', 'waivers:\n  - rule: contract-removed\n    contract: orders\n    location: "*"\n    reason: never released\n');
  commitAll(p, 'waiver instead');
  r = await cli(p, 'breaking', '--base', 'main');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /\(waived: never released\)/);
});

test('a contract pointed at another file is compared with the spec it replaced', async () => {
  const p = repository({ 'specver.yaml': CONFIG(PETSTORE()), 'api/petstore.yaml': SPEC }, { 'api/owners.yaml': OWNERS, 'specver.yaml': CONFIG(PETSTORE('api/owners.yaml')) });
  const r = await cli(p, 'breaking', '--base', 'main', '--json');
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  const doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal(doc.contracts.map((c: { name: string }) => c.name), ['petstore']);
  const removed = doc.contracts[0].changes.filter((c: { rule: string }) => c.rule === 'operation-removed').map((c: { message: string }) => c.message).sort();
  assert.equal(removed, ['GET /pets was removed', 'GET /pets/{petId} was removed']);
  assert.ok(doc.policy.changes.some((c: { kind: string }) => c.kind === 'contract-path'));
});

test('a renamed contract (same file, new name) is followed and reported, not removed', async () => {
  const p = repository({ 'specver.yaml': CONFIG(PETSTORE()), 'api/petstore.yaml': SPEC }, { 'specver.yaml': CONFIG(PETSTORE('api/petstore.yaml', 'pets')), 'api/petstore.yaml': withoutGetPet(SPEC) });
  const r = await cli(p, 'breaking', '--base', 'main', '--json');
  assert.is(r.exitCode, 1);
  const doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal(doc.contracts.map((c: { name: string; removed?: boolean }) => [c.name, c.removed ?? false]), [['pets', false]]);
  assert.equal(doc.contracts[0].changes[0].rule, 'operation-removed');
  assert.equal(doc.policy.changes.map((c: { kind: string }) => c.kind), ['contract-renamed']);
});

test('every policy change of a pull request is reported in text, JSON and GitHub output', async () => {
  const p = repository({
    'specver.yaml': CONFIG(PETSTORE() + ORDERS + EVENT(), 'rules:\n  files: [rules/acme.json]\n'),
    'api/petstore.yaml': SPEC,
    'api/orders.yaml': OWNERS,
    'schemas/event.json': SCHEMA,
    'rules/acme.json': RULE('breaking'),
  });
  const policy = [
    'rules:',
    '  files: [rules/acme.json, rules/extra.json]',
    '  severity:',
    '    response-property-removed: "off"',
    '  overrides:',
    '    - paths: ["/pets/**"]',
    '      severity:',
    '        operation-removed: non-breaking',
    'lifecycle:',
    '  exemptBelow: beta',
    'gate:',
    '  allowAcknowledged: true',
    '',
  ].join('\n');
  p.write('specver.yaml', CONFIG(PETSTORE() + EVENT('none'), policy));
  rmSync(p.path('api/orders.yaml'));
  p.write('rules/acme.json', RULE('non-breaking'));
  p.write('rules/extra.json', RULE('patch').replace('acme/operation-removed', 'acme/extra'));
  p.write('.specver/waivers.yaml', WAIVER);
  commitAll(p, 'loosen the policy');

  const r = await cli(p, 'breaking', '--base', 'main', '--json');
  const doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal(doc.policy.source, 'head');
  assert.equal(doc.policy.reason, 'default');
  const kinds = doc.policy.changes.map((c: { kind: string }) => c.kind).sort();
  assert.equal(kinds, [
    'contract-compatibility',
    'contract-removed',
    'gate-setting',
    'lifecycle',
    'rule-file-added',
    'rule-file-changed',
    'rule-override-added',
    'rule-severity',
    'waiver-added',
  ]);
  const text = await cli(p, 'breaking', '--base', 'main', '--quiet');
  for (const { message, file } of doc.policy.changes as { message: string; file: string }[]) assert.ok(text.stdout.includes(`! ${message} [${file}]`), `text lacks: ${message}\n${text.stdout}`);
  assert.match(text.stdout, /^Judged with the pull request's own policy \(the default\); --policy base judges with the policy of main\n9 policy changes in this pull request:/);
  assert.match(text.stdout, /! waiver added: \*operation-removed on petstore at GET \/pets\/\* \(nobody calls it\) \[\.specver\/waivers\.yaml\]/);
  assert.match(text.stdout, /! rules\.severity\.response-property-removed: the rule's default -> off \[specver\.yaml\]/);
  assert.match(text.stdout, /! contract event: compatibility backward -> none \[specver\.yaml\]/);

  const summary = p.write('summary.md', '');
  const github = await runBuiltSpecver(['breaking', '--base', 'main', '--format', 'github'], { cwd: p.dir, env: { SPECVER_NOW: '2026-05-06', GITHUB_STEP_SUMMARY: summary } });
  const warnings = github.stdout.split('\n').filter((l) => l.startsWith('::warning ') && l.includes('title=specver policy change'));
  assert.is(warnings.length, 9, github.stdout);
  assert.match(github.stdout, /^::warning file=rules\/acme\.json,title=specver policy change::rule file rules\/acme\.json changed$/m);
  assert.match(p.read('summary.md'), /### specver: policy changes in this pull request \(9\)\n[\s\S]*\| waiver added: \\\*operation-removed on petstore at GET \/pets\/\\\* \(nobody calls it\) \| \.specver\/waivers\.yaml \|/);
});

test('--policy base ignores a waiver, an override, a rule turned off and a rule file changed by the pull request', async () => {
  const base = { 'specver.yaml': CONFIG(PETSTORE(), 'rules:\n  files: [rules/acme.json]\n'), 'api/petstore.yaml': SPEC, 'rules/acme.json': RULE('breaking') };
  const loosenings: [string, (p: TempProject) => void][] = [
    ['a waiver', (p) => p.write('.specver/waivers.yaml', WAIVER)],
    ['an override', (p) => p.write('specver.yaml', CONFIG(PETSTORE(), 'rules:\n  files: [rules/acme.json]\n  overrides:\n    - paths: ["/pets/**"]\n      severity:\n        acme/operation-removed: non-breaking\n'))],
    ['a rule turned off', (p) => p.write('specver.yaml', CONFIG(PETSTORE(), 'rules:\n  files: [rules/acme.json]\n  severity:\n    acme/operation-removed: "off"\n'))],
    // Moved too: one run on a worker thread below checks that the base's paths and rule files both reach it.
    ['a rule file changed', (p) => {
      p.write('rules/acme.json', RULE('non-breaking'));
      rmSync(p.path('api/petstore.yaml'));
      p.write('api/v1-petstore.yaml', withoutGetPet(SPEC));
      p.write('specver.yaml', CONFIG(PETSTORE('api/v1-petstore.yaml'), 'rules:\n  files: [rules/acme.json]\n'));
    }],
  ];
  const template = repository(base);
  for (const [what, loosen] of loosenings) {
    const p = copyRepository(template, 'specver-pr-policy-');
    p.write('api/petstore.yaml', withoutGetPet(SPEC));
    loosen(p);
    commitAll(p, `break, with ${what}`);
    const head = await cli(p, 'breaking', '--base', 'main');
    assert.is(head.exitCode, 0, `${what}: the pull request's own policy lets it through\n${head.stdout}${head.stderr}`);
    const strict = await cli(p, 'breaking', '--base', 'main', '--policy', 'base', '--json');
    assert.is(strict.exitCode, 1, `${what}: the base policy does not\n${strict.stdout}${strict.stderr}`);
    const doc = strict.json();
    assertValidOutput('breaking.schema.json', doc);
    assert.equal([doc.policy.source, doc.policy.reason], ['base', 'flag']);
    if (what === 'a rule file changed') {
      // The base's rule files and the base path of a moved spec reach a worker thread (as with many contracts) too:
      // followed across the move, not a new contract, and judged by the base's rule.
      assert.equal(doc.contracts[0].base, { label: 'git:main', file: 'api/petstore.yaml', present: true });
      const worker = await runBuiltSpecver(['breaking', '--base', 'main', '--policy', 'base'], { cwd: p.dir, env: { SPECVER_NOW: '2026-05-06', SPECVER_WORKERS: '1' } });
      assert.is(worker.exitCode, 1, `${what}, on a worker thread\n${worker.stdout}${worker.stderr}`);
      assert.not.match(worker.stdout, /new contract/);
      assert.match(worker.stdout, /\[breaking\] GET \/pets\/\{petId\} was removed/);
    }
    assert.ok(doc.policy.changes.length > 0, `${what} is listed`);
    assert.equal(doc.gate.open, 1);
    if (what !== 'a waiver') continue; // one text report is enough: the same lines for every change
    const text = await cli(p, 'breaking', '--base', 'main', '--policy', 'base');
    assert.match(text.stdout, /^Judged with the policy of main \(--policy\): the pull request's rules, waivers and contract settings do not count\n\d+ policy changes? in this pull request \(not applied\):/);
  }
});

test('gate.policy: base in the base commit holds when the pull request removes it; the flag decides over both', async () => {
  const p = repository(
    { 'specver.yaml': CONFIG(PETSTORE(), 'gate:\n  policy: base\n'), 'api/petstore.yaml': SPEC },
    { 'specver.yaml': CONFIG(PETSTORE()), 'api/petstore.yaml': withoutGetPet(SPEC), '.specver/waivers.yaml': WAIVER },
  );
  let r = await cli(p, 'breaking', '--base', 'main', '--json');
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  const doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal([doc.policy.source, doc.policy.reason], ['base', 'base-config']);
  assert.ok(doc.policy.changes.some((c: { message: string }) => c.message === 'gate.policy: "base" -> unset'));
  r = await cli(p, 'breaking', '--base', 'main', '--policy', 'head');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);

  // Without a git base there is no base policy: the flag is refused, exit 2.
  r = await cli(p, 'breaking', '--policy', 'base');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: --policy base needs a git base to take the policy from\nhint: pass --base <git ref>/);
});

test('an older pending major changeset does not acknowledge a new break; one the pull request adds does', async () => {
  const p = emptyProject('specver-pr-policy-');
  const spec = SPEC.replace('components:', "  /owners:\n    get:\n      responses:\n        '200':\n          description: Owners\ncomponents:");
  p.write('api/petstore.yaml', spec);
  assert.is((await cli(p, 'init')).exitCode, 0);
  gitScript(p.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init']]);
  // An earlier pull request, merged: a break with its major changeset, not yet released.
  p.write('api/petstore.yaml', spec.slice(0, spec.indexOf('  /owners:')) + spec.slice(spec.indexOf('components:')));
  p.write('.specver/changesets/old-major.md', major('petstore', 'Remove GET /owners'));
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'remove GET /owners'], ['checkout', '-q', '-b', 'pr']]);
  p.write('api/petstore.yaml', withoutGetPet(p.read('api/petstore.yaml')));
  commitAll(p, 'an accidental break');

  let r = await cli(p, 'breaking', '--base', 'main', '--allow-acknowledged', '--json');
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  let doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal(doc.contracts[0].changes.map((c: { message: string; gate: object }) => [c.message, c.gate]), [['GET /pets/{petId} was removed', { status: 'open' }]]);

  // changeset: without --base the old changeset covers the contract; with it, the new break is recorded.
  r = await cli(p, 'changeset', '--no-interactive');
  assert.match(r.stdout, /nothing to record/);
  r = await cli(p, 'changeset', '--no-interactive', '--base', 'main', '--json');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  doc = r.json();
  assertValidOutput('changeset.schema.json', doc);
  assert.is(doc.created, true);
  assert.equal(doc.releases, [{ contract: 'petstore', bump: 'major' }]);
  commitAll(p, 'changeset');

  r = await cli(p, 'breaking', '--base', 'main', '--allow-acknowledged', '--json');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.equal(r.json().contracts[0].changes[0].gate, { status: 'acknowledged', changesets: [doc.file] });
  r = await cli(p, 'changeset', '--no-interactive', '--base', 'main');
  assert.match(r.stdout, /nothing to record/, 'the changeset the pull request added covers it');

  // Raising an existing changeset to major in the pull request acknowledges too.
  gitScript(p.dir, [['checkout', '-q', 'main'], ['checkout', '-q', '-b', 'pr2']]);
  p.write('.specver/changesets/minor-one.md', '---\n"petstore": minor\n---\n\nSomething\n');
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'a minor changeset on main'], ['checkout', '-q', '-b', 'pr3']]);
  p.write('api/petstore.yaml', withoutGetPet(p.read('api/petstore.yaml')));
  p.write('.specver/changesets/minor-one.md', major('petstore', 'Something, and remove GET /pets/{petId}'));
  commitAll(p, 'raise it');
  r = await cli(p, 'breaking', '--base', 'pr2', '--allow-acknowledged');
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /acknowledged by \.specver\/changesets\/minor-one\.md/);
});

test.run();
