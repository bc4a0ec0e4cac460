#!/usr/bin/env node
/** Entry point of the `specver` bin: the only place that touches process.exitCode. */
import { runCli } from './cli/run.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  streams: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
});
