#!/usr/bin/env node
/**
 * Last step of `npm run build`: makes the V8 code caches of the bundled CLI for the Node that builds it, one per
 * family of commands (dist/cli-<hash>.cjs.<family>.node-<version>-<arch>.cache, read by src/cli/cached-bundle.ts).
 * For each family a fresh process loads the bundle, runs that family's commands on a copy of the bundled example
 * project, so the functions they use are compiled, and writes the cache of all of them. A fresh process each: V8 shares compiled functions between loads of one
 * source, so a second load in the same process would carry the first family's functions into its cache.
 * A cache is only ever a speed-up: under another Node the CLI makes its own in the user's cache directory.
 * Usage: node scripts/code-cache.mjs (the child form is --train <family> <project dir>).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIn, CODE_CACHE_FAMILIES, codeCacheFamily, codeCacheName, loadCachedBundle } from '../dist/cli/cached-bundle.js';

/** What each family runs, in order, on the initialised example project with a breaking and a patch change. */
const TRAINING = [
  ['--help'],
  ['lint'],
  ['lint', '--format', 'json'],
  ['diff'],
  ['diff', '--format', 'json'],
  ['breaking'],
  ['status'],
  ['diff', '--help'],
  ['changeset', '--no-interactive', '-m', 'Training run'],
  ['version', '--no-git'],
];

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');
const bundle = join(dist, bundleIn(dist));

/** Runs `argv` with the bundle in this process (output discarded); returns the exit code. */
function runner(dir) {
  const { exports: cli, createCache } = loadCachedBundle(pathToFileURL(bundle), undefined);
  const discard = { write: () => true, isTTY: false };
  const input = { cwd: dir, env: { CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off' }, streams: { stdout: discard, stderr: discard, stdin: { isTTY: false } } };
  return { run: (argv) => cli.runCli(argv, input), createCache };
}

const train = process.argv.indexOf('--train');
if (train >= 0) {
  const [family, dir] = process.argv.slice(train + 1);
  const { run, createCache } = runner(dir);
  if (family === 'prepare') {
    const code = await run(['init', '--initial-version', '1.0.0']);
    if (code !== 0) throw new Error(`specver init exited ${code} on the example project`);
    const spec = join(dir, 'api/petstore.yaml');
    const text = readFileSync(spec, 'utf8');
    writeFileSync(spec, text.replace('        maximum: 100', '        maximum: 50').replace(/summary: (.*)/, 'summary: $1 (reworded)'));
  } else {
    for (const argv of TRAINING.filter((argv) => codeCacheFamily(argv) === family)) await run(argv);
    const cache = join(dist, codeCacheName(basename(bundle), family));
    writeFileSync(`${cache}.tmp`, createCache());
    renameSync(`${cache}.tmp`, cache);
  }
} else {
  const dir = mkdtempSync(join(tmpdir(), 'specver-code-cache-'));
  try {
    cpSync(join(root, 'fixtures/projects/petstore'), dir, { recursive: true });
    for (const family of ['prepare', ...CODE_CACHE_FAMILIES]) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--train', family, dir], { stdio: 'inherit' });
      if (child.status !== 0) throw new Error(`making the code cache of '${family}' failed (exit ${child.status ?? child.signal})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`wrote the code caches of dist/${basename(bundle)}: ${CODE_CACHE_FAMILIES.join(', ')}`);
}
