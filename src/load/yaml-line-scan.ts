/**
 * Pointer -> line for block-style YAML by reading the text's indentation, without parsing the document again.
 * Only the mappings and sequences on the pointer's path are scanned (each once, then cached), so a few printed
 * locations cost a few milliseconds on a multi-MB spec. Anything outside the plain block subset (flow
 * collections to descend into, anchors, aliases, tags, merge keys, complex keys, tabs, several documents,
 * multi-line quoted scalars) makes the scan give up, and the caller falls back to the full parse.
 */
import type { LineLookup } from './line-index.ts';

/** Thrown when the text leaves the subset this scanner reads exactly. */
class GiveUp extends Error {}

const giveUp = (): never => {
  throw new GiveUp();
};

/** A block collection: where its entries start (line and column) and its kind. */
interface Block { kind: 'map' | 'seq'; line: number; column: number }
interface Entry { line: number; valueColumn: number }

const NOT_FOUND = undefined;

export { YamlScanner as YamlLineScanner, GiveUp as YamlScanGaveUp };

export function scanningYamlLineLookup(text: string, fallback: () => LineLookup): LineLookup {
  let scanner: YamlScanner | undefined;
  let slow: LineLookup | undefined;
  let disabled = false;
  return (segments) => {
    if (!disabled) {
      try {
        scanner ??= new YamlScanner(text);
        return scanner.lookup(segments);
      } catch (error) {
        if (!(error instanceof GiveUp)) throw error;
        disabled = true;
      }
    }
    slow ??= fallback();
    return slow(segments);
  };
}

class YamlScanner {
  private readonly text: string;
  private readonly count: number;
  /** Where each line starts and ends in the text (the end excludes the line break and a trailing `\r`). */
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** Indentation of each line; -1 for blank and comment-only lines. */
  private readonly indents: Int32Array;
  /**
   * For each content line, the next content line indented no deeper: the end of everything nested under it.
   * Indexing a collection jumps from entry to entry instead of reading every line below it again.
   */
  private readonly after: Int32Array;
  private readonly maps = new Map<string, Map<string, Entry>>();
  /** Mappings with explicit (`? `) keys, which are not indexed: a name missing from them is not known missing. */
  private readonly partial = new Set<Map<string, Entry>>();
  private readonly seqs = new Map<string, Entry[]>();
  private readonly root: Block | undefined;

  constructor(text: string) {
    this.text = text;
    let count = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
    this.count = count;
    this.starts = new Int32Array(count);
    this.ends = new Int32Array(count);
    this.indents = new Int32Array(count);
    this.after = new Int32Array(count);
    // Content lines whose `after` is not known yet, each indented deeper than the one below it in the stack.
    const open = new Int32Array(count);
    let depth = 0;
    let first = -1;
    let start = 0;
    for (let i = 0; i < count; i++) {
      const newline = text.indexOf('\n', start);
      let end = newline < 0 ? text.length : newline;
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      this.starts[i] = start;
      this.ends[i] = end;
      let c = start;
      while (c < end && text.charCodeAt(c) === 32) c++;
      if (c < end && text.charCodeAt(c) === 9) giveUp();
      start = newline + 1;
      if (c === end || text.charCodeAt(c) === 35) {
        this.indents[i] = -1; // blank or '#'
        continue;
      }
      this.indents[i] = c - this.starts[i]!;
      if (c === this.starts[i] && (text.startsWith('---', c) || text.startsWith('...', c) || text.charCodeAt(c) === 37)) giveUp();
      if (first < 0) first = i;
      while (depth > 0 && this.indents[open[depth - 1]!]! >= this.indents[i]!) this.after[open[--depth]!] = i;
      open[depth++] = i;
    }
    while (depth > 0) this.after[open[--depth]!] = count;
    this.root = first < 0 ? undefined : this.blockAt(first, this.indents[first]!) ?? giveUp();
  }

  /** The text of a line from a column on. */
  private rest(line: number, column = 0): string {
    return this.text.slice(this.starts[line]! + column, this.ends[line]);
  }

  lookup(segments: readonly string[]): number | undefined {
    const found = this.locate(segments);
    return found && found.line + 1;
  }

  /**
   * Where the value of the mapping entry at `segments` is written, when it is all on the entry's own line
   * (nothing nested or continued below it): from just after the key's colon to the end of the line, comment
   * included. Undefined when there is no such entry or its value goes on below.
   */
  inlineValue(segments: readonly string[]): { start: number; end: number } | undefined {
    const entry = this.locate(segments)?.entry;
    if (!entry || this.after[entry.line] !== this.nextContent(entry.line)) return undefined;
    return { start: this.starts[entry.line]! + entry.valueColumn, end: this.ends[entry.line]! };
  }

  /** The 0-based line of the node at `segments`, and its mapping entry when the last step is a key. */
  private locate(segments: readonly string[]): { line: number; entry?: Entry } | undefined {
    if (!this.root) return giveUp();
    let block: Block | undefined = this.root;
    let found: { line: number; entry?: Entry } = { line: this.root.line };
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      const last = i === segments.length - 1;
      if (!block) return NOT_FOUND;
      if (block.kind === 'map') {
        const entries = this.mapEntries(block);
        const entry = entries.get(segment);
        if (!entry) return this.partial.has(entries) ? giveUp() : NOT_FOUND;
        found = { line: entry.line, entry };
        if (!last) block = this.valueBlock(entry, block.column);
      } else {
        if (!/^(0|[1-9]\d*)$/.test(segment)) return NOT_FOUND;
        const item = this.seqItems(block)[Number(segment)];
        if (!item) return NOT_FOUND;
        const content = this.itemContent(item, block.column, last);
        found = { line: content.line };
        block = content.block;
      }
    }
    return found;
  }

  /** The collection whose first entry starts at this line and column; undefined for a multi-line scalar. */
  private blockAt(line: number, column: number): Block | undefined {
    const rest = this.rest(line, column);
    if (/^-( |$)/.test(rest)) return { kind: 'seq', line, column };
    if (/^[&*!{[?]/.test(rest)) giveUp();
    return keyOf(rest) === undefined ? undefined : { kind: 'map', line, column };
  }

  private nextContent(after: number): number {
    let i = after + 1;
    while (i < this.count && this.indents[i]! < 0) i++;
    return i;
  }

  private mapEntries(block: Block): Map<string, Entry> {
    const id = `${block.line}:${block.column}`;
    let entries = this.maps.get(id);
    if (entries) return entries;
    entries = new Map();
    for (let i = block.line; i < this.count; ) {
      const indent = i === block.line ? block.column : this.indents[i]!;
      if (indent < block.column) break;
      // Deeper lines belong to an entry's value: jump past them.
      const next = i === block.line ? this.nextContent(i) : this.after[i]!;
      if (indent > block.column) {
        i = next;
        continue;
      }
      const rest = this.rest(i, indent);
      if (/^-( |$)/.test(rest)) {
        i = next; // a sequence written at its key's indentation
        continue;
      }
      if (/^[?:]( |$)/.test(rest)) {
        // An explicit key (`? a very long key`) and its `: value` line: the other entries stay exact.
        this.partial.add(entries);
        i = next;
        continue;
      }
      const key = keyOf(rest) ?? giveUp();
      if (entries.has(key.name)) giveUp();
      this.checkEntryValue(i, rest.slice(key.end), block.column);
      entries.set(key.name, { line: i, valueColumn: indent + key.end });
      i = next;
    }
    this.maps.set(id, entries);
    return entries;
  }

  private seqItems(block: Block): Entry[] {
    const id = `${block.line}:${block.column}`;
    let items = this.seqs.get(id);
    if (items) return items;
    items = [];
    for (let i = block.line; i < this.count; i = this.after[i]!) {
      const indent = this.indents[i]!;
      if (indent < block.column) break;
      if (indent > block.column) continue;
      if (!/^-( |$)/.test(this.rest(i, indent))) break;
      items.push({ line: i, valueColumn: indent + 1 });
    }
    this.seqs.set(id, items);
    return items;
  }

  /** The collection a mapping entry's value is, or undefined for a scalar or null. */
  private valueBlock(entry: Entry, column: number): Block | undefined {
    const inline = stripComment(this.rest(entry.line, entry.valueColumn));
    if (inline === '[]' || inline === '{}') return undefined;
    if (inline !== '') return /^[&*!{[]/.test(inline) ? giveUp() : undefined;
    const next = this.nextContent(entry.line);
    if (next >= this.count) return undefined;
    const indent = this.indents[next]!;
    if (indent > column) return this.blockAt(next, indent);
    if (indent === column && /^-( |$)/.test(this.rest(next, indent))) return { kind: 'seq', line: next, column };
    return undefined;
  }

  /**
   * A mapping entry's inline value, as checkInlineValue, except that a quoted scalar may go on over the next
   * lines when they are indented deeper than the mapping's keys (so none of them can be taken for a key).
   */
  private checkEntryValue(line: number, value: string, column: number): void {
    const inline = value.trimStart();
    const first = inline[0];
    if ((first !== '"' && first !== "'") || quotedEnd(inline) >= 0) return checkInlineValue(value);
    let text = inline;
    for (let next = line + 1; next < this.count; next++) {
      const indent = this.indents[next]!;
      if (indent >= 0 && indent <= column) giveUp();
      text += `\n${this.rest(next)}`;
      const close = quotedEnd(text);
      if (close >= 0) {
        if (stripComment(text.slice(close + 1)) !== '') giveUp();
        return;
      }
    }
    giveUp();
  }

  /** Where a sequence item's node starts (the parser reports that line) and the collection it is, if any. */
  private itemContent(item: Entry, column: number, last: boolean): { line: number; block?: Block } {
    const text = this.rest(item.line);
    let c = item.valueColumn;
    while (c < text.length && text.charCodeAt(c) === 32) c++;
    const inline = stripComment(text.slice(c));
    if (inline === '') {
      const next = this.nextContent(item.line);
      if (next >= this.count || this.indents[next]! <= column) return giveUp(); // a null item
      return { line: next, block: last ? undefined : this.blockAt(next, this.indents[next]!) };
    }
    if (last && !/^[&*!?-]/.test(inline)) return { line: item.line };
    if (/^([&*!{[?|>]|-( |$))/.test(inline)) giveUp();
    if (keyOf(text.slice(c))) return { line: item.line, block: { kind: 'map', line: item.line, column: c } };
    checkInlineValue(inline);
    return { line: item.line };
  }
}

/** A mapping key at the start of `rest` (plain or quoted, one line), with the offset just after its colon. */
function keyOf(rest: string): { name: string; end: number } | undefined {
  const first = rest[0];
  if (first === '"' || first === "'") {
    const close = quotedEnd(rest);
    if (close < 0) return undefined;
    let after = close + 1;
    while (rest[after] === ' ') after++;
    if (rest[after] !== ':' || !(after + 1 === rest.length || rest[after + 1] === ' ')) return undefined;
    const body = rest.slice(0, close + 1);
    const name = first === "'" ? body.slice(1, -1).replace(/''/g, "'") : parseDoubleQuoted(body);
    return { name, end: after + 1 };
  }
  if (first === undefined || /^[-?:,[\]{}#&*!|>%@`]/.test(rest) && !/^[-?:][^ ]/.test(rest)) return undefined;
  const colon = /:( |$)/.exec(rest);
  if (!colon) return undefined;
  const name = rest.slice(0, colon.index).trimEnd();
  if (name.includes(' #') || name === '<<' || name === '' || !plainKeyIsString(name)) return giveUp();
  return { name, end: colon.index + 1 };
}

/** Plain keys that the core schema reads as a string with the same text (others are numbers, booleans...). */
function plainKeyIsString(name: string): boolean {
  if (/^(0|[1-9]\d*)$/.test(name)) return true; // an integer prints back as written
  if (/^[-+.\d]/.test(name)) return false;
  return !/^(null|Null|NULL|~|true|True|TRUE|false|False|FALSE)$/.test(name);
}

function quotedEnd(text: string): number {
  const quote = text[0];
  for (let i = 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function parseDoubleQuoted(body: string): string {
  if (/\\[^"\\/bfnrtu]/.test(body)) giveUp(); // YAML-only escapes
  try {
    return JSON.parse(body) as string;
  } catch {
    return giveUp();
  }
}

/** The inline value of an entry: a flow collection or quoted scalar must end on its line. */
function checkInlineValue(value: string): void {
  const inline = stripComment(value.trimStart());
  if (inline === '') return;
  const first = inline[0];
  if ((first === '"' || first === "'") && quotedEnd(inline) < 0) giveUp();
  if ((first === '[' && !inline.endsWith(']')) || (first === '{' && !inline.endsWith('}'))) giveUp();
}

/** The text before a trailing comment (outside quotes), trimmed. */
function stripComment(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"') || trimmed.startsWith("'")) {
    const close = quotedEnd(trimmed);
    return close < 0 ? trimmed : trimmed.slice(0, close + 1);
  }
  const hash = trimmed.search(/(^| )#/);
  return hash < 0 ? trimmed : trimmed.slice(0, hash).trimEnd();
}
