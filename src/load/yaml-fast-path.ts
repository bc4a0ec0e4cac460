/**
 * A faster reader for the YAML most specs are written in: block mappings and sequences, plain, quoted and block
 * scalars, flow collections and comments. It reads them exactly as js-yaml does with the spec schema (its own
 * scalar rules are ported line by line, and plain scalars resolve through js-yaml's own implicit types), and
 * hands anything else to js-yaml by returning NOT_HANDLED: tabs, CR line breaks, anchors, aliases, tags,
 * directives, several documents, explicit keys, merge keys, indentation indicators, anything js-yaml would refuse
 * or warn about, and documents js-yaml reads in an unusual way. Declining is always safe; accepting must give
 * js-yaml's value, which test/load/yaml-fast-path.test.ts checks on every YAML file of the fixtures (and the
 * corpus suite on every spec of the shared corpus).
 * Why it exists: js-yaml is most of the time `diff` spends on a large YAML spec (docs/decisions.md).
 */
import { SPEC_SCHEMA } from './yaml-schema.ts';
import { MAX_NESTING } from './input-limits.ts';

export const NOT_HANDLED: unique symbol = Symbol('not handled by the YAML fast path');

interface ImplicitType {
  tag: string;
  resolve(data: string): boolean;
  construct(data: string): unknown;
}
// js-yaml's own resolution of plain scalars (null, bool, int, float, merge), in its order.
const IMPLICIT_TYPES = (SPEC_SCHEMA as unknown as { compiledImplicit: ImplicitType[] }).compiledImplicit;

/** Thrown (never escapes) where the document leaves the subset this reader handles. */
const DECLINE = new Error('declined');

const LF = 0x0a;
const SPACE = 0x20;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const SQUOTE = 0x27;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;

/** First characters of a plain scalar that an implicit type other than str can match: ~ n N t T f F + - . 0-9 <. */
const MAY_RESOLVE = new Uint8Array(128);
for (const ch of '~nNtTfF+-.0123456789<') MAY_RESOLVE[ch.charCodeAt(0)] = 1;
/** Characters that cannot start a plain scalar (js-yaml's readPlainScalar), as a lookup table. */
const NOT_PLAIN_START = new Uint8Array(128);
for (const ch of ' \n,[]{}#&*!|>\'"%@`') NOT_PLAIN_START[ch.charCodeAt(0)] = 1;
/** Node starts this reader leaves to js-yaml: anchors, aliases, tags, directives, reserved characters. */
const UNHANDLED_START = new Uint8Array(128);
for (const ch of '&*!%@`,]}') UNHANDLED_START[ch.charCodeAt(0)] = 1;

// js-yaml's PATTERN_NON_PRINTABLE, which it refuses in scalars (here their presence anywhere declines): these
// characters, or a lone surrogate, which String#isWellFormed finds several times faster than its lookarounds.
// eslint-disable-next-line no-control-regex
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]/;
const isWellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

const isFlowIndicator = (c: number) => c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;
/** Space or line break; tabs and CR never reach the reader, and the text's end (NaN) counts as a break. */
const isSpaceOrBreak = (c: number) => c === SPACE || c === LF || c !== c;

/** Of the plain scalars starting with a letter, only these resolve (null and bool); numbers start otherwise. */
const CORE_WORDS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function resolvePlain(raw: string): unknown {
  const first = raw.charCodeAt(0);
  if (first >= 128 || MAY_RESOLVE[first] === 0) return raw;
  // `type`, `format`, `nullable`...: spared js-yaml's five resolvers (one of them a regex) for nothing.
  if (isLetter(first) && !CORE_WORDS.has(raw)) return raw;
  for (const type of IMPLICIT_TYPES) if (type.resolve(raw)) return type.construct(raw);
  return raw;
}

/** A mapping key as js-yaml stores it: the plain scalar resolved, then made a string; merge keys are not handled. */
function plainKey(raw: string): string {
  if (raw === '<<') throw DECLINE;
  return String(resolvePlain(raw));
}

function checkedKey(target: object, key: string): string {
  if (key === '__proto__' || Object.prototype.hasOwnProperty.call(target, key)) throw DECLINE;
  return key;
}

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

class BlockReader {
  private readonly s: string;
  private readonly len: number;
  /** The reading position. */
  private pos = 0;
  /** After nextContent: the indentation of the line `pos` is on (-1 at the end), and whether no line ended. */
  private indent = -1;
  private sameLine = false;
  /** After a plain scalar: whether it continued over a line break. */
  private multiLine = false;

  constructor(text: string) {
    this.s = text;
    this.len = text.length;
  }

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
      if (key === undefined && s.charCodeAt(this.pos) === 0x3f && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) {
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
      const key = first === SQUOTE ? this.singleQuoted() : this.doubleQuoted();
      if (this.hasBreak(start, this.pos)) throw DECLINE;
      let i = this.pos;
      while (s.charCodeAt(i) === SPACE) i++;
      if (s.charCodeAt(i) !== COLON || !isSpaceOrBreak(s.charCodeAt(i + 1))) throw DECLINE;
      this.pos = i + 1;
      return key;
    }
    if (first >= 128 ? false : NOT_PLAIN_START[first] === 1 || UNHANDLED_START[first] === 1) throw DECLINE;
    if ((first === DASH || first === 0x3f || first === COLON) && isSpaceOrBreak(s.charCodeAt(start + 1))) throw DECLINE;
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
    if (ch === 0x7c || ch === 0x3e) return this.blockScalar(scalarIndent);
    let value: unknown;
    if (ch === SQUOTE) value = this.singleQuoted();
    else if (ch === DQUOTE) value = this.doubleQuoted();
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

  /** Whether a line break lies between `from` and `to`: a scan of that span only (a search to the line's end
   * would be quadratic on a long line of many keys). */
  private hasBreak(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.s.charCodeAt(i) === LF) return true;
    return false;
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
    if (ch === 0x3f && isSpaceOrBreak(s.charCodeAt(this.pos + 1))) return this.mapping(column, level + 1, undefined);
    if (level + 1 >= MAX_NESTING / 2) throw DECLINE;
    let value: unknown;
    if (ch === SQUOTE || ch === DQUOTE) {
      const start = this.pos;
      value = ch === SQUOTE ? this.singleQuoted() : this.doubleQuoted();
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

  /** Line breaks and the indentation after them from `i` (at a break), as js-yaml's skipSeparationSpace. */
  private breaks = 0;
  private lineIndent = 0;
  private skipBreaks(from: number): number {
    const s = this.s;
    let i = from;
    let breaks = 0;
    let indent = 0;
    while (s.charCodeAt(i) === LF) {
      i++;
      breaks++;
      indent = 0;
      while (s.charCodeAt(i) === SPACE) {
        i++;
        indent++;
      }
    }
    this.breaks = breaks;
    this.lineIndent = indent;
    return i;
  }

  /** js-yaml's readPlainScalar; `pos` ends where it stops. Returns '' where it reads nothing. */
  private plain(nodeIndent: number, inFlow: boolean): string {
    const s = this.s;
    let i = this.pos;
    let ch = s.charCodeAt(i);
    if (ch < 128 && (NOT_PLAIN_START[ch] === 1 || UNHANDLED_START[ch] === 1)) throw DECLINE;
    if ((ch === 0x3f || ch === DASH) && (isSpaceOrBreak(s.charCodeAt(i + 1)) || (inFlow && isFlowIndicator(s.charCodeAt(i + 1))))) throw DECLINE;
    let result = '';
    let captureStart = i;
    let captureEnd = i;
    let pending = false;
    let pendingBreaks = 0;
    this.multiLine = false;
    while (i < this.len) {
      ch = s.charCodeAt(i);
      if (ch === COLON) {
        const following = s.charCodeAt(i + 1);
        if (isSpaceOrBreak(following) || (inFlow && isFlowIndicator(following))) break;
      } else if (ch === HASH) {
        if (isSpaceOrBreak(s.charCodeAt(i - 1))) break;
      } else if (inFlow && isFlowIndicator(ch)) {
        break;
      } else if (ch === LF) {
        const next = this.skipBreaks(i);
        if (next < this.len && this.lineIndent >= nodeIndent) {
          pending = true;
          this.multiLine = true; // where it stops now is on a later line, even before any content there
          pendingBreaks = this.breaks;
          i = next;
          continue;
        }
        i = captureEnd;
        break;
      }
      if (pending) {
        result += s.slice(captureStart, captureEnd);
        result += pendingBreaks === 1 ? ' ' : '\n'.repeat(pendingBreaks - 1);
        captureStart = captureEnd = i;
        pending = false;
      }
      if (ch !== SPACE) captureEnd = i + 1;
      i++;
    }
    if (captureStart < captureEnd) result += s.slice(captureStart, captureEnd);
    this.pos = i;
    return result;
  }

  /** Folds the break(s) at `i` inside a quoted scalar: one becomes a space, n become n-1 newlines. */
  private foldBreaks(i: number): [next: number, folded: string] {
    const next = this.skipBreaks(i);
    if (next >= this.len) throw DECLINE; // unterminated: js-yaml's error
    return [next, this.breaks === 1 ? ' ' : '\n'.repeat(this.breaks - 1)];
  }

  /** js-yaml's readSingleQuotedScalar, `pos` at the opening quote. */
  private singleQuoted(): string {
    const s = this.s;
    let i = this.pos + 1;
    let result = '';
    let captureStart = i;
    let captureEnd = i;
    for (;;) {
      if (i >= this.len) throw DECLINE;
      const ch = s.charCodeAt(i);
      if (ch === SQUOTE) {
        result += s.slice(captureStart, i);
        i++;
        if (s.charCodeAt(i) !== SQUOTE) {
          this.pos = i;
          return result;
        }
        captureStart = i;
        i++;
        captureEnd = i;
      } else if (ch === LF) {
        result += s.slice(captureStart, captureEnd);
        const [next, folded] = this.foldBreaks(i);
        result += folded;
        i = captureStart = captureEnd = next;
      } else {
        i++;
        if (ch !== SPACE) captureEnd = i;
      }
    }
  }

  /** js-yaml's readDoubleQuotedScalar, `pos` at the opening quote. */
  private doubleQuoted(): string {
    const s = this.s;
    let i = this.pos + 1;
    let result = '';
    let captureStart = i;
    let captureEnd = i;
    for (;;) {
      if (i >= this.len) throw DECLINE;
      const ch = s.charCodeAt(i);
      if (ch === DQUOTE) {
        result += s.slice(captureStart, i);
        this.pos = i + 1;
        return result;
      }
      if (ch === BACKSLASH) {
        result += s.slice(captureStart, i);
        const escape = s.charCodeAt(++i);
        if (escape === LF) {
          i = this.skipBreaks(i);
        } else if (escape < 128 && SIMPLE_ESCAPES[escape] !== undefined) {
          result += SIMPLE_ESCAPES[escape];
          i++;
        } else {
          const digits = escape === 0x78 ? 2 : escape === 0x75 ? 4 : escape === 0x55 ? 8 : 0;
          const hex = s.slice(i + 1, i + 1 + digits);
          if (digits === 0 || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) throw DECLINE;
          result += fromCodePoint(Number.parseInt(hex, 16));
          i += 1 + digits;
        }
        captureStart = captureEnd = i;
      } else if (ch === LF) {
        result += s.slice(captureStart, captureEnd);
        const [next, folded] = this.foldBreaks(i);
        result += folded;
        i = captureStart = captureEnd = next;
      } else {
        i++;
        if (ch !== SPACE) captureEnd = i;
      }
    }
  }

  /** js-yaml's readBlockScalar without indentation indicators, `pos` at `|` or `>`; ends with nextContent done. */
  private blockScalar(nodeIndent: number): string {
    const s = this.s;
    const folding = s.charCodeAt(this.pos) === 0x3e;
    let i = this.pos + 1;
    let chomping: 'clip' | 'strip' | 'keep' = 'clip';
    let ch = s.charCodeAt(i);
    if (ch === DASH || ch === 0x2b) {
      chomping = ch === DASH ? 'strip' : 'keep';
      ch = s.charCodeAt(++i);
    }
    if (ch === SPACE) {
      while (s.charCodeAt(i) === SPACE) i++;
      if (s.charCodeAt(i) === HASH) i = s.indexOf('\n', i);
    }
    if (s.charCodeAt(i) !== LF) throw DECLINE; // an indentation indicator, or more on the header line
    let textIndent = nodeIndent;
    let detected = false;
    let didRead = false;
    let emptyLines = 0;
    let atMoreIndented = false;
    let result = '';
    for (;;) {
      i++; // past the line break
      const lineStart = i;
      let lineIndent = 0;
      while ((!detected || lineIndent < textIndent) && s.charCodeAt(i) === SPACE) {
        lineIndent++;
        i++;
      }
      if (!detected && lineIndent > textIndent) textIndent = lineIndent;
      if (s.charCodeAt(i) === LF) {
        emptyLines++;
        continue;
      }
      if (i >= this.len || lineIndent < textIndent) {
        if (chomping === 'keep') result += '\n'.repeat(didRead ? 1 + emptyLines : emptyLines);
        else if (chomping === 'clip' && didRead) result += '\n';
        this.nextContent(lineStart, true);
        return result;
      }
      if (folding) {
        if (s.charCodeAt(i) === SPACE) {
          atMoreIndented = true;
          result += '\n'.repeat(didRead ? 1 + emptyLines : emptyLines);
        } else if (atMoreIndented) {
          atMoreIndented = false;
          result += '\n'.repeat(emptyLines + 1);
        } else if (emptyLines === 0) {
          if (didRead) result += ' ';
        } else {
          result += '\n'.repeat(emptyLines);
        }
      } else {
        result += '\n'.repeat(didRead ? 1 + emptyLines : emptyLines);
      }
      didRead = true;
      detected = true;
      emptyLines = 0;
      const end = s.indexOf('\n', i);
      result += s.slice(i, end);
      i = end;
    }
  }

  /** js-yaml's readFlowCollection, `pos` at `[` or `{`; explicit `?` keys and pairs in sequences are declined. */
  private flowCollection(nodeIndent: number, level: number): unknown {
    if (level >= MAX_NESTING / 2) throw DECLINE;
    const s = this.s;
    const isMapping = s.charCodeAt(this.pos) === 0x7b;
    const terminator = isMapping ? 0x7d : 0x5d;
    const sequence: unknown[] = [];
    const mapping: Record<string, unknown> = {};
    let readNext = true;
    this.pos++;
    for (;;) {
      this.skipFlowSpace();
      const ch = s.charCodeAt(this.pos);
      if (this.pos >= this.len) throw DECLINE;
      if (ch === terminator) {
        this.pos++;
        return isMapping ? mapping : sequence;
      }
      if (!readNext || ch === 0x2c || (ch === 0x3f && isSpaceOrBreak(s.charCodeAt(this.pos + 1)))) throw DECLINE;
      const keyStart = this.pos;
      const key = this.flowNode(nodeIndent, level);
      this.skipFlowSpace();
      let value: unknown = null;
      const colon = this.pos;
      if (s.charCodeAt(colon) === COLON && !this.hasBreak(keyStart, colon)) {
        if (!isMapping) throw DECLINE;
        this.pos++;
        this.skipFlowSpace();
        const next = s.charCodeAt(this.pos);
        value = next === 0x2c || next === terminator ? null : this.flowNode(nodeIndent, level);
      } else if (s.charCodeAt(colon) === COLON) {
        throw DECLINE;
      }
      if (isMapping) {
        if (typeof key === 'object' && key !== null) throw DECLINE;
        mapping[checkedKey(mapping, String(key))] = value;
      } else sequence.push(key);
      this.skipFlowSpace();
      readNext = s.charCodeAt(this.pos) === 0x2c;
      if (readNext) this.pos++;
    }
  }

  /** A node inside a flow collection: a nested collection, a quoted or a plain scalar. */
  private flowNode(nodeIndent: number, level: number): unknown {
    const ch = this.s.charCodeAt(this.pos);
    if (ch === 0x5b || ch === 0x7b) return this.flowCollection(nodeIndent, level + 1);
    if (ch === SQUOTE) return this.singleQuoted();
    if (ch === DQUOTE) return this.doubleQuoted();
    const raw = this.plain(nodeIndent, true);
    if (raw === '') throw DECLINE;
    return plainOrMergeKey(raw);
  }

  /** js-yaml's skipSeparationSpace with comments, inside a flow collection. */
  private skipFlowSpace(): void {
    const s = this.s;
    let i = this.pos;
    for (;;) {
      while (s.charCodeAt(i) === SPACE) i++;
      if (s.charCodeAt(i) === HASH) i = s.indexOf('\n', i);
      if (s.charCodeAt(i) !== LF) break;
      i++;
    }
    this.pos = i;
  }
}

/** A plain scalar in a flow collection: `<<` there would be a merge key (or js-yaml's value "<<"): declined. */
function plainOrMergeKey(raw: string): unknown {
  if (raw === '<<') throw DECLINE;
  return resolvePlain(raw);
}

const SIMPLE_ESCAPES: (string | undefined)[] = [];
for (const [ch, value] of Object.entries({ '0': '\x00', a: '\x07', b: '\x08', t: '\x09', n: '\x0A', v: '\x0B', f: '\x0C', r: '\x0D', e: '\x1B', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xA0', L: '\u2028', P: '\u2029' })) {
  SIMPLE_ESCAPES[ch.charCodeAt(0)] = value;
}

/** js-yaml's charFromCodepoint: code points past U+FFFF as a surrogate pair, lone surrogates as they are. */
function fromCodePoint(code: number): string {
  if (code <= 0xffff) return String.fromCharCode(code);
  return String.fromCharCode(((code - 0x010000) >> 10) + 0xd800, ((code - 0x010000) & 0x03ff) + 0xdc00);
}
