#!/usr/bin/env node
/** Entry point of the `specver` bin: the only place that touches process.exitCode and process.exit. */
import { createRequire } from 'node:module';
import { codeCacheFamily, loadCachedBundle } from './cli/cached-bundle.ts';
import { cacheLocation } from './cli/cache-location.ts';

/** The bundled CLI's file name in dist/ (set by the build; undefined when running from sources). */
declare const SPECVER_CLI_BUNDLE: string | undefined;
type Cli = typeof import('./cli/entry.ts');
// Built-ins through require: an ESM import of one builds a facade of all its exports (node:fs: a few ms).
const require = createRequire(import.meta.url);

const argv = process.argv.slice(2);
// `specver --version` alone (scripts and CI images call it to check the install) answers before loading
// commander and the CLI's modules, which cost more than Node's own start-up; runCli prints the same text.
if (argv.length === 1 && argv[0] === '--version') {
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  process.stdout.write(`${pkg.version}\n`);
} else {
  runMain().catch((error: unknown) => fail('internal error', error));
}

/** An error before or outside the CLI's own reporting: one line (the stack with --verbose), exit 3. */
function fail(what: string, error: unknown, hint?: string): void {
  const verbose = argv.includes('--verbose') || argv.includes('-v');
  const why = verbose && error instanceof Error ? error.stack : error instanceof Error ? error.message : String(error);
  process.stderr.write(`specver: ${what}: ${why}\n${hint ? `hint: ${hint}\n` : ''}`);
  process.exitCode = 3;
}

async function runMain(): Promise<void> {
  let cli: Cli;
  try {
    cli = await loadCli();
  } catch (error) {
    // An incomplete install or build (dist/ without its bundle).
    return fail('cannot load its own code', error, 'reinstall specver (in a checkout: npm ci, or npm run build)');
  }
  const { interruptedExitCode, runCli, watchInFlight, closedPipeTolerant, keepYoungGenerationSmall, knownV8 } = cli;
  // A smaller peak RSS at the same speed (src/load/young-generation.ts); node:v8 is loaded on the first spec read.
  if (knownV8()) keepYoungGenerationSmall((flags) => (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flags));
  const input = {
    cwd: process.cwd(),
    env: process.env,
    // A terminal cannot be closed under us, and prompts need the real stream; a pipe can (`| head -1`).
    streams: {
      stdout: process.stdout.isTTY ? process.stdout : closedPipeTolerant(process.stdout),
      stderr: process.stderr,
      // On first use: making process.stdin loads Node's file stream modules (about 5 ms), and only prompts and a
      // spec read from `-` need it.
      get stdin() {
        return process.stdin;
      },
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

/** Built: the one-file bundle, with its code cache. From sources (under tsx): the modules themselves. */
async function loadCli(): Promise<Cli> {
  if (typeof SPECVER_CLI_BUNDLE === 'string') {
    const location = cacheLocation(process.env, process.cwd());
    const runTime = location && { dir: location.code, write: location.write };
    return loadCachedBundle<Cli>(new URL(SPECVER_CLI_BUNDLE, import.meta.url), codeCacheFamily(argv), runTime).exports;
  }
  return import('./cli/entry.ts');
}
