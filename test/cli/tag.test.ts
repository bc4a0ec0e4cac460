import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

// info.version as initialised (1.0.0): a release never lowers the spec's own version.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 1.0.0');

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
}

test('tag creates exactly the missing tags of the current versions, annotated, on HEAD', async () => {
  const p = emptyProject('specver-tag-');
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir });
  git(p.dir, 'init', '-q', '-b', 'main');
  p.write('api/petstore.yaml', SPEC);
  p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  assert.is((await cli('init', '--initial-version', '1.0.0')).exitCode, 0);
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'init');
  git(p.dir, 'tag', 'users@1.0.0');

  let r = await cli('tag', '--dry-run');
  assert.is(r.stdout, '[dry-run] would create petstore@1.0.0\n');
  assert.is(git(p.dir, 'tag', '--list'), 'users@1.0.0');

  r = await cli('tag', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('tag.schema.json', r.json());
  assert.equal(r.json().tags.map((t: { tag: string; created: boolean }) => [t.tag, t.created]), [['petstore@1.0.0', true], ['users@1.0.0', false]]);
  assert.is(git(p.dir, 'cat-file', '-t', 'petstore@1.0.0'), 'tag', 'annotated');
  assert.is(git(p.dir, 'rev-parse', 'petstore@1.0.0^{commit}'), git(p.dir, 'rev-parse', 'HEAD'));

  // A release of petstore: only its new version is missing.
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nDocs\n');
  assert.is((await cli('version')).exitCode, 0);
  git(p.dir, 'commit', '-q', '-m', 'release');
  r = await cli('tag');
  assert.is(r.stdout.split('\n')[0], 'created petstore@1.1.0');
  assert.equal(git(p.dir, 'tag', '--list').split('\n'), ['petstore@1.0.0', 'petstore@1.1.0', 'users@1.0.0']);
  r = await cli('tag');
  assert.match(r.stdout, /Every current version is tagged already/);
});

test('fixed versioning tags v<version> once; outside a git work tree: exit 2', async () => {
  const p = emptyProject('specver-tag-fixed-');
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir });
  p.write('api/petstore.yaml', SPEC);
  p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  assert.is((await cli('init', '--versioning', 'fixed', '--initial-version', '2.0.0')).exitCode, 0);
  const outside = await cli('tag');
  assert.is(outside.exitCode, 2);
  assert.match(outside.stderr, /^specver: .* is not inside a git work tree/);
  git(p.dir, 'init', '-q', '-b', 'main');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'init');
  assert.is((await cli('tag')).stdout.split('\n')[0], 'created v2.0.0');
  assert.is(git(p.dir, 'tag', '--list'), 'v2.0.0');
});

test.run();
