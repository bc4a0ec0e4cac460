/**
 * Text -> parsed SourceFile: JSON.parse for JSON; for YAML, the fast path for the common block style
 * (yaml-fast-path.ts), else js-yaml (several times faster than `yaml`).
 */
import { beforeParsing } from './young-generation.ts';
import { load as loadYaml, YAMLException } from 'js-yaml';
import { ConfigError } from '../errors.ts';
import { JsonSyntaxError, lineAtOffset, scanJsonPositions, yamlLineLookup, type LineLookup } from './line-index.ts';
import { pointerSegments } from '../toolkit/json-pointer.ts';
import type { SourceEncoding, SourceFile } from './types.ts';
import { SPEC_SCHEMA } from './yaml-schema.ts';
import { scanningJsonLineLookup } from './json-line-scan.ts';
import { scanningYamlLineLookup } from './yaml-line-scan.ts';
import { assertTextInput, MAX_NESTING, nestingError, nestsDeeperThan, yamlDocumentProblem } from './input-limits.ts';
import { yamlLibrary } from '../config/yaml-positions.ts';
import { recordInexactNumbers } from './exact-numbers.ts';
import { cachedParse, rememberParse } from './parse-cache.ts';
import { NOT_HANDLED, parseCommonYaml } from './yaml-fast-path.ts';

/** Alias expansion beyond this many extra nodes is refused (billion-laughs documents). */
const MAX_ALIAS_EXPANSION = 1_000_000;

/** Parsed YAML documents that use anchors: only these can hold one object in several places (or cycles). */
const withSharedNodes = new WeakSet<object>();

/** False when the parsed data is a plain tree (JSON, YAML without anchors), so walkers need not track visits. */
export function mayShareNodes(data: unknown): boolean {
  return typeof data === 'object' && data !== null && withSharedNodes.has(data);
}

export interface ParseOptions {
  /** How the file is named in messages (relative to the project root); defaults to `path`. */
  displayPath?: string;
}

export function encodingOf(path: string, text: string): SourceEncoding {
  if (/\.json$/i.test(path)) return 'json';
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  return /^\s*[{[]/.test(text) ? 'json' : 'yaml';
}

export function parseSource(rawText: string, path: string, options: ParseOptions = {}): SourceFile {
  const display = options.displayPath ?? path;
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const hint = 'write an OpenAPI or JSON Schema document into it';
  if (text.trim() === '') throw new ConfigError(`${display} is empty`, { file: display, hint });
  const encoding = encodingOf(path, text);
  beforeParsing(text.length);
  const data = encoding === 'json' ? parseJson(text, display) : parseYamlCached(text, display);
  if (data === undefined || (data === null && encoding === 'yaml')) {
    throw new ConfigError(`${display} is empty (no YAML document, only comments)`, { file: display, hint });
  }
  const inexactNumbers = recordInexactNumbers(text, encoding, data);
  let lookup: LineLookup | undefined;
  return {
    path,
    text,
    encoding,
    data,
    ...(inexactNumbers > 0 ? { inexactNumbers } : {}),
    lineOf(pointer: string) {
      const segments = pointerSegments(pointer);
      if (!segments) return undefined;
      lookup ??= encoding === 'json' ? scanningJsonLineLookup(text) : scanningYamlLineLookup(text, () => yamlLineLookup(text));
      return lookup(segments);
    },
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function parseJson(text: string, display: string): unknown {
  try {
    const data: unknown = JSON.parse(text);
    // JSON.parse reads any depth; YAML's limit is js-yaml's maxDepth.
    if (nestsDeeperThan(data)) throw nestingError(display);
    return data;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if (error instanceof RangeError) throw tooDeep(display, error);
    // Raw NUL is invalid JSON: looked for only once parsing failed (a scan of the whole text otherwise).
    assertTextInput(text, display);
    // JSON.parse does not always give a position: our own scanner finds it.
    const message = oneLine((error as Error).message);
    let reason = message.replace(/ in JSON at position \d+.*$/, '');
    // JSON.parse's own offset, used when the scanner accepts what JSON.parse refused (e.g. a bad escape).
    const position = /at position (\d+)/.exec(message);
    let line: number | undefined = position ? lineAtOffset(text, Number(position[1])) : undefined;
    try {
      scanJsonPositions(text);
    } catch (scanError) {
      if (scanError instanceof JsonSyntaxError) {
        line = lineAtOffset(text, scanError.offset);
        if (/is not valid JSON|Unexpected token/.test(reason)) reason = scanError.reason;
      }
    }
    const where = line ? `${display}:${line}` : display;
    throw new ConfigError(`${where}: invalid JSON: ${reason}`, { file: display, line, hint: 'fix the syntax error', cause: error });
  }
}

function tooDeep(display: string, cause: unknown): ConfigError {
  return nestingError(display, undefined, cause);
}

/** YAML through the parse cache (parse-cache.ts), which is off unless the CLI turned it on. */
function parseYamlCached(text: string, display: string): unknown {
  const cached = cachedParse(text);
  if (cached.hit) return cached.data;
  const data = parseYamlData(text, display);
  if (typeof data === 'object' && data !== null) rememberParse(cached.key, data, mayShareNodes(data));
  return data;
}

/**
 * YAML text -> data as specver reads specs (js-yaml, YAML 1.2 core types plus merge keys, bounded nesting and
 * alias expansion). A syntax error is a ConfigError `<display>:<line>: invalid YAML: <reason>`.
 */
export function parseYamlData(text: string, display: string): unknown {
  // The common block style, read the same way faster; it uses no anchors, so nothing below applies to it.
  const common = parseCommonYaml(text);
  if (common !== NOT_HANDLED) return common;
  let data: unknown;
  try {
    data = loadYaml(text, { filename: display, schema: SPEC_SCHEMA, maxDepth: MAX_NESTING } as Parameters<typeof loadYaml>[1]);
  } catch (error) {
    // js-yaml refuses NUL too ("non-printable characters"): say what the file most likely is instead.
    assertTextInput(text, display);
    if (error instanceof YAMLException) {
      const line = error.mark ? error.mark.line + 1 : /single document/.test(error.reason) ? secondDocumentLine(text) : undefined;
      if (/nesting exceeded maxDepth/.test(error.reason)) throw nestingError(display, line, error);
      let reason = error.reason || oneLine(error.message);
      if (reason === 'duplicated mapping key') reason = 'duplicate key (each key may appear once per mapping)';
      const where = line ? `${display}:${line}` : display;
      throw new ConfigError(`${where}: invalid YAML: ${reason}`, { file: display, line, hint: 'fix the syntax error', cause: error });
    }
    if (error instanceof RangeError) throw tooDeep(display, error);
    throw error;
  }
  // js-yaml shares one object for every alias of an anchor; later stages walk the tree, so bound the expansion.
  if (/(^|[\s[{,:-])&[^\s[\]{},]/.test(text)) {
    checkAliasExpansion(data, display, text);
    if (typeof data === 'object' && data !== null) withSharedNodes.add(data);
  }
  return data;
}

/** 1-based line of the `---` that starts a second YAML document (js-yaml reports no position for it). */
function secondDocumentLine(text: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const markers = lines.flatMap((line, index) => (/^---(\s|$)/.test(line) ? [index] : []));
  const firstContent = lines.findIndex((line) => !/^\s*(#.*)?$/.test(line) && !line.startsWith('%') && !/^---(\s|$)/.test(line));
  const marker = markers[0] !== undefined && markers[0] < firstContent ? markers[1] : markers[0];
  return marker === undefined ? undefined : marker + 1;
}

/**
 * Counts nodes as if every alias were expanded (memoized per shared object, so this is linear), and refuses
 * an alias inside its own anchor (`&a [*a]`): JSON data cannot contain itself.
 */
function checkAliasExpansion(root: unknown, display: string, text: string): void {
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  let distinct = 0;
  const sizeOf = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 1;
    if (open.has(node)) throw selfContaining(display, text);
    const known = sizes.get(node);
    if (known !== undefined) return known;
    open.add(node);
    distinct++;
    let total = 1;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      total += sizeOf(child);
      if (total - distinct > MAX_ALIAS_EXPANSION) {
        throw new ConfigError(`${display}: YAML aliases expand to too many nodes (more than ${MAX_ALIAS_EXPANSION})`, {
          file: display,
          hint: 'remove the nested aliases (a "billion laughs" document)',
        });
      }
    }
    open.delete(node);
    sizes.set(node, total);
    return total;
  };
  try {
    sizeOf(root);
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep(display, error);
    throw error;
  }
}

/** The error for a self-containing alias, at its line (found with the `yaml` Document API: rare, so slow is fine). */
function selfContaining(display: string, text: string): ConfigError {
  const yaml = yamlLibrary();
  const counter = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: counter, merge: true, uniqueKeys: false });
  const problem = yamlDocumentProblem(doc, counter, yaml);
  const line = problem?.line;
  const reason = problem?.reason ?? 'an alias is inside its own anchor (the data would contain itself)';
  return new ConfigError(`${line ? `${display}:${line}` : display}: invalid YAML: ${reason}`, { file: display, line, hint: 'replace the alias by a copy, or use a $ref' });
}
