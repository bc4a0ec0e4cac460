/**
 * Which specver the Action runs (action/select-cli.mjs): the project's pinned one when its lockfile lists
 * specver and it is installed, else the Action's own build; the `specver-source` input; on pull requests, only
 * a pin the pull request did not change (real git repositories); and, end to end, the selection step's outputs
 * feeding action/run.mjs, which then runs the project's CLI. That run starts the scripts as a workflow would, each
 * a process (exit codes, the job log); every other selection calls the step's main() in this process, with the
 * same environment, repositories and outputs file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error plain ESM JavaScript without type declarations
import { ACTION_CLI, chooseCli, findProjectCli, lockfileListsSpecver, main as selectCli } from '../../action/select-cli.mjs';
import { BUILT_CLI, runBuiltSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, REPO_ROOT, type TempProject } from '../helpers/temp-project.ts';

const runner = emptyProject('specver-select-runner-');
// The runner's own GitHub variables (when the suite runs in a workflow) must not decide these runs.
const ownEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GITHUB_')));
// No background maintenance after each commit (one git process fewer per commit; nothing here depends on it).
const gitConfig = runner.write('gitconfig', '[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n');
const gitEnv = { ...ownEnv, GIT_CONFIG_GLOBAL: gitConfig, GIT_CONFIG_NOSYSTEM: '1' };

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Several git commands in `dir`, one after the other in one shell (one process started from here, not one each). */
function git(dir: string, ...commands: string[][]): void {
  const script = commands.map((args) => ['git', '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args].map(quote).join(' ')).join(' && ');
  const r = spawnSync('sh', ['-c', script], { cwd: dir, env: gitEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${script}: ${r.stderr}`);
}

function outputsOf(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of readFileSync(file, 'utf8').matchAll(/^([\w-]+)=(.*)$/gm)) outputs[match[1]!] = match[2]!;
  return outputs;
}

/** The runner's environment of a step in the project's workspace (its outputs and summary files under `name`). */
function stepEnv(p: TempProject, name: string, env: Record<string, string>) {
  const summary = runner.write(`${name}/summary.md`, '');
  const output = runner.write(`${name}/output.txt`, '');
  return { output, summary, env: { ...gitEnv, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: p.dir, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, ...env } };
}

/** Runs an action script as a composite step would: a process in the project's workspace. */
function step(script: string, p: TempProject, name: string, env: Record<string, string> = {}) {
  const run = stepEnv(p, name, env);
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'action', script)], { cwd: p.dir, encoding: 'utf8', env: run.env });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, outputs: outputsOf(run.output), summary: readFileSync(run.summary, 'utf8') };
}

/** The selection step (action/select-cli.mjs) as `step` runs it, through its main() in this process. */
function select(p: TempProject, name: string, env: Record<string, string> = {}) {
  const run = stepEnv(p, name, env);
  let stdout = '';
  const status: number = selectCli(run.env, { log: (line: string) => (stdout += `${line}\n`) });
  return { status, stdout, outputs: outputsOf(run.output) };
}

const NPM_LOCK = (name = 'specver') => JSON.stringify({ lockfileVersion: 3, packages: { '': { devDependencies: { [name]: '^1.0.0' } }, [`node_modules/${name}`]: { version: '1.2.3' } } });

test('lockfiles: npm (v1 and v3), pnpm and yarn list specver; look-alike names do not count', () => {
  assert.ok(lockfileListsSpecver('package-lock.json', NPM_LOCK()));
  assert.ok(lockfileListsSpecver('npm-shrinkwrap.json', JSON.stringify({ lockfileVersion: 1, dependencies: { specver: { version: '1.0.0' } } })));
  assert.ok(lockfileListsSpecver('package-lock.json', JSON.stringify({ packages: { 'node_modules/tool/node_modules/specver': {} } })));
  assert.not.ok(lockfileListsSpecver('package-lock.json', NPM_LOCK('specver-plugin')));
  assert.not.ok(lockfileListsSpecver('package-lock.json', '{not json'));
  assert.ok(lockfileListsSpecver('pnpm-lock.yaml', "importers:\n  .:\n    devDependencies:\n      specver:\n        specifier: ^1.2.0\n        version: 1.2.3\n"));
  assert.ok(lockfileListsSpecver('pnpm-lock.yaml', 'packages:\n  /specver@1.2.3:\n    resolution: {}\n'));
  assert.not.ok(lockfileListsSpecver('pnpm-lock.yaml', 'packages:\n  /specver-cli@1.2.3:\n    resolution: {}\n'));
  assert.ok(lockfileListsSpecver('yarn.lock', 'specver@^1.2.0:\n  version "1.2.3"\n'));
  assert.ok(lockfileListsSpecver('yarn.lock', '"specver@npm:^1.2.0":\n  version: 1.2.3\n'));
  assert.ok(lockfileListsSpecver('yarn.lock', 'other@^1, specver@^1.2.0:\n  version "1.2.3"\n'));
  assert.not.ok(lockfileListsSpecver('yarn.lock', 'specverish@^1.0.0:\n  version "1.0.0"\n'));
});

test('the choice: pinned and installed runs the project\'s; otherwise the Action\'s, with a warning when pinned but unusable', () => {
  const found = { dir: '/p', lockfile: 'package-lock.json', lists: true, bin: '/p/node_modules/specver/dist/main.cjs', version: '1.2.3', committed: false };
  const project = chooseCli(found);
  assert.equal([project.source, project.cli, project.version], ['project', found.bin, '1.2.3']);
  assert.match(project.message, /^Running the project's specver 1\.2\.3 \(package-lock\.json pins specver; /);

  const none = chooseCli(undefined);
  assert.equal([none.source, none.cli, none.warning], ['action', ACTION_CLI, undefined]);
  assert.match(none.message, /no lockfile/);
  assert.match(chooseCli({ ...found, lists: false }).message, /package-lock\.json does not list specver/);

  const notInstalled = chooseCli({ ...found, bin: undefined });
  assert.is(notInstalled.source, 'action');
  assert.match(notInstalled.warning, /not installed: install the project's packages \(npm ci/);
  const committed = chooseCli({ ...found, committed: true });
  assert.is(committed.source, 'action', 'a copy the pull request committed is not an installed package');
  assert.match(committed.warning, /tracked in the repository/);

  assert.is(chooseCli(found, 'action').source, 'action');
  assert.match(chooseCli(undefined, 'project').error, /specver-source is project, but no lockfile/);
  assert.match(chooseCli({ ...found, bin: undefined }, 'project').error, /not installed/);
});

test('the choice on a pull request: the project\'s only with a pin unchanged since the merge-base; else the Action\'s, with a warning', () => {
  const found = { dir: '/p', lockfile: 'package-lock.json', lists: true, bin: '/p/node_modules/specver/dist/main.cjs', version: '1.0.0', committed: false };
  assert.is(chooseCli(found, 'auto', ACTION_CLI, { trusted: true }).source, 'project');
  const why = 'this pull request changes the specver pin in package-lock.json (1.2.3 at the merge-base 0123456789ab with main, 1.0.0 in the pull request)';
  const changed = chooseCli(found, 'auto', ACTION_CLI, { trusted: false, why });
  assert.equal([changed.source, changed.cli, changed.version], ['action', ACTION_CLI, undefined]);
  assert.is(changed.message, `Running the Action's own specver (built from the action ref): ${why}`);
  assert.is(changed.warning, `${why}: a pull request cannot choose the specver that gates it, so the Action's own specver (built from the action ref) judges this pull request instead, and a new pin takes effect once merged`);
  const strict = chooseCli(found, 'project', ACTION_CLI, { trusted: false, why });
  assert.equal([strict.source, strict.error], ['action', undefined], 'specver-source project runs the Action\'s own too, not the pin under review');
  assert.match(strict.warning, /^specver-source is project, but the pin this pull request changes cannot judge it: this pull request changes/);
  assert.is(chooseCli(found, 'action', ACTION_CLI, { trusted: true }).source, 'action');
});

/**
 * A fresh copy of a project `build` makes: built once per file, then copied for each test (links copied as they
 * are, so node_modules/.bin/specver leads into the copy's own node_modules), which is far cheaper than building it
 * again with git.
 */
const templates = new Map<string, TempProject>();
function copyOf(kind: string, build: () => TempProject): TempProject {
  let template = templates.get(kind);
  if (!template) templates.set(kind, (template = build()));
  const p = emptyProject(`specver-select-${kind}-`);
  cpSync(template.dir, p.dir, { recursive: true, verbatimSymlinks: true });
  return p;
}

/** A project pinning specver, with an installed package whose CLI logs its arguments (to `log`) and runs the built one. */
function pinnedProject(): { p: TempProject; log: string } {
  const p = copyOf('pinned', () => {
    const t = emptyProject('specver-select-');
    mkdirSync(t.path('api'), { recursive: true });
    t.write('api/petstore.yaml', readFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), 'utf8'));
    t.write('package-lock.json', NPM_LOCK());
    t.write('.gitignore', 'node_modules/\n');
    install(t, '1.2.3');
    git(t.dir, ['init', '-q', '-b', 'main']);
    return t;
  });
  const log = runner.path(`calls-${Math.random().toString(36).slice(2)}.log`);
  install(p, '1.2.3', log);
  return { p, log };
}

/** Installs specver `version` under node_modules as a package manager would: its CLI logs its arguments and runs the built one. */
function install(p: TempProject, version: string, log = runner.path('unused.log')): void {
  p.write('node_modules/specver/package.json', JSON.stringify({ name: 'specver', version, bin: { specver: 'dist/main.cjs' } }));
  p.write('node_modules/specver/dist/main.cjs', `require('node:fs').appendFileSync(${JSON.stringify(log)}, process.argv.slice(2).join(' ') + '\\n');\nrequire(${JSON.stringify(BUILT_CLI)});\n`);
  mkdirSync(p.path('node_modules/.bin'), { recursive: true });
  if (!p.exists('node_modules/.bin/specver')) symlinkSync('../specver/dist/main.cjs', p.path('node_modules/.bin/specver'));
}

test('the selection step finds the pinned specver; run.mjs then runs it: its exit code, annotations and outputs, as processes', async () => {
  const { p, log } = pinnedProject();
  const init = await runBuiltSpecver(['init', '--initial-version', '1.0.0'], { cwd: p.dir, env: gitEnv });
  assert.is(init.exitCode, 0, init.stderr);
  git(p.dir, ['add', '-A'], ['commit', '-qm', 'init']);
  // A breaking change in the work tree: the gate fails.
  const spec = p.read('api/petstore.yaml');
  assert.ok(spec.includes('        maximum: 100'));
  p.write('api/petstore.yaml', spec.replace('        maximum: 100', '        maximum: 50'));

  const selected = step('select-cli.mjs', p, 'select');
  assert.is(selected.status, 0, selected.stdout + selected.stderr);
  const installed = realpathSync(p.path('node_modules/specver/dist/main.cjs'));
  assert.equal(selected.outputs, { source: 'project', cli: installed, version: '1.2.3' });
  assert.match(selected.stdout, /^Running the project's specver 1\.2\.3 \(package-lock\.json pins specver; /m);
  assert.equal(findProjectCli(p.path('api'), p.dir, gitEnv)?.lockfile, 'package-lock.json', 'found from a working directory below');

  const ran = step('run.mjs', p, 'run', { INPUT_COMMAND: 'breaking', SPECVER_CLI: selected.outputs.cli! });
  assert.is(ran.status, 1, ran.stdout + ran.stderr);
  assert.match(ran.stdout, new RegExp(`^specver CLI: ${installed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  assert.match(readFileSync(log, 'utf8'), /^breaking --format github/m, "the project's CLI ran the gate");
  // The CLI's output reaches the job log, and the outputs and summary their files.
  assert.match(ran.stdout, /^::error file=api\/petstore\.yaml,line=\d+[^:]*::.*maximum decreased from 100 to 50/m);
  assert.equal([ran.outputs.breaking, ran.outputs['gate-failed']], ['true', 'true']);
  assert.match(ran.summary, /\| petstore \| .*BREAKING \| GET \/pets: query parameter limit maximum decreased from 100 to 50 \|/);
});

test('specver-source action, an unpinned project, a committed copy and a bad input', () => {
  const { p } = pinnedProject();
  let r = select(p, 'forced', { 'INPUT_SPECVER-SOURCE': 'action' });
  assert.equal([r.status, r.outputs.source, r.outputs.cli], [0, 'action', ACTION_CLI]);
  assert.match(r.stdout, /Running the Action's own specver \(built from the action ref\): specver-source is action/);

  // The pull request commits node_modules: its copy is not the installed package.
  p.write('.gitignore', '');
  git(p.dir, ['add', '-A'], ['commit', '-qm', 'vendored']);
  r = select(p, 'committed');
  assert.equal([r.status, r.outputs.source], [0, 'action']);
  assert.match(r.stdout, /^::warning title=specver::package-lock\.json pins specver, but .* is a file tracked in the repository/m);

  r = select(p, 'strict', { 'INPUT_SPECVER-SOURCE': 'project' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::package-lock\.json pins specver, but .* tracked/m);

  // Outside any repository on a pull request: not tracked, but the lockfile at the base cannot be read.
  const { p: loose } = pinnedProject();
  rmSync(loose.path('.git'), { recursive: true });
  r = select(loose, 'loose', PULL_REQUEST);
  assert.equal([r.status, r.outputs.source], [0, 'action'], r.stdout);
  assert.match(r.stdout, /^::warning title=specver::cannot read package-lock\.json at the pull request's base: .* is not inside a git work tree/m);

  const bare = emptyProject('specver-select-bare-');
  r = select(bare, 'bare');
  assert.equal([r.status, r.outputs.source], [0, 'action']);
  r = select(bare, 'bad', { 'INPUT_SPECVER-SOURCE': 'newest' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::unknown specver-source input 'newest': use auto, project or action$/m);
});

/** The entries of `padding` other packages as JSON.stringify(…, null, 2) writes them inside `packages` (made once). */
const paddingText = new Map<number, string>();
function paddingEntries(padding: number): string {
  let text = paddingText.get(padding);
  if (text === undefined) {
    const entries = Array.from({ length: padding }, (_, i) => {
      const entry = { version: '1.0.0', resolved: `https://registry.npmjs.org/pkg-${i}/-/pkg-${i}-1.0.0.tgz`, integrity: `sha512-${'A'.repeat(86)}==`, dev: true };
      return `    ${JSON.stringify(`node_modules/pkg-${i}`)}: ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n    ')}`;
    });
    paddingText.set(padding, (text = entries.join(',\n')));
  }
  return text;
}

/** A package-lock.json pinning specver `version` among `padding` other packages (a large lockfile). */
function lockPinning(version: string, padding = 0, extra: Record<string, unknown> = {}): string {
  const packages: Record<string, unknown> = { '': { devDependencies: { specver: '^1.0.0' } } };
  if (padding > 0) packages['(padding)'] = 0;
  packages['node_modules/specver'] = { version, resolved: `https://registry.npmjs.org/specver/-/specver-${version}.tgz`, integrity: `sha512-${version}`, dev: true };
  const text = JSON.stringify({ name: 'api', lockfileVersion: 3, requires: true, packages: { ...packages, ...extra } }, null, 2);
  return padding > 0 ? text.replace('    "(padding)": 0', () => paddingEntries(padding)) : text;
}

/**
 * A repository whose main branch pins specver 1.2.3 in a lockfile over 1 MB (git's output must be read whole),
 * with origin/main as actions/checkout leaves it, and the pull request branch `pr` checked out.
 */
function pullRequestRepository(): TempProject {
  return copyOf('pull-request', () => {
    const { p } = pinnedProject();
    p.write('package-lock.json', lockPinning('1.2.3', 4500));
    assert.ok(statSync(p.path('package-lock.json')).size > 1024 * 1024);
    git(p.dir, ['add', '-A'], ['commit', '-qm', 'main'], ['update-ref', 'refs/remotes/origin/main', 'HEAD'], ['checkout', '-qb', 'pr']);
    return p;
  });
}

const PULL_REQUEST = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'main' };
const WARNING_CHANGED =
  /^::warning title=specver::this pull request changes the specver pin in package-lock\.json \(1\.2\.3 at the merge-base [0-9a-f]{12} with main, 1\.0\.0 in the pull request\): a pull request cannot choose the specver that gates it, so the Action's own specver \(built from the action ref\) judges this pull request instead, and a new pin takes effect once merged$/m;

test('a pull request that changes the pinned specver is judged by the Action\'s own build, with a warning; once merged, the pin runs', () => {
  const p = pullRequestRepository();
  // The pull request pins an older specver, and the install step installed it.
  p.write('package-lock.json', lockPinning('1.0.0', 4500));
  install(p, '1.0.0');
  git(p.dir, ['commit', '-qam', 'pin specver 1.0.0']);

  for (const event of ['pull_request', 'pull_request_target']) {
    const r = select(p, `changed-${event}`, { ...PULL_REQUEST, GITHUB_EVENT_NAME: event });
    assert.is(r.status, 0, r.stdout);
    assert.equal(r.outputs, { source: 'action', cli: ACTION_CLI, version: '' }, event);
    assert.match(r.stdout, WARNING_CHANGED);
    assert.match(r.stdout, /^Running the Action's own specver \(built from the action ref\): this pull request changes the specver pin/m);
  }
  const strict = select(p, 'changed-project', { ...PULL_REQUEST, 'INPUT_SPECVER-SOURCE': 'project' });
  assert.equal([strict.status, strict.outputs.source], [0, 'action'], strict.stdout);
  assert.match(strict.stdout, /^::warning title=specver::specver-source is project, but the pin this pull request changes cannot judge it: this pull request changes the specver pin in package-lock\.json \(1\.2\.3 at .*, 1\.0\.0 in the pull request\); .*a new pin takes effect once merged$/m);
  // The base input naming a git ref finds the same merge-base.
  const byInput = select(p, 'changed-input', { GITHUB_EVENT_NAME: 'pull_request', INPUT_BASE: 'main' });
  assert.equal(byInput.outputs.source, 'action', byInput.stdout);

  // Outside pull requests (the push once merged), the branch's own pin runs, as before.
  const push = select(p, 'changed-push', { GITHUB_EVENT_NAME: 'push' });
  assert.equal([push.status, push.outputs.source, push.outputs.version], [0, 'project', '1.0.0'], push.stdout);
});

test('a pull request that leaves the pin alone is judged by the project\'s specver; an install that differs from the pin is not', () => {
  const p = pullRequestRepository();
  // Another package changes, and a spec: the specver entry stays as merged.
  p.write('package-lock.json', lockPinning('1.2.3', 4500, { 'node_modules/left-pad': { version: '1.3.0' } }));
  p.write('api/petstore.yaml', p.read('api/petstore.yaml').replace(/title: .*/, 'title: Pets'));
  git(p.dir, ['commit', '-qam', 'change a spec and another package']);

  const r = select(p, 'unchanged', PULL_REQUEST);
  assert.is(r.status, 0, r.stdout);
  assert.equal([r.outputs.source, r.outputs.version], ['project', '1.2.3'], r.stdout);
  assert.is(r.outputs.cli, realpathSync(p.path('node_modules/specver/dist/main.cjs')));
  assert.not.match(r.stdout, /::warning/);
  // A base input that names no git ref (a version) leaves the target branch to find the base.
  assert.equal(select(p, 'unchanged-version-base', { ...PULL_REQUEST, INPUT_BASE: '1.0.0' }).outputs.source, 'project');
  assert.equal(select(p, 'unchanged-input', { GITHUB_EVENT_NAME: 'pull_request', INPUT_BASE: 'main' }).outputs.source, 'project');

  // The lockfile is unchanged but node_modules holds another version (installed otherwise than from it).
  install(p, '9.9.9');
  const other = select(p, 'installed-differs', PULL_REQUEST);
  assert.equal(other.outputs.source, 'action', other.stdout);
  assert.match(other.stdout, /^::warning title=specver::the installed node_modules\/specver is version 9\.9\.9, but package-lock\.json pins 1\.2\.3: install the project's packages from the lockfile/m);
});

test('a pull request whose base lockfile cannot be read (no base, no merge-base, a lockfile the pull request adds) gets the Action\'s build', () => {
  const p = pullRequestRepository();
  let r = select(p, 'no-base', { GITHUB_EVENT_NAME: 'pull_request' });
  assert.equal([r.status, r.outputs.source], [0, 'action'], r.stdout);
  assert.match(r.stdout, /^::warning title=specver::cannot read package-lock\.json at the pull request's base: no base to read it at \(neither GITHUB_BASE_REF nor a base input naming a git ref\): a pull request cannot choose/m);

  // No origin/release, and no remote to fetch it from (a shallow or partial checkout).
  r = select(p, 'no-merge-base', { ...PULL_REQUEST, GITHUB_BASE_REF: 'release' });
  assert.equal(r.outputs.source, 'action', r.stdout);
  assert.match(r.stdout, /^::warning title=specver::cannot read package-lock\.json at the pull request's base: cannot find the merge-base of origin\/release and HEAD \(check out with fetch-depth: 0\)/m);

  // A history that does not reach the base: the pull request branch rewritten from scratch.
  git(p.dir, ['checkout', '-q', '--orphan', 'unrelated'], ['commit', '-qm', 'unrelated history']);
  r = select(p, 'unrelated', PULL_REQUEST);
  assert.equal(r.outputs.source, 'action', r.stdout);
  assert.match(r.stdout, /cannot find the merge-base of origin\/main and HEAD/);

  // The pull request moves the project under a new lockfile: none at the merge-base.
  const moved = emptyProject('specver-select-moved-');
  moved.write('README.md', 'api\n');
  git(moved.dir, ['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-qm', 'main'], ['update-ref', 'refs/remotes/origin/main', 'HEAD']);
  moved.write('.gitignore', 'node_modules/\n');
  moved.write('package-lock.json', lockPinning('1.0.0'));
  install(moved, '1.0.0');
  git(moved.dir, ['add', '-A'], ['commit', '-qm', 'pin specver']);
  r = select(moved, 'added', PULL_REQUEST);
  assert.equal(r.outputs.source, 'action', r.stdout);
  assert.match(r.stdout, /^::warning title=specver::this pull request adds the specver pin to package-lock\.json \(none at the merge-base [0-9a-f]{12} with main\)/m);
});

test.run();
