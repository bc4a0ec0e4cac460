import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { gitFileReader, isGitRef } from '../../src/load/git-reader.ts';
import { loadSpec } from '../../src/load/load.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

function git(project: TempProject, ...args: string[]) {
  execFileSync('git', args, {
    cwd: project.dir,
    stdio: 'ignore',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e', GIT_CONFIG_NOSYSTEM: '1', HOME: project.dir },
  });
}

const spec = (title: string, ref = './schemas/Pet.yaml') =>
  `openapi: 3.0.0\ninfo: {title: ${title}, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: '${ref}'\n`;

function repository(): TempProject {
  const project = emptyProject('specver-git-');
  git(project, 'init', '-q', '-b', 'main');
  project.write('api/spec.yaml', spec('first'));
  project.write('api/schemas/Pet.yaml', 'type: object\n');
  git(project, 'add', '.');
  git(project, 'commit', '-q', '-m', 'first');
  git(project, 'tag', 'v1');
  project.write('api/spec.yaml', spec('second', './schemas/Dog.yaml'));
  project.write('api/schemas/Dog.yaml', 'type: string\n');
  git(project, 'add', '.');
  git(project, 'commit', '-q', '-m', 'second');
  project.write('api/spec.yaml', spec('work tree'));
  return project;
}

async function configError(promise: Promise<unknown>): Promise<ConfigError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).exitCode, 2);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

test('reads files as they were at HEAD, HEAD~ and a tag', async () => {
  const project = repository();
  const head = await gitFileReader(project.dir, 'HEAD');
  assert.match(await head(project.path('api/spec.yaml')), 'title: second');
  const previous = await gitFileReader(project.dir, 'HEAD~');
  assert.match(await previous(project.path('api/spec.yaml')), 'title: first');
  const tagged = await gitFileReader(project.dir, 'v1');
  assert.is(await tagged(project.path('api/schemas/Pet.yaml')), 'type: object\n');
});

test('a multi-file spec resolves its refs at the ref', async () => {
  const project = repository();
  const atHead = await loadSpec('api/spec.yaml', { projectRoot: project.dir, readFile: await gitFileReader(project.dir, 'HEAD') });
  assert.is(atHead.document.info.title, 'second');
  assert.equal(atHead.document.components.schemas.Pet, { type: 'string' });
  const before = await loadSpec('api/spec.yaml', { projectRoot: project.dir, readFile: await gitFileReader(project.dir, 'HEAD~1') });
  assert.equal(before.document.components.schemas.Pet, { type: 'object' });
});

test('unknown refs and files missing at the ref are ConfigErrors', async () => {
  const project = repository();
  assert.is(await isGitRef(project.dir, 'HEAD'), true);
  assert.is(await isGitRef(project.dir, 'v1'), true);
  assert.is(await isGitRef(project.dir, 'nope'), false);
  assert.is(await isGitRef(project.dir, '--output=x'), false);
  assert.match((await configError(gitFileReader(project.dir, 'nope'))).message, "unknown git ref 'nope'");
  const v1 = await gitFileReader(project.dir, 'v1');
  const missing = await configError(v1(project.path('api/schemas/Dog.yaml')));
  assert.match(missing.message, "api/schemas/Dog.yaml does not exist at git ref 'v1'");
  const missingSpec = await configError(loadSpec('api/other.yaml', { projectRoot: project.dir, readFile: v1 }));
  assert.match(missingSpec.message, 'api/other.yaml does not exist');
});

test('a directory outside any repository is refused', async () => {
  const plain = emptyProject();
  assert.is(await isGitRef(plain.dir, 'HEAD'), false);
  assert.match((await configError(gitFileReader(plain.dir, 'HEAD'))).message, 'is not inside a git repository');
});

test.run();
