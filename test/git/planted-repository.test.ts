/**
 * git runs only in the work tree's own repository (src/git/), with the built CLI as CI runs it. A pull request
 * can commit HEAD, config, objects/ and refs/ into the folder holding specver.yaml, which git's discovery would
 * take for a repository: its config names a core.fsmonitor command (code execution during `version`'s
 * staging) and its refs/heads/main a commit of its choosing (`breaking --base main` passing over a removed
 * operation). The environment must not redirect git either (GIT_DIR, GIT_WORK_TREE, GIT_CONFIG_*, GIT_INDEX_FILE).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templateRepository = repositoryTemplates();

// info.version as initialised (1.0.0): a release never lowers the spec's own version.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 1.0.0');
/** The spec without GET /pets/{petId}: a breaking change. */
const WITHOUT_GET_PET = SPEC.slice(0, SPEC.indexOf('  /pets/{petId}:')) + SPEC.slice(SPEC.indexOf('components:'));

// The test's own git calls: a clean environment, so the variables under test never reach them.
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toUpperCase().startsWith('GIT_')));

const IDENTITY = ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false'];

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], { cwd: dir, encoding: 'utf8', env: CLEAN_ENV }).trim();
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
/** Several git commands in one shell (one process start from this one), stopping at the first that fails; their output. */
function gits(dir: string, ...commands: string[][]): string {
  const script = commands.map((args) => ['git', ...IDENTITY, ...args].map(quote).join(' ')).join(' && ');
  return execFileSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8', env: CLEAN_ENV }).trim();
}

/** A shell command that proves it ran by writing `marker`. */
const markerCommand = (marker: string) => `echo ran > '${marker}'; false`;

/**
 * A monorepo with the project in `svc/` (petstore, initialised at 1.0.0) committed on main. `init` only sets the
 * project up (it runs no git), in this process; the commands under test run the built CLI, as CI runs it.
 */
async function monorepo(): Promise<{ repo: TempProject; project: string }> {
  // Built once per file; each case gets a copy.
  const repo = await templateRepository('monorepo', async (t) => {
    t.write('svc/api/petstore.yaml', SPEC);
    const init = await runSpecver(['init', '--initial-version', '1.0.0'], { cwd: t.path('svc') });
    assert.is(init.exitCode, 0, init.stderr);
    gits(t.dir, ['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'petstore 1.0.0']);
  });
  return { repo, project: repo.path('svc') };
}

/** The .git of a repository whose main holds `api/petstore.yaml` as `spec`, one per spec and file. */
const donors = new Map<string, string>();
function donorGitDir(spec: string): string {
  let dir = donors.get(spec);
  if (!dir) {
    const donor = emptyProject('specver-donor-');
    donor.write('api/petstore.yaml', spec);
    gits(donor.dir, ['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'planted']);
    dir = donor.path('.git');
    donors.set(spec, dir);
  }
  return dir;
}

/**
 * Plants a repository in `folder`: HEAD, objects/ and refs/ of a repository whose main holds `api/petstore.yaml`
 * as `plantedSpec`, and a config that makes `folder` its own work tree and names a core.fsmonitor command.
 */
function plantRepository(folder: string, plantedSpec: string, marker: string): void {
  const donor = donorGitDir(plantedSpec);
  for (const part of ['HEAD', 'objects', 'refs']) cpSync(join(donor, part), join(folder, part), { recursive: true });
  writeFileSync(join(folder, 'config'), `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = .\n\tfsmonitor = "${markerCommand(marker)}"\n`);
}

test('version does not run the core.fsmonitor command of a planted repository, and refuses before writing', async () => {
  const { repo, project } = await monorepo();
  const markers = emptyProject('specver-markers-');
  const marker = markers.path('fsmonitor-ran');
  repo.write('svc/.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nAdd search\n');
  plantRepository(project, SPEC, marker);
  gits(repo.dir, ['add', '-A'], ['commit', '-q', '-m', 'a changeset, and a repository inside svc/']);
  const before = repo.snapshot();

  const r = await runBuiltSpecver(['version'], { cwd: project });
  assert.not.ok(existsSync(marker), 'the planted core.fsmonitor command ran');
  assert.is(r.exitCode, 2, r.stdout + r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.match(lines[0]!, `${project} looks like a git repository (HEAD, objects/, refs/) inside the work tree`);
  assert.match(lines[1]!, /^hint: remove that folder/);
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(repo.snapshot(), before, 'nothing written');
  assert.is(git(repo.dir, 'diff', '--cached', '--name-only'), '', 'nothing staged in the real repository');

  // The documented way out: version without git.
  const noGit = await runBuiltSpecver(['version', '--no-git'], { cwd: project });
  assert.is(noGit.exitCode, 0, noGit.stderr);
  assert.not.ok(existsSync(marker));
  assert.is(JSON.parse(repo.read('svc/.specver/versions.json')).contracts.petstore, '1.1.0');
});

test('breaking --base main never reads the main of a planted repository: exit 2 naming it, never 0', async () => {
  const { repo, project } = await monorepo();
  const markers = emptyProject('specver-markers-');
  repo.write('svc/api/petstore.yaml', WITHOUT_GET_PET);
  // The planted main holds the spec as the pull request leaves it: compared with it, nothing changed.
  plantRepository(project, WITHOUT_GET_PET, markers.path('fsmonitor-ran'));
  gits(repo.dir, ['checkout', '-q', '-b', 'feature'], ['add', '-A'], ['commit', '-q', '-m', 'Remove GET /pets/{petId}']);

  const r = await runBuiltSpecver(['breaking', '--base', 'main'], { cwd: project });
  assert.is.not(r.exitCode, 0, r.stdout);
  assert.is(r.exitCode, 2, r.stdout + r.stderr);
  assert.match(r.stderr, `${project} looks like a git repository`);
  assert.is(r.stderr.trim().split('\n').length, 2, 'one error line and its hint');

  // With --json the refusal is the error document.
  const json = await runBuiltSpecver(['breaking', '--base', 'main', '--json'], { cwd: project });
  assert.is(json.exitCode, 2);
  assertValidOutput('error.schema.json', json.json());
  assert.match(json.json().error.message, 'looks like a git repository');

  // Without the planted folder the real main is read: the removed operation fails the gate.
  gits(repo.dir, ['rm', '-q', '-r', '--', 'svc/HEAD', 'svc/config', 'svc/objects', 'svc/refs'], ['commit', '-q', '-m', 'remove the planted folder']);
  const real = await runBuiltSpecver(['breaking', '--base', 'main'], { cwd: project });
  assert.is(real.exitCode, 1, real.stdout + real.stderr);
  assert.match(real.stdout, /\[breaking\] GET \/pets\/\{petId\}/);
});

test('a repository planted in a folder above the project is refused too', async () => {
  const repo = emptyProject('specver-monorepo-');
  repo.write('services/petstore/api/petstore.yaml', SPEC);
  const project = repo.path('services/petstore');
  assert.is((await runSpecver(['init', '--initial-version', '1.0.0'], { cwd: project })).exitCode, 0);
  gits(repo.dir, ['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init']);
  const markers = emptyProject('specver-markers-');
  plantRepository(repo.path('services'), SPEC, markers.path('fsmonitor-ran'));
  const r = await runBuiltSpecver(['breaking', '--base', 'main'], { cwd: project });
  assert.is(r.exitCode, 2, r.stdout + r.stderr);
  assert.match(r.stderr, `${repo.path('services')} looks like a git repository`);
  const tag = await runBuiltSpecver(['tag'], { cwd: project });
  assert.is(tag.exitCode, 2, tag.stdout + tag.stderr);
  assert.not.ok(existsSync(markers.path('fsmonitor-ran')));
  assert.is(git(repo.dir, 'tag', '--list'), '');
});

test('GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE and GIT_CONFIG_* in the environment do not redirect git', async () => {
  const { repo, project } = await monorepo();
  const markers = emptyProject('specver-markers-');
  const marker = markers.path('fsmonitor-ran');
  // A decoy repository whose main holds the spec without GET /pets/{petId}, at the same path.
  const decoy = emptyProject('specver-decoy-');
  decoy.write('svc/api/petstore.yaml', WITHOUT_GET_PET);
  gits(decoy.dir, ['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'decoy']);

  repo.write('svc/api/petstore.yaml', WITHOUT_GET_PET);
  repo.write('svc/.specver/changesets/brave-lion-jump.md', '---\n"petstore": major\n---\n\nRemove GET /pets/{petId}\n');
  gits(repo.dir, ['checkout', '-q', '-b', 'feature'], ['add', '-A'], ['commit', '-q', '-m', 'Remove GET /pets/{petId}']);

  const hostile = {
    GIT_DIR: decoy.path('.git'),
    GIT_WORK_TREE: repo.dir,
    GIT_INDEX_FILE: markers.path('other-index'),
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: 'core.fsmonitor',
    GIT_CONFIG_VALUE_0: markerCommand(marker),
    GIT_CONFIG_KEY_1: 'safe.bareRepository',
    GIT_CONFIG_VALUE_1: 'all',
    GIT_CONFIG_PARAMETERS: "'safe.bareRepository'='all'",
  };
  const gate = await runBuiltSpecver(['breaking', '--base', 'main'], { cwd: project, env: hostile });
  assert.is(gate.exitCode, 1, gate.stdout + gate.stderr);
  assert.match(gate.stdout, /\[breaking\] GET \/pets\/\{petId\}/);

  const version = await runBuiltSpecver(['version'], { cwd: project, env: hostile });
  assert.is(version.exitCode, 0, version.stderr);
  assert.not.ok(existsSync(marker), 'a core.fsmonitor command from the environment ran');
  assert.not.ok(existsSync(markers.path('other-index')), 'staged into GIT_INDEX_FILE');
  const staged = git(repo.dir, 'diff', '--cached', '--name-only').split('\n').sort();
  assert.equal(staged, [
    'svc/.specver/changesets/brave-lion-jump.md',
    'svc/.specver/snapshots/petstore@2.0.0.yaml',
    'svc/.specver/versions.json',
    'svc/CHANGELOG.md',
    'svc/api/petstore.yaml',
  ]);
  assert.is(git(decoy.dir, 'diff', '--cached', '--name-only'), '', 'nothing staged in the decoy');
});

test('the identity variables of the allow-list still reach git: a tag made with them', async () => {
  const { repo, project } = await monorepo();
  const home = emptyProject('specver-home-');
  // The user's config file, chosen by GIT_CONFIG_GLOBAL: no identity in it, so the tagger comes from the environment.
  const userConfig = home.write('gitconfig', '[tag]\n\tgpgSign = false\n');
  const identity = { GIT_COMMITTER_NAME: 'Release Bot', GIT_COMMITTER_EMAIL: 'bot@example.com', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: userConfig };
  const r = await runBuiltSpecver(['tag'], { cwd: project, env: identity });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(git(repo.dir, 'for-each-ref', '--format=%(taggername) %(taggeremail)', 'refs/tags/petstore@1.0.0'), 'Release Bot <bot@example.com>');
});

test.run();
