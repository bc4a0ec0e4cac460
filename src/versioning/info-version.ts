/**
 * `version` keeps an OpenAPI contract's `info.version` in step with the released version. The edit is the
 * smallest possible: in YAML the yaml Document API finds the `info.version` scalar, in JSON a scan finds the
 * value's characters; only those are replaced (in YAML in the scalar's own quoting style), so comments, key
 * order, indentation and the rest of the file stay byte-identical.
 */
import { isScalar, parseDocument, Scalar } from 'yaml';
import { YamlLineScanner, YamlScanGaveUp } from '../load/yaml-line-scan.ts';

/** The value as the same kind of scalar: plain stays plain, quoted stays quoted (JSON is double-quoted). */
function rendered(node: Scalar, version: string): string {
  if (node.type === Scalar.PLAIN) return version;
  if (node.type === Scalar.QUOTE_SINGLE) return `'${version}'`;
  return JSON.stringify(version);
}

/** Index after the string starting at `i` (a `"`), or -1. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '"') return j + 1;
  }
  return -1;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}

/** Index after the JSON value starting at `i`, or -1. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') {
        j = stringEnd(text, j) - 1;
        if (j < 0) return -1;
      } else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') if (--depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  while (j < text.length && !',}] \n\r\t'.includes(text[j]!)) j++;
  return j > i ? j : -1;
}

/** [start, end) of member `key`'s value in the object starting at `open` (the last one, as JSON.parse keeps). */
function memberRange(text: string, open: number, key: string): [number, number] | undefined {
  let found: [number, number] | undefined;
  let i = skipSpace(text, open + 1);
  while (i < text.length && text[i] !== '}') {
    const keyEnd = text[i] === '"' ? stringEnd(text, i) : -1;
    if (keyEnd < 0) return undefined;
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') return undefined;
    i = skipSpace(text, i + 1);
    const end = valueEnd(text, i);
    if (end < 0) return undefined;
    if (name === key) found = [i, end];
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return found;
}

/**
 * JSON: a single scan to the value (a YAML parse of a many-megabyte JSON file would take minutes). `null`
 * when the text is not a JSON object, so the YAML path takes over.
 */
function withJsonInfoVersion(text: string, version: string): string | undefined | null {
  const root = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[root] !== '{') return null;
  const info = memberRange(text, root, 'info');
  if (!info || text[info[0]] !== '{') return undefined;
  const range = memberRange(text, info[0], 'version');
  if (!range) return undefined;
  const raw = text.slice(range[0], range[1]);
  if (!/^(".*"|-?\d[\d.eE+-]*)$/s.test(raw)) return undefined;
  if (raw.startsWith('"') && JSON.parse(raw) === version) return text;
  return `${text.slice(0, range[0])}${JSON.stringify(version)}${text.slice(range[1])}`;
}

/** `text` with `node` (a scalar of it, found by `parseDocument`) set to `version`; the text itself when it already says so. */
function replacedScalar(text: string, node: Scalar, range: [number, number], version: string): string {
  if (node.value === version) return text;
  const [start, end] = range;
  // A block scalar's range takes in its line break: keep it.
  const lineBreak = /\r?\n$/.exec(text.slice(start, end))?.[0] ?? '';
  return `${text.slice(0, start)}${rendered(node, version)}${lineBreak}${text.slice(end)}`;
}

/**
 * Block-style YAML whose `info.version` is a scalar on its own line: that line alone is parsed (the yaml
 * Document API takes about half a second per MB, and a release edits the spec and its snapshot). The path to
 * it is read from the indentation (load/yaml-line-scan.ts), which gives up on anything outside plain block
 * style. `null` when this cannot decide, so the whole document is parsed instead.
 */
export function withYamlLineInfoVersion(text: string, version: string): string | null {
  const line = infoVersionLine(text);
  if (!line) return null;
  // The value as the entry of a one-line mapping, so it is read exactly as in its place (same scalar, tags, style).
  const doc = parseDocument(line.entry, { uniqueKeys: false });
  const node = doc.errors.length === 0 ? doc.get(LINE_KEY, true) : undefined;
  if (!isScalar(node) || !node.range || !INLINE_TYPES.has(node.type)) return null;
  return replacedScalar(text, node, [node.range[0] + line.shift, node.range[1] + line.shift], version);
}

const LINE_KEY = 'v';

/**
 * Block-style YAML whose `info.version` is written on one line: that value as a one-line mapping of its own
 * (`entry`, key `v`), and what to add to an offset in `entry` for the offset in `text`. Undefined when the
 * indentation cannot tell exactly (load/yaml-line-scan.ts gives up outside plain block style), or the value
 * is empty or goes on below its line.
 */
export function infoVersionLine(text: string): { entry: string; shift: number } | undefined {
  let value: { start: number; end: number } | undefined;
  try {
    value = new YamlLineScanner(text).inlineValue(['info', 'version']);
  } catch (error) {
    if (error instanceof YamlScanGaveUp) return undefined;
    throw error;
  }
  if (!value || text.slice(value.start, value.end).trim() === '') return undefined;
  const key = `${LINE_KEY}:`;
  return { entry: key + text.slice(value.start, value.end), shift: value.start - key.length };
}
const INLINE_TYPES = new Set<Scalar['type']>([Scalar.PLAIN, Scalar.QUOTE_SINGLE, Scalar.QUOTE_DOUBLE]);

/**
 * `text` with `info.version` set to `version`; the text itself when it already says so; undefined when the
 * document has no scalar `info.version` (or, read whole, does not parse), which leaves the file alone. Read
 * from its line, a syntax error elsewhere in the file goes unseen: `version` has loaded the spec before.
 */
export function withInfoVersion(text: string, version: string): string | undefined {
  const json = withJsonInfoVersion(text, version);
  if (json !== null) return json;
  const line = withYamlLineInfoVersion(text, version);
  if (line !== null) return line;
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  const node = doc.getIn(['info', 'version'], true);
  if (!isScalar(node) || !node.range) return undefined;
  return replacedScalar(text, node, [node.range[0], node.range[1]], version);
}
