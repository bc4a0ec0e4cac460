/**
 * Source text of numbers a double cannot hold exactly (integers beyond 2^53, decimals with more significant
 * digits than a double keeps, values beyond its range). JSON.parse and js-yaml round them, so two different
 * bounds can parse to one double; the diff compares the written text instead (see classify/distinct-numbers.ts).
 *
 * Only such numbers are recorded, by (container, key) of the parsed data, which $ref resolution keeps (it never
 * copies nodes). The common path pays for one regular-expression pass: a literal needs 16+ significant digits
 * (or a 3-digit exponent, or a long hex literal) to be inexact, and most specs have none.
 */
import { doubleOfLiteral, isInexact, parseDecimal } from './decimal.ts';
import { yamlLibrary } from '../config/yaml-positions.ts';
import type { SourceEncoding } from './types.ts';
import { jsonNumberLiterals, type WrittenLiteral } from './json-number-literals.ts';

/** container -> key -> number literal as written, for the inexact numbers of every file parsed so far. */
const written = new WeakMap<object, Map<string, string>>();

// Three separate patterns: V8 scans each of them faster than one alternation.
const LONG_DIGITS = /\d[\d._]{15}/;
const LONG_EXPONENT = /[eE][-+]?\d{3}/;
const LONG_HEX = /0x[\da-fA-F_]{14}/;
const CANDIDATES = /\d[\d._]{15}|[eE][-+]?\d{3}|0x[\da-fA-F_]{14}/g;
const NUMBER_TOKEN = /[-+]?(?:0[xob][\da-fA-F_]+|[\d_]*\.?\d[\d_]*(?:[eE][-+]?\d+)?)/g;
/**
 * Every number literal of JSON and of the YAML 1.2 core schema, as a whole word, matches this (and more): a
 * number is a scalar of its own, never part of a longer word such as a UUID or a hash.
 */
const NUMBER_WORD = /^[-+]?(?:0[xob][\da-f_]+|[\d_]*\.?[\d_]*(?:e[-+]?[\d_]+)?)$/i;

/** The literal written for `container[key]` when it is an inexact number. */
export function writtenNumber(container: object, key: string): string | undefined {
  return written.get(container)?.get(key);
}

export function recordWrittenNumber(container: object, key: string, literal: string): void {
  let keys = written.get(container);
  if (!keys) written.set(container, (keys = new Map()));
  keys.set(key, literal);
}

/** Letters, digits and `.`, `_`, `+`, `-`: what a number literal (and the word around a digit run) is made of. */
function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 46 || code === 95 || code === 43 || code === 45;
}

/** Cheap test on the raw text: could any number in it be inexact (or long and written unlike JS prints it)? */
export function mayHoldInexactNumbers(text: string, encoding: SourceEncoding): boolean {
  if (!LONG_DIGITS.test(text) && !LONG_EXPONENT.test(text) && (encoding === 'json' || !LONG_HEX.test(text))) return false;
  // Long digit runs are often inside strings (card numbers, ids): look at the word around each one (not its line:
  // a minified JSON spec is one line).
  const global = new RegExp(CANDIDATES);
  const inString = encoding === 'json' ? jsonStringTracker(text) : undefined;
  for (let found = global.exec(text); found; found = global.exec(text)) {
    // A JSON number is never inside a string: an example written as a string, an id, a hash.
    if (inString?.(found.index)) continue;
    let start = found.index;
    while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
    let end = found.index + found[0].length;
    while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
    const word = text.slice(start, end);
    global.lastIndex = end;
    if (!NUMBER_WORD.test(word)) continue;
    for (const token of word.match(NUMBER_TOKEN) ?? []) {
      const double = doubleOfLiteral(token);
      if (String(double) !== token && parseDecimal(token)) return true;
    }
  }
  return false;
}

/**
 * Whether an offset of a valid JSON text lies inside a string; asked about increasing offsets, it reads each
 * quote once (found with indexOf, so the text between quotes is not looked at one character at a time).
 */
function jsonStringTracker(text: string): (offset: number) => boolean {
  let next = 0;
  let inside = false;
  return (offset) => {
    for (;;) {
      const quote = text.indexOf('"', next);
      if (quote < 0 || quote >= offset) return inside;
      next = quote + 1;
      // Inside a string a quote after an odd number of backslashes is escaped; outside one no backslash occurs.
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
      if (backslashes % 2 === 0) inside = !inside;
    }
  };
}

/**
 * Records the literal of every number in `data` (the value parsed from `text`) written otherwise than JS prints
 * it, and returns how many are inexact. JSON is read by a scan in step with the data; YAML (and JSON with a
 * duplicate key) with the `yaml` library.
 */
export function recordInexactNumbers(text: string, encoding: SourceEncoding, data: unknown): number {
  if (typeof data !== 'object' || data === null || !mayHoldInexactNumbers(text, encoding)) return 0;
  const literals = (encoding === 'json' ? jsonNumberLiterals(text, data) : undefined) ?? yamlNumberLiterals(text, data);
  let count = 0;
  for (const { container, key, literal } of literals) {
    recordWrittenNumber(container, key, literal);
    if (isInexact(literal, (container as Record<string, number>)[key])) count++;
  }
  return count;
}

/** jsonNumberLiterals for any YAML (JSON is YAML): walks the `yaml` library's nodes next to the parsed data. */
export function yamlNumberLiterals(text: string, data: object): WrittenLiteral[] {
  const found: WrittenLiteral[] = [];
  const yaml = yamlLibrary();
  const doc = yaml.parseDocument(text, { uniqueKeys: false, merge: false, keepSourceTokens: false });
  const resolved = (item: unknown) => (yaml.isAlias(item) ? item.resolve(doc) : item);
  const visit = (node: unknown, value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const container = value as Record<string, unknown>;
    const done = new Set<string>();
    // `descend`: false for aliases and merged values, which are the same objects as their anchor's (seen there).
    const child = (key: string, item: unknown, descend: boolean) => {
      if (done.has(key)) return;
      done.add(key);
      const parsed = container[key];
      const target = resolved(item);
      if (typeof parsed === 'number' && yaml.isScalar(target) && target.range) {
        const literal = text.slice(target.range[0], target.range[1]).trim();
        // Long literals written otherwise than JS prints them are kept too: `1000000000000000000000000000000` may
        // meet `1000000000000000000000000000001` in the other document, and both are shown as written.
        if (literal === String(parsed) || !parseDecimal(literal) || !Object.is(doubleOfLiteral(literal), parsed)) return;
        found.push({ container, key, literal });
      } else if (descend && yaml.isCollection(target)) visit(target, parsed);
    };
    if (yaml.isSeq(node) && Array.isArray(value)) node.items.forEach((item, index) => child(String(index), item, !yaml.isAlias(item)));
    else if (yaml.isMap(node) && !Array.isArray(value)) {
      const keyOf = (pair: { key: unknown }) => (yaml.isScalar(pair.key) ? pair.key.value : pair.key);
      // Explicit keys win over merged ones (the last of duplicate JSON keys, as JSON.parse), then the first source.
      for (const pair of [...node.items].reverse()) {
        const key = keyOf(pair);
        if (key !== '<<' && (typeof key !== 'object' || key === null)) child(String(key), pair.value, !yaml.isAlias(pair.value));
      }
      for (const pair of node.items.filter((p) => keyOf(p) === '<<')) {
        const merged = resolved(pair.value);
        const sources = yaml.isSeq(merged) ? merged.items.map(resolved) : [merged];
        for (const source of sources) {
          if (yaml.isMap(source)) for (const item of source.items) child(String(keyOf(item)), item.value, false);
        }
      }
    }
  };
  visit(doc.contents, data);
  return found;
}
