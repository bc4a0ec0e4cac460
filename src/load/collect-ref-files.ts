/**
 * The first step of resolving `$ref`s: scan the root file for its refs, work out each ref's target, and read
 * every local file they name, then scan those in turn. http(s) refs are never fetched (refs.map entries are read
 * from their local directory instead), and every read stays confined to the project root (`readSource`).
 * Nothing is resolved yet: the parsed data stays as written, so targets can be found before anything moves.
 */
import { ConfigError } from '../errors.ts';
import { refTarget, selfBaseOf, type RefTarget } from './ref-targets.ts';
import { idRelative, idTargetOf, rootIdOf, scanFile, type Names, type RefSite } from './ref-scan.ts';
import { refErrors, type RefErrors } from './ref-errors.ts';
import type { ResolveOptions } from './resolve-refs.ts';
import type { SourceFile } from './types.ts';

/** Every file reachable through `$ref`s from a root, and every `$ref` in them. */
export interface RefGraph {
  /** By absolute path, the root first. */
  files: Map<string, SourceFile>;
  /** Each `$ref` object (of every file) -> what it says, where it is written and the target it names. */
  sites: Map<object, RefSite>;
  /** The `$id` / `$anchor` names of each file. */
  names: Map<string, Names>;
  /** Why a referenced file could not be read (keep-going mode only): its refs fail when followed. */
  unreadable: Map<string, string>;
  errors: RefErrors;
}

/** Reads breadth first, the files of one level in parallel. */
export async function collectRefFiles(root: SourceFile, options: ResolveOptions): Promise<RefGraph> {
  const files = new Map<string, SourceFile>([[root.path, root]]);
  const graph: RefGraph = { files, sites: new Map(), names: new Map(), unreadable: new Map(), errors: refErrors(files, options.display) };
  let level: SourceFile[] = [root];
  while (level.length > 0) {
    const wanted = new Map<string, RefSite[]>();
    for (const source of level) scanRefs(graph, source, options, wanted);
    const loaded = await Promise.all([...wanted].map(([file, wanting]) => readReferenced(graph, options, file, wanting)));
    level = loaded.filter((source): source is SourceFile => source !== undefined);
    for (const source of level) files.set(source.path, source);
  }
  return graph;
}

/** Records the refs of one file with their targets; a target file not read yet is added to `wanted`. */
function scanRefs(graph: RefGraph, source: SourceFile, options: ResolveOptions, wanted: Map<string, RefSite[]>): void {
  const { sites, names, files } = graph;
  const found: RefSite[] = [];
  scanFile(source, (refObject, place, first) => {
    if (!first) return sites.get(refObject)!.places.push(place);
    // Spelled out: in Node 20, properties added after a spread give each object a hidden class of its own
    // (about 8 µs each, and slow reads later), docs/performance.md.
    const site: RefSite = { ref: first.ref, segments: first.segments, base: first.base, file: source.path, places: [place], target: { kind: 'file', file: '', fragment: '' } };
    sites.set(refObject, site);
    found.push(site);
  }, names, options.display);
  // Targets are worked out once the whole file is scanned, so every `$id` in it is known.
  const rootId = rootIdOf(source.data);
  const selfBase = found.length > 0 ? selfBaseOf(source.data, source.path) : undefined;
  for (const site of found) {
    const { published, ...target }: RefTarget & { published?: RefTarget } =
      idTargetOf(site, names) ?? refTarget(site.ref, site.file, options, () => graph.errors.where(site), selfBase);
    site.target = target as RefTarget;
    if (published) site.idRelative = published;
    else if (rootId && site.target.kind === 'file' && site.target.file !== site.file) site.idRelative = idRelative(site.ref, rootId);
    const file = site.target.kind === 'file' ? site.target.file : site.target.mappedFile;
    if (file && !files.has(file)) {
      const waiting = wanted.get(file);
      if (waiting) waiting.push(site);
      else wanted.set(file, [site]);
    }
  }
}

/**
 * Reads a referenced file. When it is missing and every ref to it is relative to an http(s) `$id` (a schema
 * published at a URL, whose sibling is not vendored), those refs become opaque URL refs instead of errors.
 */
async function readReferenced(graph: RefGraph, options: ResolveOptions, file: string, wanting: RefSite[]): Promise<SourceFile | undefined> {
  try {
    return await options.readSource(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR';
    if (missing && wanting.every((site) => site.idRelative)) {
      for (const site of wanting) site.target = site.idRelative!;
      return undefined;
    }
    const site = wanting.find((s) => !s.idRelative) ?? wanting[0];
    // A refusal to read (outside the root, a directory, a device, too large) carries a code: name the $ref.
    const refused = error instanceof ConfigError && code !== undefined;
    if (options.keepGoing && error instanceof ConfigError && !missing && !refused) {
      graph.unreadable.set(file, error.message);
      return undefined;
    }
    if (!missing && error instanceof ConfigError && !refused) throw error;
    const reason = missing ? 'file not found' : refused ? error.message : oneLine(error);
    if (options.keepGoing) {
      graph.unreadable.set(file, `${reason} (${options.display(file)})`);
      return undefined;
    }
    throw graph.errors.cannotRead(site, `${reason} (${options.display(file)})`, 'fix the $ref or add the missing file', error);
  }
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}
