/** Real-path confinement: symlinks (files, directories on the way, dangling links) are judged by target. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertInState, assertReadableInside, assertWritable, isReallyInside, realPathOf, writeProblem } from '../../src/store/safe-path.ts';
import { cleanupProjects, emptyProject } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const outside = realpathSync(tempDir('specver-outside-'));
writeFileSync(join(outside, 'file'), 'x');

function project() {
  const p = emptyProject('specver-safe-path-');
  p.write('specver.yaml', 'contracts: []\n');
  p.write('api/spec.yaml', 'openapi: 3.0.3\n');
  p.write('.specver/versions.json', '{}');
  symlinkSync(join(outside, 'file'), p.path('out-file'));
  symlinkSync(outside, p.path('out-dir'));
  symlinkSync(join(outside, 'missing'), p.path('dangling'));
  symlinkSync(p.path('api'), p.path('in-dir'));
  symlinkSync(p.path('loop'), p.path('loop'));
  return p;
}

test('realPathOf resolves existing ancestors and appends the missing rest', () => {
  const p = project();
  const root = realpathSync(p.dir);
  assert.is(realPathOf(p.path('api/spec.yaml')), join(root, 'api/spec.yaml'));
  assert.is(realPathOf(p.path('new/dir/file.md')), join(root, 'new/dir/file.md'));
  assert.is(realPathOf(p.path('out-dir/new/file.md')), join(outside, 'new/file.md'));
  assert.is(realPathOf(p.path('in-dir/spec.yaml')), join(root, 'api/spec.yaml'));
  assert.is(realPathOf(p.path('dangling')), undefined, 'a dangling link cannot be judged');
  assert.is(realPathOf(p.path('loop')), undefined, 'a symlink loop cannot be judged');
});

test('isReallyInside follows symlinks', () => {
  const p = project();
  assert.ok(isReallyInside(p.dir, p.path('api/spec.yaml')));
  assert.ok(isReallyInside(p.dir, p.path('in-dir/spec.yaml')));
  assert.ok(isReallyInside(p.dir, p.path('not/there/yet.yaml')));
  assert.not.ok(isReallyInside(p.dir, p.path('out-file')));
  assert.not.ok(isReallyInside(p.dir, p.path('out-dir/file')));
  assert.not.ok(isReallyInside(p.dir, p.path('dangling')));
  assert.not.ok(isReallyInside(p.dir, join(p.dir, '..')));
});

test('assertReadableInside throws an exit-2 error naming the file', () => {
  const p = project();
  assertReadableInside(p.dir, p.path('in-dir/spec.yaml'), 'file');
  try {
    assertReadableInside(p.dir, p.path('out-dir/file'), 'spec file');
    assert.unreachable();
  } catch (error) {
    assert.is((error as { exitCode: number }).exitCode, 2);
    assert.match((error as Error).message, /^spec file out-dir\/file leads outside the project root/);
  }
});

test('writeProblem: inside the root, outside .git/ and (when asked) .specver/, never onto a protected file', () => {
  const p = project();
  const guard = { root: p.dir, protectedFiles: [p.path('specver.yaml'), p.path('api/spec.yaml')] };
  assert.is(writeProblem(guard, p.path('CHANGELOG.md'), false), undefined);
  assert.is(writeProblem(guard, p.path('docs/new/CHANGELOG.md'), false), undefined);
  assert.is(writeProblem(guard, p.path('out-dir/CHANGELOG.md'), false), 'is outside the project root');
  assert.is(writeProblem(guard, p.path('dangling'), false), 'is a symlink that cannot be resolved');
  assert.is(writeProblem(guard, p.path('.git/hooks/pre-commit'), false), 'is inside .git/');
  assert.match(writeProblem(guard, p.path('.specver/versions.json'), false)!, /inside \.specver\//);
  assert.is(writeProblem(guard, p.path('.specver/versions.json'), true), undefined);
  assert.match(writeProblem(guard, p.path('in-dir/spec.yaml'), false)!, /is api\/spec\.yaml, which specver reads/);
  assert.match(writeProblem(guard, p.path('specver.yaml'), false)!, /is specver\.yaml/);
  assert.is(writeProblem(guard, p.dir, false), 'is the project root');
  assert.throws(() => assertWritable(guard, p.path('out-file'), 'changelog'), /refusing to write changelog out-file: it is outside the project root/);
});

test('assertInState: only what really lies in .specver/', () => {
  const p = project();
  assertInState(p.dir, p.path('.specver/versions.json'), 'state file');
  assertInState(p.dir, p.path('.specver/snapshots/new@1.0.0.yaml'), 'snapshot');
  symlinkSync(p.path('api'), p.path('.specver/snapshots'));
  assert.throws(() => assertInState(p.dir, p.path('.specver/snapshots/a@1.0.0.yaml'), 'snapshot'), /snapshot \.specver\/snapshots\/a@1\.0\.0\.yaml leads outside \.specver\//);
  mkdirSync(p.path('.specver/changesets'));
  symlinkSync(join(outside, 'file'), p.path('.specver/changesets/x.md'));
  assert.throws(() => assertInState(p.dir, p.path('.specver/changesets/x.md'), 'changeset'), /leads outside/);
});

test.after(() => cleanupProjects());
test.run();
