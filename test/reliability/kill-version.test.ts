/**
 * Crash safety of `version`, proven with real kill -9: the built CLI (dist/) runs `specver version` on a git
 * project with 3 contracts and 12 changesets and is SIGKILLed at seeded points (a step of the run, plus a
 * seeded number of event-loop turns, so the kill also lands inside a step's writes or during git staging).
 * Then `specver status` and `specver version` run again, and the project must be complete: every version has
 * its snapshot, no changeset is lost, no CHANGELOG entry is doubled, nothing is left behind, and every file is
 * byte-identical to an uninterrupted run.
 * The runs take the kinds of step in turn (the journal, a spec's info.version, a snapshot, CHANGELOG.md,
 * versions.json, a changeset's deletion, the journal's removal), each at a seeded step of its kind.
 * Runs: SPECVER_CRASH_RUNS (default 7, one per kind of step; `npm run fuzz` makes it 100). Needs the built
 * CLI (dist/; the test runner rebuilds it when it is older than src/).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { runChild } from '../helpers/child.ts';
import { gitScript } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { REPO_ROOT, emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { seeded } from '../helpers/seeded.ts';
import { createContext } from '../../src/cli/context.ts';
import { run as runVersion } from '../../src/cli/commands/version.ts';

const RUNS = Number(process.env.SPECVER_CRASH_RUNS ?? 7);
const SEED = 20261125;
const NOW = new Date('2026-05-06T10:00:00Z');
const ENTRY = join(REPO_ROOT, 'test/reliability/helpers/version-entry.mjs');
/**
 * Every kind of step has several steps with 3 contracts and 12 changesets; each contract more costs each killed
 * child (and each recovery) its loading and comparison before the kill point, for no kind of step more.
 */
const CONTRACTS = ['accounts', 'billing', 'orders'];
const CHANGESET_COUNT = 12;
/** Event-loop turns between the start of the chosen step and the kill: 0 is exactly at the step. */
const TURNS = [0, 0, 1, 2, 3, 5, 8, 13, 40];


function spec(name: string): string {
  return `openapi: 3.0.3\ninfo:\n  title: ${name}\n  version: "1"\npaths:\n  /${name}:\n    get:\n      responses:\n        "200":\n          description: ok\n`;
}

const summaryOf = (i: number) => `Change number ${i} of the release`;
/** How many contracts each changeset names: its summary appears once in each of their CHANGELOG entries. */
const namedBy: number[] = [];

/** The project every run starts from, made once (git repository included) and copied per run. */
function template(): TempProject {
  const p = emptyProject('specver-kill-template-');
  const random = seeded(SEED);
  p.write('specver.yaml', `versioning: independent\ncontracts:\n${CONTRACTS.map((c) => `  - name: ${c}\n    format: openapi\n    path: api/${c}.yaml\n`).join('')}changelog: CHANGELOG.md\n`);
  const versions: Record<string, string> = {};
  for (const c of CONTRACTS) {
    p.write(`api/${c}.yaml`, spec(c));
    p.write(`.specver/snapshots/${c}@1.0.0.yaml`, spec(c));
    versions[c] = '1.0.0';
  }
  p.write('.specver/versions.json', `${JSON.stringify({ versioning: 'independent', contracts: versions }, null, 2)}\n`);
  p.write('CHANGELOG.md', '# Changelog\n');
  const bumps = ['major', 'minor', 'patch'];
  for (let i = 0; i < CHANGESET_COUNT; i++) {
    const named = CONTRACTS.filter(() => random() < 0.4);
    if (named.length === 0) named.push(CONTRACTS[i % CONTRACTS.length]!);
    namedBy[i] = named.length;
    const lines = named.map((c) => `"${c}": ${bumps[Math.floor(random() * 3)]}`);
    const file = p.write(`.specver/changesets/${changesetName(i)}.md`, `---\n${lines.join('\n')}\n---\n\n${summaryOf(i)}\n`);
    // Changesets apply in modification-time order: fixed times keep the order (and the CHANGELOG) the same in every copy.
    const time = new Date(Date.UTC(2026, 0, 1, 0, i));
    utimesSync(file, time, time);
  }
  return p;
}

function changesetName(i: number): string {
  return `${['brave', 'calm', 'eager', 'gentle'][i % 4]}-${['lion', 'otter', 'fox', 'crane', 'heron'][Math.floor(i / 4)]}-run`;
}

function copyOf(source: TempProject): TempProject {
  const p = emptyProject('specver-kill-');
  cpSync(source.dir, p.dir, { recursive: true, preserveTimestamps: true });
  return p;
}

const childEnv = { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_NOW: NOW.toISOString() };
const versionChild = (p: TempProject, killAt: number, turns: number) => runChild(process.execPath, [ENTRY, String(killAt), String(turns)], { cwd: p.dir, env: childEnv, label: `specver version (kill at step ${killAt} + ${turns} turns)` });

/** Files a run must never leave behind. */
function leftovers(p: TempProject): string[] {
  const files = [...p.snapshot().keys()].filter((file) => file.endsWith('.tmp') || file === '.specver/.lock' || file === '.specver/version-journal.json');
  return existsSync(p.path('.git/index.lock')) ? [...files, '.git/index.lock'] : files;
}

/** The invariants, checked one by one so a failure says which one broke. */
function assertComplete(p: TempProject, where: string): void {
  const versions = JSON.parse(p.read('.specver/versions.json')).contracts as Record<string, string>;
  for (const [name, version] of Object.entries(versions)) assert.ok(p.exists(`.specver/snapshots/${name}@${version}.yaml`), `${where}: ${name}@${version} has no snapshot`);
  assert.equal(readdirSync(p.path('.specver/changesets')), [], `${where}: changesets left unconsumed`);
  const changelog = p.read('CHANGELOG.md');
  for (let i = 0; i < CHANGESET_COUNT; i++) {
    const seen = changelog.split(summaryOf(i)).length - 1;
    assert.ok(seen >= namedBy[i]!, `${where}: changeset ${i} is lost (in ${seen} of its ${namedBy[i]} CHANGELOG entries)`);
    assert.ok(seen <= namedBy[i]!, `${where}: changeset ${i} is recorded twice (in ${seen} entries, for ${namedBy[i]} contracts)`);
  }
  const headings = changelog.split('\n').filter((line) => line.startsWith('## '));
  assert.equal(headings, [...new Set(headings)], `${where}: a CHANGELOG entry is doubled`);
  assert.equal(leftovers(p), [], `${where}: left behind`);
}

test(`kill -9 of the built CLI's version at ${RUNS} seeded points (${CONTRACTS.length} contracts, ${CHANGESET_COUNT} changesets, git): the next commands complete it`, async () => {
  assert.ok(existsSync(join(REPO_ROOT, 'dist/cli/commands/version.js')), 'dist/ is missing: run `npm run build` first');
  const base = template();
  // One shell for the three commands; no sample hooks: fewer files to copy per run.
  gitScript(base.dir, [['init', '-q', '--template='], ['add', '-A'], ['commit', '-q', '-m', 'initial state']]);

  // The uninterrupted run: its steps, and the state every interrupted run must end in. It runs in this
  // process (the same command, through the same onStep seam as the child's): only the kills need processes.
  const reference = copyOf(base);
  const steps: string[] = [];
  let stderr = '';
  const ctx = createContext(
    {
      cwd: reference.dir,
      env: { CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off' },
      streams: { stdout: { write: () => true }, stderr: { write: (s: string) => ((stderr += s), true) } },
      now: () => NOW,
    },
    {},
  );
  const code = await runVersion(ctx, {}, { onStep: (step) => void steps.push(step) });
  assert.is(code, 0, stderr);
  // journal, specs' info.version, snapshots, changelog, versions, deletions, journal removal
  assert.is(steps.length, 1 + CONTRACTS.length + CONTRACTS.length + 1 + 1 + CHANGESET_COUNT + 1, steps.join(', '));
  // The kinds of step: a step's kind is its action and the folder of its file (`write .specver/snapshots/*`).
  const kindOf = (step: string) => step.replace(/\/[^/]*$/, '/*');
  const kinds = [...new Set(steps.map(kindOf))];
  assert.is(kinds.length, 7, kinds.join(', '));
  const cleanState = reference.snapshot();
  assertComplete(reference, 'uninterrupted run');
  // status accepts the uninterrupted state. Every run below must end byte-identical to it (outside .git, which
  // status does not read), so this one status run stands for a status run after each of them.
  const settled = await runSpecver(['status'], { cwd: reference.dir, now: NOW });
  assert.is(settled.exitCode, 0, `status afterwards: ${settled.stderr}`);

  const random = seeded(SEED + 1);
  // Where the kill left the project: before the journal (old state), journal written (replayed by the next
  // command), or after the run's files were complete (killed while staging in git, or not killed at all).
  const outcomes = { killed: 0, beforeJournal: 0, replayed: 0, complete: 0 };
  for (let run = 0; run < RUNS; run++) {
    // The kinds in turn (20 deletions weigh no more than the one CHANGELOG write), a seeded step of the kind.
    const ofKind = steps.flatMap((step, index) => (kindOf(step) === kinds[run % kinds.length] ? [index] : []));
    const killAt = ofKind[Math.floor(random() * ofKind.length)]!;
    const turns = TURNS[Math.floor(random() * TURNS.length)]!;
    const where = `run ${run}: kill at step ${killAt} (${steps[killAt]}) + ${turns} turns`;
    const p = copyOf(base);
    const child = await versionChild(p, killAt, turns);
    const killed = child.signal === 'SIGKILL';
    assert.ok(killed || child.code === 0, `${where}: neither killed nor finished: ${child.code} ${child.stderr}`);
    if (killed) outcomes.killed++;

    // Until the next command: every changeset is still there, or recorded in the journal, or the run had ended.
    const journal = p.exists('.specver/version-journal.json');
    const done = !journal && p.read('.specver/versions.json') === cleanState.get('.specver/versions.json');
    for (let i = 0; i < CHANGESET_COUNT; i++) assert.ok(journal || done || p.exists(`.specver/changesets/${changesetName(i)}.md`), `${where}: changeset ${i} lost before recovery`);

    const status = await runSpecver(['status'], { cwd: p.dir, now: NOW });
    assert.is(status.exitCode, 0, `${where}: status: ${status.stderr}`);
    const pending = readdirSync(p.path('.specver/changesets')).length > 0;
    outcomes[journal ? 'replayed' : done ? 'complete' : 'beforeJournal']++;
    assert.is(pending, !journal && !done, `${where}: the changesets left after status`);
    const next = await runSpecver(['version'], { cwd: p.dir, now: NOW });
    assert.is(next.exitCode, pending ? 0 : 2, `${where}: version: ${next.stderr}`);

    assertComplete(p, where);
    assert.equal(p.snapshot(), cleanState, `${where}: not the state of an uninterrupted run`);
    p.remove();
  }
  process.stdout.write(
    `kill -9 runs: ${RUNS}, killed ${outcomes.killed}; before the journal: ${outcomes.beforeJournal} (version redid the run), ` +
      `journal replayed by status: ${outcomes.replayed}, files already complete: ${outcomes.complete}; all ended in the uninterrupted state\n`,
  );
  base.remove();
  reference.remove();
});

test.run();
