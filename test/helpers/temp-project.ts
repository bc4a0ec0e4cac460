/** Throw-away project directories for command tests: copy a fixture project, or write files directly. */
import { cpSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDir, removeTempDirs, tempDir } from './temp-dir.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = join(REPO_ROOT, 'fixtures');
/**
 * The shared corpus of real specs beside the checkout (SPECVER_TEST_CORPUS points elsewhere); tests reach it
 * through helpers/corpus.ts, which is never silent when it is missing.
 */
export const CORPUS = resolve(REPO_ROOT, process.env.SPECVER_TEST_CORPUS ?? '../shared/corpus');

export interface TempProject {
  dir: string;
  path(...parts: string[]): string;
  write(file: string, content: string): string;
  read(file: string): string;
  exists(file: string): boolean;
  /**
   * Every file under the project (relative path -> content), for byte-identical checks. Files larger than
   * `identityAbove` bytes stand for their identity instead (device, inode, size, change times): reading and
   * decoding tens of MB costs seconds, and no write can keep the ctime, which only the kernel sets.
   */
  snapshot(options?: { identityAbove?: number }): Map<string, string>;
  remove(): void;
}

function makeHandle(dir: string): TempProject {
  return {
    dir,
    path: (...parts) => join(dir, ...parts),
    write(file, content) {
      const full = join(dir, file);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
    read: (file) => readFileSync(join(dir, file), 'utf8'),
    exists(file) {
      try {
        statSync(join(dir, file));
        return true;
      } catch {
        return false;
      }
    },
    snapshot({ identityAbove = Infinity } = {}) {
      const files = new Map<string, string>();
      const identity = (full: string) => {
        if (identityAbove === Infinity) return undefined;
        const stat = statSync(full, { bigint: true });
        return stat.size > identityAbove ? `file ${stat.dev}:${stat.ino}, ${stat.size} bytes, mtime ${stat.mtimeNs}, ctime ${stat.ctimeNs}` : undefined;
      };
      const walk = (current: string) => {
        for (const entry of readdirSync(current, { withFileTypes: true })) {
          const full = join(current, entry.name);
          if (entry.isDirectory()) {
            if (entry.name !== '.git') walk(full);
          } else if (entry.isSymbolicLink()) files.set(relative(dir, full), `symlink -> ${readlinkSync(full)}`);
          else if (!entry.isFile()) files.set(relative(dir, full), 'not a regular file');
          else files.set(relative(dir, full), identity(full) ?? readFileSync(full, 'latin1'));
        }
      };
      walk(dir);
      return files;
    },
    remove: () => removeTempDir(dir),
  };
}

/** An empty temp directory, removed when the test file ends (helpers/temp-dir.ts). */
export function emptyProject(prefix = 'specver-test-'): TempProject {
  return makeHandle(tempDir(prefix));
}

/** A copy of fixtures/projects/<name> in a temp directory. */
export function fixtureProject(name: string): TempProject {
  const project = emptyProject(`specver-${name}-`);
  cpSync(join(FIXTURES, 'projects', name), project.dir, { recursive: true });
  return project;
}

/** Removes every temp directory made so far (for a file that wants them gone before it ends). */
export function cleanupProjects(): void {
  const failed = removeTempDirs();
  if (failed.length > 0) throw new Error(`temp directories could not be removed:\n${failed.join('\n')}`);
}
