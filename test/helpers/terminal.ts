/** An interactive context whose prompts are driven through in-memory streams (clack reads and writes them). */
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { createContext } from '../../src/cli/context.ts';

export function terminal(dir: string) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let screen = '';
  // Colour codes are stripped: what matters is the text a person sees.
  stdout.on('data', (chunk: Buffer) => (screen += chunk.toString().replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')));
  const ctx = createContext(
    { cwd: dir, env: { NO_COLOR: '1' }, streams: { stdin: stdin as never, stdout: stdout as never, stderr: { write: () => true } } },
    { interactive: true },
  );
  return {
    ctx,
    screen: () => screen,
    async waitFor(pattern: RegExp) {
      for (let i = 0; i < 300 && !pattern.test(screen); i++) await new Promise((r) => setTimeout(r, 10));
      assert.match(screen, pattern, JSON.stringify(screen));
    },
    type: (keys: string) => stdin.write(keys),
  };
}
