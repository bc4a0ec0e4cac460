import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { gitFileReader, isGitRef } from '../../src/load/git-reader.ts';
import { loadSpec } from '../../src/load/load.ts';
import { withGitRunCache } from '../../src/load/git-run-cache.ts';
import { copyRepository, gitHistory } from '../helpers/git-repo.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

const spec = (title: string, ref = './schemas/Pet.yaml') =>
  `openapi: 3.0.0\ninfo: {title: ${title}, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: '${ref}'\n`;

/** A file git prints in many chunks (a pipe carries 64 KiB at a time), with multi-byte characters. */
const BIG = Array.from({ length: 20_000 }, (_, i) => `key${i}: "välue ${i}"\n`).join('');

/** Two commits (the first tagged v1) and a changed work tree; built once, copied for each test. */
let template: TempProject | undefined;
function repository(): TempProject {
  if (!template) {
    template = emptyProject('specver-git-');
    gitHistory(template.dir, [
      { files: { 'api/spec.yaml': spec('first'), 'api/schemas/Pet.yaml': 'type: object\n' }, tag: 'v1' },
      { files: { 'api/spec.yaml': spec('second', './schemas/Dog.yaml'), 'api/schemas/Dog.yaml': 'type: string\n', 'api/big.yaml': BIG } },
    ]);
    template.write('api/spec.yaml', spec('work tree'));
  }
  return copyRepository(template, 'specver-git-');
}

/**
 * Each case runs outside a run (a git process per question) and inside one (specver's CLI runs: one
 * `git cat-file --batch` for the run, git/cat-file-batch.ts), with the same answers.
 */
function bothWays(name: string, check: () => Promise<void>) {
  test(`${name} (one git per question)`, check);
  test(`${name} (the run's cat-file)`, () => withGitRunCache(check));
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

bothWays('reads files as they were at HEAD, HEAD~ and a tag', async () => {
  const project = repository();
  const head = await gitFileReader(project.dir, 'HEAD');
  assert.match(await head(project.path('api/spec.yaml')), 'title: second');
  const previous = await gitFileReader(project.dir, 'HEAD~');
  assert.match(await previous(project.path('api/spec.yaml')), 'title: first');
  const tagged = await gitFileReader(project.dir, 'v1');
  assert.is(await tagged(project.path('api/schemas/Pet.yaml')), 'type: object\n');
  assert.ok((await head(project.path('api/big.yaml'))) === BIG, 'a large file reads whole');
  // A directory reads as git show prints it.
  assert.match(await head(project.path('api/schemas')), /^tree [0-9a-f]{40}:api\/schemas\n\nDog\.yaml\nPet\.yaml\n$/);
  // A name no line of cat-file's input can hold.
  const newline = await configError(head(project.path('api/sch\nemas')));
  assert.match(newline.message, 'does not exist at git ref');
});

bothWays('a multi-file spec resolves its refs at the ref', async () => {
  const project = repository();
  const atHead = await loadSpec('api/spec.yaml', { projectRoot: project.dir, readFile: await gitFileReader(project.dir, 'HEAD') });
  assert.is(atHead.document.info.title, 'second');
  assert.equal(atHead.document.components.schemas.Pet, { type: 'string' });
  const before = await loadSpec('api/spec.yaml', { projectRoot: project.dir, readFile: await gitFileReader(project.dir, 'HEAD~1') });
  assert.equal(before.document.components.schemas.Pet, { type: 'object' });
});

bothWays('unknown refs and files missing at the ref are ConfigErrors', async () => {
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

bothWays('a directory outside any repository is refused', async () => {
  const plain = emptyProject();
  assert.is(await isGitRef(plain.dir, 'HEAD'), false);
  assert.match((await configError(gitFileReader(plain.dir, 'HEAD'))).message, 'is not inside a git repository');
});

test.run();
