/**
 * Reads the pending changesets in `.specver/changesets/`, in consumption order: file modification time,
 * then name (decisions.md 5). Any unparsable file aborts the read (exit 2, file and line).
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { changesetsDir } from '../store/paths.ts';
import { assertInState } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFile } from '../store/safe-read.ts';
import { parseChangeset, type Changeset } from './changeset-file.ts';
import { compareCodePoints } from '../toolkit/values.ts';

/** Markdown files that are changesets: not hidden (temp files), not a README. */
function isChangesetFile(name: string): boolean {
  return name.endsWith('.md') && !name.startsWith('.') && name.toLowerCase() !== 'readme.md';
}

/** A changeset file or directory that cannot be read (permissions, I/O): exit 2 naming it. */
function unreadable(shown: string, error: unknown): ConfigError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? String(error));
  return new ConfigError(`cannot read ${shown}: ${reason}`, { file: shown, hint: 'check its permissions', cause: error });
}

/** Changesets read at once: thousands of pending files must not exhaust file descriptors. */
const READ_BATCH = 64;

export async function readChangesets(root: string): Promise<Changeset[]> {
  const dir = changesetsDir(root);
  let names: string[];
  try {
    assertInState(root, dir, 'changeset directory');
    names = (await readdir(dir)).filter(isChangesetFile);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw unreadable(relative(root, dir).split(sep).join('/'), error);
  }
  const readOne = async (name: string) => {
    const full = join(dir, name);
    const file = relative(root, full).split(sep).join('/');
    assertInState(root, full, 'changeset');
    const text = await readRegularFile(full, { limit: READ_LIMITS.changeset, shown: file, hint: 'a changeset is a small Markdown file; restore it from version control' }).catch((error: unknown) => {
      throw error instanceof ConfigError ? error : unreadable(file, error);
    });
    const info = await stat(full).catch((error: unknown) => {
      throw unreadable(file, error);
    });
    return { changeset: parseChangeset(text, file, name.slice(0, -'.md'.length)), mtime: info.mtimeMs, name };
  };
  const entries: Awaited<ReturnType<typeof readOne>>[] = [];
  for (let start = 0; start < names.length; start += READ_BATCH) entries.push(...(await Promise.all(names.slice(start, start + READ_BATCH).map(readOne))));
  entries.sort((a, b) => a.mtime - b.mtime || compareCodePoints(a.name, b.name));
  return entries.map((e) => e.changeset);
}

/** Files (relative to the root) of the pending changesets that name `contractName`. */
export async function changesetsNaming(root: string, contractName: string): Promise<string[]> {
  const changesets = await readChangesets(root);
  return changesets.filter((c) => c.releases.some((r) => r.contract === contractName)).map((c) => c.file);
}
