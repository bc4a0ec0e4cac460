/**
 * The built-in rule files (`rules/**` JSON), one read per directory. `npm run build` writes every file of a
 * directory, parsed, into one file under `dist/rules-catalogue/`, and `dist/rules-catalogue.json` names them,
 * so a run opens a few files instead of some 800 (on slow file systems, virtual machines and container
 * volumes, those opens cost up to 100 ms of every diff), and lint reads none of the classification rules. Each
 * directory's listing is still read (one call per directory) and must match the catalogue's, so a file added
 * or removed since the build is never missed; run from `src/` (tests, tsx), or with no catalogue, the files
 * are read one by one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CATALOGUE_INDEX = fileURLToPath(new URL('../rules-catalogue.json', import.meta.url));
const CATALOGUE_DIR = fileURLToPath(new URL('../rules-catalogue/', import.meta.url));

/** A rule file: absolute path and text; `data` is its parsed JSON when the built catalogue already holds it. */
export interface BuiltInFile { path: string; text: string; data?: unknown }

/** Directory (relative to the package, `rules/openapi/classify`) -> its files as [name, text], sorted. */
export type RulesCatalogue = Record<string, Array<[string, string]>>;
/** A built catalogue file: the files of one directory as [name, parsed JSON] (parsed once, by the build). */
export type BuiltEntries = Array<[string, unknown]>;

/** Directory key -> the name of its catalogue file; null when there is no built catalogue. */
let index: Record<string, string> | null | undefined;
const loaded: Record<string, BuiltEntries> = {};

function jsonNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
}

const keyOf = (dir: string) => relative(PACKAGE_ROOT, dir).split(sep).join('/');

/** The built catalogue's files of one directory (read on first use), or undefined when it has none. */
function catalogued(dir: string, names: string[]): BuiltInFile[] | undefined {
  if (index === undefined) index = existsSync(CATALOGUE_INDEX) ? (JSON.parse(readFileSync(CATALOGUE_INDEX, 'utf8')) as Record<string, string>) : null;
  const key = keyOf(dir);
  const file = index?.[key];
  if (!file) return undefined;
  return filesFromEntries((loaded[key] ??= JSON.parse(readFileSync(join(CATALOGUE_DIR, file), 'utf8')) as BuiltEntries), dir, names);
}

/** A built catalogue file's entries as files of `dir`, or undefined when the listing `names` differs from them. */
export function filesFromEntries(entries: BuiltEntries, dir: string, names: string[]): BuiltInFile[] | undefined {
  if (entries.length !== names.length || entries.some(([name], i) => name !== names[i])) return undefined;
  // Names of a directory listing, under a directory path: joined without path.join's normalising of each.
  const prefix = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  return entries.map(([name, data]) => ({
    path: `${prefix}${name}`,
    data,
    get text() {
      return `${JSON.stringify(data, null, 2)}\n`;
    },
  }));
}

/** A directory's files as a built catalogue file holds them: [name, parsed JSON]. */
export function builtEntries(files: Array<[string, string]>): BuiltEntries {
  return files.map(([name, text]) => [name, JSON.parse(text.replace(/^\uFEFF/, ''))]);
}

/** The `.json` files of a built-in rules directory, sorted by name. */
export function builtInFiles(dir: string): BuiltInFile[] {
  const names = jsonNames(dir);
  return catalogued(dir, names) ?? names.map((name) => ({ path: join(dir, name), text: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Writes the catalogue (the build's last step): one file per directory, then the index naming them, which
 * is what a run looks for first (and what tells a complete build). Returns the number of rule files.
 */
export function writeRulesCatalogue(catalogue: RulesCatalogue, indexFile = CATALOGUE_INDEX, dir = CATALOGUE_DIR): number {
  mkdirSync(dir, { recursive: true });
  const names: Record<string, string> = {};
  for (const [key, files] of Object.entries(catalogue)) {
    names[key] = `${key.replaceAll('/', '.')}.json`;
    writeFileSync(join(dir, names[key]), JSON.stringify(builtEntries(files)));
  }
  writeFileSync(indexFile, JSON.stringify(names));
  return Object.values(catalogue).reduce((n, files) => n + files.length, 0);
}

/** Every directory under rules/ that holds JSON files, read from disk (what the build writes). */
export function readRulesCatalogue(rulesDir = join(PACKAGE_ROOT, 'rules')): RulesCatalogue {
  const catalogue: RulesCatalogue = {};
  const visit = (dir: string) => {
    const names = jsonNames(dir);
    if (names.length) catalogue[keyOf(dir)] = names.map((name) => [name, readFileSync(join(dir, name), 'utf8')]);
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) visit(join(dir, entry.name));
  };
  visit(rulesDir);
  return catalogue;
}
