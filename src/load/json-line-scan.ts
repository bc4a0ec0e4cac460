/**
 * Pointer -> line for JSON text that already parsed, without building a position tree of the whole file:
 * only the objects and arrays on the pointer's path are scanned (each once, then cached), skipping the values
 * in between. A few printed locations then cost a few passes over part of the text, not a full tree.
 * Same answers as `jsonLineLookup`: a member reports its key's line, an item (and the root) its value's line.
 */
import type { LineLookup } from './line-index.ts';

interface Member { keyOffset: number; valueOffset: number }

export function scanningJsonLineLookup(text: string): LineLookup {
  const objects = new Map<number, Map<string, Member>>();
  const arrays = new Map<number, number[]>();
  let newlines: OffsetList | undefined;

  const lineAt = (offset: number): number => {
    if (!newlines) {
      newlines = new OffsetList();
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) newlines.push(i);
    }
    return firstAtLeast(newlines, offset) + 1;
  };

  const skipWhitespace = (i: number): number => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
      i++;
    }
  };
  /** Offset just past the string whose opening quote is at i (found with indexOf: strings are most of the text). */
  const skipString = (i: number): number => {
    for (let from = i + 1; ; ) {
      const quote = text.indexOf('"', from);
      if (quote < 0) return text.length + 1;
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
      if (backslashes % 2 === 0) return quote + 1; // an escaped quote has an odd run of backslashes before it
      from = quote + 1;
    }
  };
  /**
   * Offset just past each object and array, by its opening offset: one pass over the text on first need, so
   * crossing a container costs a lookup instead of a scan of its content (nested lookups would otherwise scan
   * the same text once per level). Two arrays in text order, searched by halves: a generated spec of 100,000
   * operations has millions of containers, and a Map of them cost more to fill and to collect than the lookups.
   */
  let opens: OffsetList | undefined;
  let closes: OffsetList | undefined;
  const closerOf = (open: number): number => {
    if (!opens || !closes) {
      opens = new OffsetList();
      closes = new OffsetList();
      const stack: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 34) i = skipString(i) - 1;
        else if (d === 123 || d === 91) {
          stack.push(opens.length);
          opens.push(i);
          closes.push(text.length);
        } else if (d === 125 || d === 93) {
          const index = stack.pop();
          if (index !== undefined) closes.set(index, i + 1);
        }
      }
    }
    const at = firstAtLeast(opens, open);
    return at < opens.length && opens.at(at) === open ? closes.at(at) : text.length;
  };
  /** Offset just past the value starting at i. */
  const skipValue = (i: number): number => {
    const c = text.charCodeAt(i);
    if (c === 34) return skipString(i);
    if (c === 123 || c === 91) return closerOf(i);
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
      i++;
    }
    return i;
  };

  const membersOf = (start: number): Map<string, Member> => {
    let members = objects.get(start);
    if (members) return members;
    members = new Map();
    let i = skipWhitespace(start + 1);
    while (text.charCodeAt(i) === 34) {
      const keyEnd = skipString(i);
      const raw = text.slice(i + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      const valueOffset = skipWhitespace(skipWhitespace(keyEnd) + 1); // past ':'
      members.set(key, { keyOffset: i, valueOffset }); // a repeated key: the last one wins, as in JSON.parse
      i = skipWhitespace(skipValue(valueOffset));
      if (text.charCodeAt(i) === 44) i = skipWhitespace(i + 1);
    }
    objects.set(start, members);
    return members;
  };

  const itemsOf = (start: number): number[] => {
    let items = arrays.get(start);
    if (items) return items;
    items = [];
    let i = skipWhitespace(start + 1);
    while (i < text.length && text.charCodeAt(i) !== 93) {
      items.push(i);
      i = skipWhitespace(skipValue(i));
      if (text.charCodeAt(i) === 44) i = skipWhitespace(i + 1);
    }
    arrays.set(start, items);
    return items;
  };

  return (segments) => {
    let offset = skipWhitespace(0);
    if (offset >= text.length) return undefined;
    // The line of the last step only: a member reports its key's, an item (and the root) its value's.
    let reported = offset;
    for (const segment of segments) {
      const c = text.charCodeAt(offset);
      if (c === 123) {
        const member = membersOf(offset).get(segment);
        if (!member) return undefined;
        reported = member.keyOffset;
        offset = member.valueOffset;
      } else if (c === 91 && /^(0|[1-9]\d*)$/.test(segment)) {
        const item = itemsOf(offset)[Number(segment)];
        if (item === undefined) return undefined;
        reported = item;
        offset = item;
      } else return undefined;
    }
    return lineAt(reported);
  };
}

/**
 * Text offsets in a growing typed array: the line scan of a large file holds millions of them, and in a JS
 * array they were heap the garbage collector walked at every collection; a typed array's store is not.
 */
class OffsetList {
  private items = new Uint32Array(1024);
  length = 0;
  push(offset: number): void {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = offset;
  }
  at(index: number): number {
    return this.items[index]!;
  }
  set(index: number, offset: number): void {
    this.items[index] = offset;
  }
}

/** The index of the first offset in ascending `sorted` that is `value` or more (`sorted.length` if none is). */
function firstAtLeast(sorted: OffsetList, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted.at(mid) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
