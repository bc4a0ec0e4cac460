/**
 * The scalars and flow collections of the YAML fast path (yaml-fast-path.ts): js-yaml's readers of plain,
 * quoted, block scalars and flow collections, ported as they are, and the resolution of plain scalars through
 * js-yaml's own implicit types. What they do not read as js-yaml does, they decline (DECLINE).
 */
import { SPEC_SCHEMA } from './yaml-schema.ts';
import { MAX_NESTING } from './input-limits.ts';

interface ImplicitType {
  tag: string;
  resolve(data: string): boolean;
  construct(data: string): unknown;
}
// js-yaml's own resolution of plain scalars (null, bool, int, float, merge), in its order.
const IMPLICIT_TYPES = (SPEC_SCHEMA as unknown as { compiledImplicit: ImplicitType[] }).compiledImplicit;

/** Thrown (never escapes) where the document leaves the subset this reader handles. */
export const DECLINE = new Error('declined');

export const LF = 0x0a;
export const SPACE = 0x20;
export const HASH = 0x23;
export const COLON = 0x3a;
export const DASH = 0x2d;
export const SQUOTE = 0x27;
export const DQUOTE = 0x22;
export const QUESTION = 0x3f;
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

const isFlowIndicator = (c: number) => c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;
/** Space or line break; tabs and CR never reach the reader, and the text's end (NaN) counts as a break. */
export const isSpaceOrBreak = (c: number) => c === SPACE || c === LF || c !== c;

/** Of the plain scalars starting with a letter, only these resolve (null and bool); numbers start otherwise. */
const CORE_WORDS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

export function resolvePlain(raw: string): unknown {
  const first = raw.charCodeAt(0);
  if (first >= 128 || MAY_RESOLVE[first] === 0) return raw;
  // `type`, `format`, `nullable`...: spared js-yaml's five resolvers (one of them a regex) for nothing.
  if (isLetter(first) && !CORE_WORDS.has(raw)) return raw;
  for (const type of IMPLICIT_TYPES) if (type.resolve(raw)) return type.construct(raw);
  return raw;
}

/** A mapping key as js-yaml stores it: the plain scalar resolved, then made a string; merge keys are not handled. */
export function plainKey(raw: string): string {
  if (raw === '<<') throw DECLINE;
  return String(resolvePlain(raw));
}

export function checkedKey(target: object, key: string): string {
  if (key === '__proto__' || Object.prototype.hasOwnProperty.call(target, key)) throw DECLINE;
  return key;
}

/** Reading state shared with the block structure (BlockReader), and the scalar and flow readers. */
export class ScalarReader {
  protected readonly s: string;
  protected readonly len: number;
  /** The reading position. */
  protected pos = 0;
  /** After a plain scalar: whether it continued over a line break. */
  protected multiLine = false;

  constructor(text: string) {
    this.s = text;
    this.len = text.length;
  }

  /** Whether a line break lies between `from` and `to`: a scan of that span only (a search to the line's end
   * would be quadratic on a long line of many keys). */
  protected hasBreak(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.s.charCodeAt(i) === LF) return true;
    return false;
  }

  /** Line breaks and the indentation after them from `i` (at a break), as js-yaml's skipSeparationSpace. */
  protected breaks = 0;
  protected lineIndent = 0;
  protected skipBreaks(from: number): number {
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

  /**
   * Declines where no plain scalar (nor key) can start at `i`: an indicator, or `-`, `?` or `:` followed by a
   * space or a break (in a flow collection, by a flow indicator too).
   */
  protected refusePlainStart(i: number, inFlow: boolean): void {
    const ch = this.s.charCodeAt(i);
    if (ch < 128 && (NOT_PLAIN_START[ch] === 1 || UNHANDLED_START[ch] === 1)) throw DECLINE;
    const next = this.s.charCodeAt(i + 1);
    if ((ch === DASH || ch === QUESTION || ch === COLON) && (isSpaceOrBreak(next) || (inFlow && isFlowIndicator(next)))) throw DECLINE;
  }

  /** js-yaml's readPlainScalar; `pos` ends where it stops. Returns '' where it reads nothing. */
  protected plain(nodeIndent: number, inFlow: boolean): string {
    const s = this.s;
    let i = this.pos;
    let ch = s.charCodeAt(i);
    this.refusePlainStart(i, inFlow);
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

  /**
   * js-yaml's readSingleQuotedScalar and readDoubleQuotedScalar, `pos` at the opening quote: `''` is a quote in
   * single quotes, escapes are read in double quotes, and line breaks fold in both (one becomes a space, n
   * become n-1 newlines).
   */
  protected quoted(): string {
    const s = this.s;
    const quote = s.charCodeAt(this.pos);
    let i = this.pos + 1;
    let result = '';
    let captureStart = i;
    let captureEnd = i;
    for (;;) {
      if (i >= this.len) throw DECLINE; // unterminated: js-yaml's error
      const ch = s.charCodeAt(i);
      if (ch === quote) {
        result += s.slice(captureStart, i);
        i++;
        if (quote === DQUOTE || s.charCodeAt(i) !== SQUOTE) {
          this.pos = i;
          return result;
        }
        captureStart = i;
        i++;
        captureEnd = i;
      } else if (ch === BACKSLASH && quote === DQUOTE) {
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
        i = captureStart = captureEnd = this.skipBreaks(i);
        if (i >= this.len) throw DECLINE;
        result += this.breaks === 1 ? ' ' : '\n'.repeat(this.breaks - 1);
      } else {
        i++;
        if (ch !== SPACE) captureEnd = i;
      }
    }
  }

  /** js-yaml's readBlockScalar without indentation indicators, `pos` at `|` or `>`; ends at the start of the line after it. */
  protected blockScalar(nodeIndent: number): string {
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
        this.pos = lineStart;
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
  protected flowCollection(nodeIndent: number, level: number): unknown {
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
      if (!readNext || ch === 0x2c || (ch === QUESTION && isSpaceOrBreak(s.charCodeAt(this.pos + 1)))) throw DECLINE;
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
  protected flowNode(nodeIndent: number, level: number): unknown {
    const ch = this.s.charCodeAt(this.pos);
    if (ch === 0x5b || ch === 0x7b) return this.flowCollection(nodeIndent, level + 1);
    if (ch === SQUOTE || ch === DQUOTE) return this.quoted();
    const raw = this.plain(nodeIndent, true);
    if (raw === '') throw DECLINE;
    return plainOrMergeKey(raw);
  }

  /** js-yaml's skipSeparationSpace with comments, inside a flow collection. */
  protected skipFlowSpace(): void {
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
