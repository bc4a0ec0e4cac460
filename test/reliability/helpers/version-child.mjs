/**
 * Child process for crash and concurrency tests: runs `specver version` of the built CLI (the bundle: no tsx
 * start-up or compiling in each child) in the project argv[2], through the command's onStep seam
 * (src/versioning/apply.ts). Modes (argv[3]):
 * - `kill:<step>:<delayMs>`: SIGKILL itself `delayMs` after the step named <step> begins (0: right before it),
 *   so the kill lands inside that step's write, not only at a boundary. No finally block, no exit handler runs.
 * - `pause:<step>`: at <step>, create `<root>/.paused` and wait until `<root>/.go` exists, then carry on
 *   (holds the lock meanwhile: lets a test start a second run deterministically).
 * Prints the exit code it would have returned.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, run } from './built-version.mjs';

const [root, mode] = process.argv.slice(2);
const [kind, step, delay] = mode.split(':');
let stderr = '';
const ctx = createContext(
  {
    cwd: root,
    env: { CI: 'true', NO_COLOR: '1' },
    streams: { stdout: { write: () => true }, stderr: { write: (s) => ((stderr += s), true) }, stdin: {} },
    now: () => new Date('2026-05-06T10:00:00Z'),
  },
  {},
);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const code = await run(ctx, { git: false }, {
  onStep: async (name) => {
    if (name !== step) return;
    if (kind === 'kill') {
      if (Number(delay) === 0) process.kill(process.pid, 'SIGKILL');
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), Number(delay));
    } else if (kind === 'pause') {
      writeFileSync(join(root, '.paused'), '');
      while (!existsSync(join(root, '.go'))) await sleep(20);
    }
  },
}).catch((error) => {
  process.stderr.write(`${error.message}\n`);
  return error.exitCode ?? 3;
});
process.stderr.write(stderr);
console.log(`exit ${code}`);
