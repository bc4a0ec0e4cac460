/**
 * The pull request workflow of docs/ci/github-actions.md, as far as it runs outside GitHub: its YAML is parsed
 * from the page, its checkout is carried out the way actions/checkout does it (fetch-depth 0: every branch and
 * tag, then the commit named by `ref`) against a local base repository that holds a fork's pull request as
 * GitHub does (refs/pull/1/head), and its specver step runs the main() of action/run.mjs with the step's inputs. A checkout
 * of `github.head_ref` fails here as it fails on GitHub: the fork's branch is not in the base repository.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runActionInProcess } from '../helpers/action-run.ts';
import { gitScript } from '../helpers/git-repo.ts';
import { BUILT_CLI, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES, REPO_ROOT } from '../helpers/temp-project.ts';

const PAGE = readFileSync(join(REPO_ROOT, 'docs/ci/github-actions.md'), 'utf8');
const runner = emptyProject('specver-workflow-runner-');
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: runner.write('gitconfig', ''), GIT_CONFIG_NOSYSTEM: '1' };
const ME = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
}

function git(dir: string, ...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8' });
  return { status: r.status ?? -1, stdout: r.stdout.trim(), stderr: r.stderr };
}

function ok(dir: string, ...args: string[]): string {
  const r = git(dir, ...args);
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Every YAML block of the page that is a whole workflow (has `on:` and `jobs:`). */
function workflows(): Record<string, any>[] {
  return [...PAGE.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]!)).filter((doc) => doc && typeof doc === 'object' && 'on' in doc && 'jobs' in doc);
}

function pullRequestWorkflow(): Record<string, any> {
  const found = workflows().filter((w) => 'pull_request' in w.on);
  assert.is(found.length, 1, 'one pull request workflow on the page');
  return found[0]!;
}

/** `${{ a || b }}` with the values GitHub would give (unknown expressions fail the test: the page must stay runnable here). */
function evaluate(value: unknown, context: Record<string, string>): string {
  return String(value).replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    for (const name of expression.split('||').map((part) => part.trim())) {
      if (!(name in context)) throw new Error(`the page uses \${{ ${name} }}, which this test does not know`);
      if (context[name]) return context[name]!;
    }
    return '';
  });
}

/**
 * A base repository `acme/api` (main: the petstore contract) and a fork `someone/api` whose branch `feature`
 * lowers a maximum (a breaking change); the base repository holds the fork's head as refs/pull/1/head. Made once
 * per file: the cases only read these repositories (each checks out into a directory of its own).
 */
let forked: ReturnType<typeof makeForkedPullRequest> | undefined;
const forkedPullRequest = () => (forked ??= makeForkedPullRequest());

async function makeForkedPullRequest() {
  const upstream = emptyProject('specver-upstream-');
  const fork = emptyProject('specver-fork-');
  const dev = emptyProject('specver-dev-');
  // GitHub serves any commit the repository holds, refs/pull/* included.
  gitScript(upstream.dir, [['init', '-q', '--bare', '-b', 'main'], ['config', 'uploadpack.allowAnySHA1InWant', 'true']], gitEnv);
  mkdirSync(dev.path('api'), { recursive: true });
  copyFileSync(join(FIXTURES, 'projects/petstore/api/petstore.yaml'), dev.path('api/petstore.yaml'));
  const init = await runSpecver(['init', '--initial-version', '1.0.0'], { cwd: dev.dir });
  assert.is(init.exitCode, 0, init.stderr);
  gitScript(dev.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], [...ME, 'commit', '-qm', 'initial'], ['push', '-q', upstream.dir, 'main'], ['clone', '-q', '--bare', upstream.dir, fork.dir], ['checkout', '-q', '-b', 'feature']], gitEnv);
  dev.write('api/petstore.yaml', dev.read('api/petstore.yaml').replace('        maximum: 100', '        maximum: 50'));
  const sha = gitScript(
    dev.dir,
    [[...ME, 'commit', '-qam', 'Smaller pages'], ['push', '-q', fork.dir, 'feature'], ['-C', upstream.dir, 'fetch', '-q', fork.dir, `+refs/heads/feature:refs/pull/1/head`], ['rev-parse', 'HEAD']],
    gitEnv,
  );
  assert.is(git(upstream.dir, 'rev-parse', '--verify', '-q', 'refs/heads/feature').status, 1, 'the branch is the fork\'s only');
  const event = runner.write(
    `event-${sha.slice(0, 8)}.json`,
    JSON.stringify({ pull_request: { number: 1, head: { sha, ref: 'feature', repo: { full_name: 'someone/api', fork: true } }, base: { ref: 'main', repo: { full_name: 'acme/api' } } } }),
  );
  const context = {
    'github.event.pull_request.head.sha': sha,
    'github.event.pull_request.head.repo.full_name': 'someone/api',
    'github.head_ref': 'feature',
    'github.token': 'read-only-token',
    'secrets.SPECVER_TOKEN': '', // secrets are empty on pull requests from forks
  };
  const repositories: Record<string, string> = { 'acme/api': upstream.dir, 'someone/api': fork.dir };
  return { upstream, sha, event, context, repositories };
}

/** actions/checkout@v4 with fetch-depth 0: every branch and tag of the repository, then the commit of `ref`. */
function checkout(step: Step, context: Record<string, string>, repositories: Record<string, string>): { dir: string; error?: string } {
  const dir = emptyProject('specver-checkout-').dir;
  const repository = step.with?.repository === undefined ? 'acme/api' : evaluate(step.with.repository, context);
  const ref = evaluate(step.with?.ref ?? '', context);
  gitScript(dir, [['init', '-q'], ['remote', 'add', 'origin', repositories[repository]!], ['fetch', '-q', '--no-tags', 'origin', '+refs/heads/*:refs/remotes/origin/*', '+refs/tags/*:refs/tags/*']], gitEnv);
  if (/^[0-9a-f]{40}$/.test(ref)) {
    const fetched = git(dir, 'fetch', '-q', 'origin', ref);
    if (fetched.status !== 0) return { dir, error: fetched.stderr };
    ok(dir, 'checkout', '-q', '--detach', ref);
  } else {
    const fetched = git(dir, 'fetch', '-q', 'origin', `+refs/heads/${ref}:refs/remotes/origin/${ref}`);
    if (fetched.status !== 0) return { dir, error: fetched.stderr };
    ok(dir, 'checkout', '-q', '-B', ref, `refs/remotes/origin/${ref}`);
  }
  return { dir };
}

test('the workflows on the page: pull_request, never pull_request_target; the checkout fetches the head commit with full history', () => {
  for (const workflow of workflows()) assert.not.ok('pull_request_target' in workflow.on, 'pull_request_target runs the pull request with secrets');
  const steps: Step[] = Object.values(pullRequestWorkflow().jobs as Record<string, { steps: Step[] }>)[0]!.steps;
  const checkoutStep = steps.find((s) => s.uses?.startsWith('actions/checkout@'))!;
  assert.is(checkoutStep.with?.['fetch-depth'], 0, 'the merge-base needs the full history');
  assert.is(checkoutStep.with?.ref, '${{ github.event.pull_request.head.sha }}');
});

test("a fork's pull request: the documented checkout works, and the action finds the merge-base and suggests the changeset", async () => {
  const { sha, event, context, repositories } = await forkedPullRequest();
  const steps: Step[] = Object.values(pullRequestWorkflow().jobs as Record<string, { steps: Step[] }>)[0]!.steps;
  const checkedOut = checkout(steps.find((s) => s.uses?.startsWith('actions/checkout@'))!, context, repositories);
  assert.is(checkedOut.error, undefined, checkedOut.error);
  assert.is(ok(checkedOut.dir, 'rev-parse', 'HEAD'), sha);

  // The other steps: setup-node and the project's install are the runner's business here (no network).
  const specverStep = steps.find((s) => s.uses?.startsWith('your-org/specver@'))!;
  assert.ok(specverStep, 'the page runs the action');
  const inputs = Object.fromEntries(Object.entries(specverStep.with ?? {}).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, evaluate(value, context)]));
  const summary = runner.write(`summary-${sha.slice(0, 8)}.md`, '');
  const output = runner.write(`output-${sha.slice(0, 8)}.txt`, '');
  // The action's main() in this process, each specver command in-process too (test/action/ runs it as GitHub does).
  const r = await runActionInProcess({
    ...gitEnv,
    ...inputs,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: checkedOut.dir,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_BASE_REF: 'main',
    GITHUB_HEAD_REF: 'feature',
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    SPECVER_CLI: BUILT_CLI,
  });
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^Comparing with the merge-base with main \([0-9a-f]{12}\)$/m);
  assert.match(r.stdout, /^::error file=api\/petstore\.yaml,line=\d+[^:]*::.*maximum decreased from 100 to 50/m);
  const text = readFileSync(summary, 'utf8');
  assert.match(text, /## Suggested changeset\n\nThis pull request comes from a fork/);
  assert.match(readFileSync(output, 'utf8'), /^breaking=true$/m);
  assert.is(ok(checkedOut.dir, 'rev-parse', 'HEAD'), sha, 'nothing committed on a fork\'s pull request');
});

test('the checkout this page used to document, ref: github.head_ref, cannot fetch a fork\'s branch', async () => {
  const { context, repositories } = await forkedPullRequest();
  const old = checkout({ uses: 'actions/checkout@v4', with: { ref: '${{ github.head_ref }}', 'fetch-depth': 0 } }, context, repositories);
  assert.match(old.error ?? '', /couldn't find remote ref refs\/heads\/feature/);
});

test.run();
