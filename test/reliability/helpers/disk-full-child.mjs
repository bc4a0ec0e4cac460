/**
 * Child entry of the disk-full cases: the hostile-files test starts it inside a private mount namespace with a
 * small tmpfs mounted at argv[2], where it makes each case's project. It runs the built CLI (dist/, the bundle
 * the bin loads, with its code cache) in this process: no TypeScript loader, nothing compiled at start.
 * stdin: JSON `{ files, cases }`: the base project's files, and per case `{ name, files, spare, argv }` (the
 * files written over the base, then the disk filled up to about `spare` free bytes). stdout: one JSON line,
 * per case `{ name, exit, stdout, stderr, changed }`, `changed` naming the files the run added, removed or
 * changed. The test asserts on them.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIn, loadCachedBundle } from '../../../dist/cli/cached-bundle.js';

const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
const { runCli } = loadCachedBundle(pathToFileURL(`${dist}${bundleIn(dist)}`), 'main').exports;
const mount = process.argv[2];
const { files: base, cases } = JSON.parse(readFileSync(0, 'utf8'));

function write(dir, file, content) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), content);
}

/** Every file under `dir` (relative path -> content). */
function snapshot(dir) {
  const files = new Map();
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(relative(dir, full), entry.isFile() ? readFileSync(full) : Buffer.from('not a regular file'));
    }
  };
  walk(dir);
  return files;
}

/** Fills the disk holding `dir` up, leaving about `spare` bytes free. */
function fillDisk(dir, spare) {
  writeFileSync(join(dir, 'spare.bin'), 'x'.repeat(spare));
  const fd = openSync(join(dir, 'filler.bin'), 'w');
  const chunk = Buffer.alloc(4096, 120);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if (error.code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  rmSync(join(dir, 'spare.bin'));
}

const results = [];
for (const c of cases) {
  const dir = mkdtempSync(join(mount, 'specver-disk-full-'));
  for (const [file, content] of Object.entries({ ...base, ...c.files })) write(dir, file, content);
  fillDisk(dir, c.spare);
  const before = snapshot(dir);
  let stdout = '';
  let stderr = '';
  const exit = await runCli(c.argv, {
    cwd: dir,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', SPECVER_CACHE: 'off' },
    streams: {
      stdout: { write: (s) => ((stdout += s), true), isTTY: false },
      stderr: { write: (s) => ((stderr += s), true), isTTY: false },
      stdin: Object.assign(Readable.from([]), { isTTY: false }),
    },
    now: () => new Date('2026-03-04T05:06:07Z'),
  });
  const after = snapshot(dir);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => !before.get(file)?.equals(after.get(file) ?? Buffer.alloc(0)) || !after.has(file));
  results.push({ name: c.name, exit, stdout, stderr, changed });
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify(results)}\n`);
