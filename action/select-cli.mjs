#!/usr/bin/env node
// Which specver the Action runs: the project's own when it pins one (a lockfile listing specver, installed
// under node_modules/.bin), so the gate in CI judges with the version the team runs locally and upgrades
// deliberately; else the Action's own build (from the action ref). On a pull request, only a pin the pull
// request did not change (the one at its merge-base) may judge it: else a pull request could choose the
// specver that gates it. The `specver-source` input decides otherwise: `project` requires the pinned one,
// `action` always builds. Run as a composite step before the build, it prints its choice to the job log and
// writes the step outputs `source`, `cli` and `version`.
// Dependency-free: it runs before the Action's own packages are installed.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorAnnotation, input, setOutput, warningAnnotation } from './github.mjs';
import { GitRepositoryError, ownRepository, spawnGit } from './git.mjs';
import { checkPinAgainstBase } from './base-pin.mjs';
import { specverPin } from './lockfile-pin.mjs';
import { isPullRequestEvent } from './pull-request-base.mjs';

export const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock'];

const ACTION_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION_CLI = join(ACTION_ROOT, 'dist/main.cjs');

/** True when a lockfile's text lists the package `specver` (not a package whose name merely contains it). */
export function lockfileListsSpecver(name, text) {
  if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') {
    let lock;
    try {
      lock = JSON.parse(text);
    } catch {
      return false;
    }
    // lockfileVersion 2 and 3 list "node_modules/specver" (possibly nested); version 1 lists dependencies.specver.
    const packages = Object.keys(lock?.packages ?? {});
    return packages.some((key) => key === 'node_modules/specver' || key.endsWith('/node_modules/specver')) || Object.hasOwn(lock?.dependencies ?? {}, 'specver');
  }
  if (name === 'pnpm-lock.yaml')
    // importers' `specver:` entries, and packages as `/specver@1.2.3:`, `specver@1.2.3:` or `/specver/1.2.3:`.
    return /^\s+(?:specver|'specver'|"specver"):\s*$/m.test(text) || /^\s+['"]?\/?specver[@/]\d[^\s:]*['"]?:/m.test(text);
  if (name === 'yarn.lock')
    // `specver@^1.2.0:`, `"specver@npm:^1.2.0":`, and several ranges on one line (`specver@^1, specver@^1.2:`).
    return /^"?specver@[^\n]*:\s*$/m.test(text) || /^[^\s#][^\n]*,\s*"?specver@[^\n]*:\s*$/m.test(text);
  return false;
}

/**
 * The choice, from what was found (pure). `found`: the nearest lockfile at or above the working directory
 * (inside the workspace): { dir, lockfile, lists, pin, bin, version, committed } where `pin` is the lockfile's
 * specver entry (action/lockfile-pin.mjs), `bin` is the installed
 * node_modules/.bin/specver resolved to its file (undefined when not installed) and `committed` says that
 * file is tracked by git. `pinCheck`, on pull requests only: { trusted, why? } from checkPinAgainstBase (the
 * lockfile's specver entry unchanged since the merge-base, and installed as pinned). Returns
 * { source: 'project' | 'action', cli, version?, message, warning? } or { error } when `specver-source: project`
 * cannot be honoured.
 */
export function chooseCli(found, choice = 'auto', actionCli = ACTION_CLI, pinCheck = undefined) {
  const action = (why, warning) => ({ source: 'action', cli: actionCli, message: `Running the Action's own specver (built from the action ref): ${why}`, ...(warning ? { warning } : {}) });
  if (choice === 'action') return action('specver-source is action');
  if (!found?.lists) {
    const why = found ? `${found.lockfile} does not list specver` : 'no lockfile (package-lock.json, npm-shrinkwrap.json, pnpm-lock.yaml, yarn.lock) in the project';
    return choice === 'project' ? { error: `specver-source is project, but ${why}: add specver to the project's devDependencies` } : action(why);
  }
  const where = `${found.lockfile} pins specver`;
  if (!found.bin) {
    const why = `${where}, but node_modules/.bin/specver is not installed: install the project's packages (npm ci, pnpm install --frozen-lockfile, yarn install --immutable) before this step`;
    return choice === 'project' ? { error: why } : action(why, why);
  }
  if (found.committed) {
    // node_modules installed by the package manager is never tracked: a tracked copy is the pull request's own file.
    const why = `${where}, but ${found.bin} is a file tracked in the repository, not an installed package`;
    return choice === 'project' ? { error: why } : action(why, why);
  }
  if (pinCheck && !pinCheck.trusted) {
    const instead = `the Action's own specver (built from the action ref) judges this pull request instead, and a new pin takes effect once merged`;
    const why = choice === 'project' ? `specver-source is project, but the pin this pull request changes cannot judge it: ${pinCheck.why}; ${instead}` : `${pinCheck.why}: a pull request cannot choose the specver that gates it, so ${instead}`;
    return action(pinCheck.why, why);
  }
  const version = found.version ? ` ${found.version}` : '';
  return { source: 'project', cli: found.bin, ...(found.version ? { version: found.version } : {}), message: `Running the project's specver${version} (${where}; ${found.bin})` };
}

function isInside(dir, path) {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
}

/** The work tree's own repository of `cwd` ({ repository }), or why it cannot be used ({ error }, a GitRepositoryError). */
function lookUpRepository(cwd, env) {
  try {
    return { repository: ownRepository(cwd, env) };
  } catch (error) {
    if (error instanceof GitRepositoryError) return { error };
    throw error;
  }
}

/**
 * True when git tracks `file` in the work tree's own repository (`lookup`, from lookUpRepository); false outside
 * any repository. A repository that cannot be checked (a planted one) counts as tracked: the project's copy is not
 * trusted then.
 */
function isTracked(file, cwd, env, lookup) {
  if (lookup.error) return !/is not inside a git work tree/.test(lookup.error.message);
  return spawnGit(lookup.repository, cwd, env, ['ls-files', '--error-unmatch', '--', file]).status === 0;
}

/** Looks for the nearest lockfile from `cwd` up to `workspace`, and the specver it installed. */
export function findProjectCli(cwd, workspace, env = process.env) {
  const top = resolve(workspace);
  for (let dir = resolve(cwd); isInside(top, dir); dir = dirname(dir)) {
    const lockfile = LOCKFILES.find((name) => existsSync(join(dir, name)));
    if (lockfile) {
      const text = readFileSync(join(dir, lockfile), 'utf8');
      const lists = lockfileListsSpecver(lockfile, text);
      const link = join(dir, 'node_modules/.bin/specver');
      let bin;
      if (lists && existsSync(link)) {
        const target = realpathSync(link);
        // The link must lead into this project's node_modules (pnpm's store lives there too).
        if (isInside(join(realpathSync(dir), 'node_modules'), target)) bin = target;
      }
      let version;
      try {
        version = JSON.parse(readFileSync(join(dir, 'node_modules/specver/package.json'), 'utf8')).version;
      } catch {
        version = undefined;
      }
      // Looked up once: the pull request check (checkPinAgainstBase) reads the same repository.
      const repositoryLookup = bin ? lookUpRepository(dir, env) : undefined;
      return {
        dir,
        lockfile,
        lists,
        pin: specverPin(lockfile, text),
        bin,
        version: typeof version === 'string' ? version : undefined,
        committed: bin ? isTracked(bin, dir, env, repositoryLookup) : false,
        repositoryLookup,
      };
    }
    if (dir === top || dirname(dir) === dir) break;
  }
  return undefined;
}

/**
 * The selection step: prints its choice to the job log and writes the step outputs; returns the exit code. `io.log`
 * takes the job log's lines (this process's stdout by default).
 */
export function main(env = process.env, io = { log: (line) => console.log(line) }) {
  const choice = input(env, 'specver-source') || 'auto';
  if (!['auto', 'project', 'action'].includes(choice)) {
    io.log(errorAnnotation(`unknown specver-source input '${choice}': use auto, project or action`));
    return 2;
  }
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const cwd = resolve(workspace, input(env, 'working-directory') || '.');
  const found = findProjectCli(cwd, workspace, env);
  // Only on pull requests, and only when the project's CLI would otherwise run: elsewhere the pin is the branch's own.
  const usable = found?.lists && found.bin && !found.committed;
  const pinCheck = usable && choice !== 'action' && isPullRequestEvent(env) ? checkPinAgainstBase(found, env, input(env, 'base')) : undefined;
  const chosen = chooseCli(found, choice, ACTION_CLI, pinCheck);
  if (chosen.error) {
    io.log(errorAnnotation(chosen.error));
    return 2;
  }
  if (chosen.warning) io.log(warningAnnotation(chosen.warning));
  io.log(chosen.message);
  setOutput(env, 'source', chosen.source, io.log);
  setOutput(env, 'cli', chosen.cli, io.log);
  setOutput(env, 'version', chosen.version ?? '', io.log);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
