import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver, runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, FIXTURES } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

// info.version as initialised (1.0.0): a release never lowers the spec's own version.
const SPEC = readFileSync(join(FIXTURES, 'changesets/project/api/petstore.yaml'), 'utf8').replace(/^  version: 1\.4\.2$/m, '  version: 1.0.0');


test('tag creates exactly the missing tags of the current versions, annotated, on HEAD', async () => {
  const p = emptyProject('specver-tag-');
  const cli = (...args: string[]) => runSpecver(args, { cwd: p.dir });
  p.write('api/petstore.yaml', SPEC);
  p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  assert.is((await cli('init', '--initial-version', '1.0.0')).exitCode, 0);
  const init = gitScript(p.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init'], ['tag', 'users@1.0.0'], ['rev-parse', 'HEAD']]);

  let r = await cli('tag', '--dry-run');
  assert.is(r.stdout, `[dry-run] would create petstore@1.0.0 on ${init.slice(0, 12)}, the commit that released it\nusers@1.0.0 exists already: left as it is\n`);
  assert.is(git(p.dir, 'tag', '--list'), 'users@1.0.0');

  r = await cli('tag', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assertValidOutput('tag.schema.json', r.json());
  assert.equal(
    r.json().tags.map((t: { tag: string; created: boolean; existed: boolean; commit?: string }) => [t.tag, t.created, t.existed, t.commit]),
    [['petstore@1.0.0', true, false, init], ['users@1.0.0', false, true, undefined]],
  );
  // Annotated (a tag object), on HEAD (the init commit).
  assert.is(git(p.dir, 'for-each-ref', '--format=%(objecttype) %(*objectname)', 'refs/tags/petstore@1.0.0'), `tag ${init}`);

  // A release of petstore: only its new version is missing.
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nDocs\n');
  assert.is((await cli('version')).exitCode, 0);
  const release = gitScript(p.dir, [['commit', '-q', '-m', 'release'], ['rev-parse', '--short=12', 'HEAD']]);
  r = await cli('tag');
  assert.is(r.stdout.split('\n')[0], `created petstore@1.1.0 on ${release}, the commit that released it`);
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
  const head = gitScript(p.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init'], ['rev-parse', '--short=12', 'HEAD']]);
  assert.is((await cli('tag')).stdout.split('\n')[0], `created v2.0.0 on ${head}, the commit that released it`);
  assert.is(git(p.dir, 'tag', '--list'), 'v2.0.0');
});

/** A git work tree with the petstore spec, and the users spec unless `users` is false. */
function releasedProject(prefix: string, users = true, p = emptyProject(prefix)) {
  git(p.dir, 'init', '-q', '-b', 'main');
  p.write('api/petstore.yaml', SPEC);
  if (users) p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  return p;
}

async function built(dir: string, ...args: string[]) {
  return runBuiltSpecver(args, { cwd: dir, env: { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
}

const templateRepository = repositoryTemplates();
/** releasedProject with both specs, initialised at 1.0.0 and committed nothing yet: built once, copied per test. */
const initialised = () =>
  templateRepository('initialised', async (t) => {
    releasedProject('', true, t);
    assert.is((await built(t.dir, 'init', '--initial-version', '1.0.0')).exitCode, 0);
  });

test('each version is tagged on the commit that released it, not on HEAD; tags that exist are left alone and listed', async () => {
  const p = await initialised();
  const init = gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'init'], ['rev-parse', 'HEAD']]);
  p.write('.specver/changesets/brave-lion-jump.md', '---\n"petstore": minor\n---\n\nDocs\n');
  assert.is((await built(p.dir, 'version')).exitCode, 0);
  const release = gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'release petstore 1.1.0'], ['rev-parse', 'HEAD']]);
  // Work after the release, and a users tag someone already put elsewhere by hand.
  p.write('README.md', 'later\n');
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'later work'], ['tag', 'users@1.0.0', release]]);

  const dry = await built(p.dir, 'tag', '--dry-run', '--json');
  assert.is(dry.exitCode, 0, dry.stderr);
  assertValidOutput('tag.schema.json', dry.json());
  assert.equal(dry.json().tags.map((t: { tag: string; commit?: string; existed: boolean }) => [t.tag, t.commit, t.existed]), [['petstore@1.1.0', release, false], ['users@1.0.0', undefined, true]]);
  assert.is(git(p.dir, 'tag', '--list'), 'users@1.0.0', '--dry-run creates nothing');

  const r = await built(p.dir, 'tag');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.stdout, `created petstore@1.1.0 on ${release.slice(0, 12)}, the commit that released it\nusers@1.0.0 exists already: left as it is\nPush them: git push origin petstore@1.1.0\n`);
  // petstore@1.1.0 annotated (a tag object) on the release; users@1.0.0 still the lightweight tag on it, not moved.
  const tags = git(p.dir, 'for-each-ref', '--format=%(refname:strip=2) %(objecttype) %(if)%(*objectname)%(then)%(*objectname)%(else)%(objectname)%(end)', 'refs/tags');
  assert.is(tags, `petstore@1.1.0 tag ${release}\nusers@1.0.0 commit ${release}`);
  assert.not.equal(release, init);
});

test('a release not committed yet, or beyond a shallow clone\'s history, stops the run with exit 2 and no tag', async () => {
  const p = await initialised();
  const noCommit = await built(p.dir, 'tag');
  assert.is(noCommit.exitCode, 2, noCommit.stderr);
  assert.match(noCommit.stderr, /^specver: petstore@1\.0\.0 is not released in a commit yet/);
  gitScript(p.dir, [['add', 'api'], ['commit', '-q', '-m', 'specs only']]);
  let r = await built(p.dir, 'tag');
  assert.is(r.exitCode, 2);
  assert.is(r.stderr, 'specver: petstore@1.0.0 is not released in a commit yet: no commit of HEAD\'s history adds .specver/snapshots/petstore@1.0.0.yaml\nhint: commit the release (the files specver version wrote), then run specver tag again\n');
  assert.is(git(p.dir, 'tag', '--list'), '');

  const release = gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'init'], ['rev-parse', 'HEAD']]);
  p.write('README.md', 'later\n');
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'later work']]);
  const clone = emptyProject('specver-tag-shallow-');
  git(clone.dir, 'clone', '-q', '--depth', '1', `file://${p.dir}`, 'repo');
  r = await built(join(clone.dir, 'repo'), 'tag');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: petstore@1\.0\.0: this clone is shallow, so the commit that released it is not known \(its history stops at [0-9a-f]{12}\)\nhint: fetch the whole history/);
  assert.is(git(join(clone.dir, 'repo'), 'tag', '--list'), '');
  // Fetched down to the release's parent, the release is known (a commit whose parent is missing is not), and
  // the tag goes on it.
  git(join(clone.dir, 'repo'), 'fetch', '-q', '--depth', '2');
  assert.is((await built(join(clone.dir, 'repo'), 'tag')).exitCode, 2);
  git(join(clone.dir, 'repo'), 'fetch', '-q', '--depth', '3');
  r = await built(join(clone.dir, 'repo'), 'tag');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(git(join(clone.dir, 'repo'), 'rev-parse', 'petstore@1.0.0^{commit}'), release);
});

test('fixed versioning: a contract added after the release does not move the tag of that version', async () => {
  const p = releasedProject('specver-tag-fixed-later-', false);
  assert.is((await built(p.dir, 'init', '--versioning', 'fixed', '--initial-version', '2.0.0')).exitCode, 0, 'init');
  const release = gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'release 2.0.0'], ['rev-parse', 'HEAD']]);
  p.write('api/users.yaml', SPEC.replace('title: Petstore', 'title: Users'));
  const added = await built(p.dir, 'contract', 'add', 'api/users.yaml', '--name', 'users');
  assert.is(added.exitCode, 0, added.stderr);
  gitScript(p.dir, [['add', '-A'], ['commit', '-q', '-m', 'add users']]);
  const r = await built(p.dir, 'tag', '--json');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(r.json().tags, [{ tag: 'v2.0.0', contracts: ['petstore', 'users'], version: '2.0.0', created: true, existed: false, commit: release }]);
});

test.run();
