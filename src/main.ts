#!/usr/bin/env node
/** Entry point of the `specver` bin: the only place that touches process.exitCode and process.exit. */
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
// `specver --version` alone (scripts and CI images call it to check the install) answers before loading
// commander and the CLI's modules, which cost more than Node's own start-up; runCli prints the same text.
if (argv.length === 1 && argv[0] === '--version') {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  process.stdout.write(`${pkg.version}\n`);
} else {
  await runMain();
}

async function runMain(): Promise<void> {
  const [{ interruptedExitCode, runCli }, { watchInFlight }, { closedPipeTolerant }] = await Promise.all([
    import('./cli/run.ts'),
    import('./store/in-flight.ts'),
    import('./cli/closed-stdout.ts'),
  ]);
  const input = {
    cwd: process.cwd(),
    env: process.env,
    // A terminal cannot be closed under us, and prompts need the real stream; a pipe can (`| head -1`).
    streams: {
      stdout: process.stdout.isTTY ? process.stdout : closedPipeTolerant(process.stdout),
      stderr: process.stderr,
      stdin: process.stdin,
    },
  };
  // Ctrl-C or SIGTERM (a cancelled CI job) while files are in flight (temp files, the lock): tidy them, then
  // exit 130 / 143. Otherwise both keep their default action, which stops even a long computation at once (a
  // shell reports 130 / 143); prompts read Ctrl-C as a key and cancel (exit 4).
  const onSignal = (signal: NodeJS.Signals) => {
    process.exitCode = interruptedExitCode(argv, input, signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
    process.exit();
  };
  watchInFlight((busy) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) busy ? process.on(signal, onSignal) : process.off(signal, onSignal);
  });
  process.exitCode = await runCli(argv, input);
}
