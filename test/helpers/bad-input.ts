/**
 * Table-driven bad-input cases: a small initialised project, a mutation of it, a command, and what the
 * command must do (exit code, one-line error naming the file, no stack trace, nothing else written).
 */
import * as assert from 'uvu/assert';
import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync, writevSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { measureCpu } from './cpu-time.ts';
import { runSpecver, type CliResult } from './run-cli.ts';
import { emptyProject, type TempProject } from './temp-project.ts';
import { assertValidOutput } from './validate-output.ts';

export const BASE_SPEC = `openapi: 3.0.3
info:
  title: Pets
  version: "1"
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: query
          schema: { type: integer, maximum: 100 }
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Pet" }
components:
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: { type: integer }
        name: { type: string }
`;

export const BASE_CONFIG = `versioning: independent
contracts:
  - name: pets
    format: openapi
    path: api/pets.yaml
changelog: CHANGELOG.md
`;

export const CHANGESET = '---\n"pets": minor\n---\n\nAdd things\n';

/** An initialised project: config, spec, versions.json at 1.0.0 and the matching snapshot. */
export function baseProject(): TempProject {
  const p = emptyProject('specver-bad-');
  p.write('specver.yaml', BASE_CONFIG);
  p.write('api/pets.yaml', BASE_SPEC);
  p.write('.specver/versions.json', '{\n  "versioning": "independent",\n  "contracts": {\n    "pets": "1.0.0"\n  }\n}\n');
  p.write('.specver/snapshots/pets@1.0.0.yaml', BASE_SPEC);
  return p;
}

/** Whether file permissions are enforced for this process (not when running as root). */
export const PERMISSIONS_ENFORCED = typeof process.getuid === 'function' ? process.getuid() !== 0 : false;

export interface BadCase {
  name: string;
  /** Files to write over the base project (text, or bytes for invalid encodings). */
  files?: Record<string, string | Uint8Array>;
  /** Extra setup (generated data, chmod, removals). */
  setup?: (p: TempProject) => void;
  argv: string[];
  exit: number;
  /** What the one-line error must say (text mode: stderr's `specver:` line; --json: error.message). */
  error?: RegExp;
  /** Files the command was asked to write (their changes are allowed); `*` allows any change. */
  writes?: string[];
  /** Why the case cannot run here (e.g. permissions are not enforced for root). */
  skipReason?: () => string | undefined;
  /** Upper bound on CPU time (not wall time: other processes share the cores), for generated large inputs. */
  maxCpuMs?: number;
  /** Extra checks on the result. */
  check?: (result: CliResult, p: TempProject) => void;
}

/** Writes bytes, or pieces of bytes one after the other (a large generated file, without joining it in memory first). */
export function writeBytes(p: TempProject, file: string, data: Uint8Array | readonly Uint8Array[]): void {
  const full = p.path(file);
  mkdirSync(dirname(full), { recursive: true });
  if (!Array.isArray(data)) return writeFileSync(full, data as Uint8Array);
  const fd = openSync(full, 'w');
  try {
    // At most 1,024 pieces per call (the system's IOV_MAX); a short write (a full disk) fails the test.
    for (let i = 0; i < data.length; i += 1024) {
      const batch = data.slice(i, i + 1024) as Uint8Array[];
      const size = batch.reduce((sum, piece) => sum + piece.length, 0);
      const written = writevSync(fd, batch);
      if (written !== size) throw new Error(`${file}: wrote ${written} of ${size} bytes`);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Files over 1 MiB (generated large specs) are held unchanged by their identity, not read (TempProject.snapshot).
 * Their ctime is part of it, so a large file must not be one a case locks (readable() chmods locked files).
 */
const LARGE_FILE = 1024 * 1024;

/** Runs one case; returns undefined, or a note when it was skipped. */
export async function runBadCase(c: BadCase): Promise<string | undefined> {
  const skip = c.skipReason?.();
  if (skip) return `skipped '${c.name}': ${skip}`;
  const p = baseProject();
  try {
    for (const [file, content] of Object.entries(c.files ?? {})) {
      if (typeof content === 'string') p.write(file, content);
      else writeBytes(p, file, content);
    }
    c.setup?.(p);
    const before = readable(p, () => p.snapshot({ identityAbove: LARGE_FILE }));
    const { value: result, cpuMs } = await measureCpu(() => runSpecver(c.argv, { cwd: p.dir, now: new Date('2026-03-04T05:06:07Z') }));
    const what = `${c.name}: specver ${c.argv.join(' ')} -> ${result.exitCode}\nstdout: ${result.stdout.slice(0, 600)}\nstderr: ${result.stderr.slice(0, 600)}`;
    assert.is(result.exitCode, c.exit, what);
    assert.not.match(result.stderr + result.stdout, /\n\s+at /, `stack trace printed: ${what}`);
    if (c.maxCpuMs) assert.ok(cpuMs < c.maxCpuMs, `took ${cpuMs} ms of CPU (limit ${c.maxCpuMs}): ${what}`);
    if (c.error) {
      const json = c.argv.includes('--json') || c.argv.includes('--format=json');
      if (json) {
        const doc = result.json<{ error: { code: number; message: string } }>();
        assertValidOutput('error.schema.json', doc);
        assert.is(doc.error.code, c.exit);
        assert.match(doc.error.message, c.error, what);
        assert.not.ok(doc.error.message.includes('\n'), `multi-line message: ${what}`);
      } else {
        const lines = result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('hint: ') && !line.startsWith('specver: warning:'));
        assert.is(lines.length, 1, `expected one error line: ${what}`);
        assert.match(lines[0]!, /^specver: /, what);
        assert.match(lines[0]!, c.error, what);
      }
    }
    c.check?.(result, p);
    if (!(c.writes ?? []).includes('*')) {
      const after = readable(p, () => p.snapshot({ identityAbove: LARGE_FILE }));
      for (const file of c.writes ?? []) {
        before.delete(file);
        after.delete(file);
      }
      assert.equal([...after.keys()].sort(), [...before.keys()].sort(), `files added or removed: ${what}`);
      for (const [file, content] of before) assert.ok(after.get(file) === content, `${file} changed: ${what}`);
    }
    return undefined;
  } finally {
    unlockAll(p);
    p.remove();
  }
}

/** Snapshots a project whose files a case made unreadable: restore permissions for the read, then re-apply. */
function readable(p: TempProject, read: () => Map<string, string>): Map<string, string> {
  const locked = lockedPaths.get(p.dir) ?? [];
  for (const [file] of locked) chmodSync(file, 0o755);
  try {
    return read();
  } finally {
    for (const [file, mode] of locked) chmodSync(file, mode);
  }
}

const lockedPaths = new Map<string, Array<[string, number]>>();

/** chmod a project path, remembering it so snapshots can still read it and cleanup can remove it. */
export function lock(p: TempProject, file: string, mode = 0o000): void {
  const full = join(p.dir, file);
  chmodSync(full, mode);
  const list = lockedPaths.get(p.dir) ?? [];
  list.push([full, mode]);
  lockedPaths.set(p.dir, list);
}

/** Restores permissions of every path locked in `p` (before removal). */
export function unlockAll(p: TempProject): void {
  for (const [file] of lockedPaths.get(p.dir) ?? []) chmodSync(file, 0o755);
  lockedPaths.delete(p.dir);
}
