/**
 * Resolves `$ref`s of a parsed root file into one document.
 *
 * Phase 1 (async) reads every local file reachable through `$ref`s, confined to the project root; http(s) refs
 * are never fetched (refs.map entries are read from their local directory instead). Phase 2 (sync) finds every
 * target first, then replaces each `$ref` object in place by its target: a target used in several places is one
 * shared object, circular refs become object cycles, and no node is copied (a 4 MB spec resolves in tens of ms).
 * Each SourceFile's `data` then re-parses its text on first read, so lint still sees the refs as written.
 * Origins are found on first use by walking each file along the edges it was written with.
 * (json-schema-ref-parser does this job too, but is several times slower on large single-file specs, cannot
 * resolve `$id` refs inside one file and does not know the line of a broken `$ref`.)
 */
import { ConfigError } from '../errors.ts';
import { escapeSegment, pointerSegments } from '../toolkit/json-pointer.ts';
import { refTarget, selfBaseOf, type RefContext, type RefTarget } from './ref-targets.ts';
import { mayShareNodes, parseSource } from './parse-source.ts';
import { findId, idRelative, idTargetOf, rootIdOf, scanFile, type Located, type Names, type RefPlace, type RefSite } from './ref-scan.ts';
import { toPointer } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
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
  pointer: string;
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
  /** Every `$ref` the loader follows (never one inside an example or default value), in the order found. */
  refSites(): RefSiteInfo[];
  /** The absolute URL (with its fragment) an opaque `{ $ref }` left in the document names, resolved against its base. */
  refUrl(refObject: object): string | undefined;
}

type OriginRecord = NodeOrigin | { parent: object; key: string };

const isRef = (value: unknown): value is { $ref: string } => isRecord(value) && typeof value.$ref === 'string';

export async function resolveRefs(root: SourceFile, options: ResolveOptions): Promise<ResolvedDocument> {
  const files = new Map<string, SourceFile>([[root.path, root]]);
  const sites = new Map<object, RefSite>();
  const names = new Map<string, Names>();
  /** Why a referenced file could not be read (keep-going mode only). */
  const unreadable = new Map<string, string>();

  const where = (site: Pick<RefSite, 'file' | 'segments'>) => {
    const source = files.get(site.file)!;
    return { file: options.display(site.file), line: source.lineOf(`${toPointer(site.segments)}/$ref`) };
  };
  const at = (site: Pick<RefSite, 'file' | 'segments'>) => {
    const w = where(site);
    return w.line ? `${w.file}:${w.line}` : w.file;
  };

  // Phase 1: read every file reachable through local refs, breadth first, files of one level in parallel.
  let level: SourceFile[] = [root];
  while (level.length > 0) {
    const wanted = new Map<string, RefSite[]>();
    for (const source of level) {
      const found: RefSite[] = [];
      scanFile(source, (refObject, place, first) => {
        if (!first) return sites.get(refObject)!.places.push(place);
        const site: RefSite = { ...first, file: source.path, places: [place], target: { kind: 'file', file: '', fragment: '' } };
        sites.set(refObject, site);
        found.push(site);
      }, names, options.display);
      // Targets are worked out once the whole file is scanned, so every `$id` in it is known.
      const rootId = rootIdOf(source.data);
      const selfBase = found.length > 0 ? selfBaseOf(source.data, source.path) : undefined;
      for (const site of found) {
        const { published, ...target }: RefTarget & { published?: RefTarget } = idTargetOf(site, names) ?? refTarget(site.ref, site.file, options, () => where(site), selfBase);
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
    const loaded = await Promise.all([...wanted].map(([file, wanting]) => readReferenced(file, wanting)));
    level = loaded.filter((source): source is SourceFile => source !== undefined);
    for (const source of level) files.set(source.path, source);
  }

  /**
   * Reads a referenced file. When it is missing and every ref to it is relative to an http(s) `$id` (a schema
   * published at a URL, whose sibling is not vendored), those refs become opaque URL refs instead of errors.
   */
  async function readReferenced(file: string, wanting: RefSite[]): Promise<SourceFile | undefined> {
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
        unreadable.set(file, error.message);
        return undefined;
      }
      if (!missing && error instanceof ConfigError && !refused) throw error;
      const reason = missing ? 'file not found' : refused ? error.message : oneLine(error);
      if (options.keepGoing) {
        unreadable.set(file, `${reason} (${options.display(file)})`);
        return undefined;
      }
      throw new ConfigError(`${at(site)}: $ref '${site.ref}' cannot be read: ${reason} (${options.display(file)})`, {
        ...where(site),
        hint: 'fix the $ref or add the missing file',
        cause: error,
      });
    }
  }

  const broken = (site: RefSite, why: string): ConfigError =>
    new ConfigError(`${at(site)}: $ref '${site.ref}' is broken: ${why}`, { ...where(site), hint: 'point the $ref at an existing file and location' });

  /** The node a fragment names inside `base` (following refs met on the way). */
  const walkFragment = (site: RefSite, base: Located, fragment: string, depth: number): Located => {
    if (fragment === '') return base;
    if (!fragment.startsWith('/')) {
      const anchored = names.get(base.file)?.anchors.get(fragment);
      if (!anchored) throw broken(site, `no $anchor '${fragment}' in ${options.display(base.file)}`);
      return anchored;
    }
    const segments = pointerSegments(`#${fragment}`);
    if (!segments) throw broken(site, `'#${fragment}' is not a valid JSON Pointer`);
    let current = base;
    for (let i = 0; i < segments.length; i++) {
      let node = current.node;
      const through = isRef(node) && !Object.hasOwn(node, segments[i]) ? sites.get(node) : undefined;
      if (through) {
        // The pointer passes through another $ref: continue in its target.
        current = locate(through, depth + 1) ?? fail(site, current, segments[i]);
        node = current.node;
      }
      const segment = segments[i];
      const hasIt = Array.isArray(node) ? /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < node.length : isRecord(node) && Object.hasOwn(node, segment);
      if (!hasIt) fail(site, current, segment);
      current = { file: current.file, node: (node as any)[segment], pointer: `${current.pointer}/${escapeSegment(segment)}` };
    }
    return current;
  };
  const fail = (site: RefSite, parent: Located, segment: string): never => {
    throw broken(site, `${options.display(parent.file)} has nothing at '#${parent.pointer}/${escapeSegment(segment)}'`);
  };

  /** The target of one `$ref` (one step, not following chains); undefined when it stays opaque. */
  const fileTargets = new Map<string, Located>();
  const locate = (site: RefSite, depth = 0): Located | undefined => {
    if (depth > 64) throw broken(site, 'the reference chain is too long');
    if (site.base && site.ref.startsWith('#')) return walkFragment(site, site.base, site.ref.slice(1), depth);
    const target = site.target;
    const file = target.kind === 'file' ? target.file : target.mappedFile;
    if (file && !files.has(file) && unreadable.has(file)) {
      throw new ConfigError(`${at(site)}: $ref '${site.ref}' cannot be read: ${unreadable.get(file)}`, { ...where(site), hint: 'fix the $ref or the file it names' });
    }
    if (target.kind === 'file') {
      // Many refs share a target: walk each file + fragment once.
      const key = `${target.file}#${target.fragment}`;
      let found = fileTargets.get(key);
      if (!found) {
        found = walkFragment(site, { file: target.file, node: files.get(target.file)!.data, pointer: '' }, target.fragment, depth);
        fileTargets.set(key, found);
      }
      return found;
    }
    const named = findId(names, target.uri);
    if (named) return walkFragment(site, named, target.fragment, depth);
    if (target.mappedFile) {
      return walkFragment(site, { file: target.mappedFile, node: files.get(target.mappedFile)!.data, pointer: '' }, target.fragment, depth);
    }
    return undefined;
  };

  const locateSite = (refObject: object) => {
    const site = sites.get(refObject);
    return site && locate(site);
  };

  const refSites = (): RefSiteInfo[] => [...sites].map(([refObject, site]) => ({ refObject, ref: site.ref, file: site.file, pointer: toPointer(site.segments) }));

  // An opaque ref is named by the URL it resolves to, so `ava.json` beside an `$id` equals the absolute URL it names.
  const refUrl = (refObject: object): string | undefined => {
    const target = sites.get(refObject)?.target;
    if (target?.kind !== 'uri') return undefined;
    let uri = target.uri;
    try {
      uri = new URL(uri).href;
    } catch {
      // kept as written
    }
    return target.fragment ? `${uri}#${target.fragment}` : uri;
  };
  if (options.dereference === false) return { document: root.data, files, origin: () => undefined, keyOrigin: () => undefined, targetOf: locateSite, refSites, refUrl };

  /** Where a `$ref` finally leads, following refs to refs; undefined when it stays an opaque URL ref. */
  const finalTargets = new Map<object, Located | undefined>();
  const finalTarget = (refObject: object): Located | undefined => {
    if (finalTargets.has(refObject)) return finalTargets.get(refObject);
    const seen = new Set<object>([refObject]);
    let site = sites.get(refObject)!;
    let found = locate(site);
    // Follow plain `{ $ref }` hops; stop at a `$ref` with siblings: it becomes a merged object of its own.
    while (found && isRef(found.node) && sites.has(found.node) && !hasSiblings(found.node)) {
      if (finalTargets.has(found.node)) {
        found = finalTargets.get(found.node) ?? found;
        break;
      }
      if (seen.has(found.node)) throw broken(sites.get(refObject)!, 'the reference chain is circular and never reaches a value');
      seen.add(found.node);
      site = sites.get(found.node)!;
      const next = locate(site);
      if (!next) break; // an opaque URL ref at the end of the chain
      found = next;
    }
    finalTargets.set(refObject, found);
    return found;
  };

  // Phase 2: resolve in place. Every target is found before anything moves, then each `$ref` object is
  // replaced in its parent by its target: a target used in several places is one object, cycles become
  // object cycles. The parsed data is consumed, so each SourceFile re-parses its text if `data` is read later.
  const replaced = new Map<object, Set<string>>();
  const merges: Array<{ refObject: Record<string, unknown>; target: Record<string, unknown>; place: RefPlace; written: Located }> = [];
  /** Refs whose target is itself a `$ref` with siblings: they take that ref's merged object once it exists. */
  const viaMerged: Array<{ refObject: Record<string, unknown>; target: Record<string, unknown>; place: RefPlace; siblings: boolean }> = [];
  /** Where each target put in place of a `$ref` was written (its file and pointer there). */
  const writtenTargets = new Map<object, Located>();
  for (const refObject of sites.keys()) finalTarget(refObject);
  let document = root.data;
  for (const [refObject, site] of sites) {
    const found = finalTargets.get(refObject);
    if (!found) continue; // opaque: stays { $ref: url }
    const siblings = hasSiblings(refObject);
    for (const place of site.places) {
      if (isRecord(found.node) && isRef(found.node) && sites.has(found.node) && hasSiblings(found.node))
        viaMerged.push({ refObject: refObject as Record<string, unknown>, target: found.node, place, siblings });
      else if (siblings && isRecord(found.node) && !isRef(found.node)) merges.push({ refObject: refObject as Record<string, unknown>, target: found.node, place, written: found });
      else if (place.parent) {
        put(place.parent, place.key, found.node, replaced);
        if (typeof found.node === 'object' && found.node !== null) writtenTargets.set(found.node, found);
      } else document = found.node;
    }
  }
  // `$ref` with sibling keywords (OpenAPI 3.1, JSON Schema 2019-09+): a new object, the siblings over the target.
  const mergedOrigins = new WeakMap<object, OriginRecord>();
  const mergedOf = new Map<object, Record<string, unknown>>();
  /** Merged object -> where its target was written (when the target is a node of a file, not another merge). */
  const mergedTargets = new Map<object, Located>();
  /** Merged object -> the object its non-sibling keys came from (a node of a file or another merged object). */
  const mergedFrom = new Map<object, { target: object; siblings: Set<string> }>();
  const mergeInto = (refObject: Record<string, unknown>, target: Record<string, unknown>, place: RefPlace, written?: Located) => {
    const merged: Record<string, unknown> = mergedOf.get(refObject) ?? {};
    if (!mergedOf.has(refObject)) {
      mergedOf.set(refObject, merged);
      mergedFrom.set(merged, { target, siblings: new Set(Object.keys(refObject).filter((key) => key !== '$ref')) });
      if (written) mergedTargets.set(merged, written);
      for (const key of Object.keys(target)) put(merged, key, target[key]);
      for (const key of Object.keys(refObject)) if (key !== '$ref') put(merged, key, refObject[key]);
    }
    if (place.parent) {
      put(place.parent, place.key, merged, replaced);
      if (!mergedOrigins.has(merged)) mergedOrigins.set(merged, { parent: place.parent, key: place.key });
    } else {
      document = merged;
      mergedOrigins.set(merged, { file: root.path, pointer: '' });
    }
  };
  for (const { refObject, target, place, written } of merges) mergeInto(refObject, target, place, written);
  // Chains through `$ref`s with siblings resolve once the merged object they point at exists.
  let pending = viaMerged;
  while (pending.length > 0) {
    const waiting = pending.filter(({ refObject, target, place, siblings }) => {
      const merged = mergedOf.get(target);
      if (!merged) return true;
      if (siblings) mergeInto(refObject, merged, place);
      else if (place.parent) put(place.parent, place.key, merged, replaced);
      else document = merged;
      return false;
    });
    if (waiting.length === pending.length) break; // sibling refs that only point at each other: left as written
    pending = waiting;
  }
  // A merged object copied before another merge was made may still hold that `$ref` object.
  for (const merged of mergedOf.values()) {
    for (const key of Object.keys(merged)) {
      const value = merged[key];
      if (typeof value === 'object' && value !== null && mergedOf.has(value)) put(merged, key, mergedOf.get(value));
    }
  }
  for (const source of files.values()) consumeData(source);

  const origins = new Map<object, OriginRecord>(); // a Map: faster than a WeakMap, and it lives as long as the document
  let originsBuilt = false;
  /** Walks each file along the edges it was written with (not the replaced ones), once, on first use. */
  const buildOrigins = () => {
    originsBuilt = true;
    for (const [file, source] of files) {
      const data = parsedData.get(source);
      if (typeof data !== 'object' || data === null || origins.has(data)) continue;
      origins.set(data, { file, pointer: '' });
      const stack: object[] = [data];
      while (stack.length > 0) {
        const node = stack.pop() as Record<string, unknown>;
        const skip = replaced.get(node);
        for (const key of Object.keys(node)) {
          const child = node[key];
          if (typeof child !== 'object' || child === null || origins.has(child) || skip?.has(key)) continue;
          origins.set(child, { parent: node, key });
          stack.push(child);
        }
      }
    }
  };

  /**
   * Where `node` was written, when it is the node reached from the root by `pointer` or by a prefix of it:
   * along edges as written, and across each edge a `$ref` target was put on, into where that target was
   * written; through a merged `$ref` (one with sibling keywords) into its target's members. Undefined when the
   * pointer leads elsewhere, enters a merged `$ref`'s siblings, or enters a file that shares nodes (YAML
   * aliases: a node written in several places, where the table's choice is the answer).
   */
  const sharesNodes = (file: string) => mayShareNodes(parsedData.get(files.get(file)!));
  const rootData = document === parsedData.get(root) && !sharesNodes(root.path) ? document : undefined;
  const originAlong = (node: object, pointer: string): NodeOrigin | undefined => {
    const segments = pointerSegments(pointer);
    if (!segments || rootData === undefined) return undefined;
    let current: unknown = rootData;
    let written: NodeOrigin = { file: root.path, pointer: '' };
    let inside = '';
    let found = current === node ? { ...written } : undefined;
    for (const segment of segments) {
      if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, segment)) break;
      const next = (current as Record<string, unknown>)[segment];
      // The edges of a merged `$ref` that came from its target are the target's, where it was written; its
      // sibling keywords were written beside the `$ref` (not followed: the table has no entry for them either).
      let holder = current as object;
      if (mergedOrigins.has(current)) {
        const target = mergedTargets.get(current);
        if (!target || sharesNodes(target.file) || !isRecord(target.node) || !Object.prototype.hasOwnProperty.call(target.node, segment) || target.node[segment] !== next) break;
        holder = target.node;
        written = { file: target.file, pointer: target.pointer };
        inside = '';
      }
      if (replaced.get(holder)?.has(segment)) {
        const merged = typeof next === 'object' && next !== null ? mergedOrigins.get(next) : undefined;
        if (merged && 'parent' in merged && merged.parent === holder && merged.key === segment) inside += `/${escapeSegment(segment)}`;
        else {
          const target = typeof next === 'object' && next !== null ? writtenTargets.get(next) : undefined;
          if (!target || sharesNodes(target.file)) break;
          written = { file: target.file, pointer: target.pointer };
          inside = '';
        }
      } else inside += `/${escapeSegment(segment)}`;
      current = next;
      if (current === node) found = { file: written.file, pointer: written.pointer + inside };
    }
    return found;
  };

  /** Answers found along pointers (a node's written place is one), for later lookups of the same node without one. */
  const answered = new Map<object, NodeOrigin>();
  const origin = (node: object, at?: string): NodeOrigin | undefined => {
    // Most located nodes sit where they were written: answered without building the table of every node.
    if (!originsBuilt) {
      const known = answered.get(node);
      if (known) return known;
      const along = at === undefined ? undefined : originAlong(node, at);
      if (along) {
        answered.set(node, along);
        return along;
      }
    }
    if (!originsBuilt) buildOrigins();
    const record = origins.get(node) ?? mergedOrigins.get(node);
    if (!record) return undefined;
    if ('file' in record) return record;
    // Walk up to the nearest node with a known file + pointer, then memoize the answer.
    const keys: string[] = [];
    let current: OriginRecord | undefined = record;
    while (current && !('file' in current)) {
      keys.push(current.key);
      current = origins.get(current.parent) ?? mergedOrigins.get(current.parent);
    }
    if (!current) return undefined;
    const resolved = { file: current.file, pointer: current.pointer + keys.reverse().map((k) => `/${escapeSegment(k)}`).join('') };
    origins.set(node, resolved);
    return resolved;
  };

  const keyOrigin = (node: object, key: string, at?: string): NodeOrigin | undefined => {
    let holder = node;
    let pointer = at;
    let known: NodeOrigin | undefined;
    for (let from = mergedFrom.get(holder); from && !from.siblings.has(key); from = mergedFrom.get(holder)) {
      // The target of a merged `$ref` was written where the `$ref` led (unless its file shares nodes through
      // YAML aliases): asking the table of every node for it would build that table for one answer. Once the
      // table is built, it answers, as in `origin`.
      const target = originsBuilt ? undefined : mergedTargets.get(holder);
      known = target && target.node === from.target && !sharesNodes(target.file) ? { file: target.file, pointer: target.pointer } : undefined;
      holder = from.target;
      pointer = undefined;
    }
    const written = known ?? origin(holder, pointer);
    return written && { file: written.file, pointer: `${written.pointer}/${escapeSegment(key)}` };
  };

  return { document, files, origin, keyOrigin, targetOf: locateSite, refSites, refUrl };
}

/** Sets a key (an index for arrays); `__proto__` becomes an own property, never the prototype. */
function hasSiblings(refObject: object): boolean {
  return Object.keys(refObject).length > 1;
}

function put(parent: Record<string, unknown> | unknown[], key: string, value: unknown, replaced?: Map<object, Set<string>>): void {
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else if (key === '__proto__') Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  else parent[key] = value;
  if (replaced) {
    const keys = replaced.get(parent);
    if (keys) keys.add(key);
    else replaced.set(parent, new Set([key]));
  }
}

/** The resolved data of each file, kept for the origin walk after `SourceFile.data` is handed back unresolved. */
const parsedData = new WeakMap<SourceFile, unknown>();

/** Takes the parsed data over for in-place resolution; `data` then re-parses the text on first read. */
function consumeData(source: SourceFile): void {
  parsedData.set(source, source.data);
  let fresh: unknown;
  let parsed = false;
  Object.defineProperty(source, 'data', {
    enumerable: true,
    configurable: true,
    get() {
      if (!parsed) {
        fresh = parseSource(source.text, source.path).data;
        parsed = true;
      }
      return fresh;
    },
  });
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}
