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
 * Resolves a `$ref` written in `fromFile`. `where` gives the ref's location for errors (computed only then).
 * Throws ConfigError when a local path leaves the project root.
 */
export function refTarget(ref: string, fromFile: string, context: RefContext, where: () => { file: string; line?: number }): RefTarget {
  const [address, fragment] = splitFragment(ref);
  if (address === '') return { kind: 'file', file: fromFile, fragment };
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
