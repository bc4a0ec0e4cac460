/**
 * `status --since <ref>` judges only the branch's own changes: contracts whose spec files changed since
 * merge-base(<ref>, HEAD) (committed, in the work tree, or untracked), and changesets the branch added. The
 * built CLI in a temp git repository where main already holds an uncovered change and an older changeset.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gitScript, repositoryTemplates } from '../helpers/git-repo.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';
import { FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templateRepository = repositoryTemplates();

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
}

const cli = (p: TempProject, ...args: string[]) => runBuiltSpecver(args, { cwd: p.dir });

/**
 * main: the changesets fixture, then a petstore change merged without a changeset and a pending minor
 * changeset for order-event; a branch `feature` off main.
 */
function repository(): Promise<TempProject> {
  // Built once per file; each case gets a copy.
  return templateRepository('main and feature', (p) => {
    cpSync(join(FIXTURES, 'changesets/project'), p.dir, { recursive: true });
    gitScript(p.dir, [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-qm', 'init']]);
    p.write('api/petstore.yaml', p.read('api/petstore.yaml').replace('operationId: listPets', 'operationId: listPets\n      deprecated: true'));
    p.write('.specver/changesets/older-order-change.md', '---\norder-event: minor\n---\n\nAn earlier order change.\n');
    gitScript(p.dir, [['add', '-A'], ['commit', '-qm', 'merged earlier'], ['checkout', '-q', '-b', 'feature']]);
  });
}

const addStatus = (p: TempProject) =>
  p.write('schemas/order-event.schema.json', p.read('schemas/order-event.schema.json').replace('"shipped"]', '"shipped", "returned"]'));

test('an uncovered change on main is not the branch\'s: a branch that changes nothing passes with --since, not without', async () => {
  const p = await repository();
  const plain = await cli(p, 'status');
  assert.is(plain.exitCode, 1, 'plain status judges everything pending');
  assert.match(plain.stdout, /petstore has spec changes/);
  const since = await cli(p, 'status', '--since', 'main');
  assert.is(since.exitCode, 0, since.stdout + since.stderr);
  assert.not.match(since.stdout, /petstore has spec changes/);
  assert.match(since.stdout, /^Changes since main \(merge-base [0-9a-f]{12}\): no contract changed/);
});

test("the branch's spec change needs the branch's own changeset: an older pending one on main does not cover it", async () => {
  const p = await repository();
  addStatus(p); // in the work tree, not yet committed
  assert.is((await cli(p, 'status')).exitCode, 1, 'petstore, from main');
  let r = await cli(p, 'status', '--since', 'main', '--json');
  assert.is(r.exitCode, 1, r.stderr);
  const doc = r.json();
  assertValidOutput('status.schema.json', doc);
  assert.equal(doc.problems.map((x: { kind: string; contract: string }) => [x.kind, x.contract]), [['uncovered-changes', 'order-event']]);
  assert.equal(doc.since.contracts, ['order-event']);
  assert.is(doc.since.ref, 'main');
  assert.is(doc.since.mergeBase, git(p.dir, 'rev-parse', 'main').trim());
  assert.equal(doc.changesets, [], 'the changeset merged on main is not the branch\'s');

  git(p.dir, 'commit', '-qam', 'Add the returned status');
  p.write('.specver/changesets/returned-status.md', '---\norder-event: minor\n---\n\nA returned status.\n'); // untracked
  r = await cli(p, 'status', '--since', 'main', '--json');
  assert.is(r.exitCode, 0, r.stdout);
  assert.equal(r.json().changesets.map((c: { id: string }) => c.id), ['returned-status']);
});

test('a new spec file left untracked counts as changed', async () => {
  const p = await repository();
  p.write('schemas/refund.schema.json', '{"type": "object"}\n');
  const added = await cli(p, 'contract', 'add', 'schemas/refund.schema.json', '--name', 'refund');
  assert.is(added.exitCode, 0, added.stderr);
  assert.match(git(p.dir, 'status', '--porcelain'), /\?\? schemas\/refund\.schema\.json/);
  const r = await cli(p, 'status', '--since', 'main', '--json');
  assert.equal(r.json().since?.contracts, ['refund'], r.stdout + r.stderr);
});

test('bad refs and a project outside git: one line, exit 2, no stack trace', async () => {
  const p = await repository();
  let r = await cli(p, 'status', '--since', 'no-such-branch');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /^specver: unknown git ref 'no-such-branch'\nhint: /);
  r = await cli(p, 'status', '--since', '--upload-pack=touch');
  assert.is(r.exitCode, 2, r.stderr);
  rmSync(p.path('.git'), { recursive: true, force: true });
  r = await cli(p, 'status', '--since', 'main');
  assert.is(r.exitCode, 2, r.stderr);
  assert.match(r.stderr, /is not inside a git repository/, r.stderr);
  assert.not.match(r.stderr, /\n {4}at /);
});

test.run();
