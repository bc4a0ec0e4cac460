/**
 * Resolves `$ref`s of a parsed root file into one document, in four steps:
 *
 * 1. collect-ref-files.ts reads every local file reachable through `$ref`s (confined to the project root, never
 *    fetching http(s)) and works out the target each ref names;
 * 2. locate-ref.ts follows a ref to the node it names, and to where a chain of refs finally leads; every target
 *    is found before anything moves;
 * 3. replace-refs.ts puts each target in place of its `$ref` object (a target used in several places is one
 *    shared object, circular refs become object cycles, no node is copied), and merge-sibling-refs.ts makes a
 *    new object for each `$ref` with sibling keywords;
 * 4. ref-origins.ts answers where a node of the result was written, on first use, and shared-nodes.ts names
 *    the nodes the result holds in more than one place.
 *
 * Each SourceFile's `data` then re-parses its text on first read (consume-data.ts), so lint still sees the refs
 * as written. (json-schema-ref-parser does this job too, but is several times slower on large single-file specs,
 * cannot resolve `$id` refs inside one file and does not know the line of a broken `$ref`.)
 */
import { collectRefFiles } from './collect-ref-files.ts';
import { consumeData } from './consume-data.ts';
import { refLocator } from './locate-ref.ts';
import { mergeSiblingRefs } from './merge-sibling-refs.ts';
import { refOrigins } from './ref-origins.ts';
import { replaceRefs } from './replace-refs.ts';
import { sharedNodesOf } from './shared-nodes.ts';
import { toPointer } from '../toolkit/json-pointer.ts';
import type { Located } from './ref-scan.ts';
import type { RefContext } from './ref-targets.ts';
import type { NodeOrigin, SourceFile } from './types.ts';

export type { Located } from './ref-scan.ts';

export interface ResolveOptions extends RefContext {
  /** false: only read the files and locate targets (for bundling); the parsed data stays as written. */
  dereference?: boolean;
  /** Reads and parses a referenced file; throws on a missing or unreadable file. */
  readSource(absolutePath: string): Promise<SourceFile>;
  /**
   * Keep going (lint): a referenced file that cannot be read or parsed does not fail the load; the refs to it
   * stay unresolved, and `targetOf` throws, for each, the error naming that ref.
   */
  keepGoing?: boolean;
}

/** One `$ref` as the loader found it: where it is written and what it says. */
export interface RefSiteInfo {
  refObject: object;
  ref: string;
  /** Absolute path of the file it is written in. */
  file: string;
  /** Pointer of the object holding the `$ref` in that file. */
  readonly pointer: string;
}

export interface ResolvedDocument {
  document: unknown;
  files: Map<string, SourceFile>;
  /** Where a node was written; `at`, the pointer the caller reached it by, spares the table when it is there. */
  origin(node: object, at?: string): NodeOrigin | undefined;
  /** Where key `key` of a node was written: for a merged `$ref`, in the target unless the key is a sibling. */
  keyOrigin(node: object, key: string, at?: string): NodeOrigin | undefined;
  /** Where a `$ref` object of a parsed file points (one step); undefined for an opaque URL ref or a non-ref. */
  targetOf(refObject: object): Located | undefined;
  /** The nodes of `document` reachable along more than one path (shared-nodes.ts); undefined: any node may be. */
  sharedNodes?: ReadonlySet<object>;
  /** Every `$ref` the loader follows (never one inside an example or default value), in the order found. */
  refSites(): RefSiteInfo[];
  /** The absolute URL (with its fragment) an opaque `{ $ref }` left in the document names, resolved against its base. */
  refUrl(refObject: object): string | undefined;
}

/** An opaque ref is named by the URL it resolves to, so `ava.json` beside an `$id` equals the absolute URL it names. */
function refUrlOf(sites: Awaited<ReturnType<typeof collectRefFiles>>['sites'], refObject: object): string | undefined {
  const target = sites.get(refObject)?.target;
  if (target?.kind !== 'uri') return undefined;
  let uri = target.uri;
  try {
    uri = new URL(uri).href;
  } catch {
    // kept as written
  }
  return target.fragment ? `${uri}#${target.fragment}` : uri;
}

export async function resolveRefs(root: SourceFile, options: ResolveOptions): Promise<ResolvedDocument> {
  const graph = await collectRefFiles(root, options);
  const { files, sites } = graph;
  const locator = refLocator(graph, options.display);
  const targetOf = (refObject: object) => {
    const site = sites.get(refObject);
    return site && locator.locate(site);
  };
  // A site's pointer is built when read: lint reads it only for the refs it reports.
  const refSites = (): RefSiteInfo[] =>
    [...sites].map(([refObject, site]) => ({
      refObject,
      ref: site.ref,
      file: site.file,
      get pointer() {
        return toPointer(site.segments);
      },
    }));
  const refUrl = (refObject: object) => refUrlOf(sites, refObject);

  if (options.dereference === false) return { document: root.data, files, origin: () => undefined, keyOrigin: () => undefined, targetOf, refSites, refUrl };

  const { replacement, merges, viaMerged } = replaceRefs(root, sites, locator);
  const merged = mergeSiblingRefs(replacement, root.path, merges, viaMerged);
  // The parsed data now holds the resolved document: each file hands back a fresh parse of its text instead.
  for (const source of files.values()) consumeData(source);
  const { origin, keyOrigin } = refOrigins(root, files, replacement, merged);
  const sharedNodes = sharedNodesOf(replacement, merged, files);
  return { document: replacement.document, files, origin, keyOrigin, targetOf, refSites, refUrl, ...(sharedNodes ? { sharedNodes } : {}) };
}
