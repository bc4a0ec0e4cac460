import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { run, type ChangesetDeps } from '../../src/cli/commands/changeset.ts';
import { createContext } from '../../src/cli/context.ts';
import type { Finding } from '../../src/classify/types.ts';
import { CancelledError, ConfigError } from '../../src/errors.ts';
import type { Bump } from '../../src/types.ts';
import { parseChangeset } from '../../src/versioning/changeset-file.ts';
import type { Detector } from '../../src/versioning/detect.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';
import { capturedContext } from '../versioning/helpers/captured-context.ts';
import { terminal } from '../helpers/terminal.ts';

function project(): TempProject {
  const p = emptyProject('specver-changeset-');
  cpSync(join(FIXTURES, 'changesets/project'), p.dir, { recursive: true });
  return p;
}

function changesets(p: TempProject) {
  return readdirSync(p.path('.specver/changesets'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => parseChangeset(p.read(`.specver/changesets/${f}`), f, f.slice(0, -3)));
}

const finding = (message: string, severity: Finding['severity']): Finding => ({
  rule: 'r',
  category: 'c',
  severity,
  message,
  location: '/paths',
  side: 'revision',
});

const detecting =
  (bumps: Record<string, Bump>, findings: Finding[] = []): Detector =>
  async (_config, contract) => ({ bump: bumps[contract.name] ?? null, findings: bumps[contract.name] ? findings : [] });

test('--no-interactive: highest detected bump per changed contract, generated summary, prints the path', async () => {
  const p = project();
  const c = capturedContext(p.dir, { interactive: false });
  const detect = detecting({ petstore: 'major', 'order-event': 'minor' }, [finding('GET /pets was removed', 'breaking'), finding('property added', 'non-breaking')]);
  assert.is(await run(c.ctx, {}, { detect }), 0);
  const [written] = changesets(p);
  assert.ok(written);
  assert.equal(written.releases.map((r) => [r.contract, r.bump]), [['petstore', 'major'], ['order-event', 'minor']]);
  assert.is(
    written.summary,
    'petstore: 2 changes (1 breaking, 1 non-breaking). Breaking: GET /pets was removed. order-event: 2 changes (1 breaking, 1 non-breaking). Breaking: GET /pets was removed',
  );
  assert.match(c.stdout(), new RegExp(`Created \\.specver/changesets/${written.id}\\.md\\n`));
  assert.match(c.stdout(), /\[BREAKING\] GET \/pets was removed/);
  assert.match(written.id, /^[a-z]+-[a-z]+-[a-z]+$/);
});

test('--message, --bump and --contract override detection; name collisions are retried', async () => {
  const p = project();
  const draws = [0, 0, 0, 0, 0, 0, 0.5, 0.5, 0.5];
  const deps: ChangesetDeps = { detect: detecting({ petstore: 'minor', 'order-event': 'patch' }), random: () => draws.shift() ?? 0.7 };
  const first = capturedContext(p.dir);
  await run(first.ctx, { message: 'First', contract: ['petstore'] }, deps);
  const second = capturedContext(p.dir);
  await run(second.ctx, { message: 'Second', bump: 'major', all: true }, deps);
  const all = changesets(p).sort((a, b) => a.summary.localeCompare(b.summary));
  assert.is(all.length, 2);
  assert.equal(all[0]!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'minor']]);
  assert.equal(all[1]!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'major'], ['order-event', 'major']]);
});

test('a bump lower than the detected one warns; --downgrade-reason records why in the frontmatter instead', async () => {
  const p = project();
  const deps: ChangesetDeps = { detect: detecting({ petstore: 'major' }) };
  const low = capturedContext(p.dir);
  assert.is(await run(low.ctx, { message: 'x', bump: 'patch' }, deps), 0);
  assert.match(low.stderr(), /warning: petstore: patch is lower than the detected changes require \(major\); 'specver version' refuses it/);
  const reasoned = capturedContext(p.dir);
  assert.is(await run(reasoned.ctx, { message: 'y', bump: 'patch', downgradeReason: 'never deployed' }, deps), 0);
  assert.is(reasoned.stderr(), '');
  assert.equal(changesets(p).map((c) => c.downgradeReason ?? null).sort(), ['never deployed', null]);
});

test('no detected changes: says so, writes nothing, exit 0', async () => {
  const p = project();
  const before = p.snapshot();
  const c = capturedContext(p.dir);
  assert.is(await run(c.ctx, {}, { detect: detecting({}) }), 0);
  assert.match(c.stdout(), /nothing to record/);
  assert.equal(p.snapshot(), before);
});

test('--json: one schema-valid document', async () => {
  const p = project();
  const c = capturedContext(p.dir, { json: true });
  await run(c.ctx, {}, { detect: detecting({ petstore: 'patch' }, [finding('description changed', 'patch')]) });
  const doc = JSON.parse(c.stdout());
  assertValidOutput('changeset.schema.json', doc);
  assert.equal(doc.releases, [{ contract: 'petstore', bump: 'patch' }]);
  assert.equal(doc.changes, [{ contract: 'petstore', bump: 'patch', count: 1, waived: [] }]);
  assert.ok(p.exists(doc.file));
});

test('--empty with flags writes a changelog-only changeset (CLI)', async () => {
  const p = project();
  const r = await runSpecver(['changeset', '--empty', '--bump', 'patch', '--contract', 'order-event', '--message', 'Docs: clarify status'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const [written] = changesets(p);
  assert.equal(written!.releases.map((r) => [r.contract, r.bump]), [['order-event', 'patch']]);
  assert.is(written!.summary, 'Docs: clarify status');
  assert.match(r.stdout, /^Created \.specver\/changesets\/[a-z]+-[a-z]+-[a-z]+\.md\n/);
});

test('--empty without a terminal and without answers: exit 2 naming the flags, nothing written', async () => {
  const p = project();
  const before = p.snapshot();
  const r = await runSpecver(['changeset', '--empty'], { cwd: p.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /--contract/);
  assert.match(r.stderr, /--bump/);
  assert.match(r.stderr, /--message/);
  assert.equal(p.snapshot(), before);
  const json = await runSpecver(['changeset', '--empty', '--contract', 'petstore', '--json'], { cwd: p.dir });
  assert.is(json.exitCode, 2);
  assert.match(json.json().error.message, /--bump.*--message/);
});

test('--contract naming an unknown contract: exit 2', async () => {
  const p = project();
  const r = await runSpecver(['changeset', '--empty', '--bump', 'patch', '--message', 'x', '--contract', 'ghost'], { cwd: p.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /unknown contract 'ghost'/);
});

// Interactive: clack prompts driven through injected input/output streams (test/helpers/terminal.ts).
test('interactive: shows the changes, asks the bump (pre-filled with the suggested one) and the summary', async () => {
  const p = project();
  const t = terminal(p.dir);
  const done = run(t.ctx, {}, { detect: detecting({ petstore: 'minor' }, [finding('optional property added', 'non-breaking')]) });
  await t.waitFor(/Bump for petstore[^]*● minor/); // the suggested bump is pre-selected
  assert.match(t.screen(), /petstore \(openapi\): 1 change \(0 breaking, 1 non-breaking, 0 patch\), suggested bump: minor\n[^]*Bump for petstore/, t.screen());
  // The bump choices speak of the severities diff and breaking report.
  assert.match(t.screen(), /minor \(non-breaking changes\)/, t.screen());
  t.type('\x1b[A'); // up: major
  t.type('\r');
  await t.waitFor(/Summary of the change/);
  t.type('Add the color property\r');
  assert.is(await done, 0);
  const [written] = changesets(p);
  assert.equal(written!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'major']]);
  assert.is(written!.summary, 'Add the color property');
});

test('interactive: each contract\'s counts and breaking lines before its question; one left out; Enter keeps the generated summary', async () => {
  const p = project();
  const t = terminal(p.dir);
  const findings = [finding('optional property added', 'non-breaking'), finding('GET /pets was removed', 'breaking')];
  const done = run(t.ctx, {}, { detect: detecting({ petstore: 'major', 'order-event': 'major' }, findings) });
  await t.waitFor(/Bump for petstore[^]*● major/);
  assert.match(t.screen(), /petstore \(openapi\): 2 changes \(1 breaking, 1 non-breaking, 0 patch\), suggested bump: major\n  \[BREAKING\] GET \/pets was removed \[r\]\n/);
  assert.not.match(t.screen(), /optional property added/, 'only breaking lines before the question');
  t.type('\r');
  await t.waitFor(/Bump for order-event[^]*● major/);
  t.type('\x1b[A'); // up from major wraps to "leave out"
  await t.waitFor(/Bump for order-event[^]*● leave out/);
  t.type('\r');
  await t.waitFor(/Summary of the change[^]*petstore: 2 changes/); // the generated summary as placeholder
  t.type('\r');
  assert.is(await done, 0);
  const [written] = changesets(p);
  assert.equal(written!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'major']]);
  assert.is(written!.summary, 'petstore: 2 changes (1 breaking, 1 non-breaking). Breaking: GET /pets was removed');
});

test('contracts a pending changeset already covers are left out unless --all or named; a lower pending bump does not cover', async () => {
  const p = project();
  const deps: ChangesetDeps = { detect: detecting({ petstore: 'minor', 'order-event': 'major' }) };
  p.write('.specver/changesets/old-one-here.md', '---\n"petstore": minor\n"order-event": minor\n---\n\nEarlier\n');
  const c = capturedContext(p.dir, { interactive: false });
  assert.is(await run(c.ctx, {}, deps), 0);
  assert.match(c.stdout(), /Already covered by a pending changeset: petstore \(--all includes them\)/);
  const fresh = changesets(p).filter((x) => x.summary !== 'Earlier');
  assert.equal(fresh.map((x) => x.releases.map((r) => r.contract)), [['order-event']]);
  const all = capturedContext(p.dir, { interactive: false });
  await run(all.ctx, { all: true, message: 'Again' }, deps);
  assert.equal(changesets(p).find((x) => x.summary === 'Again')!.releases.map((r) => r.contract), ['petstore', 'order-event']);
  const named = capturedContext(p.dir, { interactive: false });
  await run(named.ctx, { contract: ['petstore'], message: 'Named' }, deps);
  assert.equal(changesets(p).find((x) => x.summary === 'Named')!.releases.map((r) => r.contract), ['petstore']);
  const none = capturedContext(p.dir, { interactive: false });
  await run(none.ctx, {}, deps);
  assert.match(none.stdout(), /Every detected change is covered by a pending changeset: nothing to record/);
});

test('a terminal whose stdin is not one: one line on stderr says there will be no prompts', async () => {
  const p = project();
  let err = '';
  const ctx = createContext(
    { cwd: p.dir, env: { NO_COLOR: '1' }, streams: { stdin: { isTTY: false }, stdout: { write: () => true, isTTY: true }, stderr: { write: (s: string) => ((err += s), true) } } },
    {},
  );
  assert.is(await run(ctx, {}, { detect: detecting({ petstore: 'minor' }) }), 0);
  assert.is(err, 'specver: warning: stdin is not a terminal: not prompting, using the detected bumps and a generated summary\n');
  const piped = capturedContext(p.dir, { interactive: false });
  await run(piped.ctx, { all: true }, { detect: detecting({ petstore: 'minor' }) });
  assert.is(piped.stderr(), '');
});

for (const [name, key] of [
  ['Ctrl-C', '\x03'],
  ['Esc', '\x1b'],
] as const) {
  test(`interactive: ${name} cancels with exit 4 and nothing written`, async () => {
    const p = project();
    const before = p.snapshot();
    const t = terminal(p.dir);
    const done = run(t.ctx, {}, { detect: detecting({ petstore: 'minor' }) });
    await t.waitFor(/Bump for petstore[^]*● minor/);
    t.type('\r');
    await t.waitFor(/Summary of the change/);
    t.type(key);
    await done.then(
      () => assert.unreachable('expected a cancel'),
      (error: CancelledError) => {
        assert.instance(error, CancelledError);
        assert.is(error.exitCode, 4);
      },
    );
    assert.equal(p.snapshot(), before);
  });
}

test('interactive: a bump lower than the changes require asks why, and the answer is the changeset\'s _downgrade-reason', async () => {
  const p = project();
  const t = terminal(p.dir);
  const done = run(t.ctx, {}, { detect: detecting({ petstore: 'major' }, [finding('GET /pets was removed', 'breaking')]) });
  await t.waitFor(/Bump for petstore[^]*● major/);
  t.type('\x1b[B'); // down: minor
  await t.waitFor(/Bump for petstore[^]*● minor/);
  t.type('\r');
  await t.waitFor(/Why may petstore be minor\? Its changes need major/);
  t.type('\r'); // an empty reason is refused
  await t.waitFor(/please give the reason, or press Ctrl-C and choose another bump/);
  t.type('no client calls GET /pets\r');
  await t.waitFor(/Summary of the change/);
  t.type('Remove GET /pets\r');
  assert.is(await done, 0);
  const [written] = changesets(p);
  assert.equal(written!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'minor']]);
  assert.is(written!.downgradeReason, 'no client calls GET /pets');
});

test('interactive: Ctrl-C at the downgrade reason cancels with exit 4 and nothing written', async () => {
  const p = project();
  const before = p.snapshot();
  const t = terminal(p.dir);
  const done = run(t.ctx, {}, { detect: detecting({ petstore: 'major' }, [finding('GET /pets was removed', 'breaking')]) });
  await t.waitFor(/Bump for petstore[^]*● major/);
  t.type('\x1b[B');
  await t.waitFor(/Bump for petstore[^]*● minor/);
  t.type('\r');
  await t.waitFor(/Why may petstore be minor\?/);
  t.type('\x03');
  await done.then(
    () => assert.unreachable('expected a cancel'),
    (error: CancelledError) => assert.is(error.exitCode, 4),
  );
  assert.equal(p.snapshot(), before);
});

test('interactive with --downgrade-reason: a lower bump asks nothing more', async () => {
  const p = project();
  const t = terminal(p.dir);
  const done = run(t.ctx, { downgradeReason: 'internal only' }, { detect: detecting({ petstore: 'major' }, [finding('GET /pets was removed', 'breaking')]) });
  await t.waitFor(/Bump for petstore[^]*● major/);
  t.type('\x1b[B');
  await t.waitFor(/Bump for petstore[^]*● minor/);
  t.type('\r');
  await t.waitFor(/Summary of the change/);
  assert.not.match(t.screen(), /Why may/);
  t.type('Remove GET /pets\r');
  assert.is(await done, 0);
  assert.is(changesets(p)[0]!.downgradeReason, 'internal only');
});

// Waivers (gate.waivers): a break an unexpired waiver covers is left out of the suggested bump, as `version` judges it.
const WAIVER = 'waivers:\n  - rule: r\n    contract: petstore\n    location: /paths\n    reason: nobody calls it\n';
const removedPets = finding('GET /pets was removed', 'breaking');
const addedProperty = finding('property added', 'non-breaking');

test('interactive: the suggested bump leaves the waived break out, and its hint names it', async () => {
  const p = project();
  p.write('.specver/waivers.yaml', WAIVER);
  const t = terminal(p.dir);
  const done = run(t.ctx, {}, { detect: detecting({ petstore: 'major' }, [removedPets, addedProperty]) });
  // clack wraps the hint at the terminal's width.
  await t.waitFor(/Bump for petstore[^]*● minor \(non-breaking changes; waived: GET \/pets was removed \(r: nobody calls[\s│]+it\)\)/);
  assert.match(t.screen(), /suggested bump: minor \(1 waived breaking change left out; major with it\)\n  \[WAIVED\] GET \/pets was removed \[r\], left out of the bump: waiver for r at \/paths: nobody calls it \(\.specver\/waivers\.yaml:2\)\n/);
  t.type('\r');
  await t.waitFor(/Summary of the change/);
  assert.not.match(t.screen(), /Why may/, 'the waived bump needs no downgrade reason');
  t.type('Remove GET /pets\r');
  assert.is(await done, 0);
  const [written] = changesets(p);
  assert.equal(written!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'minor']]);
  assert.is(written!.downgradeReason, undefined);
});

test('waived breaks: only breaks are waived, a lower --bump is judged against what version requires, a pending minor covers', async () => {
  const p = project();
  p.write('.specver/waivers.yaml', WAIVER);
  const detect = detecting({ petstore: 'major', 'order-event': 'major' }, [removedPets]);
  // order-event has the same break but no waiver: it stays major.
  const c = capturedContext(p.dir, { interactive: false });
  assert.is(await run(c.ctx, { message: 'x' }, { detect }), 0);
  assert.equal(changesets(p)[0]!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'minor'], ['order-event', 'major']]);
  assert.match(c.stdout(), /order-event \(json-schema\): .*suggested bump: major\n  \[BREAKING\] GET \/pets was removed/);

  // Nothing but the waived break remains: version requires no bump, so patch is no downgrade.
  const patch = capturedContext(p.dir, { interactive: false });
  assert.is(await run(patch.ctx, { message: 'y', bump: 'patch', contract: ['petstore'] }, { detect }), 0);
  assert.not.match(patch.stderr(), /lower than/);
  const withMinor = capturedContext(p.dir, { interactive: false });
  assert.is(await run(withMinor.ctx, { message: 'z', bump: 'patch', contract: ['petstore'] }, { detect: detecting({ petstore: 'major' }, [removedPets, addedProperty]) }), 0);
  assert.match(withMinor.stderr(), /warning: petstore: patch is lower than the detected changes require \(minor\)/);

  // The first changeset's minor covers the waived break.
  const again = capturedContext(p.dir, { interactive: false });
  assert.is(await run(again.ctx, {}, { detect: detecting({ petstore: 'major' }, [removedPets]) }), 0);
  assert.match(again.stdout(), /Already covered by a pending changeset: petstore/);
});

test('an invalid waiver file is exit 2 naming file:line when a break needs it, and is not read otherwise', async () => {
  const p = project();
  p.write('.specver/waivers.yaml', 'waivers:\n  - rule: r\n    contract: petstore\n');
  const before = p.snapshot();
  const c = capturedContext(p.dir, { interactive: false });
  const error = await run(c.ctx, { message: 'x' }, { detect: detecting({ petstore: 'major' }, [removedPets]) }).then(
    () => undefined,
    (e: ConfigError) => e,
  );
  assert.ok(error instanceof ConfigError, 'expected a configuration error');
  assert.is(error.exitCode, 2);
  assert.match(error.message, /invalid waiver: waivers\[0\]: missing required field/);
  assert.equal([error.file, error.line], ['.specver/waivers.yaml', 2]);
  assert.equal(p.snapshot(), before, 'nothing written');
  const minor = capturedContext(p.dir, { interactive: false });
  assert.is(await run(minor.ctx, { message: 'x' }, { detect: detecting({ petstore: 'minor' }, [addedProperty]) }), 0);
});

test('interactive --empty: asks contracts, bump and summary', async () => {
  const p = project();
  const t = terminal(p.dir);
  const done = run(t.ctx, { empty: true });
  await t.waitFor(/Which contracts[^]*order-event/);
  t.type(' '); // select the first (petstore)
  t.type('\r');
  await t.waitFor(/Bump type[^]*● patch/);
  t.type('\r'); // patch, the default
  await t.waitFor(/Summary of the change/);
  t.type('Clarify docs\r');
  assert.is(await done, 0);
  const [written] = changesets(p);
  assert.equal(written!.releases.map((r) => [r.contract, r.bump]), [['petstore', 'patch']]);
  assert.is(written!.summary, 'Clarify docs');
});

test.run();
