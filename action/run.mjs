#!/usr/bin/env node
// The specver GitHub Action. On a pull request: run `breaking` against the merge-base with the target branch
// (annotations), put the table of every change that run judged in the job summary, and optionally commit (and
// push) a changeset for changes no changeset covers yet; on a fork's pull request the changeset is suggested in
// the summary instead. On the main branch: run `version` and write the release pull request's body and outputs;
// `tag` creates (and pushes) the tags of released versions. The exit code follows `breaking` on pull requests
// and `version` on main. Runs the CLI named by SPECVER_CLI (the project's pinned specver, chosen by
// action/select-cli.mjs), or else the one built in this repository (dist/main.cjs). `main(env, io)` takes the log
// and the way specver is run (a child process by default), so the flows can be exercised without starting a
// process per specver command.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GitRepositoryError, NO_HOOKS, ownRepository, spawnGit } from './git.mjs';
import { mergeBaseWithTarget } from './pull-request-base.mjs';
import { missingChangesetMessage, missingChangesetSummary, REQUIRE_CHANGESET_MODES, uncoveredContracts } from './changeset-check.mjs';
import { appendSummary, booleanInput, defaultCommand, errorAnnotation, input, listInput, setOutput, warningAnnotation } from './github.mjs';
import { codeBlock, codeSpan } from './markdown-text.mjs';
import { releasedVersions, releaseTitle, renderReleaseBody } from './release-body.mjs';

const ACTION_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BOT = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];

class ActionError extends Error {}

function setup(env, io) {
  const cwd = resolve(env.GITHUB_WORKSPACE || process.cwd(), input(env, 'working-directory') || '.');
  const cli = env.SPECVER_CLI ? resolve(env.SPECVER_CLI) : join(ACTION_ROOT, 'dist/main.cjs');
  if (!existsSync(cli)) throw new ActionError(`specver CLI not found at ${cli}: run 'npm ci && npm run build' in ${ACTION_ROOT}`);
  io.log(`specver CLI: ${cli}`);
  const config = input(env, 'config');
  const global = config ? ['-c', config] : [];
  const contracts = listInput(env, 'contracts');
  const base = input(env, 'base');
  const token = input(env, 'token');
  // Never let the token reach the log.
  if (token) io.log(`::add-mask::${token}`);
  return { env, io, cwd, cli, global, contracts, base, config, token };
}

/** The event payload GitHub writes to GITHUB_EVENT_PATH ({} when absent). */
function eventPayload(env) {
  try {
    return env.GITHUB_EVENT_PATH ? JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) : {};
  } catch {
    return {};
  }
}

/** A pull request from a fork: its token cannot push to the head repository. */
export function isForkPullRequest(env) {
  const pr = eventPayload(env).pull_request;
  if (!pr?.head?.repo || !pr?.base?.repo) return false;
  return pr.head.repo.fork === true || pr.head.repo.full_name !== pr.base.repo.full_name;
}

/**
 * What a pull request is compared with: the `base` input when given, else the merge-base of HEAD with the
 * target branch, so changes merged on main but not yet released do not fail every later pull request.
 * Outside pull requests (or without GITHUB_BASE_REF): the latest snapshot.
 */
function pullRequestBase(run) {
  if (run.base) return run.base;
  const target = run.env.GITHUB_BASE_REF;
  if (!target) return '';
  const found = mergeBaseWithTarget((args) => rawGit(run, args), target, auth(run));
  if (!found) throw new ActionError(`cannot find the merge-base of origin/${target} and HEAD: check out with fetch-depth: 0 (actions/checkout), or set the base input`);
  return found;
}

/** git -c options that authenticate with the token input (replacing the header actions/checkout persisted). */
export function auth(run) {
  if (!run.token) return [];
  const server = (run.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/$/, '');
  const basic = Buffer.from(`x-access-token:${run.token}`).toString('base64');
  return ['-c', `http.${server}/.extraheader=`, '-c', `http.${server}/.extraheader=AUTHORIZATION: basic ${basic}`];
}

/** The CLI at `cli` in a child process: { status, stdout, stderr } (status 3 when it ended without an exit code). */
export function spawnSpecver(cli, args, { cwd, env }) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new ActionError(`cannot run specver: ${result.error.message}`);
  return { status: result.status ?? 3, stdout: result.stdout, stderr: result.stderr };
}

/** The default io: the job log is this process's stdout/stderr, and specver runs as a child process. */
const processIo = {
  log: (line) => console.log(line),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  specver: spawnSpecver,
};

/** Run specver; returns { status, stdout, stderr } and echoes stderr (errors, warnings) to the log. */
async function specver(run, args, { echo = false } = {}) {
  const result = await run.io.specver(run.cli, [...run.global, ...args], { cwd: run.cwd, env: { ...run.env, CI: 'true', NO_COLOR: '1' } });
  if (echo) run.io.out(result.stdout);
  run.io.err(result.stderr);
  return result;
}

async function specverJson(run, args) {
  const result = await specver(run, [...args, '--json']);
  try {
    return { status: result.status, doc: JSON.parse(result.stdout) };
  } catch {
    throw new ActionError(`specver ${args.join(' ')} printed no JSON (exit ${result.status})`);
  }
}

/**
 * git in the work tree's own repository (action/git.mjs), found once per run, without hooks; returns the
 * spawnSync result.
 */
function rawGit(run, args) {
  run.repository ??= ownRepository(run.cwd, run.env);
  return spawnGit(run.repository, run.cwd, run.env, [...NO_HOOKS, ...args]);
}

function git(run, args) {
  const result = rawGit(run, args);
  if (result.status !== 0) {
    const shown = args.filter((a) => !a.startsWith('http.')).join(' ');
    const message = (result.stderr || result.stdout).trim();
    throw new ActionError(`git ${shown} failed: ${run.token ? message.split(run.token).join('***') : message}`);
  }
  return result.stdout.trim();
}

/** The directory specver.yaml lives in: changeset paths in JSON output are relative to it. */
function projectRoot(run) {
  if (run.config) {
    const file = resolve(run.cwd, run.config);
    return file.endsWith('.yaml') || file.endsWith('.yml') ? dirname(file) : file;
  }
  for (let dir = run.cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'specver.yaml'))) return dir;
    if (dirname(dir) === dir) return run.cwd;
  }
}

const selection = (run, base = run.base) => [...run.contracts.flatMap((name) => ['--contract', name]), ...(base ? ['--base', base] : [])];

/**
 * Commit a --no-interactive changeset for changed contracts that no pending changeset names. `since` (the
 * merge-base of a pull request): only changesets the pull request added count, so a major changeset merged
 * earlier does not stand in for a new break.
 */
async function commitChangeset(run, since) {
  let uncovered;
  let created;
  if (since) {
    // The gate's policy input also decides whose waivers lower the bump, so the changeset is the one the gate needs.
    created = await specverJson(run, ['changeset', '--no-interactive', '--base', since, ...policyInput(run.env), ...run.contracts.flatMap((name) => ['--contract', name])]);
    if (created.status === 0 && !created.doc.created) {
      run.io.log('Every changed contract already has a changeset in this pull request: nothing to commit.');
      return undefined;
    }
    uncovered = (created.doc.releases ?? []).map((r) => r.contract);
  } else {
    const status = await specverJson(run, ['status']);
    if (!status.doc.problems) throw new ActionError(`specver status failed (exit ${status.status}): ${status.doc.error?.message ?? ''}`);
    uncovered = status.doc.problems.filter((p) => p.kind === 'uncovered-changes').map((p) => p.contract);
    if (run.contracts.length) uncovered = uncovered.filter((name) => run.contracts.includes(name));
    if (uncovered.length === 0) {
      run.io.log('Every changed contract already has a changeset: nothing to commit.');
      return undefined;
    }
    created = await specverJson(run, ['changeset', '--no-interactive', ...uncovered.flatMap((name) => ['--contract', name])]);
  }
  if (created.status !== 0) throw new ActionError(`specver changeset failed (exit ${created.status}): ${created.doc.error?.message ?? ''}`);
  if (!created.doc.created) return undefined;
  const file = join(projectRoot(run), created.doc.file);
  const shown = relative(run.cwd, file) || file;
  if (isForkPullRequest(run.env)) {
    // The token of a fork's pull request cannot push: suggest the file in the job summary instead.
    const text = readFileSync(file, 'utf8');
    rmSync(file);
    appendSummary(run.env, suggestion(shown, text));
    run.io.log(`Pull request from a fork: suggested the changeset ${shown} in the job summary (not committed)`);
    return undefined;
  }
  const configured = rawGit(run, ['config', '--get', 'user.email']).stdout?.trim();
  const identity = configured ? [] : BOT;
  git(run, ['add', '--', file]);
  git(run, [...identity, 'commit', '-q', '-m', `Add changeset for ${uncovered.join(', ')}`, '--', file]);
  run.io.log(`Committed changeset ${shown}`);
  if (booleanInput(run.env, 'push')) {
    const branch = run.env.GITHUB_HEAD_REF || run.env.GITHUB_REF_NAME;
    if (!branch) throw new ActionError('cannot push the changeset: neither GITHUB_HEAD_REF nor GITHUB_REF_NAME is set');
    git(run, [...auth(run), 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`]);
    run.io.log(`Pushed it to ${branch}`);
  }
  return shown;
}

/** The job summary section that proposes a changeset a fork's pull request should add. */
export function suggestion(file, text) {
  return [
    '## Suggested changeset',
    '',
    `This pull request comes from a fork, so specver cannot push to it. Add this file as ${codeSpan(file)} (or run \`npx specver changeset\`):`,
    '',
    // The fence is longer than any backtick run in the file, so nothing in it can close the block early.
    codeBlock(text.trimEnd(), 'markdown'),
    '',
  ].join('\n');
}

/** Pull request flow: the breaking gate, the diff table, optionally a committed changeset and a changeset check. */
async function pullRequest(run) {
  const base = pullRequestBase(run);
  if (base) run.io.log(`Comparing with ${base === run.base ? base : `the merge-base with ${run.env.GITHUB_BASE_REF} (${base.slice(0, 12)})`}`);
  const requireChangeset = requireChangesetInput(run.env);
  const allow = booleanInput(run.env, 'allow-acknowledged') ? ['--allow-acknowledged'] : [];
  const policy = policyInput(run.env);
  const gateArgs = [...allow, ...policy, ...selection(run, base)];
  const judged = (await gateWithReports(run, gateArgs)) ?? (await gateInThreeRuns(run, base, gateArgs));
  const { gate } = judged;
  if (judged.table === undefined) return gate.status;
  appendSummary(run.env, judged.table);
  // `breaking`: the pull request has breaking changes, acknowledged and waived ones included; `gate-failed`: the
  // gate failed (exit 1). Counted by the same gate, so both follow the same policy.
  if (typeof judged.counts?.breakingCount !== 'number') throw new ActionError(`specver breaking gave no breaking count: ${judged.counts?.error?.message ?? 'no JSON report'}`);
  setOutput(run.env, 'breaking', judged.counts.breakingCount > 0 ? 'true' : 'false', run.io.log);
  setOutput(run.env, 'gate-failed', gate.status === 1 ? 'true' : 'false', run.io.log);
  // The merge-base found here (not a base input, which may name a version) tells changeset what the PR added.
  const since = base && base !== run.base ? base : undefined;
  if (booleanInput(run.env, 'commit-changeset')) setOutput(run.env, 'changeset', (await commitChangeset(run, since)) ?? '', run.io.log);
  const missing = requireChangeset === 'off' ? false : await checkChangesets(run, since ?? base, requireChangeset);
  setOutput(run.env, 'changeset-missing', missing ? 'true' : 'false', run.io.log);
  return gate.status === 0 && missing && requireChangeset === 'fail' ? 1 : gate.status;
}

/**
 * The gate of a pull request in one specver run: annotations in the log, and (`--report`) its JSON counts and the
 * table of every change written to files. Resolves with { gate, table, counts }, only { gate } when the gate could
 * not judge (exit 2 or 3), or undefined when the CLI predates --report (a project's older pinned specver).
 */
async function gateWithReports(run, gateArgs) {
  const dir = mkdtempSync(join(tmpdir(), 'specver-reports-'));
  try {
    const countsFile = join(dir, 'breaking.json');
    const tableFile = join(dir, 'changes.md');
    const args = [...run.global, 'breaking', '--format', 'github', ...gateArgs, '--report', `json=${countsFile}`, '--report', `diff-markdown=${tableFile}`];
    const gate = await run.io.specver(run.cli, args, { cwd: run.cwd, env: { ...run.env, CI: 'true', NO_COLOR: '1' } });
    if (gate.status === 2 && /unknown option '--report'/.test(gate.stderr)) return undefined;
    run.io.out(gate.stdout);
    run.io.err(gate.stderr);
    if (gate.status > 1) return { gate };
    let counts;
    try {
      counts = JSON.parse(readFileSync(countsFile, 'utf8'));
    } catch {
      throw new ActionError(`specver breaking wrote no JSON report (exit ${gate.status})`);
    }
    return { gate, table: readFileSync(tableFile, 'utf8'), counts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** gateWithReports for a specver without --report: the gate, `diff --format markdown` and `breaking --json`. */
async function gateInThreeRuns(run, base, gateArgs) {
  const gate = await specver(run, ['breaking', '--format', 'github', ...gateArgs], { echo: true });
  if (gate.status > 1) return { gate };
  const table = await specver(run, ['diff', '--format', 'markdown', ...selection(run, base)]);
  if (table.status !== 0) return { gate: table };
  const counted = await specverJson(run, ['breaking', ...gateArgs]);
  if (counted.status > 1) throw new ActionError(`specver breaking --json failed (exit ${counted.status}): ${counted.doc.error?.message ?? ''}`);
  return { gate, table: table.stdout, counts: counted.doc };
}

/** The `require-changeset` input: off (default), warn or fail. */
export function requireChangesetInput(env) {
  const value = input(env, 'require-changeset') || 'off';
  if (!REQUIRE_CHANGESET_MODES.includes(value)) throw new ActionError(`unknown require-changeset input '${value}': use off, warn or fail`);
  return value;
}

/**
 * Whether the pull request changed a spec without adding a changeset for it (`status --since <ref>`: only its
 * own spec changes and changesets); says so in the job summary and as an annotation.
 */
async function checkChangesets(run, since, mode) {
  if (!since) throw new ActionError('require-changeset needs a git base: run on a pull_request event with fetch-depth: 0, or set the base input to a git ref');
  const status = await specverJson(run, ['status', '--since', since]);
  if (!Array.isArray(status.doc.problems)) throw new ActionError(`specver status --since ${since} failed (exit ${status.status}): ${status.doc.error?.message ?? ''}`);
  let contracts = uncoveredContracts(status.doc);
  if (run.contracts.length) contracts = contracts.filter((name) => run.contracts.includes(name));
  if (contracts.length === 0) return false;
  appendSummary(run.env, missingChangesetSummary(contracts, mode));
  run.io.log(mode === 'fail' ? errorAnnotation(missingChangesetMessage(contracts)) : warningAnnotation(missingChangesetMessage(contracts)));
  return true;
}

/** The `policy` input as `--policy <base|head>` ([] when empty: specver.yaml and its base decide). */
export function policyInput(env) {
  const value = input(env, 'policy');
  if (!value) return [];
  if (value !== 'base' && value !== 'head') throw new ActionError(`unknown policy input '${value}': use base or head`);
  return ['--policy', value];
}

/** Changeset only: commit a changeset for uncovered changes. */
async function changesetOnly(run) {
  setOutput(run.env, 'changeset', (await commitChangeset(run)) ?? '', run.io.log);
  return 0;
}

/** Main branch flow: plan, write the release PR body, then apply `version`. */
async function release(run) {
  const status = await specverJson(run, ['status']);
  if (!Array.isArray(status.doc.changesets)) throw new ActionError(`specver status failed (exit ${status.status}): ${status.doc.error?.message ?? ''}`);
  const inExitMode = status.doc.pre?.mode === 'exit';
  if (status.doc.changesets.length === 0 && !inExitMode) {
    run.io.log('No pending changesets: nothing to release.');
    setOutput(run.env, 'has-changesets', 'false', run.io.log);
    return 0;
  }
  const planned = await specverJson(run, ['version', '--dry-run']);
  if (planned.status !== 0) throw new ActionError(`specver version --dry-run failed (exit ${planned.status}): ${planned.doc.error?.message ?? ''}`);
  const plan = planned.doc;
  const applied = await specver(run, ['version'], { echo: true });
  if (applied.status !== 0) return applied.status;
  // The body file must outlive this step (the next one opens the pull request with it), so it is written only
  // once the release is made: a failed run leaves no temp directory behind.
  const dir = run.env.RUNNER_TEMP && existsSync(run.env.RUNNER_TEMP) ? run.env.RUNNER_TEMP : mkdtempSync(join(tmpdir(), 'specver-'));
  const bodyFile = join(dir, 'specver-release-pr.md');
  writeFileSync(bodyFile, renderReleaseBody(plan));
  appendSummary(run.env, renderReleaseBody(plan));
  setOutput(run.env, 'has-changesets', 'true', run.io.log);
  setOutput(run.env, 'pr-body-file', bodyFile, run.io.log);
  setOutput(run.env, 'pr-title', releaseTitle(plan), run.io.log);
  setOutput(run.env, 'versions', JSON.stringify(releasedVersions(plan)), run.io.log);
  return 0;
}

/** After the release pull request is merged: tag the released versions and push the new tags. */
async function tagReleases(run) {
  // Annotated tags need an identity; the runner has none unless the workflow configured one.
  const configured = rawGit(run, ['config', '--get', 'user.email']).stdout?.trim();
  const bot = { GIT_AUTHOR_NAME: 'github-actions[bot]', GIT_AUTHOR_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com' };
  const identity = configured ? {} : { ...bot, GIT_COMMITTER_NAME: bot.GIT_AUTHOR_NAME, GIT_COMMITTER_EMAIL: bot.GIT_AUTHOR_EMAIL };
  const result = await specverJson({ ...run, env: { ...run.env, ...identity } }, ['tag']);
  if (result.status !== 0) throw new ActionError(`specver tag failed (exit ${result.status}): ${result.doc.error?.message ?? ''}`);
  const created = result.doc.tags.filter((t) => t.created).map((t) => t.tag);
  for (const tag of created) run.io.log(`Tagged ${tag}`);
  if (created.length > 0 && booleanInput(run.env, 'push')) {
    git(run, [...auth(run), 'push', '-q', 'origin', ...created.map((tag) => `refs/tags/${tag}`)]);
    run.io.log(`Pushed ${created.length} tag${created.length === 1 ? '' : 's'}`);
  }
  setOutput(run.env, 'tags', JSON.stringify(created), run.io.log);
  return 0;
}

/**
 * Runs the flow the inputs name and resolves with the exit code. `io` overrides the log (`log` a line, `out`/`err`
 * raw text) and `specver(cli, args, { cwd, env })`, which resolves with { status, stdout, stderr }.
 */
export async function main(env = process.env, io = {}) {
  const runIo = { ...processIo, ...io };
  try {
    const run = setup(env, runIo);
    const command = input(env, 'command') || defaultCommand(env.GITHUB_EVENT_NAME);
    if (command === 'breaking') return await pullRequest(run);
    if (command === 'changeset') return await changesetOnly(run);
    if (command === 'version') return await release(run);
    if (command === 'tag') return await tagReleases(run);
    throw new ActionError(`unknown command input '${command}': use breaking, changeset, version or tag`);
  } catch (error) {
    if (!(error instanceof ActionError || error instanceof GitRepositoryError)) throw error;
    runIo.log(errorAnnotation(error.message));
    return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
