/**
 * Finds the spec files of a project for `specver init`: every YAML/JSON file whose kind is detected,
 * minus the files that are parts of another spec (reached from it through relative `$ref`s).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isSpecverError } from '../errors.ts';
import { isReallyInside } from '../store/safe-path.ts';
import { readRegularFile } from '../store/safe-read.ts';
import { detectKindOrExplain } from '../load/detect.ts';
import { parseSource } from '../load/parse-source.ts';
import type { SpecKind } from '../load/types.ts';
import { isInside } from './load-config.ts';
import { uniqueNames } from './contract-names.ts';
import { isRecord } from '../toolkit/values.ts';

/** Directories never scanned: dependencies, VCS data, specver's own state, build output. Hidden ones too. */
export const SKIPPED_DIRS = new Set(['node_modules', '.git', '.specver', 'dist', 'build']);

const SPEC_EXTENSION = /\.(ya?ml|json)$/i;
/** Cheap pre-check before parsing: a spec mentions one of these (or is named *.schema.*). */
const SPEC_MARKER = /openapi|swagger|\$schema/;
const SCHEMA_FILE_NAME = /\.schema\.(json|ya?ml)$/i;
/** Files larger than this are not specs worth guessing at (lock files, data dumps). */
const MAX_CANDIDATE_BYTES = 50 * 1024 * 1024;

export interface DiscoveredSpec {
  name: string;
  /** Relative to the scanned root, forward slashes. */
  path: string;
  absolutePath: string;
  kind: SpecKind;
  /** Other files of the spec reached through relative $refs (relative paths), when it is multi-file. */
  parts: string[];
  /** An OpenAPI document's `info.version` as written, when it is a string (where `init` may start the contract). */
  infoVersion?: string;
}

export interface DiscoverOptions {
  /** Names already in use (for `contract add` style uniqueness). */
  takenNames?: Iterable<string>;
  /** Notes about skipped files (unparsable, too large), for --verbose. */
  debug?: (line: string) => void;
  /** Files that look like specs but are skipped (unsupported version, syntax error): `<path>[:line]: <reason>`. */
  skipped?: (path: string, message: string) => void;
}

/** Top-level keys that make a document look like a spec, supported or not. */
const SPEC_KEYS = ['openapi', 'swagger', 'swaggerVersion', '$schema'];

async function walk(root: string, dir: string, found: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
      await walk(root, join(dir, entry.name), found);
    } else if (entry.isFile() && SPEC_EXTENSION.test(entry.name) && !entry.name.startsWith('.')) {
      found.push(join(dir, entry.name));
    }
  }
}

/** Relative `$ref` targets (absolute file paths) written anywhere in a parsed document. */
export function relativeRefTargets(data: unknown, file: string): string[] {
  const targets = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const filePart = value.split('#')[0]!;
        if (filePart !== '' && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(filePart)) {
          let decoded = filePart;
          try {
            decoded = decodeURI(filePart);
          } catch {
            // keep the raw text: a malformed escape is still a plausible file name
          }
          targets.add(resolve(dirname(file), decoded));
        }
      } else visit(value);
    }
  };
  visit(data);
  return [...targets];
}

function looksLikeSpec(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && SPEC_KEYS.some((key) => key in data);
}

/** An oversized candidate is skipped quietly (it is no hand-written spec); other failures are reported. */
function tooLargeIsNull(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'EFBIG') return null;
  throw error;
}

interface ParsedFile {
  data: unknown;
  kind?: SpecKind;
}

/** Scans `root` for spec files; returns one entry per contract, sorted by path. */
export async function discoverSpecs(root: string, options: DiscoverOptions = {}): Promise<DiscoveredSpec[]> {
  const files: string[] = [];
  await walk(root, root, files);
  const parsed = new Map<string, ParsedFile | null>();
  const rel = (file: string) => relative(root, file).split(sep).join('/');

  const parse = async (file: string, requireMarker: boolean): Promise<ParsedFile | null> => {
    if (parsed.has(file)) return parsed.get(file)!;
    let result: ParsedFile | null = null;
    try {
      // Only regular files really inside the root (a $ref may lead through a symlink, or to a FIFO).
      const inside = isReallyInside(root, file);
      const text = inside ? await readRegularFile(file, { limit: MAX_CANDIDATE_BYTES, shown: rel(file) }).catch(tooLargeIsNull) : null;
      if (text === null) {
        options.debug?.(`skipped ${rel(file)}: ${inside ? `larger than ${MAX_CANDIDATE_BYTES / 1024 / 1024} MB` : 'leads outside the project root (through a symlink)'}`);
      } else {
        // Not a spec: not parsed now, but it may still be parsed later as a $ref target.
        if (requireMarker && !SPEC_MARKER.test(text) && !SCHEMA_FILE_NAME.test(file)) return null;
        const source = parseSource(text, file, { displayPath: rel(file) });
        const { kind, problem } = detectKindOrExplain(source.data, file);
        result = { data: source.data, kind };
        if (requireMarker && problem && looksLikeSpec(source.data)) options.skipped?.(rel(file), `${rel(file)}: ${problem}`);
      }
    } catch (error) {
      if (requireMarker) options.skipped?.(rel(file), isSpecverError(error) ? error.located : `${rel(file)}: ${(error as Error).message}`);
      else options.debug?.(`skipped ${rel(file)}: ${(error as Error).message}`);
    }
    parsed.set(file, result);
    return result;
  };

  const candidates: { file: string; kind: SpecKind; infoVersion?: string }[] = [];
  for (const file of files.sort()) {
    const result = await parse(file, true);
    if (result?.kind) candidates.push({ file, kind: result.kind, ...infoVersionOf(result) });
  }

  // Files reachable from each candidate through relative $refs (any file, spec-looking or not).
  const reach = new Map<string, Set<string>>();
  for (const { file } of candidates) {
    const reached = new Set<string>();
    const queue = [file];
    while (queue.length > 0) {
      const current = queue.pop()!;
      const result = await parse(current, false);
      if (!result) continue;
      for (const target of relativeRefTargets(result.data, current)) {
        if (target === file || reached.has(target) || !isInside(root, target) || !existsSync(target)) continue;
        reached.add(target);
        queue.push(target);
      }
    }
    reach.set(file, reached);
  }

  // An OpenAPI document outranks a schema; then the earlier path wins (for files that reference each other).
  const rank = (c: { file: string; kind: SpecKind }) => `${c.kind.format === 'openapi' ? 0 : 1}${c.file}`;
  const roots = candidates.filter((candidate) =>
    !candidates.some(
      (other) =>
        other !== candidate &&
        reach.get(other.file)!.has(candidate.file) &&
        (!reach.get(candidate.file)!.has(other.file) || rank(other) < rank(candidate)),
    ),
  );

  const paths = roots.map((c) => rel(c.file));
  const names = uniqueNames(paths, options.takenNames);
  return roots.map((c, index) => ({
    name: names[index]!,
    path: paths[index]!,
    absolutePath: c.file,
    kind: c.kind,
    parts: [...reach.get(c.file)!].map(rel).sort(),
    ...(c.infoVersion !== undefined ? { infoVersion: c.infoVersion } : {}),
  }));
}

function infoVersionOf(result: ParsedFile): { infoVersion?: string } {
  if (result.kind?.format !== 'openapi' || !isRecord(result.data)) return {};
  const info = result.data.info;
  const version = isRecord(info) ? info.version : undefined;
  return typeof version === 'string' ? { infoVersion: version } : {};
}

