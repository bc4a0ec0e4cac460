/**
 * Child process for the kill -9 test: runs `specver version` in the project given as argv[2] and sends
 * itself SIGKILL right before the step named argv[3] (no cleanup, no finally blocks: a real kill).
 */
import { run } from '../../../src/cli/commands/version.ts';
import { capturedContext } from './captured-context.ts';

const [root, killAt] = process.argv.slice(2) as [string, string];
const { ctx } = capturedContext(root);
await run(ctx, {}, {
  onStep: (step) => {
    if (step === killAt) process.kill(process.pid, 'SIGKILL');
  },
});
console.log('finished without being killed');
