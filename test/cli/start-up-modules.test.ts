/**
 * What the built bin loads before it does anything: Node built-ins outside its start-up snapshot cost a few ms
 * each, so those only some commands need are loaded on first use (src/toolkit/lazy-builtins.ts, the lazy
 * process.stdin of src/main.ts, commander's child_process in scripts/bundle-cli.mjs), and promise hooks are
 * never turned on. The list is what Node records as loaded (process.moduleLoadList), not a timing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { runChild } from '../helpers/child.ts';
import { fixtureProject, REPO_ROOT } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const BIN = join(REPO_ROOT, 'dist/main.cjs');
/** Prints, at exit, the built-ins the bin loaded (stderr; stdout stays the command's). */
const LOADED_AT_EXIT = `const before = new Set(process.moduleLoadList);
process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m)))));`;
/**
 * Loaded only by what a command does (hashing, temp names, prompts, reading stdin, git); promise hooks never (an
 * AsyncLocalStorage would turn them on for every promise of the run: src/load/git-run-cache.ts).
 */
const ON_USE = ['NativeModule crypto', 'NativeModule child_process', 'NativeModule internal/fs/promises', 'NativeModule internal/fs/streams', 'NativeModule internal/promise_hooks'];

async function loadedBy(args: string[], cwd: string): Promise<string[]> {
  const child = await runChild(process.execPath, ['-e', `${LOADED_AT_EXIT}\nprocess.argv.splice(1, 0, ${JSON.stringify(BIN)}); require(${JSON.stringify(BIN)});`, '--', ...args], {
    cwd,
    env: { ...process.env, CI: 'true', SPECVER_CACHE: 'off' },
  });
  assert.is(child.code, args[0] === 'nosuchcommand' ? 2 : 0, child.stderr);
  return JSON.parse(child.stderr.slice(child.stderr.lastIndexOf('[')));
}

test('help, and a command line that names no command, load none of the built-ins only a command needs', async () => {
  const dir = tempDir();
  for (const args of [['--help'], ['diff', '--help'], ['nosuchcommand']]) {
    const loaded = await loadedBy(args, dir);
    assert.ok(loaded.length > 0, 'the probe saw no module load');
    assert.equal(ON_USE.filter((module) => loaded.includes(module)), [], `specver ${args.join(' ')}`);
  }
});

test('a comparison that writes nothing loads neither the hashing nor the worker built-ins', async () => {
  // Five contracts are compared in this process (workers start at eight); no cache, no temp file to name.
  const project = fixtureProject('petstore-initialised');
  for (const args of [['breaking'], ['diff']]) {
    const loaded = await loadedBy(args, project.dir);
    assert.ok(loaded.includes('NativeModule internal/fs/promises'), `specver ${args.join(' ')} read no file through fs/promises`);
    const unwanted = ['NativeModule crypto', 'NativeModule worker_threads', 'NativeModule child_process'];
    assert.equal(unwanted.filter((module) => loaded.includes(module)), [], `specver ${args.join(' ')}`);
  }
});

test.run();
