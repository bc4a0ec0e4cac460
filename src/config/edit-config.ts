/**
 * Writes and edits specver.yaml text. Edits locate nodes with the `yaml` Document API and splice the text,
 * so everything outside the edited entry (comments, quoting, blank lines) stays byte-for-byte the same.
 */
import { isMap, isScalar, isSeq, parse as parseYaml, parseDocument, type Document, type Node, type YAMLSeq } from 'yaml';
import { ConfigError } from '../errors.ts';
import type { ContractConfig, VersioningMode } from '../types.ts';

/** A YAML scalar for a plain string: unquoted when safe, double-quoted (JSON escaping) otherwise. */
function scalar(value: string): string {
  // Plain only when YAML reads it back as the same string (not a number, boolean or null such as 0e0, ~, true).
  const plain = /^[A-Za-z0-9_./][A-Za-z0-9_./@+-]*$/.test(value) && parseYaml(value) === value;
  return plain ? value : JSON.stringify(value);
}

function contractFields(contract: ContractConfig): [string, string][] {
  const fields: [string, string][] = [
    ['name', contract.name],
    ['format', contract.format],
    ['path', contract.path],
  ];
  if (contract.compatibility) fields.push(['compatibility', contract.compatibility]);
  if (contract.transitiveScope) fields.push(['transitiveScope', contract.transitiveScope]);
  return fields;
}

/** One block-sequence item: `- name: x` then the other fields aligned under `name`. */
function blockItem(contract: ContractConfig, dashColumn: number, keyColumn: number): string {
  const lines = contractFields(contract).map(([key, value], index) =>
    index === 0
      ? `${' '.repeat(dashColumn)}-${' '.repeat(Math.max(1, keyColumn - dashColumn - 1))}${key}: ${scalar(value)}`
      : `${' '.repeat(keyColumn)}${key}: ${scalar(value)}`,
  );
  return `${lines.join('\n')}\n`;
}

function flowItem(contract: ContractConfig): string {
  return `{ ${contractFields(contract)
    .map(([key, value]) => `${key}: ${scalar(value)}`)
    .join(', ')} }`;
}

export interface InitialConfigOptions {
  schemaPath: string;
  versioning: VersioningMode;
  contracts: ContractConfig[];
}

/** The specver.yaml that `init` writes. */
export function renderInitialConfig({ schemaPath, versioning, contracts }: InitialConfigOptions): string {
  const lines = [
    `# yaml-language-server: $schema=${schemaPath}`,
    '# specver configuration: the API contracts versioned in this repository.',
    '',
    `versioning: ${versioning}`,
  ];
  if (contracts.length === 0) lines.push('contracts: []');
  else {
    lines.push('contracts:');
    for (const contract of contracts) lines.push(blockItem(contract, 2, 4).trimEnd());
  }
  lines.push('changelog: CHANGELOG.md', 'git:', '  commit: false', '  tag: false', '');
  return lines.join('\n');
}

function parse(text: string): Document {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length > 0) throw new ConfigError(`specver.yaml cannot be edited: ${doc.errors[0]!.message.split('\n')[0]}`);
  return doc;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end + 1;
}

function column(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/** Where the `contracts` pair is: its value node (if any) and the offset just after `contracts:`. */
function contractsPair(doc: Document) {
  if (!isMap(doc.contents)) return undefined;
  const pair = doc.contents.items.find((item) => isScalar(item.key) && item.key.value === 'contracts');
  if (!pair) return undefined;
  return { key: pair.key as Node, value: pair.value as Node | null };
}

/** Text after `contracts:` is replaced by a block sequence holding `contract`. */
function replaceValueWithBlock(text: string, key: Node, valueEnd: number, contract: ContractConfig): string {
  const keyEnd = key.range![1];
  const colon = text.indexOf(':', keyEnd);
  const dash = column(text, key.range![0]) + 2;
  const rest = text.slice(lineEnd(text, Math.max(valueEnd - 1, colon)));
  const trailing = text.slice(colon + 1, lineEnd(text, Math.max(valueEnd - 1, colon))).replace(/^[^#\n]*/, '').replace(/\n$/, '');
  const comment = trailing ? ` ${trailing.trim()}` : '';
  return `${text.slice(0, colon + 1)}${comment}\n${blockItem(contract, dash, dash + 2)}${rest}`;
}

/** Runs an edit on LF text; a file written with CRLF line ends keeps them. */
function keepingLineEnds(text: string, edit: (lf: string) => string): string {
  const crlf = text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
  if (!crlf) return edit(text);
  return edit(text.replace(/\r\n/g, '\n')).replace(/\n/g, '\r\n');
}

/** specver.yaml text with `contract` appended to `contracts`. */
export function addContractToText(text: string, contract: ContractConfig): string {
  return keepingLineEnds(text, (lf) => addToLfText(lf, contract));
}

/** specver.yaml text without the contract named `name` (the config must list it). */
export function removeContractFromText(text: string, name: string): string {
  return keepingLineEnds(text, (lf) => removeFromLfText(lf, name));
}

/**
 * specver.yaml text with the `path:` of the contract named `name` set to `path`, spliced in place (the quoting
 * style of the old value is kept where the new value allows it). The config must list the contract.
 */
export function setContractPathInText(text: string, name: string, path: string): string {
  const doc = parse(text);
  const seq = contractsPair(doc)?.value;
  const item = seq && isSeq(seq) ? seq.items.find((entry) => isMap(entry) && entry.get('name') === name) : undefined;
  if (!item || !isMap(item)) throw new ConfigError(`contract '${name}' is not in specver.yaml`, { hint: "see 'specver contract list'" });
  const node = item.get('path', true) as Node | undefined;
  if (!isScalar(node) || !node.range) throw new ConfigError(`contract '${name}' has no path in specver.yaml`, { hint: 'give it a path: field' });
  const [start, end] = node.range;
  const quote = text[start];
  const written = quote === "'" && !path.includes("'") ? `'${path}'` : quote === '"' ? JSON.stringify(path) : scalar(path);
  return `${text.slice(0, start)}${written}${text.slice(end)}`;
}

function addToLfText(text: string, contract: ContractConfig): string {
  const doc = parse(text);
  const found = contractsPair(doc);
  if (!found) {
    const base = text === '' || text.endsWith('\n') ? text : `${text}\n`;
    return `${base}contracts:\n${blockItem(contract, 2, 4)}`;
  }
  const { key, value } = found;
  const keyEnd = key.range![1];
  if (value === null || (isScalar(value) && value.value === null)) {
    const valueEnd = value?.range ? value.range[1] : keyEnd + 1;
    return replaceValueWithBlock(text, key, valueEnd, contract);
  }
  if (!isSeq(value) || !value.range) throw new ConfigError('specver.yaml: contracts is not a list', { hint: 'write contracts as a list of {name, format, path}' });
  const seq = value as YAMLSeq<Node>;
  if (seq.flow) {
    if (seq.items.length === 0) return replaceValueWithBlock(text, key, seq.range![1], contract);
    const close = text.lastIndexOf(']', seq.range![1]);
    return `${text.slice(0, close).replace(/\s*$/, '')}, ${flowItem(contract)}${text.slice(close)}`;
  }
  const first = seq.items[0]!;
  const last = seq.items[seq.items.length - 1]!;
  const firstStart = first.range![0];
  const dash = text.lastIndexOf('-', firstStart - 1);
  const keyColumn = isMap(first) && first.items[0]?.key && (first.items[0].key as Node).range ? column(text, (first.items[0].key as Node).range![0]) : column(text, dash) + 2;
  const insertAt = lineEnd(text, Math.max(last.range![1] - 1, last.range![0]));
  const before = text.slice(0, insertAt);
  const joiner = before.endsWith('\n') ? '' : '\n';
  return `${before}${joiner}${blockItem(contract, column(text, dash), keyColumn)}${text.slice(insertAt)}`;
}

function removeFromLfText(text: string, name: string): string {
  const doc = parse(text);
  const found = contractsPair(doc);
  const seq = found?.value;
  if (!seq || !isSeq(seq)) throw new ConfigError(`contract '${name}' is not in specver.yaml`);
  const index = seq.items.findIndex((item) => isMap(item) && item.get('name') === name);
  if (index === -1) throw new ConfigError(`contract '${name}' is not in specver.yaml`);
  if (seq.flow || !seq.range) {
    // Flow style cannot be spliced line by line; re-render the document (comments are kept).
    seq.items.splice(index, 1);
    return doc.toString();
  }
  const item = seq.items[index] as Node;
  const dash = text.lastIndexOf('-', item.range![0] - 1);
  let start = lineStart(text, dash);
  // Comment lines directly above the entry, at its indentation, describe it: they go with it.
  const indent = ' '.repeat(column(text, dash));
  while (start > 0) {
    const previous = lineStart(text, start - 1);
    const line = text.slice(previous, start - 1);
    if (!line.startsWith(`${indent}#`)) break;
    start = previous;
  }
  const end = lineEnd(text, Math.max(item.range![1] - 1, item.range![0]));
  if (seq.items.length > 1) {
    // Blank lines that separated the entry from the next one go with it, unless they also separate it from the previous.
    const previousLine = start > 0 ? text.slice(lineStart(text, start - 1), start - 1) : '';
    let cut = end;
    if (index < seq.items.length - 1 && previousLine.trim() !== '') while (cut < text.length && /^[ \t]*\n/.test(text.slice(cut, lineEnd(text, cut)))) cut = lineEnd(text, cut);
    return text.slice(0, start) + text.slice(cut === text.length ? end : cut);
  }
  // The last contract: `contracts: []` keeps the file valid.
  const keyEnd = found!.key.range![1];
  const colon = text.indexOf(':', keyEnd);
  return `${text.slice(0, colon + 1)} []\n${text.slice(end)}`;
}
