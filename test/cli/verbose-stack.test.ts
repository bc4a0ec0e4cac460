/**
 * --verbose stack traces of the built CLI name source files (through the bundle's source map), and without a
 * map the bundle where it is installed: never the path the build's code cache was made at.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runChild } from '../helpers/child.ts';
import { emptyProject, REPO_ROOT } from '../helpers/temp-project.ts';

/**
 * `from` at `to`, file by file: hard links where the file system allows (dist/ is 13 MB; writing and removing
 * a copy of it cost more than the runs), else copies. Either way each file has a path of its own.
 */
function placeTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) placeTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** The built CLI at a new place, as an install elsewhere than the build (its code caches included). */
function installedCopy() {
  const install = emptyProject('specver-install-');
  placeTree(join(REPO_ROOT, 'dist'), join(install.dir, 'dist'));
  for (const name of ['package.json', 'rules', 'schemas', 'node_modules']) symlinkSync(join(REPO_ROOT, name), join(install.dir, name));
  return install;
}

async function verboseFailure(bin: string) {
  const project = emptyProject('specver-stack-');
  project.write('specver.yaml', 'contracts: [1\n');
  const env = { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off' };
  const child = await runChild(process.execPath, [bin, 'breaking', '--verbose'], { cwd: project.dir, env, label: 'specver breaking --verbose' });
  assert.is(child.code, 2, child.stderr);
  const frames = child.stderr.split('\n').filter((line) => /^\s+at /.test(line));
  assert.ok(frames.length > 3, child.stderr);
  return frames;
}

test('--verbose frames of the bundle name the source file and position, read from the source map', async () => {
  const install = installedCopy();
  const frames = await verboseFailure(join(install.dir, 'dist/main.cjs'));
  const first = /^\s+at parseConfigDocument \(src\/config\/load-config\.ts:(\d+):\d+\)$/.exec(frames[0]!);
  assert.ok(first, frames.join('\n'));
  const line = readFileSync(join(REPO_ROOT, 'src/config/load-config.ts'), 'utf8').split('\n')[Number(first![1]) - 1]!;
  assert.match(line, /throw new ConfigError\(`invalid YAML/, 'the mapped line is the throw');
  assert.ok(frames.some((f) => /\(src\/cli\/run\.ts:\d+:\d+\)$/.test(f)), frames.join('\n'));
  assert.not.ok(frames.some((f) => /cli-[A-Z0-9]+\.cjs/.test(f)), `a frame still names the bundle:\n${frames.join('\n')}`);
});

test('without a source map, frames name the installed bundle, not where its code cache was made', async () => {
  const install = installedCopy();
  for (const name of readdirSync(join(install.dir, 'dist'))) if (name.endsWith('.cjs.map')) rmSync(join(install.dir, 'dist', name));
  const caches = readdirSync(join(install.dir, 'dist')).filter((name) => name.endsWith('.cache'));
  assert.ok(caches.length > 0, 'the build made code caches');
  const frames = await verboseFailure(join(install.dir, 'dist/main.cjs'));
  const inBundle = frames.filter((f) => /cli-[A-Z0-9]+\.cjs:\d+:\d+\)?$/.test(f));
  assert.ok(inBundle.length > 3, frames.join('\n'));
  // A named function's frame is `at name (file:line:col)`, an anonymous one's `at file:line:col`.
  const installed = `${join(install.dir, 'dist')}/cli-`;
  for (const frame of inBundle) assert.ok(frame.includes(`(${installed}`) || frame.trimStart().startsWith(`at ${installed}`), `not the installed bundle: ${frame}`);
});

test.run();
