/** Environment failures (permissions, read-only or full disks) become one-line exit-2 errors naming the file. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { environmentError } from '../../src/store/io-errors.ts';

const errno = (code: string, syscall: string, path = '/p/CHANGELOG.md') => Object.assign(new Error(`${code}: x, ${syscall} '${path}'`), { code, syscall, path });

test('each environment failure is named, relative to the working directory', () => {
  for (const [code, reason] of [
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['EROFS', 'read-only file system'],
    ['ENOSPC', 'no space left on device'],
    ['EDQUOT', 'disk quota exceeded'],
  ]) {
    const error = environmentError(errno(code!, 'open'), '/p');
    assert.is(error?.exitCode, 2);
    assert.is(error?.message, `cannot write CHANGELOG.md: ${reason}`);
  }
  assert.is(environmentError(errno('ENOSPC', 'rename', '/elsewhere/x'), '/p')?.message, 'cannot write /elsewhere/x: no space left on device');
  assert.is(environmentError(errno('EACCES', 'scandir', '/p/.specver'), '/p')?.message, 'cannot access .specver: permission denied');
});

test('other errors are left alone (they are specver bugs, reported as such)', () => {
  assert.is(environmentError(errno('EBADF', 'read'), '/p'), undefined);
  assert.is(environmentError(new TypeError('x is undefined'), '/p'), undefined);
  assert.is(environmentError(Object.assign(new Error('EBADF'), { code: 'EBADF' }), '/p'), undefined);
});

test('a failed write without a path is still blamed on the environment', () => {
  assert.is(environmentError(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC', syscall: 'write' }), '/p')?.message, 'cannot write a file: no space left on device');
});

test.run();
