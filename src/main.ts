#!/usr/bin/env node
/** Entry point of the `specver` bin: the only place that touches process.exitCode and process.exit. */
import { interruptedExitCode, runCli } from './cli/run.ts';
import { watchInFlight } from './store/in-flight.ts';

const argv = process.argv.slice(2);
const input = {
  cwd: process.cwd(),
  env: process.env,
  streams: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
};
// Ctrl-C while files are in flight (temp files, the lock): tidy them, then exit 130. Otherwise SIGINT keeps
// its default action, which stops even a long computation at once (a shell reports 130); prompts read
// Ctrl-C as a key and cancel (exit 4).
const onInterrupt = () => {
  process.exitCode = interruptedExitCode(argv, input);
  process.exit();
};
watchInFlight((busy) => (busy ? process.on('SIGINT', onInterrupt) : process.off('SIGINT', onInterrupt)));
process.exitCode = await runCli(argv, input);
