/**
 * `version` keeps an OpenAPI contract's `info.version` in step with the released version. The edit is the
 * smallest possible: the yaml Document API finds the `info.version` scalar (JSON is YAML too, so one locator
 * serves both) and only the characters of that value are replaced, in the scalar's own quoting style, so
 * comments, key order, indentation and the rest of the file stay byte-identical.
 */
import { isScalar, parseDocument, Scalar } from 'yaml';

/** The value as the same kind of scalar: plain stays plain, quoted stays quoted (JSON is double-quoted). */
function rendered(node: Scalar, version: string): string {
  if (node.type === Scalar.PLAIN) return version;
  if (node.type === Scalar.QUOTE_SINGLE) return `'${version}'`;
  return JSON.stringify(version);
}

/**
 * `text` with `info.version` set to `version`; the text itself when it already says so; undefined when the
 * document has no scalar `info.version` (or does not parse), which leaves the file alone.
 */
export function withInfoVersion(text: string, version: string): string | undefined {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  const node = doc.getIn(['info', 'version'], true);
  if (!isScalar(node) || !node.range) return undefined;
  if (node.value === version) return text;
  const [start, end] = node.range;
  const replaced = text.slice(start, end);
  // A block scalar's range takes in its line break: keep it.
  const lineBreak = /\r?\n$/.exec(replaced)?.[0] ?? '';
  return `${text.slice(0, start)}${rendered(node, version)}${lineBreak}${text.slice(end)}`;
}
