/**
 * Child process for crash and concurrency tests: runs `specver version` (the command module, as the CLI
 * does) in the project argv[2]. Modes (argv[3]):
 * - `kill:<step>:<delayMs>`: SIGKILL itself `delayMs` after the step named <step> begins (0: at once),
 *   so the kill lands inside that step's write, not only at a boundary.
 * - `pause:<step>`: at <step>, create `<root>/.paused` and wait until `<root>/.go` exists, then carry on
 *   (holds the lock meanwhile: lets a test start a second run deterministically).
 * Prints the exit code it would have returned.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../../src/cli/commands/version.ts';
import { capturedContext } from '../../versioning/helpers/captured-context.ts';

const [root, mode] = process.argv.slice(2) as [string, string];
const [kind, step, delay] = mode.split(':') as [string, string, string | undefined];
const { ctx, stderr } = capturedContext(root);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
}).catch((error: { exitCode?: number; message: string }) => {
  process.stderr.write(`${error.message}\n`);
  return error.exitCode ?? 3;
});
process.stderr.write(stderr());
console.log(`exit ${code}`);
