/**
 * Outside any repository (no `.git` and no bare-looking folder in the folder or above it), the repository lookup
 * answers "not a git repository" without starting git; wherever git could find something, git is asked, so a
 * planted bare repository is still refused.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lookUpRepository } from '../../src/git/own-repository.ts';
import { withGitRunCache } from '../../src/load/git-run-cache.ts';
import { emptyProject } from '../helpers/temp-project.ts';

const tools = emptyProject('specver-git-count-');
const log = tools.write('git.log', '');
const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
const script = tools.write('bin/git', `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
chmodSync(script, 0o755);

/** Whether some folder from `dir` up holds a `.git` (then the shortcut does not apply to this temp directory). */
function underRepository(dir: string): boolean {
  for (let at = realpathSync(dir); ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return true;
    if (dirname(at) === at) return false;
  }
}

/** The lookup of `dir` in a run of its own, with the logging git first on PATH; returns it and the git calls. */
async function lookUp(dir: string) {
  writeFileSync(log, '');
  const path = process.env.PATH;
  process.env.PATH = `${tools.path('bin')}${delimiter}${path}`;
  try {
    const result = await withGitRunCache(() => lookUpRepository(dir).catch((error: Error) => error));
    return { result, calls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  } finally {
    process.env.PATH = path;
  }
}

const project = emptyProject('specver-no-git-');
if (underRepository(project.dir)) {
  test.skip('the temp directory lies inside a git repository: the shortcut cannot be seen here', () => undefined);
} else {
  test('outside any repository: none, with git\'s message, and no git process', async () => {
    const { result, calls } = await lookUp(project.dir);
    assert.equal(result, { kind: 'none', message: 'fatal: not a git repository (or any of the parent directories): .git' });
    assert.equal(calls, []);
  });

  test('a bare-looking folder (HEAD, objects/, refs/) on the way up: git is asked, and the planted folder refused', async () => {
    const planted = project.path('planted');
    mkdirSync(join(planted, 'objects'), { recursive: true });
    mkdirSync(join(planted, 'refs'), { recursive: true });
    writeFileSync(join(planted, 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(join(planted, 'api'), { recursive: true });
    const { result, calls } = await lookUp(join(planted, 'api'));
    assert.ok(calls.some((call) => call.includes('rev-parse')), calls.join('\n'));
    assert.instance(result, Error);
    assert.match((result as Error).message, /looks like a git repository \(HEAD, objects\/, refs\/\)/);
  });

  test('a .git anywhere above: git is asked', async () => {
    const repo = project.path('repo');
    mkdirSync(join(repo, 'api'), { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const { result, calls } = await lookUp(join(repo, 'api'));
    assert.is(calls.length, 1, calls.join('\n'));
    assert.is((result as { kind: string }).kind, 'repository');
  });
}

test.run();
