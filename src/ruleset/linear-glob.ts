/**
 * Globs from specver.yaml (`overrides` blocks: contracts, paths, files, pointers) matched in linear time.
 * picomatch turns a glob into a backtracking regex: `/*a*a*a*a*a*a*a*a*a*ab` against a 97-character path ran
 * for minutes. Here a glob is translated into a regex without lookaround and run on RE2 (untrusted-regex.ts),
 * whose time is linear in the text, whatever the glob.
 *
 * The syntax: `*` any characters but `/`; `*` as a whole segment at least one;
 * `**` as a whole segment any number of segments (`a/**` also matches
 * `a`, `a/**\/b` also `a/b`, `**\/b` also `b`); `?` one character but `/`; `[abc]`, `[a-z]`, `[^a]`
 * one character of a set (a negated set never matches `/`); `{a,b}` either alternative (nested as needed);
 * `\` makes the next character literal. Everything else is literal, dot files included.
 */
import { untrustedRegex, type UntrustedRegex } from '../lint/untrusted-regex.ts';

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
const literal = (text: string) => text.replace(REGEX_SPECIAL, '\\$&');

/** The index of the `]` closing a set opened at `open`, or -1 when the `[` is a plain character. */
function setEnd(glob: string, open: number, end: number): number {
  let i = open + 1;
  if (glob[i] === '^') i++;
  if (glob[i] === ']') i++; // a leading `]` is a member
  for (; i < end; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === ']') return i;
  }
  return -1;
}

/** The set `[...]` as a regex class. */
function setToRegex(body: string): string {
  const negated = body[0] === '^';
  let out = '';
  for (let i = negated ? 1 : 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '\\' && i + 1 < body.length) out += `\\${body[++i]}`;
    else out += char === '-' ? '-' : /[\\\]^[]/.test(char) ? `\\${char}` : char;
  }
  return negated ? `[^/${out}]` : `[${out}]`;
}

/** The top-level commas of a brace body `{...}` opened at `open`, and its closing index; undefined when literal. */
function braceParts(glob: string, open: number, end: number): { close: number; commas: number[] } | undefined {
  const commas: number[] = [];
  let depth = 0;
  for (let i = open + 1; i < end; i++) {
    const char = glob[i];
    if (char === '\\') i++;
    else if (char === '[') {
      const close = setEnd(glob, i, end);
      if (close > 0) i = close;
    } else if (char === '{') depth++;
    else if (char === '}') {
      if (depth === 0) return commas.length ? { close: i, commas } : undefined;
      depth--;
    } else if (char === ',' && depth === 0) commas.push(i);
  }
  return undefined;
}

/**
 * The regex of glob[start, end). `segmentStart`: the text before `start` ends a segment (or is empty);
 * `segmentEndAfter`: what follows `end` starts a segment boundary (`/` or the end of the glob).
 */
function toRegex(glob: string, start: number, end: number, segmentStart: boolean, segmentEndAfter: boolean): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const char = glob[i]!;
    if (char === '\\') {
      out += i + 1 < end ? literal(glob[++i]!) : '\\\\';
      continue;
    }
    if (char === '*') {
      let stars = 1;
      while (glob[i + stars] === '*' && i + stars < end) stars++;
      const atStart = i === start ? segmentStart : glob[i - 1] === '/';
      const next = i + stars;
      const atEnd = next === end ? segmentEndAfter : glob[next] === '/';
      if (stars >= 2 && atStart && atEnd) {
        // A globstar segment: any number of whole segments, including none.
        if (next < end && glob[next] === '/') {
          out += '(?:.*/)?';
          i = next; // the `/` after `**` is part of the optional group
        } else if (out.endsWith('/')) {
          // `a/**` matches `a` too; `/**` alone does not match the empty text.
          out = out === '/' && start === 0 ? '/.*' : `${out.slice(0, -1)}(?:/.*)?`;
          i = next - 1;
        } else {
          out += '.+'; // `**` alone: anything but the empty text
          i = next - 1;
        }
        continue;
      }
      // A star that is a whole segment needs one character at least (`a/*` does not match `a/`).
      out += atStart && atEnd ? '[^/]+' : '[^/]*';
      i = next - 1;
      continue;
    }
    if (char === '?') {
      out += '[^/]';
      continue;
    }
    if (char === '[') {
      const close = setEnd(glob, i, end);
      if (close > 0) {
        out += setToRegex(glob.slice(i + 1, close));
        i = close;
        continue;
      }
    }
    if (char === '{') {
      const parts = braceParts(glob, i, end);
      if (parts) {
        const bounds = [i, ...parts.commas, parts.close];
        const atStart = i === start ? segmentStart : glob[i - 1] === '/';
        const atEnd = parts.close + 1 === end ? segmentEndAfter : glob[parts.close + 1] === '/';
        const alternatives = bounds.slice(1).map((to, k) => toRegex(glob, bounds[k]! + 1, to, atStart, atEnd));
        out += `(?:${alternatives.join('|')})`;
        i = parts.close;
        continue;
      }
    }
    out += char === '/' ? '/' : literal(char);
  }
  return out;
}

/** A glob compiled to a regex source RE2 runs (anchored at both ends). */
export function globToRegexSource(glob: string): string {
  return `^(?:${toRegex(glob, 0, glob.length, true, true)})$`;
}

/** Whether the text matches one of the globs, in time linear in the text. */
export function globMatcher(globs: string | string[]): (text: string) => boolean {
  const compiled: UntrustedRegex[] = [globs].flat().map((glob) => {
    const regex = untrustedRegex(globToRegexSource(glob), 's');
    // The translation never writes lookaround or backreferences, so RE2 always takes it.
    if (!regex.linear) throw new Error(`glob '${glob}' did not compile for the linear-time engine`);
    return regex;
  });
  return (text) => compiled.some((regex) => regex.test(text));
}
