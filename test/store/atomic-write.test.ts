import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cleanStaleTempFiles, removeFileIfExists, tempPathFor, writeFileAtomic } from '../../src/store/atomic-write.ts';
import { emptyProject } from '../helpers/temp-project.ts';

test('writeFileAtomic creates parent directories, writes the data and leaves no temp file', async () => {
  const project = emptyProject();
  const target = project.path('a/b/c.json');
  await writeFileAtomic(target, '{"x":1}\n');
  assert.is(readFileSync(target, 'utf8'), '{"x":1}\n');
  await writeFileAtomic(target, 'second\n');
  assert.is(readFileSync(target, 'utf8'), 'second\n');
  assert.equal(readdirSync(project.path('a/b')), ['c.json']);
});

test('a failed write removes its temp file and keeps the old content', async () => {
  const project = emptyProject();
  project.write('dir/file.txt', 'old');
  // Renaming a file over a non-empty directory fails after the temp file was written.
  mkdirSync(project.path('dir/target'));
  writeFileSync(project.path('dir/target/inner'), 'x');
  await writeFileAtomic(project.path('dir/target'), 'new').then(
    () => assert.unreachable('should fail'),
    (error: NodeJS.ErrnoException) => assert.ok(error.code, 'a file system error'),
  );
  assert.equal(readdirSync(project.path('dir')).sort(), ['file.txt', 'target']);
  assert.is(project.read('dir/file.txt'), 'old');
});

test('a write that fails after its temp file was opened removes the temp file and keeps the old content', async () => {
  const project = emptyProject();
  project.write('dir/file.txt', 'old');
  // Not a string or bytes: the temp file exists, then writing to it throws.
  await writeFileAtomic(project.path('dir/file.txt'), 42 as never).then(
    () => assert.unreachable('should fail'),
    (error: Error) => assert.instance(error, TypeError),
  );
  assert.equal(readdirSync(project.path('dir')), ['file.txt']);
  assert.is(project.read('dir/file.txt'), 'old');
});

test('temp files are named .<name>.<pid>.<random>.tmp beside the target', () => {
  const temp = tempPathFor('/x/y/versions.json');
  assert.match(temp, new RegExp(`^/x/y/\\.versions\\.json\\.${process.pid}\\.[0-9a-f]{12}\\.tmp$`));
  assert.is.not(tempPathFor('/x/y/versions.json'), temp);
});

test('cleanStaleTempFiles removes old temp files of other processes only', async () => {
  const project = emptyProject();
  project.write('s/.versions.json.99999999.abcdef.tmp', 'partial');
  project.write(`s/.pre.json.${process.pid}.abcdef.tmp`, 'mine');
  project.write('s/versions.json', '{}');
  // The clock is the temp file's own time: "just written" and "two minutes later", however slow the machine.
  const written = statSync(project.path('s/.versions.json.99999999.abcdef.tmp')).mtimeMs;
  assert.equal(await cleanStaleTempFiles(project.path('s'), written), [], 'a fresh temp file may be a write in progress');
  const later = written + 120_000;
  assert.equal(await cleanStaleTempFiles(project.path('s'), later), ['.versions.json.99999999.abcdef.tmp']);
  assert.equal(readdirSync(project.path('s')).sort(), [`.pre.json.${process.pid}.abcdef.tmp`, 'versions.json']);
  assert.equal(await cleanStaleTempFiles(project.path('missing')), []);
});

test('removeFileIfExists reports whether it removed something', async () => {
  const project = emptyProject();
  project.write('f', 'x');
  assert.is(await removeFileIfExists(project.path('f')), true);
  assert.is(await removeFileIfExists(project.path('f')), false);
});

test.run();
