/** The regular-file reader: devices, FIFOs, directories and oversized files are refused without blocking. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readOptionalRegularFile, readRegularFile, readRegularFileSync } from '../../src/store/safe-read.ts';
import { cleanupProjects, emptyProject } from '../helpers/temp-project.ts';

const options = (shown: string, limit = 1024) => ({ limit, shown });

async function refusal(path: string, limit = 1024): Promise<{ async: Error; sync: Error }> {
  const sync = (() => {
    try {
      readRegularFileSync(path, options('f', limit));
    } catch (error) {
      return error as Error;
    }
    throw new Error('sync read was not refused');
  })();
  const failed = await readRegularFile(path, options('f', limit)).then(
    () => assert.unreachable('async read was not refused'),
    (error: Error) => error,
  );
  return { async: failed as Error, sync };
}

test('reads regular files whole, as UTF-8, up to and including the limit', async () => {
  const p = emptyProject('specver-safe-read-');
  const text = 'héllo\n'.repeat(100);
  p.write('a.txt', text);
  const bytes = Buffer.byteLength(text);
  assert.is(await readRegularFile(p.path('a.txt'), options('a.txt', bytes)), text);
  assert.is(readRegularFileSync(p.path('a.txt'), options('a.txt', bytes)), text);
  p.write('empty', '');
  assert.is(await readRegularFile(p.path('empty'), options('empty')), '');
});

test('a file over the limit, a directory, a device and a FIFO are exit-2 errors with a code', async () => {
  const p = emptyProject('specver-safe-read-');
  writeFileSync(p.path('big'), 'x'.repeat(1025));
  mkdirSync(p.path('dir'));
  assert.is(spawnSync('mkfifo', [p.path('fifo')]).status, 0);
  for (const [path, code, message] of [
    [p.path('big'), 'EFBIG', /^f is too large \(over 1024 bytes/],
    [p.path('dir'), 'EISDIR', /^f is a directory, not a file$/],
    ['/dev/zero', 'ENOTREG', /^f is a device, not a regular file$/],
    ['/dev/urandom', 'ENOTREG', /^f is a device, not a regular file$/],
    [p.path('fifo'), 'ENOTREG', /^f is a FIFO, not a regular file$/],
  ] as const) {
    for (const error of Object.values(await refusal(path))) {
      assert.is((error as { exitCode?: number }).exitCode, 2, path);
      assert.is((error as NodeJS.ErrnoException).code, code, path);
      assert.match(error.message, message);
    }
  }
});

test('a missing file keeps its ENOENT error; readOptionalRegularFile maps it to null', async () => {
  const p = emptyProject('specver-safe-read-');
  const { async, sync } = await refusal(p.path('missing'));
  assert.is((async as NodeJS.ErrnoException).code, 'ENOENT');
  assert.is((sync as NodeJS.ErrnoException).code, 'ENOENT');
  assert.is(await readOptionalRegularFile(p.path('missing'), options('missing')), null);
  mkdirSync(p.path('dir'));
  await readOptionalRegularFile(p.path('dir'), options('dir')).then(
    () => assert.unreachable(),
    (error: Error) => assert.match(error.message, /is a directory/),
  );
});

test.after(() => cleanupProjects());
test.run();
