/**
 * Test-only entry point of the built CLI (dist/) for the kill -9 test: runs `specver version` in the current
 * directory exactly as `specver version` does, through the command's onStep seam (src/versioning/apply.ts).
 * argv: <kill step index> <extra turns>. At the start of step number <index> (0-based, counted over every
 * step this run reaches) it lets <extra turns> event-loop turns pass, so the kill lands inside the step's
 * writes, then sends itself SIGKILL: no finally block, no exit handler runs. Index -1: never killed.
 */
import { createContext, run } from './built-version.mjs';

const [killAt, turns] = process.argv.slice(2).map(Number);
const ctx = createContext({ cwd: process.cwd(), env: process.env, streams: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin } }, {});
const steps = [];

async function killAfter(count) {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
  process.kill(process.pid, 'SIGKILL');
}

const code = await run(ctx, {}, {
  onStep: (step) => {
    if (steps.length === killAt) {
      if (turns === 0) process.kill(process.pid, 'SIGKILL');
      void killAfter(turns); // the step goes on meanwhile
    }
    steps.push(step);
  },
}).catch((error) => {
  process.stderr.write(`specver: ${error.message}\n`);
  return error.exitCode ?? 3;
});
process.exitCode = code;
