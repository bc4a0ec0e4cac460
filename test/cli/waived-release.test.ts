/**
 * A break waived at the pull request gate counts at release (and in `status`): `version` accepts the lower bump the changeset
 * declares, records the waiver's reason in the changelog as an accepted break, and shows it in --dry-run and
 * --json; an expired waiver, or one that covers only some of the breaks, does not. `changeset` suggests (and
 * without prompts writes) the bump `version` accepts, naming the waived breaks. The built CLI, in a git
 * repository as on main after the pull request was merged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseChangeset } from '../../src/versioning/changeset-file.ts';
import { commitAll, gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templateRepository = repositoryTemplates();

const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^ {2}version: 1\.4\.2$/m, '  version: 0.0.0');
const NOW = { SPECVER_NOW: '2026-05-06T10:00:00Z' };
const WAIVER = (expires: string) =>
  `waivers:\n  - rule: operation-removed\n    contract: petstore\n    location: GET /pets/*\n    reason: no client calls it\n    expires: ${expires}\n`;

const cli = (p: TempProject, ...args: string[]) => runBuiltSpecver(args, { cwd: p.dir, env: NOW });

/** The petstore spec at 0.0.0, initialised and committed (built once per file). */
const initialised = () =>
  templateRepository('initialised', async (p) => {
    p.write('api/petstore.yaml', SPEC);
    const init = await cli(p, 'init');
    assert.is(init.exitCode, 0, init.stderr);
    gitScript(p.dir, [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'init']]);
  });

/**
 * main after a merged pull request that removed GET /pets/{petId} under a waiver, with a minor changeset (or,
 * `withChangeset: false`, none yet). Each kind is built once per file; every case gets a copy.
 */
function mergedWaivedBreak(expires: string, { withChangeset = true } = {}): Promise<TempProject> {
  return templateRepository(`merged ${expires} ${withChangeset}`, async (p) => {
    cpSync((await initialised()).dir, p.dir, { recursive: true });
    const start = SPEC.indexOf('  /pets/{petId}:');
    p.write('api/petstore.yaml', SPEC.slice(0, start) + SPEC.slice(SPEC.indexOf('components:')));
    p.write('.specver/waivers.yaml', WAIVER(expires));
    if (withChangeset) p.write('.specver/changesets/retire-pet-lookup.md', '---\npetstore: minor\n---\n\nRetire the pet lookup.\n');
    commitAll(p.dir, 'Retire GET /pets/{petId}');
  });
}

test('a waived break is released under the declared minor bump, the reason in the changelog and the plan', async () => {
  const p = await mergedWaivedBreak('2026-12-31');
  assert.is((await cli(p, 'breaking')).exitCode, 0, 'the gate passed it under the waiver');
  const status = await cli(p, 'status');
  assert.is(status.exitCode, 0, status.stdout);
  assert.match(status.stderr, /warning: pending changesets declare minor for petstore, but the detected changes require major \(accepted: waived: no client calls it\)/);

  const before = p.snapshot();
  let r = await cli(p, 'version', '--dry-run');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /\[dry-run\] {3}petstore {2}0\.0\.0 -> 0\.1\.0 {2}\(minor\)/);
  assert.match(r.stderr + r.stdout, /\[dry-run\] Accepted breaking change/);
  assert.match(r.stderr + r.stdout, /\[dry-run\] {3}petstore: .*GET \/pets\/\{petId\}.* \(waived: no client calls it; \.specver\/waivers\.yaml:2\)/);
  assert.equal(p.snapshot(), before, 'dry-run writes nothing');

  r = await cli(p, 'version', '--dry-run', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  const plan = r.json();
  assertValidOutput('version-plan.schema.json', plan);
  assert.is(plan.acceptedBreaks.length, 1);
  assert.equal({ ...plan.acceptedBreaks[0], message: undefined }, {
    contract: 'petstore',
    rule: 'operation-removed',
    location: plan.acceptedBreaks[0].location,
    message: undefined,
    reason: 'no client calls it',
    waiver: { file: '.specver/waivers.yaml', line: 2 },
  });
  assert.match(plan.acceptedBreaks[0].message, /GET \/pets\/\{petId\}/);

  r = await cli(p, 'version');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '0.1.0');
  assert.match(
    p.read('CHANGELOG.md'),
    /^# Changelog\n\n## petstore@0\.1\.0\n2026-05-06\n\n### Minor changes\n\n- Retire the pet lookup\.\n\n### Accepted breaking changes\n\n- Accepted breaking change \(waived: no client calls it\): .*GET \/pets\/\{petId\}.*\n$/,
  );
});

test('an expired waiver accepts nothing: version refuses the minor bump, naming the waiver file as a way out', async () => {
  const p = await mergedWaivedBreak('2026-05-05');
  assert.is((await cli(p, 'status')).exitCode, 1, 'status agrees: the lower bump is a problem');
  const before = p.snapshot();
  const r = await cli(p, 'version', '--dry-run');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: \.specver\/changesets\/retire-pet-lookup\.md:2: changeset declares minor for petstore, but its changes since petstore@0\.0\.0 require major: /);
  assert.match(r.stderr, /a waiver in \.specver\/waivers\.yaml/);
  assert.not.match(r.stderr, /at .*\.js:\d+/, 'no stack trace');
  assert.equal(p.snapshot(), before);
});

test('a waiver covering one of two breaks leaves the other requiring major', async () => {
  const p = await mergedWaivedBreak('2026-12-31');
  removeAllPaths(p);
  const r = await cli(p, 'version', '--dry-run');
  assert.is(r.exitCode, 2, r.stdout);
  assert.match(r.stderr, /require major: .*GET \/pets\b(?!\/)/);
});

/** Also removes GET /pets, which the waiver's GET /pets/* does not cover. */
function removeAllPaths(p: TempProject): void {
  const spec = p.read('api/petstore.yaml');
  p.write('api/petstore.yaml', spec.slice(0, spec.indexOf('paths:')) + 'paths: {}\n' + spec.slice(spec.indexOf('components:')));
}

/** The releases of the only changeset in the project. */
function writtenReleases(p: TempProject): string {
  const files = readdirSync(p.path('.specver/changesets')).filter((f) => f.endsWith('.md'));
  assert.is(files.length, 1, files.join(', '));
  return parseChangeset(p.read(`.specver/changesets/${files[0]}`), files[0]!, 'x')
    .releases.map((r) => `${r.contract}: ${r.bump}`)
    .join(', ');
}

test('changeset writes minor for a waived break, names the waiver, and version releases it with the changelog line', async () => {
  const p = await mergedWaivedBreak('2026-12-31', { withChangeset: false });
  const r = await cli(p, 'changeset', '--no-interactive', '--message', 'Retire the pet lookup.');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(writtenReleases(p), 'petstore: minor');
  assert.match(r.stdout, /petstore \(openapi\): 1 change \(1 breaking, 0 non-breaking, 0 patch\), suggested bump: minor \(1 waived breaking change left out; major with it\)\n/);
  assert.match(r.stdout, /\[WAIVED\] GET \/pets\/\{petId\} was removed \[operation-removed\], left out of the bump: waiver for operation-removed at GET \/pets\/\*: no client calls it \(\.specver\/waivers\.yaml:2\)\n/);
  assert.not.match(r.stdout, /\[BREAKING\]/, 'the waived break is not listed as an open one');
  assert.not.match(r.stderr, /lower than the detected changes/);

  const v = await cli(p, 'version');
  assert.is(v.exitCode, 0, v.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '0.1.0');
  assert.match(p.read('CHANGELOG.md'), /### Minor changes\n\n- Retire the pet lookup\.\n\n### Accepted breaking changes\n\n- Accepted breaking change \(waived: no client calls it\): GET \/pets\/\{petId\} was removed\n$/);
});

test('changeset --json lists the waived break with its waiver, schema-valid', async () => {
  const p = await mergedWaivedBreak('2026-12-31', { withChangeset: false });
  const r = await cli(p, 'changeset', '--no-interactive', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('changeset.schema.json', doc);
  assert.equal(doc.releases, [{ contract: 'petstore', bump: 'minor' }]);
  assert.equal(doc.changes, [
    {
      contract: 'petstore',
      bump: 'minor',
      count: 1,
      waived: [
        {
          rule: 'operation-removed',
          location: doc.changes[0].waived[0].location,
          message: 'GET /pets/{petId} was removed',
          reason: 'no client calls it',
          waiver: { file: '.specver/waivers.yaml', line: 2, rule: 'operation-removed', location: 'GET /pets/*' },
        },
      ],
    },
  ]);
  assert.match(doc.changes[0].waived[0].location, /^\/paths\/~1pets~1\{petId\}/);
});

test('an expired waiver leaves nothing out: changeset writes major', async () => {
  const p = await mergedWaivedBreak('2026-05-05', { withChangeset: false });
  const r = await cli(p, 'changeset', '--no-interactive', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  const doc = r.json();
  assertValidOutput('changeset.schema.json', doc);
  assert.equal(doc.releases, [{ contract: 'petstore', bump: 'major' }]);
  assert.equal(doc.changes[0].waived, []);
  assert.is(writtenReleases(p), 'petstore: major');
  const text = await cli(p, 'changeset', '--no-interactive', '--all');
  assert.not.match(text.stdout, /WAIVED|waived/);
});

test('a waiver covering one of two breaks keeps major in the changeset, naming the one it covers', async () => {
  const p = await mergedWaivedBreak('2026-12-31', { withChangeset: false });
  removeAllPaths(p);
  const r = await cli(p, 'changeset', '--no-interactive');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(writtenReleases(p), 'petstore: major');
  assert.match(r.stdout, /suggested bump: major \(1 waived breaking change left out; major with it\)/);
  assert.match(r.stdout, /\[BREAKING\] GET \/pets was removed/);
  assert.match(r.stdout, /\[WAIVED\] GET \/pets\/\{petId\} was removed/);
  // version agrees: the major changeset releases without a downgrade, the waived break in the changelog.
  const v = await cli(p, 'version');
  assert.is(v.exitCode, 0, v.stderr);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '1.0.0');
});

test('changeset --base takes the waivers the gate judges with: the pull request\'s by default, none under --policy base', async () => {
  // HEAD~1 is the base commit, without the waiver; HEAD is the pull request adding it with the break.
  const p = await mergedWaivedBreak('2026-12-31', { withChangeset: false });
  const own = await cli(p, 'changeset', '--no-interactive', '--json', '--base', 'HEAD~1');
  assert.is(own.exitCode, 0, own.stderr);
  assert.equal(own.json().releases, [{ contract: 'petstore', bump: 'minor' }]);
  assert.is(own.json().changes[0].waived.length, 1);
  const strict = await cli(p, 'changeset', '--no-interactive', '--json', '--all', '--base', 'HEAD~1', '--policy', 'base');
  assert.is(strict.exitCode, 0, strict.stderr);
  assertValidOutput('changeset.schema.json', strict.json());
  assert.equal(strict.json().releases, [{ contract: 'petstore', bump: 'major' }]);
  assert.equal(strict.json().changes[0].waived, []);

  const before = p.snapshot();
  const r = await cli(p, 'changeset', '--no-interactive', '--policy', 'base');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: --policy base needs --base <git ref> to take the waivers from\n/);
  assert.equal(p.snapshot(), before);
});

test.run();
