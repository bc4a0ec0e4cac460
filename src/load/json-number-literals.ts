/**
 * The number literals of a JSON text written otherwise than JS prints their value, found by one pass over the
 * text in step with the data JSON.parse made of it. Reading a multi-MB JSON spec with the `yaml` Document API
 * for the same answer costs over a second and most of the garbage collection of a diff.
 */
import { doubleOfLiteral, parseDecimal } from './decimal.ts';

/** One number as written: `container[key]` holds its double. */
export interface WrittenLiteral {
  container: object;
  key: string;
  literal: string;
}

/** Characters a JSON number token is made of after its first character. */
function isNumberChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45;
}

/**
 * Every number literal in `text` whose value in `data` (JSON.parse(text)) is a number written otherwise than JS
 * prints it, with the same double. Undefined when the text has a duplicate key: the data then holds only the
 * last of them, and the caller reads the text with a full parser instead.
 */
export function jsonNumberLiterals(text: string, data: object): WrittenLiteral[] | undefined {
  const found: WrittenLiteral[] = [];
  // The container being read (undefined: the top level), whether it is an array, the index or key of the value
  // being read, and how many keys the text has given the object so far. Outer levels wait on `stack`.
  let container: any;
  let isArray = false;
  let index = 0;
  let key = '';
  let keys = 0;
  let expectKey = false;
  const stack: unknown[] = [];
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: a key when one is expected, else a value (skipped)
      const start = i++;
      let escaped = false;
      for (; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) {
          escaped = true;
          i++;
        } else if (d === 34) break;
      }
      if (expectKey) {
        key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        keys++;
        expectKey = false;
      }
    } else if (c === 123 || c === 91) {
      const value: unknown = container === undefined ? data : container[isArray ? index : key];
      // A container of another type than the data's: only a duplicate key leads here.
      if (typeof value !== 'object' || value === null || Array.isArray(value) !== (c === 91)) return undefined;
      stack.push(container, isArray, index, key, keys);
      container = value;
      isArray = c === 91;
      index = 0;
      keys = 0;
      expectKey = !isArray;
    } else if (c === 125 || c === 93) {
      if (c === 125 && keys !== Object.keys(container).length) return undefined;
      keys = stack.pop() as number;
      key = stack.pop() as string;
      index = stack.pop() as number;
      isArray = stack.pop() as boolean;
      container = stack.pop();
      expectKey = false;
    } else if (c === 44) {
      if (isArray) index++;
      else expectKey = true;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i;
      while (i + 1 < length && isNumberChar(text.charCodeAt(i + 1))) i++;
      if (container === undefined) continue; // a bare number is not a spec
      const name = isArray ? String(index) : key;
      const parsed: unknown = container[name];
      if (typeof parsed !== 'number') continue;
      const literal = text.slice(start, i + 1);
      if (literal === String(parsed) || !parseDecimal(literal) || !Object.is(doubleOfLiteral(literal), parsed)) continue;
      found.push({ container, key: name, literal });
    }
  }
  return found;
}
