/**
 * End to end: the action's script on a temp git repository, as GitHub would run it (no GitHub involved). The flows
 * call its main() with each specver command run by the built CLI in this process (main()'s exit code and job log).
 * The whole chain as processes (selection step, run.mjs exiting with main()'s code, the CLI it picked, exit 1 and
 * annotations on stdout) is test/action/select-cli.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runActionInProcess, type ActionCli } from '../helpers/action-run.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, REPO_ROOT } from '../helpers/temp-project.ts';

const project = emptyProject('specver-action-');
const remote = emptyProject('specver-remote-');
const runner = emptyProject('specver-runner-');
// No background maintenance after each commit (one git process fewer per commit; nothing here depends on it).
const emptyGitConfig = runner.write('gitconfig', '[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n');
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: emptyGitConfig, GIT_CONFIG_NOSYSTEM: '1' };
const ME = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

function git(dir: string, ...args: string[]): string {
  return gitAll(dir, args)[0]!;
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
const SEPARATOR = '--specver-test-separator--';

/**
 * Several git commands in `dir`, one after the other in one shell (one process started from here instead of one
 * each), stopping at the first that fails; the output of each, trimmed.
 */
function gitAll(dir: string, ...commands: string[][]): string[] {
  const script = commands.map((args) => ['git', ...args].map(quote).join(' ')).join(` && echo ${SEPARATOR} && `);
  const r = spawnSync('sh', ['-c', script], { cwd: dir, env: gitEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${script}: ${r.stderr}`);
  return r.stdout.split(`${SEPARATOR}\n`).map((out) => out.trim());
}

interface ActionRun { status: number; stdout: string; stderr: string; summary: string; outputs: Record<string, string> }

/** Run the action's main() with the runner's environment in this process, each specver command by the built CLI in-process. */
async function runAction(name: string, env: Record<string, string>, cli: ActionCli = {}): Promise<ActionRun> {
  const summaryFile = runner.write(`${name}/summary.md`, '');
  const outputFile = runner.write(`${name}/output.txt`, '');
  mkdirSync(runner.path(name, 'tmp'), { recursive: true });
  const runnerEnv: Record<string, string> = {
    ...(gitEnv as Record<string, string>),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: project.dir,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: runner.path(name, 'tmp'),
    SPECVER_CLI: join(REPO_ROOT, 'dist/main.cjs'),
    ...env,
  };
  const result = await runActionInProcess(runnerEnv, cli);
  const outputs: Record<string, string> = {};
  const text = readFileSync(outputFile, 'utf8');
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$|^([\w-]+)=(.*)$/gm)) {
    if (match[1]) outputs[match[1]] = match[3]!;
    else outputs[match[4]!] = match[5]!;
  }
  return { ...result, summary: readFileSync(summaryFile, 'utf8'), outputs };
}

function versions(): Record<string, string> {
  return JSON.parse(project.read('.specver/versions.json')).contracts;
}

test('setup: a repository on main with an initialised petstore contract and a remote', async () => {
  mkdirSync(project.path('api'), { recursive: true });
  copyFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), project.path('api/petstore.yaml'));
  git(project.dir, 'init', '-q', '-b', 'main');
  const init = await runBuiltSpecver(['init', '--initial-version', '1.0.0'], { cwd: project.dir, env: gitEnv });
  assert.is(init.exitCode, 0, init.stderr);
  // origin/main as actions/checkout leaves it (what the Action finds the merge-base with); the Action pushes to the remote.
  gitAll(project.dir, ['add', '-A'], [...ME, 'commit', '-qm', 'initial'], ['init', '-q', '--bare', remote.dir], ['remote', 'add', 'origin', remote.dir], ['update-ref', 'refs/remotes/origin/main', 'HEAD']);
});

test('pull request: annotations, diff table in the summary, changeset committed and pushed, exit 1', async () => {
  const spec = project.read('api/petstore.yaml');
  assert.ok(spec.includes('        maximum: 100'));
  project.write('api/petstore.yaml', spec.replace('        maximum: 100', '        maximum: 50'));
  gitAll(project.dir, ['checkout', '-q', '-b', 'smaller-pages'], [...ME, 'commit', '-qam', 'Lower the page size limit']);

  const pr = {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_HEAD_REF: 'smaller-pages',
    GITHUB_BASE_REF: 'main',
    GITHUB_REF_NAME: '1/merge',
    'INPUT_COMMIT-CHANGESET': 'true',
    INPUT_PUSH: 'true',
  };
  const r = await runAction('pr', pr);
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^::error file=api\/petstore\.yaml,line=\d+[^:]*::.*maximum decreased from 100 to 50/m);
  assert.match(r.summary, /\| Contract \| Severity \| Change \| Location \|/);
  assert.match(r.summary, /\| petstore \| .*BREAKING \| GET \/pets: query parameter limit maximum decreased from 100 to 50 \|/);
  assert.match(r.summary, /\*\*Suggested bumps:\*\* `petstore`: \*\*major\*\*/);
  assert.is(r.outputs.breaking, 'true');
  assert.is(r.outputs['gate-failed'], 'true');
  assert.match(r.outputs.changeset!, /^\.specver\/changesets\/[a-z]+-[a-z]+-[a-z]+\.md$/);

  const changeset = project.read(r.outputs.changeset!);
  assert.match(changeset, /"petstore": major/);
  const [log, shown, status, pushed, head] = gitAll(
    project.dir,
    ['log', '-1', '--format=%an|%s'],
    ['show', '--name-only', '--format=', 'HEAD'],
    ['status', '--porcelain'],
    ['-C', remote.dir, 'rev-parse', 'smaller-pages'],
    ['rev-parse', 'HEAD'],
  );
  assert.is(log, 'github-actions[bot]|Add changeset for petstore');
  assert.equal(shown!.split('\n'), [r.outputs.changeset]);
  assert.is(status, '');
  assert.is(pushed, head);

  // A second run on the same branch finds the changeset and commits nothing new.
  const again = await runAction('pr-again', pr);
  assert.is(again.status, 1);
  assert.is(again.outputs.changeset, '');
  assert.match(again.stdout, /already has a changeset/);
  assert.is(readdirSync(project.path('.specver/changesets')).filter((f) => f.endsWith('.md')).length, 1);
});

test('pull request: one specver run judges, counts and tables; a pinned specver without --report runs three, to the same result', async () => {
  // The branch of the test before: the break, with its changeset committed.
  const pr = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_HEAD_REF: 'smaller-pages', GITHUB_BASE_REF: 'main', GITHUB_REF_NAME: '1/merge' };
  const oneRun: string[][] = [];
  const current = await runAction('pr-one-run', pr, { commands: oneRun });
  assert.equal(oneRun.map((args) => args[0]), ['breaking'], 'the gate, its counts and the table: one specver run');
  assert.ok(oneRun[0]!.includes('--report'));
  const threeRuns: string[][] = [];
  const older = await runAction('pr-three-runs', pr, { commands: threeRuns, withoutReport: true });
  assert.equal(
    threeRuns.map((args) =>
      args
        .filter((arg) => arg !== '--base' && !/^[0-9a-f]{40}$/.test(arg))
        .map((arg) => arg.replace(/=.*/, '=<file>'))
        .join(' '),
    ),
    ['breaking --format github --report json=<file> --report diff-markdown=<file>', 'breaking --format github', 'diff --format markdown', 'breaking --json'],
    'refused --report, then the three commands',
  );
  assert.is(current.status, 1);
  assert.equal([older.status, older.stdout, older.summary, older.outputs], [current.status, current.stdout, current.summary, current.outputs]);
  assert.not.match(older.stderr, /unknown option/, 'the refusal is not shown in the job log');
});

test('pull request without breaking changes exits 0', async () => {
  git(project.dir, 'checkout', '-q', '-b', 'docs-only', 'main');
  const spec = project.read('api/petstore.yaml');
  project.write('api/petstore.yaml', spec.replace('summary: List pets', 'summary: List all pets'));
  git(project.dir, ...ME, 'commit', '-qam', 'Reword');
  const r = await runAction('pr-patch', { GITHUB_EVENT_NAME: 'pull_request', INPUT_COMMAND: 'breaking' });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.is(r.outputs.breaking, 'false');
  assert.is(r.outputs['gate-failed'], 'false');
  assert.match(r.summary, /⚪ patch|patch \|/);
  assert.not.ok('changeset' in r.outputs);
  git(project.dir, 'checkout', '-q', '--', '.');
});

test('main: version bumps, writes the release PR body and sets outputs', async () => {
  gitAll(project.dir, ['checkout', '-q', 'main'], ['merge', '-q', '--ff-only', 'smaller-pages']);
  assert.equal(versions(), { petstore: '1.0.0' });
  const r = await runAction('main', { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'main' });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.equal(versions(), { petstore: '2.0.0' });
  assert.ok(project.exists('.specver/snapshots/petstore@2.0.0.yaml'));
  assert.equal(readdirSync(project.path('.specver/changesets')).filter((f) => f.endsWith('.md')), []);
  assert.match(project.read('CHANGELOG.md'), /## petstore@2\.0\.0/);

  assert.is(r.outputs['has-changesets'], 'true');
  assert.equal(JSON.parse(r.outputs.versions!), { petstore: '2.0.0' });
  assert.is(r.outputs['pr-title'], 'Release petstore@2.0.0');
  const bodyFile = r.outputs['pr-body-file']!;
  assert.ok(bodyFile.startsWith(runner.path('main', 'tmp')), bodyFile);
  const body = readFileSync(bodyFile, 'utf8');
  assert.match(body, /\| petstore \| 1\.0\.0 \| \*\*2\.0\.0\*\* \| major \|/);
  assert.match(body, /### petstore@2\.0\.0\n\n#### Major changes\n\n- .+\(`[a-z]+-[a-z]+-[a-z]+`\)/);
  assert.match(r.summary, /API contract release/);
  // version staged its files for the release pull request.
  assert.match(git(project.dir, 'diff', '--cached', '--name-only'), /\.specver\/versions\.json/);
});

test('main without pending changesets: nothing to release, exit 0', async () => {
  git(project.dir, ...ME, 'commit', '-qm', 'Release');
  const r = await runAction('main-again', { GITHUB_EVENT_NAME: 'push', GITHUB_REF_NAME: 'main' });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.is(r.outputs['has-changesets'], 'false');
  assert.not.ok('pr-body-file' in r.outputs);
});

test('tag: tags the released versions and pushes the new tags', async () => {
  const r = await runAction('tag', { INPUT_COMMAND: 'tag', INPUT_PUSH: 'true' });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.outputs.tags!), ['petstore@2.0.0']);
  assert.is(git(remote.dir, 'tag', '--list'), 'petstore@2.0.0');
});

test('pull request: compared with the merge-base, an unrelated change passes while a break is unreleased on main', async () => {
  const spec = project.read('api/petstore.yaml');
  project.write('api/petstore.yaml', spec.replace('        maximum: 50', '        maximum: 20'));
  project.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": major\n---\n\nSmaller pages\n');
  gitAll(project.dir, ['add', '-A'], [...ME, 'commit', '-qm', 'Smaller pages'], ['update-ref', 'refs/remotes/origin/main', 'HEAD'], ['checkout', '-q', '-b', 'unrelated']);
  project.write('api/petstore.yaml', project.read('api/petstore.yaml').replace('summary: List pets', 'summary: List all pets'));
  git(project.dir, ...ME, 'commit', '-qam', 'Reword');
  const pr = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'main', GITHUB_HEAD_REF: 'unrelated' };
  const r = await runAction('pr-merge-base', pr);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /Comparing with the merge-base with main/);
  assert.is(r.outputs.breaking, 'false');
  // require-changeset is off unless set: the spec change without a changeset of its own goes unremarked
  // (test/action/require-changeset.test.ts: the same change with warn and fail).
  assert.is(r.outputs['changeset-missing'], 'false');
  assert.not.match(r.summary, /Changeset missing/);

  // Against the last release the unreleased break shows, acknowledged by its major changeset (and allowed here).
  const allowed = await runAction('pr-allowed', { ...pr, INPUT_BASE: 'latest', 'INPUT_ALLOW-ACKNOWLEDGED': 'true' });
  assert.is(allowed.status, 0, allowed.stdout);
  assert.is(allowed.outputs.breaking, 'true', 'an acknowledged break is still a breaking change');
  assert.is(allowed.outputs['gate-failed'], 'false');
  assert.match(allowed.stdout, /^::warning .*maximum decreased from 50 to 20 \(acknowledged by \.specver\/changesets\/brave-lion-jump\.md\)/m);
});

test('pull request from a fork: the changeset is suggested in the summary, not committed or pushed', async () => {
  const event = runner.write('fork-event.json', JSON.stringify({ pull_request: { head: { repo: { full_name: 'someone/api', fork: true } }, base: { repo: { full_name: 'acme/api' } } } }));
  project.write('api/petstore.yaml', project.read('api/petstore.yaml').replace('summary: List all pets', 'summary: List every pet'));
  // Without main's pending changeset, the changes are not covered: a changeset is needed.
  const before = gitAll(project.dir, ['rm', '-q', '.specver/changesets/brave-lion-jump.md'], [...ME, 'commit', '-qam', 'Reword again'], ['rev-parse', 'HEAD'])[2];
  const r = await runAction('fork', { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, INPUT_BASE: 'latest', 'INPUT_COMMIT-CHANGESET': 'true', INPUT_PUSH: 'true' });
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(r.summary, /## Suggested changeset\n\nThis pull request comes from a fork/);
  assert.match(r.summary, /\n```markdown\n---\n"petstore": major\n---[^]*\n```\n/);
  assert.is(r.outputs.changeset, '');
  const [head, status] = gitAll(project.dir, ['rev-parse', 'HEAD'], ['status', '--porcelain']);
  assert.is(head, before, 'nothing committed');
  assert.is(status, '', 'no file left behind');
});

test('pull request: a major changeset pending on main does not cover a new break; the policy input judges with the base policy', async () => {
  git(project.dir, 'checkout', '-q', '-b', 'accidental', 'main');
  assert.ok(project.exists('.specver/changesets/brave-lion-jump.md'), 'main holds an unreleased major changeset');
  project.write('api/petstore.yaml', project.read('api/petstore.yaml').replace('        maximum: 20', '        maximum: 10'));
  project.write('.specver/waivers.yaml', 'waivers:\n  - rule: "*"\n    contract: petstore\n    location: "*"\n    reason: looks fine\n');
  gitAll(project.dir, ['add', '-A'], [...ME, 'commit', '-qm', 'Even smaller pages, waived']);
  const pr = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_BASE_REF: 'main', GITHUB_HEAD_REF: 'accidental', 'INPUT_ALLOW-ACKNOWLEDGED': 'true' };

  // The pull request's own policy: its waiver lets the break through, and is listed as a policy change.
  const own = await runAction('pr-own-policy', pr);
  assert.is(own.status, 0, own.stdout + own.stderr);
  assert.is(own.outputs.breaking, 'true', 'a waived break is still a breaking change');
  assert.is(own.outputs['gate-failed'], 'false');
  assert.match(own.stdout, /^::warning file=\.specver\/waivers\.yaml,title=specver policy change::waiver added: \* on petstore at \* \(looks fine\)$/m);
  assert.match(own.summary, /### specver: policy changes in this pull request \(1\)/);

  // The base policy: the waiver does not count, nor does main's older major changeset; a changeset is committed.
  const strict = await runAction('pr-base-policy', { ...pr, INPUT_POLICY: 'base', 'INPUT_COMMIT-CHANGESET': 'true' });
  assert.is(strict.status, 1, strict.stdout + strict.stderr);
  assert.is(strict.outputs.breaking, 'true');
  assert.is(strict.outputs['gate-failed'], 'true');
  assert.match(strict.stdout, /^::error .*maximum decreased from 20 to 10$/m);
  assert.match(strict.outputs.changeset!, /^\.specver\/changesets\/[a-z]+-[a-z]+-[a-z]+\.md$/);
  assert.match(project.read(strict.outputs.changeset!), /"petstore": major/);

  const bad = await runAction('pr-bad-policy', { ...pr, INPUT_POLICY: 'strict' });
  assert.is(bad.status, 2);
  assert.match(bad.stdout, /^::error title=specver::unknown policy input 'strict': use base or head/m);
});

test('bad inputs are reported as a workflow error annotation, exit 2', async () => {
  const r = await runAction('bad', { INPUT_COMMAND: 'publish' });
  assert.is(r.status, 2);
  assert.match(r.stdout, /^::error title=specver::unknown command input 'publish'/m);
  const missing = await runAction('missing-cli', { INPUT_COMMAND: 'breaking', SPECVER_CLI: join(runner.dir, 'nope.js') });
  assert.is(missing.status, 2);
  assert.match(missing.stdout, /specver CLI not found/);
  const config = await runAction('bad-config', { INPUT_COMMAND: 'breaking', INPUT_CONFIG: 'missing.yaml' });
  assert.is(config.status, 2);
  assert.match(config.stderr, /missing\.yaml/);
});

test.run();
