/**
 * Transitive compatibility end to end: releases 1.0.0 (property `a` a string), 2.0.0 (`a` no longer described,
 * so any value is accepted) and the current spec (`a` an integer). Against the last release the current spec only
 * describes an optional property anew (non-breaking in every mode); against 1.0.0 it changes `a` from string to
 * integer, which breaks backward, forward and full alike. So each plain mode passes the gate and each transitive
 * mode fails it, naming 1.0.0. Also: one finding for several versions, transitiveScope, pre-releases, changeset and
 * status bumps, a git base whose pull request deletes old snapshots, and configuration errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync } from 'node:fs';
import { gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const NOW = new Date('2026-05-06T10:00:00Z');
const schema = (properties: object) => `${JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties }, null, 2)}\n`;
const A_STRING = schema({ a: { type: 'string' } });
const A_BOOLEAN = schema({ a: { type: 'boolean' } });
const NO_A = schema({});
const A_INTEGER = schema({ a: { type: 'integer' } });

/** A project whose contract `event` was released at each of `releases` (version -> schema) and now reads `current`. */
function project(releases: Record<string, string>, current: string, contractLines: string, p = emptyProject('specver-transitive-')): TempProject {
  const versions = Object.keys(releases);
  for (const [version, text] of Object.entries(releases)) p.write(`.specver/snapshots/event@${version}.json`, text);
  p.write('.specver/versions.json', `${JSON.stringify({ versioning: 'independent', contracts: { event: versions[versions.length - 1] } })}\n`);
  p.write('schemas/event.json', current);
  p.write('specver.yaml', `contracts:\n  - name: event\n    format: json-schema\n    path: schemas/event.json\n${contractLines}`);
  return p;
}

const cli = (p: TempProject, ...args: string[]) => runSpecver(args, { cwd: p.dir, now: NOW });
const ONLY_V1_CONFLICTS = { '1.0.0': A_STRING, '2.0.0': NO_A };

for (const mode of ['backward', 'forward', 'full'] as const) {
  test(`${mode} passes against the last release; ${mode}-transitive fails against 1.0.0 only (text and JSON)`, async () => {
    const plain = project(ONLY_V1_CONFLICTS, A_INTEGER, `    compatibility: ${mode}\n`);
    const passed = await cli(plain, 'breaking');
    assert.is(passed.exitCode, 0, passed.stdout + passed.stderr);
    const plainJson = (await cli(plain, 'breaking', '--json')).json();
    assertValidOutput('breaking.schema.json', plainJson);
    assert.not.ok('earlier' in plainJson.contracts[0].base, 'a plain mode checks no earlier release');
    assert.ok(plainJson.contracts[0].changes.every((c: any) => !('against' in c)));

    const transitive = project(ONLY_V1_CONFLICTS, A_INTEGER, `    compatibility: ${mode}-transitive\n`);
    const failed = await cli(transitive, 'breaking');
    assert.is(failed.exitCode, 1, failed.stdout + failed.stderr);
    assert.match(failed.stdout, /\[breaking\] schema property a: type changed from string to integer .*\(against 1\.0\.0\) \[json-schema-type-changed\]/);
    assert.match(failed.stdout, /optional property added \(against 2\.0\.0\)/);

    const json = await cli(transitive, 'breaking', '--json');
    assert.is(json.exitCode, 1);
    const doc = json.json();
    assertValidOutput('breaking.schema.json', doc);
    assert.equal(doc.contracts[0].base.earlier, ['1.0.0']);
    const breaking = doc.contracts[0].changes.filter((c: any) => c.severity === 'breaking');
    assert.equal(breaking.map((c: any) => [c.rule, c.against]), [['json-schema-type-changed', ['1.0.0']]]);

    const diff = await cli(transitive, 'diff', '--json');
    assert.is(diff.exitCode, 0);
    assertValidOutput('diff.schema.json', diff.json());
    const diffText = await cli(transitive, 'diff');
    assert.match(diffText.stdout, /event \(json-schema, schemas\/event\.json vs event@2\.0\.0 and 1\.0\.0\): 2 changes \(1 breaking, 1 non-breaking, 0 patch\), suggested bump: major/);
  });
}

test('a change found against several releases is one finding listing them, oldest first', async () => {
  const p = project({ '1.0.0': A_STRING, '1.1.0': A_STRING, '2.0.0': NO_A }, A_INTEGER, '    compatibility: backward-transitive\n');
  const doc = (await cli(p, 'diff', '--json')).json();
  assertValidOutput('diff.schema.json', doc);
  const typeChanges = doc.contracts[0].changes.filter((c: any) => c.rule === 'json-schema-type-changed');
  assert.is(typeChanges.length, 1);
  assert.equal(typeChanges[0].against, ['1.0.0', '1.1.0']);
  assert.equal(doc.contracts[0].base.earlier, ['1.0.0', '1.1.0']);
  const text = await cli(p, 'breaking');
  assert.match(text.stdout, /\(against 1\.0\.0, 1\.1\.0\)/);
});

test('an earlier release adds only its breaking changes: what it shares with the base is not reported again', async () => {
  // 1.0.0 lacked `b`, added in 2.0.0 (non-breaking, released already); the current spec adds nothing but `a`.
  const p = project({ '1.0.0': NO_A, '2.0.0': schema({ b: { type: 'string' } }) }, schema({ a: { type: 'string' }, b: { type: 'string' } }), '    compatibility: full-transitive\n');
  const doc = (await cli(p, 'diff', '--json')).json();
  assert.equal(doc.contracts[0].changes.map((c: any) => [c.rule, c.location, c.against]), [['json-schema-property-added-open', '/properties/a', ['2.0.0']]]);
  assert.is(doc.contracts[0].summary.bump, 'minor');
});

test('transitiveScope: all checks every release; major only those of the current major', async () => {
  const releases = { '1.0.0': A_BOOLEAN, '2.0.0': A_STRING, '2.1.0': NO_A };
  const all = (await cli(project(releases, A_INTEGER, '    compatibility: backward-transitive\n    transitiveScope: all\n'), 'breaking', '--json')).json();
  assertValidOutput('breaking.schema.json', all);
  const againstAll = all.contracts[0].changes.filter((c: any) => c.severity === 'breaking').map((c: any) => [c.message, c.against]);
  assert.equal(againstAll, [
    ['schema property a: type changed from boolean to integer (breaks backward compatibility)', ['1.0.0']],
    ['schema property a: type changed from string to integer (breaks backward compatibility)', ['2.0.0']],
  ]);
  const major = (await cli(project(releases, A_INTEGER, '    compatibility: backward-transitive\n    transitiveScope: major\n'), 'breaking', '--json')).json();
  assert.equal(major.contracts[0].base.earlier, ['2.0.0']);
  assert.equal(major.contracts[0].changes.filter((c: any) => c.severity === 'breaking').map((c: any) => c.against), [['2.0.0']]);
  // A major release with nothing earlier in its line checks only the base.
  const fresh = project({ '1.0.0': A_STRING, '2.0.0': NO_A }, A_INTEGER, '    compatibility: backward-transitive\n    transitiveScope: major\n');
  assert.is((await cli(fresh, 'breaking')).exitCode, 0);
});

test('pre-releases are not checked: only releases carry a compatibility promise', async () => {
  const p = project({ '1.0.0': NO_A, '1.1.0-rc.1': A_STRING, '1.1.0': NO_A }, A_INTEGER, '    compatibility: backward-transitive\n');
  const result = await cli(p, 'breaking', '--json');
  assert.is(result.exitCode, 0, result.stdout);
  assert.equal(result.json().contracts[0].base.earlier, ['1.0.0']);
});

test('changeset and status suggest the bump the earliest conflict requires', async () => {
  const plain = project(ONLY_V1_CONFLICTS, A_INTEGER, '    compatibility: backward\n');
  const transitive = project(ONLY_V1_CONFLICTS, A_INTEGER, '    compatibility: backward-transitive\n');
  const detected = async (p: TempProject) => {
    const status = await cli(p, 'status', '--json');
    assertValidOutput('status.schema.json', status.json());
    return status.json().contracts.find((c: any) => c.name === 'event').detected;
  };
  assert.is(await detected(plain), 'minor');
  assert.is(await detected(transitive), 'major');
  const changeset = await cli(transitive, 'changeset', '--json', '--no-interactive', '-m', 'Describe a as an integer');
  assert.is(changeset.exitCode, 0, changeset.stderr);
  assertValidOutput('changeset.schema.json', changeset.json());
  assert.equal(changeset.json().releases, [{ contract: 'event', bump: 'major' }]);
});

test('the built CLI: breaking exits 1 under a transitive mode and 0 under its base mode', async () => {
  const transitive = project(ONLY_V1_CONFLICTS, A_INTEGER, '    compatibility: forward-transitive\n');
  const failed = await runBuiltSpecver(['breaking'], { cwd: transitive.dir });
  assert.is(failed.exitCode, 1, failed.stderr);
  assert.match(failed.stdout, /\(against 1\.0\.0\)/);
  const plain = project(ONLY_V1_CONFLICTS, A_INTEGER, '    compatibility: forward\n');
  assert.is((await runBuiltSpecver(['breaking'], { cwd: plain.dir })).exitCode, 0);
});

/**
 * A repository whose main branch holds releases 1.0.0 and 2.0.0 (backward-transitive, `a` not described), on a
 * new branch `pr`: made with git once per file (one shell), then copied for each test.
 */
const templateRepository = repositoryTemplates();
const pullRequest = () =>
  templateRepository('released', (t) => {
    project(ONLY_V1_CONFLICTS, NO_A, '    compatibility: backward-transitive\n', t);
    gitScript(t.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'release 2.0.0'], ['checkout', '-q', '-b', 'pr']]);
  });

test('at a git base the releases are read at the base commit: deleting old snapshots in the pull request changes nothing', async () => {
  const p = await pullRequest();
  p.write('schemas/event.json', A_INTEGER);
  rmSync(p.path('.specver/snapshots/event@1.0.0.json'));
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'a is an integer']]);
  const result = await cli(p, 'breaking', '--base', 'main', '--json');
  assert.is(result.exitCode, 1, result.stdout + result.stderr);
  const doc = result.json();
  assertValidOutput('breaking.schema.json', doc);
  assert.equal(doc.contracts[0].base.earlier, ['1.0.0', '2.0.0']);
  const breaking = doc.contracts[0].changes.filter((c: any) => c.severity === 'breaking');
  assert.equal(breaking.map((c: any) => c.against), [['1.0.0']]);
  assert.ok(doc.contracts[0].changes.some((c: any) => c.against.includes('git:main')));
  // The pull request's own policy weakening the mode is listed; the base's policy still fails it.
  p.write('specver.yaml', p.read('specver.yaml').replace('backward-transitive', 'backward'));
  const weakened = await cli(p, 'breaking', '--base', 'main', '--policy', 'base');
  assert.is(weakened.exitCode, 1, weakened.stdout + weakened.stderr);
  const head = await cli(p, 'breaking', '--base', 'main', '--policy', 'head', '--json');
  assert.is(head.exitCode, 0, 'judged by its own weakened policy, the pull request passes');
  assert.equal(head.json().policy.changes.map((c: any) => c.message), ['contract event: compatibility backward-transitive -> backward']);
});

test('at a git base a contract renamed in the pull request is still held to the releases of its old name', async () => {
  const p = await pullRequest();
  const renamed = await cli(p, 'contract', 'rename', 'event', 'order-event');
  assert.is(renamed.exitCode, 0, renamed.stderr);
  p.write('schemas/event.json', A_INTEGER);
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'rename and describe a as an integer']]);
  const result = await cli(p, 'breaking', '--base', 'main', '--json');
  assert.is(result.exitCode, 1, result.stdout + result.stderr);
  assert.equal(result.json().contracts[0].base.earlier, ['1.0.0', '2.0.0']);
});

test('an unreadable earlier release is an error naming its snapshot, without a stack trace', async () => {
  const p = project({ '1.0.0': '{ "type": "object", ', '2.0.0': NO_A }, A_INTEGER, '    compatibility: backward-transitive\n');
  const result = await cli(p, 'breaking');
  assert.is(result.exitCode, 2, result.stderr);
  assert.match(result.stderr, /^specver: \.specver\/snapshots\/event@1\.0\.0\.json:\d+: invalid JSON/);
  assert.not.match(result.stderr, /\n\s+at /);
  // The plain mode never reads it.
  p.write('specver.yaml', p.read('specver.yaml').replace('backward-transitive', 'backward'));
  assert.is((await cli(p, 'breaking')).exitCode, 0);
});

test('transitiveScope outside a transitive mode, or on an openapi contract, is a configuration error naming the line', async () => {
  const plain = project(ONLY_V1_CONFLICTS, A_INTEGER, '    compatibility: backward\n    transitiveScope: major\n');
  const result = await cli(plain, 'breaking');
  assert.is(result.exitCode, 2);
  assert.match(result.stderr, /specver\.yaml:6.*transitiveScope applies to transitive compatibility modes only \(compatibility is backward\)/);
  assert.match(result.stderr, /hint: remove `transitiveScope`, or set `compatibility` to backward-transitive/);
  assert.not.match(result.stderr, /\n\s+at /);
  const openapi = emptyProject('specver-transitive-');
  openapi.write('specver.yaml', 'contracts:\n  - name: api\n    format: openapi\n    path: api.yaml\n    transitiveScope: all\n');
  const bad = await cli(openapi, 'diff');
  assert.is(bad.exitCode, 2);
  assert.match(bad.stderr, /transitiveScope applies to json-schema contracts only/);
  const unknown = project(ONLY_V1_CONFLICTS, A_INTEGER, '    compatibility: backward-transitive\n    transitiveScope: minor\n');
  const wrong = await cli(unknown, 'diff');
  assert.is(wrong.exitCode, 2);
  assert.match(wrong.stderr, /"minor" is not one of all, major/);
});

test.run();
