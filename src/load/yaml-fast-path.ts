/**
 * A faster reader for the YAML most specs are written in: block mappings (`? ` keys too) and sequences, plain,
 * quoted and block scalars, flow collections and comments. It reads them exactly as js-yaml does with the spec
 * schema (its scalar rules are ported line by line in yaml-fast-scalars.ts, and plain scalars resolve through
 * js-yaml's own implicit types), and hands anything else to js-yaml by returning NOT_HANDLED: tabs, CR line
 * breaks, anchors, aliases, tags, directives, several documents, merge keys, indentation indicators, anything
 * js-yaml would refuse or warn about, and documents js-yaml reads in an unusual way. Declining is always safe; accepting must give
 * js-yaml's value, which test/load/yaml-fast-path.test.ts checks on every YAML file of the fixtures (and the
 * corpus suite on every spec of the shared corpus).
 * Why it exists: js-yaml is most of the time `diff` spends on a large YAML spec (docs/decisions.md).
 */
import { MAX_NESTING } from './input-limits.ts';
import { checkedKey, COLON, DASH, DECLINE, DQUOTE, HASH, isSpaceOrBreak, LF, plainKey, QUESTION, resolvePlain, ScalarReader, SPACE, SQUOTE } from './yaml-fast-scalars.ts';

export const NOT_HANDLED: unique symbol = Symbol('not handled by the YAML fast path');

// js-yaml's PATTERN_NON_PRINTABLE, which it refuses in scalars (here their presence anywhere declines): these
// characters, or a lone surrogate, which String#isWellFormed finds several times faster than its lookarounds.
// eslint-disable-next-line no-control-regex
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]/;
const isWellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** The data of `text` as js-yaml reads it with the spec schema, or NOT_HANDLED (then js-yaml must read it). */
export function parseCommonYaml(text: string): unknown {
  if (text.indexOf('\t') !== -1 || text.indexOf('\r') !== -1 || /^(?:---|\.\.\.)/.test(text) || text.includes('\n---') || text.includes('\n...')) return NOT_HANDLED;
  if (NON_PRINTABLE.test(text) || !isWellFormed(text)) return NOT_HANDLED;
  const reader = new BlockReader(text.charCodeAt(text.length - 1) === LF ? text : `${text}\n`);
  try {
    return reader.document();
  } catch (error) {
    // A stack too small for the nesting (RangeError) is js-yaml's to report as well, with its depth limit.
    if (error === DECLINE || error instanceof RangeError) return NOT_HANDLED;
    throw error;
  }
}

class BlockReader extends ScalarReader {
  /** After nextContent: the indentation of the line `pos` is on (-1 at the end), and whether no line ended. */
  private indent = -1;
  private sameLine = false;

  document(): unknown {
    this.nextContent(0, true);
    if (this.indent < 0) throw DECLINE; // no content: js-yaml's own answer
    const root = this.blockNode(this.indent - 1, this.indent, 0);
    if (this.indent >= 0) throw DECLINE; // content after the root node
    return root;
  }

  /**
   * Moves to the next content: past spaces and a comment on this line (unless `fromLineStart`), then past blank and
   * comment lines. Sets `pos` to it, `indent` to its line's indentation (-1 at the end) and `sameLine`.
   */
  private nextContent(from: number, fromLineStart: boolean): void {
    const s = this.s;
    let i = from;
    if (!fromLineStart) {
      while (s.charCodeAt(i) === SPACE) i++;
      if (s.charCodeAt(i) === HASH) i = s.indexOf('\n', i);
      if (s.charCodeAt(i) !== LF) {
        this.pos = i;
        this.sameLine = true;
        return;
      }
      i++;
    }
    this.sameLine = false;
    for (;;) {
      if (i >= this.len) {
        this.pos = this.len;
        this.indent = -1;
        return;
      }
      const start = i;
      while (s.charCodeAt(i) === SPACE) i++;
      const ch = s.charCodeAt(i);
      if (ch === LF) i++;
      else if (ch === HASH) i = s.indexOf('\n', i) + 1;
      else {
        this.pos = i;
        this.indent = i - start;
        return;
      }
    }
  }

  /** A block mapping at `indent`, `pos` at its first entry, or past the colon of its first key when that is read. */
  private mapping(indent: number, level: number, firstKey: string | undefined): Record<string, unknown> {
    if (level >= MAX_NESTING / 2) throw DECLINE;
    const s = this.s;
    const result: Record<string, unknown> = {};
    let key = firstKey;
    for (;;) {
      if (key === undefined && s.charCodeAt(this.pos) === QUESTION && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) {
        this.explicitEntry(result, indent, level);
      } else {
        key ??= this.blockKey();
        result[checkedKey(result, key)] = this.mappingValue(indent, level);
      }
      key = undefined;
      if (this.sameLine || this.indent > indent) throw DECLINE; // js-yaml: bad indentation of a mapping entry
      if (this.indent < indent) return result;
    }
  }

  /**
   * A `? key` entry (emitters write keys longer than 128 characters so) and its `: value` line, if any: a scalar
   * key written on the `?` line; the value as on a sequence entry's line, or on the lines below.
   */
  private explicitEntry(result: Record<string, unknown>, indent: number, level: number): void {
    const s = this.s;
    let i = this.pos + 1;
    while (s.charCodeAt(i) === SPACE) i++;
    if (s.charCodeAt(i) === LF || s.charCodeAt(i) === HASH || s.startsWith('<<', i)) throw DECLINE;
    this.pos = i;
    const key = this.blockNode(indent, i - this.lineStart(i), level);
    if (this.sameLine || (typeof key === 'object' && key !== null)) throw DECLINE;
    let value: unknown = null;
    if (this.indent === indent && s.charCodeAt(this.pos) === COLON && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) {
      let j = this.pos + 1;
      while (s.charCodeAt(j) === SPACE) j++;
      const ch = s.charCodeAt(j);
      if (ch === LF || ch === HASH) value = this.valueBelow(j, indent, level);
      else {
        this.pos = j;
        value = this.blockNode(indent, j - this.lineStart(j), level);
      }
    }
    result[checkedKey(result, String(key))] = value;
  }

  /** An implicit key at `pos` (plain, or quoted on one line) and its ': '; `pos` ends past the colon. */
  private blockKey(): string {
    const s = this.s;
    const start = this.pos;
    const first = s.charCodeAt(start);
    if (first === SQUOTE || first === DQUOTE) {
      const key = this.quoted();
      if (this.hasBreak(start, this.pos)) throw DECLINE;
      let i = this.pos;
      while (s.charCodeAt(i) === SPACE) i++;
      if (s.charCodeAt(i) !== COLON || !isSpaceOrBreak(s.charCodeAt(i + 1))) throw DECLINE;
      this.pos = i + 1;
      return key;
    }
    this.refusePlainStart(start, false);
    let end = start;
    for (let i = start; ; i++) {
      const ch = s.charCodeAt(i);
      if (ch === COLON && isSpaceOrBreak(s.charCodeAt(i + 1))) {
        this.pos = i + 1;
        return plainKey(s.slice(start, end));
      }
      if (ch === LF || (ch === HASH && s.charCodeAt(i - 1) === SPACE)) throw DECLINE;
      if (ch !== SPACE) end = i + 1;
    }
  }

  /** The value after `key:` of a mapping at `indent`; ends with nextContent done. */
  private mappingValue(indent: number, level: number): unknown {
    const s = this.s;
    let i = this.pos;
    while (s.charCodeAt(i) === SPACE) i++;
    const ch = s.charCodeAt(i);
    if (ch === LF || ch === HASH) return this.valueBelow(i, indent, level);
    this.pos = i;
    return this.inlineNode(indent + 1, level);
  }

  /** A mapping value written on the lines below its key (at `indent`), from the end of the key's line at `from`. */
  private valueBelow(from: number, indent: number, level: number): unknown {
    const s = this.s;
    this.nextContent(from, false);
    if (this.indent > indent) return this.blockNode(indent, this.indent, level);
    if (this.indent === indent && s.charCodeAt(this.pos) === DASH && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) {
      return this.sequence(indent, level + 1); // a sequence may sit at its key's indentation
    }
    return null;
  }

  /**
   * A node on the current line at `pos` in block context (a scalar of any style, or a flow collection) whose
   * scalars continue on lines indented `scalarIndent` or more; ends with nextContent done.
   */
  private inlineNode(scalarIndent: number, level: number): unknown {
    const s = this.s;
    const ch = s.charCodeAt(this.pos);
    if (ch === 0x7c || ch === 0x3e) {
      const text = this.blockScalar(scalarIndent);
      this.nextContent(this.pos, true);
      return text;
    }
    let value: unknown;
    if (ch === SQUOTE || ch === DQUOTE) value = this.quoted();
    else if (ch === 0x5b || ch === 0x7b) value = this.flowCollection(scalarIndent, level + 1);
    else {
      const raw = this.plain(scalarIndent, false);
      // A value stopped by ': ' is js-yaml's "bad indentation of a mapping entry".
      if (raw === '' || s.charCodeAt(this.pos) === COLON) throw DECLINE;
      value = resolvePlain(raw);
    }
    this.nextContent(this.pos, false);
    return value;
  }

  /** A block sequence at `indent`, `pos` at its first `-`. */
  private sequence(indent: number, level: number): unknown[] {
    if (level >= MAX_NESTING / 2) throw DECLINE;
    const s = this.s;
    const result: unknown[] = [];
    for (;;) {
      let i = this.pos + 1;
      while (s.charCodeAt(i) === SPACE) i++;
      const ch = s.charCodeAt(i);
      if (ch === LF || ch === HASH) {
        this.nextContent(i, false);
        if (this.indent > indent) result.push(this.blockNode(indent, this.indent, level));
        else {
          result.push(null);
          // js-yaml goes on reading `- ` entries after an empty one whatever their indentation.
          if (this.indent >= 0 && this.indent < indent && s.charCodeAt(this.pos) === DASH) throw DECLINE;
        }
      } else {
        this.pos = i;
        result.push(this.blockNode(indent, i - this.lineStart(i), level));
      }
      if (this.sameLine || this.indent > indent) throw DECLINE; // js-yaml: bad indentation of a sequence entry
      if (this.indent < indent || s.charCodeAt(this.pos) !== DASH || !isSpaceOrBreak(s.charCodeAt(this.pos + 1))) return result;
    }
  }

  private lineStart(i: number): number {
    return this.s.lastIndexOf('\n', i - 1) + 1;
  }

  /**
   * A node at `pos` (`column`) inside a block collection at `indent`, as js-yaml reads a sequence entry or a value
   * on the lines below its key: a sequence, a mapping (its first key on this line), or a node of one line whose
   * scalars continue on lines indented more than `indent`. Ends with nextContent done.
   */
  private blockNode(indent: number, column: number, level: number): unknown {
    const s = this.s;
    const ch = s.charCodeAt(this.pos);
    if (ch === DASH && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) return this.sequence(column, level + 1);
    if (ch === QUESTION && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) return this.mapping(column, level + 1, undefined);
    if (level + 1 >= MAX_NESTING / 2) throw DECLINE;
    let value: unknown;
    if (ch === SQUOTE || ch === DQUOTE) {
      const start = this.pos;
      value = this.quoted();
      let i = this.pos;
      while (s.charCodeAt(i) === SPACE) i++;
      if (s.charCodeAt(i) === COLON && isSpaceOrBreak(s.charCodeAt(i + 1))) {
        if (this.hasBreak(start, i)) throw DECLINE;
        this.pos = i + 1;
        return this.mapping(column, level + 1, value as string);
      }
    } else if (ch === 0x7c || ch === 0x3e || ch === 0x5b || ch === 0x7b) {
      return this.inlineNode(indent + 1, level);
    } else {
      const raw = this.plain(indent + 1, false);
      if (raw === '') throw DECLINE;
      if (s.charCodeAt(this.pos) === COLON) {
        if (this.multiLine) throw DECLINE;
        this.pos++;
        return this.mapping(column, level + 1, plainKey(raw));
      }
      value = resolvePlain(raw);
    }
    this.nextContent(this.pos, false);
    return value;
  }

}
