/**
 * Which specver the Action runs (action/select-cli.mjs): the project's pinned one when its lockfile lists
 * specver and it is installed, else the Action's own build; the `specver-source` input; and, end to end, the
 * selection step's outputs feeding action/run.mjs, which then runs the project's CLI.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error plain ESM JavaScript without type declarations
import { ACTION_CLI, chooseCli, findProjectCli, lockfileListsSpecver } from '../../action/select-cli.mjs';
import { BUILT_CLI } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, REPO_ROOT, type TempProject } from '../helpers/temp-project.ts';

const runner = emptyProject('specver-select-runner-');
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: runner.write('gitconfig', ''), GIT_CONFIG_NOSYSTEM: '1' };

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, env: gitEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

function outputsOf(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of readFileSync(file, 'utf8').matchAll(/^([\w-]+)=(.*)$/gm)) outputs[match[1]!] = match[2]!;
  return outputs;
}

/** Runs an action script as a composite step would, in the project's workspace. */
function step(script: string, p: TempProject, name: string, env: Record<string, string> = {}) {
  const summary = runner.write(`${name}/summary.md`, '');
  const output = runner.write(`${name}/output.txt`, '');
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'action', script)], {
    cwd: p.dir,
    encoding: 'utf8',
    env: { ...gitEnv, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: p.dir, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, ...env },
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, outputs: outputsOf(output) };
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

/** A project pinning specver, with an installed package whose CLI logs its arguments and runs the built one. */
function pinnedProject(): { p: TempProject; log: string } {
  const p = emptyProject('specver-select-');
  mkdirSync(p.path('api'), { recursive: true });
  p.write('api/petstore.yaml', readFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), 'utf8'));
  p.write('package-lock.json', NPM_LOCK());
  p.write('.gitignore', 'node_modules/\n');
  const log = runner.path(`calls-${Math.random().toString(36).slice(2)}.log`);
  p.write('node_modules/specver/package.json', JSON.stringify({ name: 'specver', version: '1.2.3', bin: { specver: 'dist/main.cjs' } }));
  p.write('node_modules/specver/dist/main.cjs', `require('node:fs').appendFileSync(${JSON.stringify(log)}, process.argv.slice(2).join(' ') + '\\n');\nrequire(${JSON.stringify(BUILT_CLI)});\n`);
  mkdirSync(p.path('node_modules/.bin'), { recursive: true });
  symlinkSync('../specver/dist/main.cjs', p.path('node_modules/.bin/specver'));
  git(p.dir, 'init', '-q', '-b', 'main');
  return { p, log };
}

test('the selection step finds the pinned specver; run.mjs then runs it and the job log says so', () => {
  const { p, log } = pinnedProject();
  const init = spawnSync(process.execPath, [BUILT_CLI, 'init', '--initial-version', '1.0.0'], { cwd: p.dir, encoding: 'utf8', env: { ...gitEnv, CI: 'true' } });
  assert.is(init.status, 0, init.stderr);
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'init');

  const selected = step('select-cli.mjs', p, 'select');
  assert.is(selected.status, 0, selected.stdout + selected.stderr);
  const installed = realpathSync(p.path('node_modules/specver/dist/main.cjs'));
  assert.equal(selected.outputs, { source: 'project', cli: installed, version: '1.2.3' });
  assert.match(selected.stdout, /^Running the project's specver 1\.2\.3 \(package-lock\.json pins specver; /m);
  assert.equal(findProjectCli(p.path('api'), p.dir, gitEnv)?.lockfile, 'package-lock.json', 'found from a working directory below');

  const ran = step('run.mjs', p, 'run', { INPUT_COMMAND: 'breaking', SPECVER_CLI: selected.outputs.cli! });
  assert.is(ran.status, 0, ran.stdout + ran.stderr);
  assert.match(ran.stdout, new RegExp(`^specver CLI: ${installed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  assert.match(readFileSync(log, 'utf8'), /^breaking --format github/m, "the project's CLI ran the gate");
});

test('specver-source action, an unpinned project, a committed copy and a bad input', () => {
  const { p } = pinnedProject();
  let r = step('select-cli.mjs', p, 'forced', { 'INPUT_SPECVER-SOURCE': 'action' });
  assert.equal([r.status, r.outputs.source, r.outputs.cli], [0, 'action', ACTION_CLI]);
  assert.match(r.stdout, /Running the Action's own specver \(built from the action ref\): specver-source is action/);

  // The pull request commits node_modules: its copy is not the installed package.
  p.write('.gitignore', '');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'vendored');
  r = step('select-cli.mjs', p, 'committed');
  assert.equal([r.status, r.outputs.source], [0, 'action']);
  assert.match(r.stdout, /^::warning title=specver::package-lock\.json pins specver, but .* is a file tracked in the repository/m);

  r = step('select-cli.mjs', p, 'strict', { 'INPUT_SPECVER-SOURCE': 'project' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::package-lock\.json pins specver, but .* tracked/m);

  const bare = emptyProject('specver-select-bare-');
  r = step('select-cli.mjs', bare, 'bare');
  assert.equal([r.status, r.outputs.source], [0, 'action']);
  r = step('select-cli.mjs', bare, 'bad', { 'INPUT_SPECVER-SOURCE': 'newest' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::unknown specver-source input 'newest': use auto, project or action$/m);
});

test.run();
