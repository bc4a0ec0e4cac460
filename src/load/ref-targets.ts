/** Where a `$ref` string points: the same file, another local file, a mapped URL, an `$id`, or nowhere local. */
import { resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError } from '../errors.ts';
import { isInside } from '../store/safe-path.ts';

export type RefTarget =
  /** A file on disk (or read through options.readFile) plus the fragment in it. */
  | { kind: 'file'; file: string; fragment: string }
  /** An absolute URI: the `$id` of a schema in a loaded file, a refs.map entry (`mappedFile`), or opaque. */
  | { kind: 'uri'; uri: string; fragment: string; mappedFile?: string };

export interface RefContext {
  projectRoot: string;
  refsMap?: Record<string, string>;
  /** Names a file in messages (relative to the project root). */
  display(file: string): string;
  /** How messages name the directory refs are confined to, when it is not a project root (a spec given as a file). */
  rootName?: string;
}

const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function splitFragment(ref: string): [string, string] {
  const hash = ref.indexOf('#');
  return hash === -1 ? [ref, ''] : [ref.slice(0, hash), ref.slice(hash + 1)];
}

export { isInside };

/**
 * The base URI an OpenAPI 3.2 document declares with `$self` (resolved against the file's own URL when it is
 * relative), or undefined. Refs in that file are relative to it.
 */
export function selfBaseOf(data: unknown, file: string): URL | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { openapi, $self } = data as Record<string, unknown>;
  if (typeof $self !== 'string' || !/^3\.2(\.|-|$)/.test(String(openapi))) return undefined;
  try {
    const base = new URL($self, pathToFileURL(file));
    base.hash = '';
    return base;
  } catch {
    return undefined;
  }
}

/**
 * A `$ref` read against a document's `$self`: the document itself, a local file (confined like any other), a
 * published sibling of the document (read from beside the file, `published` its URI if it is missing), or a URL.
 */
function selfRelative(address: string, fragment: string, ref: string, fromFile: string, base: URL, context: RefContext, where: () => { file: string; line?: number }): (RefTarget & { published?: RefTarget }) | undefined {
  let uri: URL;
  try {
    uri = new URL(address, base);
  } catch {
    return undefined;
  }
  uri.hash = '';
  if (uri.href === base.href) return { kind: 'file', file: fromFile, fragment };
  if (uri.protocol === 'file:') return confined(fileURLToPath(uri), fragment, ref, context, where);
  if (mapUrl(uri.href, context.refsMap)) return refTarget(`${uri.href}#${fragment}`, fromFile, context, where);
  const directory = new URL('.', base).href;
  if (!uri.href.startsWith(directory)) return { kind: 'uri', uri: uri.href, fragment };
  // Published beside the document: read from beside its file, as the repository holds it.
  let rest = uri.href.slice(directory.length);
  try {
    rest = decodeURI(rest);
  } catch {
    // keep it as written
  }
  const local = confined(resolve(dirname(fromFile), rest), fragment, ref, context, where);
  return { ...local, published: { kind: 'uri', uri: uri.href, fragment } };
}

/**
 * Resolves a `$ref` written in `fromFile` (against `base`, the file's OpenAPI 3.2 `$self`, when it has one). `where` gives the ref's location for errors (computed only then).
 * Throws ConfigError when a local path leaves the project root.
 */
export function refTarget(ref: string, fromFile: string, context: RefContext, where: () => { file: string; line?: number }, base?: URL): RefTarget & { published?: RefTarget } {
  const [address, fragment] = splitFragment(ref);
  if (address === '') return { kind: 'file', file: fromFile, fragment };
  const self = base ? selfRelative(address, fragment, ref, fromFile, base, context, where) : undefined;
  if (self) return self;
  if (URI_SCHEME.test(address) && !/^[A-Za-z]:[\\/]/.test(address)) {
    if (/^file:/i.test(address)) return confined(fileURLToPath(new URL(address, pathToFileURL(fromFile))), fragment, ref, context, where);
    const mapped = mapUrl(address, context.refsMap);
    if (!mapped) return { kind: 'uri', uri: address, fragment };
    if (!isInside(mapped.directory, mapped.file)) throw outside(ref, where, `leaves the refs.map directory of '${mapped.prefix}'`);
    const local = confined(mapped.file, fragment, ref, context, where);
    return { kind: 'uri', uri: address, fragment, mappedFile: local.kind === 'file' ? local.file : undefined };
  }
  let path: string;
  try {
    path = decodeURI(address);
  } catch {
    path = address;
  }
  return confined(resolve(dirname(fromFile), path), fragment, ref, context, where);
}

function confined(file: string, fragment: string, ref: string, context: RefContext, where: () => { file: string; line?: number }): RefTarget {
  if (!isInside(context.projectRoot, file)) {
    if (context.rootName) throw outside(ref, where, `points outside ${context.rootName}`, `keep the referenced files inside ${context.rootName}, or compare inside a project whose root holds them`);
    throw outside(ref, where, 'points outside the project root');
  }
  return { kind: 'file', file, fragment };
}

function outside(ref: string, lazyWhere: () => { file: string; line?: number }, what: string, hint?: string): ConfigError {
  const where = lazyWhere();
  const at = where.line ? `${where.file}:${where.line}` : where.file;
  return new ConfigError(`${at}: $ref '${ref}' ${what}`, {
    file: where.file,
    line: where.line,
    hint: hint ?? 'copy the referenced file into the project (refs.map can map URLs to a vendored directory)',
  });
}

function mapUrl(url: string, refsMap: Record<string, string> | undefined): { prefix: string; directory: string; file: string } | undefined {
  if (!refsMap) return undefined;
  let best: string | undefined;
  for (const prefix of Object.keys(refsMap)) {
    if (url.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  if (best === undefined) return undefined;
  const directory = refsMap[best];
  const rest = url.slice(best.length).replace(/^\/+/, '');
  let decoded = rest;
  try {
    decoded = decodeURI(rest);
  } catch {
    // keep it as written
  }
  return { prefix: best, directory, file: resolve(directory, decoded) };
}
