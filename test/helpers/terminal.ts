/** An interactive context whose prompts are driven through in-memory streams (clack reads and writes them). */
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { createContext } from '../../src/cli/context.ts';
import { SAFETY_MS } from './child.ts';

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
    /** Resolves once the screen shows `pattern` (checked on every write, not on a timer). */
    async waitFor(pattern: RegExp) {
      if (!pattern.test(screen)) {
        await new Promise<void>((resolve, reject) => {
          // Only a safety net against a hang; it asserts no speed.
          const timer = setTimeout(() => reject(new Error(`the screen never showed ${pattern}: ${JSON.stringify(screen)}`)), SAFETY_MS);
          const check = () => {
            if (!pattern.test(screen)) return;
            clearTimeout(timer);
            stdout.off('data', check);
            resolve();
          };
          stdout.on('data', check);
        });
      }
      assert.match(screen, pattern, JSON.stringify(screen));
    },
    type: (keys: string) => stdin.write(keys),
  };
}
