#!/usr/bin/env node
// The specver GitHub Action. On a pull request: run `breaking` (annotations), put the `diff` table in the
// job summary, and optionally commit (and push) a changeset for changes no changeset covers yet. On the main
// branch: run `version` and write the release pull request's body and outputs. The exit code follows
// `breaking` on pull requests and `version` on main. Runs the CLI built in this repository (dist/main.js),
// or the one named by SPECVER_CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendSummary, booleanInput, defaultCommand, errorAnnotation, input, listInput, setOutput } from './github.mjs';
import { releasedVersions, releaseTitle, renderReleaseBody } from './release-body.mjs';

const ACTION_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BOT = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];

class ActionError extends Error {}

function setup(env) {
  const cwd = resolve(env.GITHUB_WORKSPACE || process.cwd(), input(env, 'working-directory') || '.');
  const cli = env.SPECVER_CLI ? resolve(env.SPECVER_CLI) : join(ACTION_ROOT, 'dist/main.js');
  if (!existsSync(cli)) throw new ActionError(`specver CLI not found at ${cli}: run 'npm ci && npm run build' in ${ACTION_ROOT}`);
  const config = input(env, 'config');
  const global = config ? ['-c', config] : [];
  const contracts = listInput(env, 'contracts');
  const base = input(env, 'base');
  return { env, cwd, cli, global, contracts, base, config };
}

/** Run specver; returns { status, stdout, stderr } and echoes stderr (errors, warnings) to the log. */
function specver(run, args, { echo = false } = {}) {
  const result = spawnSync(process.execPath, [run.cli, ...run.global, ...args], {
    cwd: run.cwd,
    env: { ...run.env, CI: 'true', NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw new ActionError(`cannot run specver: ${result.error.message}`);
  if (echo) process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return { status: result.status ?? 3, stdout: result.stdout, stderr: result.stderr };
}

function specverJson(run, args) {
  const result = specver(run, [...args, '--json']);
  try {
    return { status: result.status, doc: JSON.parse(result.stdout) };
  } catch {
    throw new ActionError(`specver ${args.join(' ')} printed no JSON (exit ${result.status})`);
  }
}

function git(run, args) {
  const result = spawnSync('git', args, { cwd: run.cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new ActionError(`git ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim()}`);
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

const selection = (run) => [...run.contracts.flatMap((name) => ['--contract', name]), ...(run.base ? ['--base', run.base] : [])];

/** Commit a --no-interactive changeset for changed contracts that no pending changeset names. */
function commitChangeset(run) {
  const status = specverJson(run, ['status']);
  if (!status.doc.problems) throw new ActionError(`specver status failed (exit ${status.status}): ${status.doc.error?.message ?? ''}`);
  let uncovered = status.doc.problems.filter((p) => p.kind === 'uncovered-changes').map((p) => p.contract);
  if (run.contracts.length) uncovered = uncovered.filter((name) => run.contracts.includes(name));
  if (uncovered.length === 0) {
    console.log('Every changed contract already has a changeset: nothing to commit.');
    return undefined;
  }
  const created = specverJson(run, ['changeset', '--no-interactive', ...uncovered.flatMap((name) => ['--contract', name])]);
  if (created.status !== 0) throw new ActionError(`specver changeset failed (exit ${created.status}): ${created.doc.error?.message ?? ''}`);
  if (!created.doc.created) return undefined;
  const file = join(projectRoot(run), created.doc.file);
  const shown = relative(run.cwd, file) || file;
  const configured = spawnSync('git', ['config', '--get', 'user.email'], { cwd: run.cwd, encoding: 'utf8' }).stdout?.trim();
  const identity = configured ? [] : BOT;
  git(run, ['add', '--', file]);
  git(run, [...identity, 'commit', '-q', '-m', `Add changeset for ${uncovered.join(', ')}`, '--', file]);
  console.log(`Committed changeset ${shown}`);
  if (booleanInput(run.env, 'push')) {
    const branch = run.env.GITHUB_HEAD_REF || run.env.GITHUB_REF_NAME;
    if (!branch) throw new ActionError('cannot push the changeset: neither GITHUB_HEAD_REF nor GITHUB_REF_NAME is set');
    git(run, ['push', '-q', 'origin', `HEAD:refs/heads/${branch}`]);
    console.log(`Pushed it to ${branch}`);
  }
  return shown;
}

/** Pull request flow: the breaking gate, the diff table, and optionally a committed changeset. */
function pullRequest(run) {
  const gate = specver(run, ['breaking', '--format', 'github', ...selection(run)], { echo: true });
  if (gate.status > 1) return gate.status;
  const table = specver(run, ['diff', '--format', 'markdown', ...selection(run)]);
  if (table.status !== 0) return table.status;
  appendSummary(run.env, table.stdout);
  setOutput(run.env, 'breaking', gate.status === 1 ? 'true' : 'false');
  if (booleanInput(run.env, 'commit-changeset')) setOutput(run.env, 'changeset', commitChangeset(run) ?? '');
  return gate.status;
}

/** Changeset only: commit a changeset for uncovered changes. */
function changesetOnly(run) {
  setOutput(run.env, 'changeset', commitChangeset(run) ?? '');
  return 0;
}

/** Main branch flow: plan, write the release PR body, then apply `version`. */
function release(run) {
  const status = specverJson(run, ['status']);
  if (!Array.isArray(status.doc.changesets)) throw new ActionError(`specver status failed (exit ${status.status}): ${status.doc.error?.message ?? ''}`);
  const inExitMode = status.doc.pre?.mode === 'exit';
  if (status.doc.changesets.length === 0 && !inExitMode) {
    console.log('No pending changesets: nothing to release.');
    setOutput(run.env, 'has-changesets', 'false');
    return 0;
  }
  const planned = specverJson(run, ['version', '--dry-run']);
  if (planned.status !== 0) throw new ActionError(`specver version --dry-run failed (exit ${planned.status}): ${planned.doc.error?.message ?? ''}`);
  const plan = planned.doc;
  const dir = run.env.RUNNER_TEMP && existsSync(run.env.RUNNER_TEMP) ? run.env.RUNNER_TEMP : mkdtempSync(join(tmpdir(), 'specver-'));
  const bodyFile = join(dir, 'specver-release-pr.md');
  writeFileSync(bodyFile, renderReleaseBody(plan));
  const applied = specver(run, ['version'], { echo: true });
  if (applied.status !== 0) return applied.status;
  appendSummary(run.env, renderReleaseBody(plan));
  setOutput(run.env, 'has-changesets', 'true');
  setOutput(run.env, 'pr-body-file', bodyFile);
  setOutput(run.env, 'pr-title', releaseTitle(plan));
  setOutput(run.env, 'versions', JSON.stringify(releasedVersions(plan)));
  return 0;
}

export function main(env = process.env) {
  try {
    const run = setup(env);
    const command = input(env, 'command') || defaultCommand(env.GITHUB_EVENT_NAME);
    if (command === 'breaking') return pullRequest(run);
    if (command === 'changeset') return changesetOnly(run);
    if (command === 'version') return release(run);
    throw new ActionError(`unknown command input '${command}': use breaking, changeset or version`);
  } catch (error) {
    if (!(error instanceof ActionError)) throw error;
    console.log(errorAnnotation(error.message));
    return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
