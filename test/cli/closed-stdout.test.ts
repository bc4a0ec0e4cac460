import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventEmitter } from 'node:events';
import { closedPipeTolerant } from '../../src/cli/closed-stdout.ts';

function pipe(fail: (chunk: string) => Error | undefined) {
  const stream = Object.assign(new EventEmitter(), {
    written: [] as string[],
    write(chunk: string) {
      const error = fail(chunk);
      if (error) throw error;
      stream.written.push(chunk);
      return true;
    },
  });
  return stream;
}
const epipe = () => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });

test('a reader that closed the pipe (EPIPE event): later writes are dropped quietly', () => {
  const stream = pipe(() => undefined);
  const out = closedPipeTolerant(stream);
  out.write('first\n');
  stream.emit('error', epipe());
  out.write('second\n');
  assert.equal(stream.written, ['first\n']);
});

test('a synchronous EPIPE is swallowed too; any other write error still surfaces', () => {
  const closed = closedPipeTolerant(pipe((chunk) => (chunk === 'b' ? epipe() : undefined)));
  closed.write('a');
  assert.not.throws(() => closed.write('b'));
  assert.not.throws(() => closed.write('c'));
  const broken = closedPipeTolerant(pipe(() => Object.assign(new Error('no space'), { code: 'ENOSPC' })));
  assert.throws(() => broken.write('x'), /no space/);
  const emitter = pipe(() => undefined);
  closedPipeTolerant(emitter);
  assert.throws(() => emitter.emit('error', Object.assign(new Error('boom'), { code: 'EIO' })), /boom/);
});

test.run();
