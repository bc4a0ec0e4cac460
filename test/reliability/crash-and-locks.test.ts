/**
 * Crash safety and concurrency of `specver version`, with real processes:
 * - SIGKILL at seeded random points *inside* apply steps (not only at step boundaries, which
 *   test/versioning/apply-crash.test.ts covers one by one): the next run ends in exactly the clean state,
 *   no changeset is lost on the way, and no lock or temp file is left behind.
 * - A stale lock of a dead run, with its temp files, is taken over and tidied.
 * - Two runs at once: one proceeds, the other exits 2 naming the lock; the end state is a single run's.
 * The child processes run the built CLI (dist/, `npm run build`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BASE_CONFIG, BASE_SPEC } from '../helpers/bad-input.ts';
import { runChild, startChild, waitUntil, type ChildResult } from '../helpers/child.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { REPO_ROOT, emptyProject, type TempProject } from '../helpers/temp-project.ts';
import { seeded } from '../helpers/seeded.ts';
import { createContext } from '../../src/cli/context.ts';
import { run as runVersion } from '../../src/cli/commands/version.ts';

const NOW = new Date('2026-05-06T10:00:00Z'); // the date the child's context uses too
const CHILD = join(REPO_ROOT, 'test/reliability/helpers/version-child.mjs'); // the built CLI's version command
const CHANGESETS = {
  'brave-lion-jump': '---\n"pets": major\n---\n\nRemove things\n',
  'calm-otter-sing': '---\n"big": minor\n"pets": patch\n---\n\nAdd things\n',
  'quick-fox-run': '---\n"big": patch\n---\n\nFix docs\n',
};

/**
 * A generated spec of `paths` operations with descriptions of `length` characters. A kill that lands in the
 * journal's or the big snapshot's write uses a big one (over 2 MB), so that write takes long enough to be
 * interrupted; its size is in long descriptions rather than in thousands of operations: the writes are as long,
 * and every run's comparison of the spec with its snapshot stays cheap. The other steps write the same small
 * files whatever the spec's size (pets' snapshot, CHANGELOG.md, versions.json, a deletion, the journal's
 * removal), so their kills and the lock tests use the same project with a small spec: parsing and comparing
 * 2 MB twice would only make the child's work before the kill longer.
 */
function bigSpec(paths: number, length: number): string {
  const all: Record<string, unknown> = {};
  for (let i = 0; i < paths; i++) all[`/items${i}/{id}`] = { get: { description: 'd'.repeat(length), parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths: all });
}
const BIG = bigSpec(200, 11_400);
const SMALL = bigSpec(2, 10);
/** The steps that write the big spec's content: the journal (it holds the new snapshots) and the snapshot. */
const LONG_WRITES = new Set(['write journal', 'write .specver/snapshots/big@1.1.0.json']);

function project(spec = BIG): TempProject {
  const p = emptyProject('specver-crash-');
  p.write('specver.yaml', BASE_CONFIG.replace('changelog:', '  - name: big\n    format: openapi\n    path: api/big.json\nchangelog:'));
  p.write('api/pets.yaml', BASE_SPEC);
  p.write('api/big.json', spec);
  p.write('.specver/versions.json', '{\n  "versioning": "independent",\n  "contracts": {\n    "big": "1.0.0",\n    "pets": "1.0.0"\n  }\n}\n');
  p.write('.specver/snapshots/pets@1.0.0.yaml', BASE_SPEC);
  p.write('.specver/snapshots/big@1.0.0.json', spec);
  for (const [id, text] of Object.entries(CHANGESETS)) p.write(`.specver/changesets/${id}.md`, text);
  p.write('CHANGELOG.md', '# Changelog\n');
  return p;
}

/** Files a run must never leave behind. */
function leftovers(p: TempProject): string[] {
  return [...p.snapshot().keys()].filter((file) => /(^|\/)\.[^/]*\.tmp$/.test(file) || file.endsWith('.specver/.lock') || file === '.specver/.lock');
}


/** The state one uninterrupted run leaves, and the steps it went through (the onStep seam), per spec. */
const cleanRuns = new Map<string, { state: Map<string, string>; steps: string[] }>();
async function cleanRun(spec: string): Promise<{ state: Map<string, string>; steps: string[] }> {
  let done = cleanRuns.get(spec);
  if (!done) {
    const p = project(spec);
    const steps: string[] = [];
    let stderr = '';
    const ctx = createContext(
      { cwd: p.dir, env: { CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off' }, streams: { stdout: { write: () => true }, stderr: { write: (s: string) => ((stderr += s), true) } }, now: () => NOW },
      {},
    );
    assert.is(await runVersion(ctx, { git: false }, { onStep: (step) => void steps.push(step) }), 0, stderr);
    done = { state: p.snapshot(), steps };
    cleanRuns.set(spec, done);
    assert.equal(leftovers(p), []);
    p.remove();
  }
  return done;
}
const clean = async (spec: string) => (await cleanRun(spec)).state;

/** Steps of the run (big goes to 1.1.0, pets to 2.0.0); a name that is no step would never be killed. */
const STEPS = [
  'write journal',
  'write .specver/snapshots/big@1.1.0.json',
  'write .specver/snapshots/pets@2.0.0.yaml',
  'write CHANGELOG.md',
  'write versions.json',
  'delete .specver/changesets/calm-otter-sing.md',
  'remove journal',
];

test('SIGKILL at seeded random points inside apply: next run reaches the clean state, leaves nothing behind', async () => {
  assert.ok(existsSync(join(REPO_ROOT, 'dist/cli/commands/version.js')), 'dist/ is missing: run `npm run build` first');
  const { steps } = await cleanRun(BIG);
  assert.equal(STEPS.filter((step) => !steps.includes(step)), [], `steps the run does not have, never killed (it has: ${steps.join(', ')})`);
  assert.equal((await cleanRun(SMALL)).steps, steps, "the small spec's run goes through the same steps");
  const random = seeded(20261122);
  for (let i = 0; i < 5; i++) {
    const step = STEPS[Math.floor(random() * STEPS.length)]!;
    const delay = Math.floor(random() * 4);
    const spec = LONG_WRITES.has(step) ? BIG : SMALL;
    const newState = await clean(spec);
    const p = project(spec);
    const child = await runChild(process.execPath, [CHILD, p.dir, `kill:${step}:${delay}`], { cwd: REPO_ROOT });
    const where = `kill at '${step}' + ${delay} ms (${spec === BIG ? 'big' : 'small'} spec)`;
    const killed = child.signal === 'SIGKILL';
    assert.ok(killed || /exit 0/.test(child.stdout), `${where}: child neither killed nor finished: ${child.stdout}${child.stderr}`);
    // Until the next run: every changeset is still there, or recorded in the journal, or the run had
    // finished (its versions are on disk) when the kill came.
    const journal = p.exists('.specver/version-journal.json');
    const finished = !journal && p.read('.specver/versions.json') === newState.get('.specver/versions.json');
    for (const id of Object.keys(CHANGESETS)) assert.ok(journal || finished || p.exists(`.specver/changesets/${id}.md`), `${id} lost: ${where}`);

    const next = await runSpecver(['version', '--no-git'], { cwd: p.dir, now: NOW });
    assert.is(next.exitCode, finished ? 2 : 0, `${where}: next run: ${next.stderr}`);
    assert.equal(leftovers(p), [], `${where}: left behind`);
    assert.equal(p.snapshot(), newState, `${where}: not the clean state`);
  }
});

test('a stale lock of a dead run is taken over; its temp files are removed at once, whatever their age', async () => {
  const newState = await clean(SMALL);
  const p = project(SMALL);
  const pid = spawnSync('true').pid; // a process that has ended
  assert.ok(pid > 0);
  p.write('.specver/.lock', JSON.stringify({ pid, createdAt: '2026-05-06T09:59:59.000Z', host: hostname() }));
  p.write(`.specver/.version-journal.json.${pid}.0a1b2c.tmp`, '{"journal": 1, "ops": [');
  p.write(`.specver/..lock.${pid}.0a1b2c.tmp`, '{}');
  p.write(`.specver/snapshots/.pets@2.0.0.yaml.${pid}.0a1b2c.tmp`, 'half a snapshot');
  p.write(`.CHANGELOG.md.${pid}.0a1b2c.tmp`, 'half a changelog');
  const r = await runSpecver(['version', '--no-git'], { cwd: p.dir, now: NOW });
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(leftovers(p), []);
  assert.equal(p.snapshot(), newState);
});

function startCli(cwd: string): Promise<ChildResult> {
  return runChild(process.execPath, [join(REPO_ROOT, 'dist/main.cjs'), 'version', '--no-git'], {
    cwd,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_NOW: NOW.toISOString() },
  });
}

test('two version runs at once: the second exits 2 naming the lock, the first finishes cleanly', async () => {
  const newState = await clean(SMALL);
  const p = project(SMALL);
  const first = startChild(process.execPath, [CHILD, p.dir, 'pause:write journal'], { cwd: REPO_ROOT, label: 'first version run' });
  try {
    await waitUntil(() => existsSync(p.path('.paused')) || first.child.exitCode !== null, 'the first run to reach its apply step');
    assert.ok(existsSync(p.path('.paused')), `first run ended before its apply step: ${first.output()}`);
    // The second run needs no process of its own: the lock is held by the first one's.
    const second = await runSpecver(['version', '--no-git'], { cwd: p.dir, now: NOW });
    assert.is(second.exitCode, 2, second.stderr);
    const lines = second.stderr.trim().split('\n');
    assert.match(lines[0]!, new RegExp(`^specver: another specver run holds the lock \\.specver/\\.lock \\(pid ${first.child.pid},`));
    assert.not.match(second.stderr, /\n\s+at /);
  } finally {
    p.write('.go', ''); // never leave the first run waiting
  }
  const firstResult = await first.done;
  assert.is(firstResult.code, 0, first.output());
  assert.match(firstResult.stdout, /exit 0/);
  rmSync(p.path('.paused'));
  rmSync(p.path('.go'));
  assert.equal(leftovers(p), []);
  assert.equal(p.snapshot(), newState, 'the state of one clean run');
});

test('two real CLI runs racing: exactly one proceeds, the other exits 2 (lock held, or nothing left)', async () => {
  const newState = await clean(SMALL);
  const p = project(SMALL);
  const results = await Promise.all([startCli(p.dir), startCli(p.dir)]);
  const codes = results.map((r) => r.code).sort();
  assert.equal(codes, [0, 2], results.map((r) => r.stderr).join('\n'));
  const loser = results.find((r) => r.code === 2)!;
  assert.match(loser.stderr, /^specver: (another specver run holds the lock \.specver\/\.lock|no pending changesets)/);
  assert.equal(leftovers(p), []);
  assert.equal(p.snapshot(), newState);
  assert.equal(readdirSync(p.path('.specver/changesets')), []);
});

test.run();
