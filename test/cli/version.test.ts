import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gitScript } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, REPO_ROOT, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const NOW = new Date('2026-05-06T10:00:00Z');

function project(changesets: Record<string, string> = {}): TempProject {
  const p = emptyProject('specver-version-');
  cpSync(join(FIXTURES, 'changesets/project'), p.dir, { recursive: true });
  for (const [id, text] of Object.entries(changesets)) p.write(`.specver/changesets/${id}.md`, text);
  return p;
}

const version = (p: TempProject, ...args: string[]) => runSpecver(['version', ...args], { cwd: p.dir, now: NOW });

test('version: consumes changesets, bumps, snapshots, CHANGELOG, prints the count and a note to commit', async () => {
  const p = project({
    'brave-lion-jump': '---\n"petstore": minor\n"order-event": minor\n---\n\nAdd search\n',
    'calm-otter-sing': '---\n"petstore": patch\n---\n\nFix typo\n',
    'eager-fox-run': '---\n"petstore": major\n---\n\nRemove /pets/{petId}\n',
  });
  const r = await version(p);
  assert.is(r.exitCode, 0, r.stderr);
  // Columns are aligned: file, contract (padded to the longest name), bump.
  assert.match(r.stdout, /\.specver\/changesets\/brave-lion-jump\.md {2}petstore {5}minor\n/);
  assert.match(r.stdout, /\.specver\/changesets\/brave-lion-jump\.md {2}order-event {2}minor\n/);
  assert.match(r.stdout, /petstore {5}1\.4\.2 -> 2\.0\.0 {2}\(major\)/);
  assert.match(r.stdout, /order-event {2}0\.9\.1 -> 0\.10\.0 {2}\(minor\)/);
  assert.match(r.stdout, /Deleted 3 changesets\.\n/);
  assert.match(r.stdout, /[Cc]ommit/);
  assert.equal(JSON.parse(p.read('.specver/versions.json')).contracts, { 'order-event': '0.10.0', petstore: '2.0.0' });
  assert.is(p.read('.specver/snapshots/petstore@2.0.0.yaml'), p.read('api/petstore.yaml'));
  assert.ok(p.exists('.specver/snapshots/order-event@0.10.0.json'));
  assert.ok(p.exists('.specver/snapshots/petstore@1.4.2.yaml'), 'older snapshots stay');
  for (const id of ['brave-lion-jump', 'calm-otter-sing', 'eager-fox-run']) assert.not.ok(p.exists(`.specver/changesets/${id}.md`));
  const changelog = p.read('CHANGELOG.md');
  assert.match(changelog, /^# Changelog\n\n## petstore@2\.0\.0\n2026-05-06\n\n### Major changes\n\n- Remove \/pets\/\{petId\}\n\n### Minor changes\n\n- Add search\n\n### Patch changes\n\n- Fix typo\n/);
  assert.match(changelog, /## order-event@0\.10\.0\n2026-05-06\n\n### Minor changes\n\n- Add search\n/);
  assert.not.ok(p.exists('.specver/version-journal.json'));
  assert.not.ok(p.exists('.specver/.lock'));
});

test('version --dry-run: [dry-run] on every line, last line says nothing was written, tree unchanged', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nAdd search\n' });
  const before = p.snapshot();
  const r = await version(p, '--dry-run');
  assert.is(r.exitCode, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  for (const line of lines) assert.ok(line.startsWith('[dry-run] '), line);
  assert.match(lines.at(-1)!, /No files were written/);
  assert.match(r.stdout, /petstore {2}1\.4\.2 -> 1\.5\.0/);
  assert.equal(p.snapshot(), before);
});

test('version --json and --dry-run --json print the plan (schema-valid); only the real run writes', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": patch\n---\n\nFix\n' });
  const before = p.snapshot();
  const dry = await version(p, '--dry-run', '--json');
  assert.is(dry.exitCode, 0);
  assertValidOutput('version-plan.schema.json', dry.json());
  assert.is(dry.json().dryRun, true);
  assert.equal(dry.json().releases, [{ contract: 'petstore', from: '1.4.2', to: '1.4.3', bump: 'patch', kind: 'release' }]);
  assert.equal(p.snapshot(), before);
  const real = await version(p, '--json');
  assert.is(real.exitCode, 0);
  assertValidOutput('version-plan.schema.json', real.json());
  const { dryRun: _a, git: _b, ...realPlan } = real.json();
  const { dryRun: _c, git: _d, ...dryPlan } = dry.json();
  assert.equal(realPlan, dryPlan, 'the same plan is printed and applied');
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '1.4.3');
});

test('hand-edited frontmatter is authoritative (unquoted keys, bump changed by hand)', async () => {
  const p = project({ 'brave-lion-jump': '---\npetstore: patch\n---\n\nWas major, reviewer says patch\n' });
  const r = await version(p, '--json');
  assert.is(r.json().releases[0].to, '1.4.3');
});

for (const [name, text, pattern, line] of [
  ['unknown contract', '---\n"petstore": minor\n"ghost": major\n---\n\nx\n', /unknown contract 'ghost'/, 3],
  ['unknown bump', '---\n"petstore": huge\n---\n\nx\n', /unknown bump "huge"/, 2],
  ['unparsable frontmatter', '---\n"petstore: [\n---\n\nx\n', /not valid YAML/, 2],
  ['missing frontmatter', 'just text\n', /does not start with a --- frontmatter line/, 1],
] as const) {
  test(`a changeset with ${name}: exit 2 naming file and line, nothing written`, async () => {
    const p = project({ 'good-cat-run': '---\n"order-event": minor\n---\n\nfine\n', 'bad-dog-sit': text });
    const before = p.snapshot();
    const r = await version(p);
    assert.is(r.exitCode, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`^specver: \\.specver/changesets/bad-dog-sit\\.md:${line}: `));
    assert.match(r.stderr, pattern);
    assert.not.match(r.stderr, /\n\s+at /);
    assert.equal(p.snapshot(), before);
  });
}

test('no pending changesets: exit 2', async () => {
  const p = project();
  const r = await version(p);
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /no pending changesets/);
  assert.match(r.stderr, /hint: run 'specver changeset'/);
});

test('--no-changelog skips CHANGELOG.md; changelog: false in config too', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nx\n' });
  assert.is((await version(p, '--no-changelog')).exitCode, 0);
  assert.not.ok(p.exists('CHANGELOG.md'));
  const q = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nx\n' });
  q.write('specver.yaml', q.read('specver.yaml').replace('changelog: CHANGELOG.md', 'changelog: false'));
  assert.is((await version(q)).exitCode, 0);
  assert.not.ok(q.exists('CHANGELOG.md'));
});

test('an existing CHANGELOG keeps its content byte-identical below the new entry', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nAdd\n' });
  const old = '## petstore@1.4.2\n2025-01-01\n\n### Patch changes\n\n- Older   entry\n\nTrailing text without newline';
  p.write('CHANGELOG.md', `# Changelog\n\n${old}`);
  assert.is((await version(p)).exitCode, 0);
  const text = p.read('CHANGELOG.md');
  assert.ok(text.startsWith('# Changelog\n\n## petstore@1.5.0\n'));
  assert.ok(text.endsWith(`\n${old}`));
});

test('fixed versioning: one shared version from the highest bump, a snapshot for every contract', async () => {
  const p = project({ 'brave-lion-jump': '---\n"order-event": minor\n---\n\nAdd status\n' });
  p.write('specver.yaml', p.read('specver.yaml').replace('versioning: independent', 'versioning: fixed'));
  p.write('.specver/versions.json', JSON.stringify({ versioning: 'fixed', contracts: { 'order-event': '1.4.2', petstore: '1.4.2' } }));
  p.write('.specver/snapshots/order-event@1.4.2.json', p.read('schemas/order-event.schema.json'));
  const r = await version(p);
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(JSON.parse(p.read('.specver/versions.json')).contracts, { 'order-event': '1.5.0', petstore: '1.5.0' });
  assert.ok(p.exists('.specver/snapshots/petstore@1.5.0.yaml'));
  assert.ok(p.exists('.specver/snapshots/order-event@1.5.0.json'));
  assert.match(p.read('CHANGELOG.md'), /^# Changelog\n\n## 1\.5\.0\n2026-05-06\n\n### Minor changes\n\n- Add status\n/);
});

test('a lock held by a live process: exit 2 naming the lock, nothing written', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nx\n' });
  p.write('.specver/.lock', JSON.stringify({ pid: process.pid, createdAt: NOW.toISOString() }));
  const before = p.snapshot();
  const r = await version(p);
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /\.specver\/\.lock/);
  assert.equal(p.snapshot(), before);
});

test('--preid: one-off pre-release outside pre mode; an invalid id is exit 2', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": major\n---\n\nx\n' });
  assert.is((await version(p, '--preid', 'bad id')).exitCode, 2);
  const r = await version(p, '--preid', 'beta', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.json().releases[0].to, '2.0.0-beta.0');
  assert.ok(p.exists('.specver/snapshots/petstore@2.0.0-beta.0.yaml'));
  assert.not.ok(p.exists('.specver/pre.json'));
});

test('an interrupted run (journal left behind) is finished by the next version run', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nx\n' });
  const journal = {
    journal: 1,
    ops: [
      { op: 'write', path: '.specver/snapshots/petstore@1.5.0.yaml', content: 'snap\n' },
      { op: 'versions', state: { versioning: 'independent', contracts: { 'order-event': '0.9.1', petstore: '1.5.0' } } },
      { op: 'delete', path: '.specver/changesets/brave-lion-jump.md' },
    ],
  };
  p.write('.specver/version-journal.json', JSON.stringify(journal));
  const dry = await version(p, '--dry-run');
  assert.is(dry.exitCode, 2, 'dry-run refuses to plan on top of an unfinished run');
  const r = await version(p);
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /interrupted/);
  assert.is(JSON.parse(p.read('.specver/versions.json')).contracts.petstore, '1.5.0');
  assert.not.ok(p.exists('.specver/changesets/brave-lion-jump.md'));
  assert.not.ok(p.exists('.specver/version-journal.json'));
});

/** The project with one changeset, committed; an identity and no signing in the repository's config (for git.commit). */
function gitProject(config = ''): TempProject {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nAdd search\n' });
  if (config) p.write('specver.yaml', `${p.read('specver.yaml')}${config}`);
  gitScript(p.dir, [
    ['init', '-q'],
    ['config', 'user.name', 't'],
    ['config', 'user.email', 't@example.com'],
    ['config', 'commit.gpgsign', 'false'],
    ['config', 'tag.gpgsign', 'false'],
    ['add', '-A'],
    ['commit', '-q', '-m', 'init'],
  ]);
  return p;
}

test('inside a git work tree: the written and deleted files are staged, nothing committed', async () => {
  const p = gitProject();
  const r = await version(p);
  assert.is(r.exitCode, 0, r.stderr);
  // The staged changes, then the number of commits: one shell.
  const lines = gitScript(p.dir, [['diff', '--cached', '--name-status'], ['rev-list', '--count', 'HEAD']]).split('\n');
  assert.is(lines.pop(), '1');
  assert.equal(lines.sort(), [
    'A\t.specver/snapshots/petstore@1.5.0.yaml',
    'A\tCHANGELOG.md',
    'D\t.specver/changesets/brave-lion-jump.md',
    'M\t.specver/versions.json',
    'M\tapi/petstore.yaml',
  ]);
  assert.match(r.stdout, /git commit/);
});

test('git.commit and git.tag: commit and annotated tag <contract>@<version>; --no-git does nothing', async () => {
  const p = gitProject('git:\n  commit: true\n  tag: true\n');
  const r = await version(p);
  assert.is(r.exitCode, 0, r.stderr);
  // Two commits, a clean tree (status prints nothing), the tag annotated: one shell.
  assert.is(gitScript(p.dir, [['rev-list', '--count', 'HEAD'], ['status', '--porcelain'], ['cat-file', '-t', 'petstore@1.5.0']]), '2\ntag');

  const q = gitProject('git:\n  commit: true\n  tag: true\n');
  assert.is((await version(q, '--no-git')).exitCode, 0);
  // Nothing staged (diff prints nothing), one commit.
  assert.is(gitScript(q.dir, [['diff', '--cached', '--name-only'], ['rev-list', '--count', 'HEAD']]), '1');
});

test('outside a git repository: versions anyway, with a note under --verbose', async () => {
  const p = project({ 'brave-lion-jump': '---\n"petstore": minor\n---\n\nx\n' });
  const r = await version(p, '--verbose');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, /not inside a git work tree/);
});

// kill -9 of `specver version` before write steps, in a child process: the lock it leaves is stale and
// taken over, and the next run ends in exactly the state of an uninterrupted run; until then no changeset
// is lost.
const CHANGESETS = {
  'brave-lion-jump': '---\n"petstore": major\n---\n\nRemove\n',
  'calm-otter-sing': '---\n"order-event": minor\n"petstore": patch\n---\n\nAdd\n',
};
// Every step is covered in-process by test/versioning/apply-crash.test.ts; real kills sample the boundaries
// (before the journal, between state writes, between deletions, before the journal is removed).
const STEPS = [
  'write journal',
  'write versions.json',
  'delete .specver/changesets/brave-lion-jump.md',
  'remove journal',
];

/** Runs the built CLI's `version` (dist/) in a child that SIGKILLs itself right before `step`. */
function killAt(p: TempProject, step: string) {
  return spawnSync(process.execPath, [join(REPO_ROOT, 'test/reliability/helpers/version-child.mjs'), p.dir, `kill:${step}:0`], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

test('kill -9 before write steps (child process): old or new state, never a lost changeset', async () => {
  assert.ok(existsSync(join(REPO_ROOT, 'dist/cli/commands/version.js')), 'dist/ is missing: run `npm run build` first');
  const clean = project(CHANGESETS);
  assert.is((await runSpecver(['version'], { cwd: clean.dir, now: NOW })).exitCode, 0);
  const newState = clean.snapshot();

  for (const step of STEPS) {
    const p = project(CHANGESETS);
    const oldState = p.snapshot();
    const child = killAt(p, step);
    assert.is(child.signal, 'SIGKILL', `child was not killed at '${step}': ${child.stdout}${child.stderr}`);
    assert.ok(p.exists('.specver/.lock'), 'the killed run leaves its lock behind');

    const journal = p.exists('.specver/version-journal.json');
    for (const id of Object.keys(CHANGESETS)) assert.ok(journal || p.exists(`.specver/changesets/${id}.md`), `${id} lost at '${step}'`);
    if (step === 'write journal') {
      const left = p.snapshot();
      left.delete('.specver/.lock');
      assert.equal(left, oldState, 'killed before the journal: old state');
    }

    const next = await runSpecver(['version'], { cwd: p.dir, now: NOW });
    assert.is(next.exitCode, 0, `next run after a kill at '${step}': ${next.stderr}`);
    assert.equal(p.snapshot(), newState, `new state after a kill at '${step}'`);
  }
});

test.run();
