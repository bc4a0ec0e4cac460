/**
 * The built-in rule files (`rules/**` JSON) in one read. `npm run build` writes `dist/rules-catalogue.json`
 * holding the text of every file, so a run opens one file instead of some 800: on slow file systems (virtual
 * machines, container volumes) those opens cost up to 100 ms of every diff. Each directory's listing is still
 * read (one call per directory) and must match the catalogue's, so a file added or removed since the build
 * is never missed; run from `src/` (tests, tsx), or with no catalogue, the files are read one by one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CATALOGUE_FILE = fileURLToPath(new URL('../rules-catalogue.json', import.meta.url));

/** A rule file: absolute path and text. */
export interface BuiltInFile { path: string; text: string }

/** Directory (relative to the package, `rules/openapi/classify`) -> its files as [name, text], sorted. */
export type RulesCatalogue = Record<string, Array<[string, string]>>;

let loaded: RulesCatalogue | null | undefined;

function jsonNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
}

const keyOf = (dir: string) => relative(PACKAGE_ROOT, dir).split(sep).join('/');

/** The files of one directory as `catalogue` has them, or undefined when its listing differs from `names`. */
export function filesFromCatalogue(catalogue: RulesCatalogue, dir: string, names: string[]): BuiltInFile[] | undefined {
  const entries = catalogue[keyOf(dir)];
  if (!entries || entries.length !== names.length || entries.some(([name], i) => name !== names[i])) return undefined;
  return entries.map(([name, text]) => ({ path: join(dir, name), text }));
}

/** The `.json` files of a built-in rules directory, sorted by name. */
export function builtInFiles(dir: string): BuiltInFile[] {
  if (loaded === undefined) loaded = existsSync(CATALOGUE_FILE) ? (JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as RulesCatalogue) : null;
  const names = jsonNames(dir);
  return (loaded && filesFromCatalogue(loaded, dir, names)) ?? names.map((name) => ({ path: join(dir, name), text: readFileSync(join(dir, name), 'utf8') }));
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
