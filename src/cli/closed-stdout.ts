/**
 * A reader that stops early (`specver diff | head -1`) closes the pipe: writing then fails with EPIPE. That is
 * not an error of specver's: the rest of the output is dropped quietly and the command ends with its usual
 * exit code (0, or 1 from the gate), never a stack or an "internal error".
 */
import type { EventEmitter } from 'node:events';

interface WritableStdout extends EventEmitter {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** `stream`, guarded: after EPIPE (reported as an error event, or thrown by a synchronous write) writes are dropped. */
export function closedPipeTolerant(stream: WritableStdout): { write(chunk: string): unknown; readonly isTTY?: boolean } {
  let closed = false;
  const isClosedPipe = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';
  stream.on('error', (error: unknown) => {
    if (isClosedPipe(error)) closed = true;
    else throw error;
  });
  return {
    get isTTY() {
      return stream.isTTY;
    },
    write(chunk: string) {
      if (closed) return true;
      try {
        return stream.write(chunk);
      } catch (error) {
        if (!isClosedPipe(error)) throw error;
        closed = true;
        return true;
      }
    },
  };
}
