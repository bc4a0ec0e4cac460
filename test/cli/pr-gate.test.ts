/**
 * The pull-request gate end to end in temp git repositories: a PR is compared with its merge-base, so an
 * unrelated PR passes while a break is merged but unreleased on main; an intended break with a major changeset
 * passes with --allow-acknowledged; waivers let accepted breaks through until they expire.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitAll as commit, git, gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templateRepository = repositoryTemplates();

const NOW = new Date('2026-05-06T10:00:00Z');
// init starts petstore at its info.version: 0.0.0, as these cases assume.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 0.0.0');
/** The spec without GET /pets/{petId}: a breaking change. */
const WITHOUT_GET_PET = SPEC.slice(0, SPEC.indexOf('  /pets/{petId}:')) + SPEC.slice(SPEC.indexOf('components:'));
/** A new operation: a non-breaking change. */
const withOwners = (spec: string) =>
  spec.replace('components:', "  /owners:\n    get:\n      operationId: listOwners\n      responses:\n        '200':\n          description: Owners\ncomponents:");

/** petstore at 0.0.0, initialised and committed on main: built once per file, a copy for each case. */
async function initialised(): Promise<{ p: TempProject; cli: (...args: string[]) => ReturnType<typeof runSpecver> }> {
  const p = await templateRepository('initialised', async (t) => {
    t.write('api/petstore.yaml', SPEC);
    assert.is((await runSpecver(['init'], { cwd: t.dir, now: NOW })).exitCode, 0);
    gitScript(t.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init']]);
  });
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir, now: NOW });
  return { p, cli };
}

const commitAll = (p: TempProject, message: string) => commit(p.dir, message);

const major = (summary: string) => `---\n"petstore": major\n---\n\n${summary}\n`;

test('an unrelated PR passes against its merge-base while a break is merged but unreleased on main', async () => {
  const { p, cli } = await initialised();
  p.write('api/petstore.yaml', WITHOUT_GET_PET);
  p.write('.specver/changesets/brave-lion-jump.md', major('Remove GET /pets/{petId}'));
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'Remove GET /pets/{petId}'], ['checkout', '-q', '-b', 'feature']]);
  p.write('api/petstore.yaml', withOwners(WITHOUT_GET_PET));
  const mergeBase = gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'Add GET /owners'], ['merge-base', 'main', 'HEAD']]);

  let r = await cli('breaking', '--base', mergeBase);
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /\[non-breaking\] GET \/owners/);
  assert.match(r.stdout, /No breaking changes found/);

  // The plain command keeps comparing with the last release: the unreleased break is listed, acknowledged.
  r = await cli('breaking');
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, /\[breaking\] GET \/pets\/\{petId\}.* \(acknowledged by \.specver\/changesets\/brave-lion-jump\.md\)/);
  assert.is((await cli('breaking', '--allow-acknowledged')).exitCode, 0);
});

test('a PR with a break and a major changeset passes with the acknowledgement option and fails without it', async () => {
  const { p, cli } = await initialised();
  git(p.dir, 'checkout', '-q', '-b', 'break');
  p.write('api/petstore.yaml', WITHOUT_GET_PET);
  commitAll(p, 'Remove GET /pets/{petId}');
  assert.is((await cli('breaking', '--base', 'main', '--allow-acknowledged')).exitCode, 1, 'no changeset: not acknowledged');

  p.write('.specver/changesets/brave-lion-jump.md', major('Remove GET /pets/{petId}'));
  commitAll(p, 'Changeset');
  let r = await cli('breaking', '--base', 'main');
  assert.is(r.exitCode, 1, 'the default exit code is the spec one');
  assert.match(r.stdout, /1 breaking change found \(1 acknowledged\)/);
  assert.match(r.stdout, /--allow-acknowledged/);

  r = await cli('breaking', '--base', 'main', '--allow-acknowledged', '--json');
  assert.is(r.exitCode, 0);
  const doc = r.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal(doc.gate, { allowAcknowledged: true, open: 0, acknowledged: 1, waived: 0, unreadable: 0, waivers: { file: '.specver/waivers.yaml', expired: [], unmatched: [] } });
  assert.equal(doc.contracts[0].changes[0].gate, { status: 'acknowledged', changesets: ['.specver/changesets/brave-lion-jump.md'] });

  p.write('specver.yaml', `${p.read('specver.yaml')}gate:\n  allowAcknowledged: true\n`);
  assert.is((await cli('breaking', '--base', 'main')).exitCode, 0, 'gate.allowAcknowledged in the config');
});

test('a waiver lets an accepted break through until it expires; unmatched waivers warn; a bad file names file:line', async () => {
  const { p, cli } = await initialised();
  p.write('api/petstore.yaml', WITHOUT_GET_PET);
  const waiver = (expires: string) =>
    `waivers:\n  - rule: operation-removed\n    contract: petstore\n    location: GET /pets/*\n    reason: no client calls it\n    expires: ${expires}\n`;
  p.write('.specver/waivers.yaml', waiver('2026-05-06'));
  let r = await cli('breaking');
  assert.is(r.exitCode, 0, r.stdout);
  assert.match(r.stdout, /\(waived: no client calls it, until 2026-05-06\)/);
  assert.match(r.stdout, /1 breaking change found \(1 waived\)/);

  p.write('.specver/waivers.yaml', waiver('2026-05-05'));
  r = await cli('breaking');
  assert.is(r.exitCode, 1);
  assert.match(r.stdout, /! \.specver\/waivers\.yaml:2: waiver for operation-removed on petstore at GET \/pets\/\* expired on 2026-05-05/);

  p.write('.specver/waivers.yaml', `${waiver('2026-12-31')}  - rule: operation-removed\n    contract: petstore\n    location: POST /nowhere\n    reason: stale\n`);
  r = await cli('breaking');
  assert.is(r.exitCode, 0);
  assert.match(r.stderr, /warning: \.specver\/waivers\.yaml:7: waiver for operation-removed on petstore at POST \/nowhere matches no change/);

  p.write('.specver/waivers.yaml', 'waivers:\n  - rule: operation-removed\n    contract: petstore\n    reason: r\n');
  r = await cli('breaking');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: \.specver\/waivers\.yaml:2: invalid waiver: waivers\[0\]: missing required field 'location'\nhint: /);
});

test('--format github: every breaking change annotated, non-breaking ones capped, the rest in $GITHUB_STEP_SUMMARY', async () => {
  const { p } = await initialised();
  const extra = Array.from({ length: 12 }, (_, i) => `  /extra${i}:\n    get:\n      responses:\n        '200':\n          description: ok\n`).join('');
  p.write('api/petstore.yaml', WITHOUT_GET_PET.replace('components:', `${extra}components:`));
  const summary = p.write('summary.md', '');
  const r = await runSpecver(['breaking', '--format', 'github'], { cwd: p.dir, now: NOW, env: { GITHUB_STEP_SUMMARY: summary } });
  assert.is(r.exitCode, 1);
  const lines = r.stdout.split('\n');
  assert.is(lines.filter((l) => l.startsWith('::error ')).length, 1);
  assert.is(lines.filter((l) => l.startsWith('::notice ')).length, 10);
  assert.match(r.stdout, /2 more non-breaking changes not annotated/);
  assert.is(p.read('summary.md').split('\n').filter((l) => l.startsWith('| petstore |')).length, 2);
});

test('version refuses a patch over a breaking change and accepts it with the override', async () => {
  const { p, cli } = await initialised();
  p.write('api/petstore.yaml', WITHOUT_GET_PET);
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": patch\n---\n\nTidy up\n');
  const before = p.snapshot();
  let r = await cli('version');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /brave-lion-jump\.md:2: changeset declares patch for petstore, but its changes since petstore@0\.0\.0 require major: GET \/pets\/\{petId\}/);
  assert.equal(p.snapshot(), before, 'nothing written');
  r = await cli('version', '--allow-downgrade');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '0.0.1');
  assert.equal(readdirSync(p.path('.specver/changesets')).filter((f) => f.endsWith('.md')), []);
});

test.run();
