/**
 * Whether one `pattern` accepts a subset of the strings another accepts, for the simple shapes real specs
 * change: the same sequence of atoms with the same anchors, where quantifier bounds moved (`+` -> `{2,}`) or a
 * character class grew or shrank (`[a-z]` -> `[a-zA-Z]`), and alternatives added to or removed from an
 * alternation, the rest unchanged (`^(a|b)$` -> `^(a|b|c)$`). Anything else (differing groups, a new atom) is
 * undecided and stays `incomparable`. A few passes over each pattern: linear in its length for the atoms, and
 * bounded by its groups for the alternatives.
 *
 * Sound because a pattern is a search: if every atom of B accepts a subset of the characters of the atom at the
 * same place in A and every repetition range of B lies inside A's, each match of B is a match of A.
 */
export type PatternEffect = 'none' | 'narrowed' | 'widened' | 'incomparable';

/** Code point ranges, sorted and merged; `text` stands in for atoms whose characters are not modelled. */
interface Atom { ranges?: Array<[number, number]>; any?: boolean; text: string; min: number; max: number }
interface Parsed { start: boolean; end: boolean; atoms: Atom[] }

const LINE_TERMINATORS = [0x0a, 0x0d, 0x2028, 0x2029];
const DIGITS: Array<[number, number]> = [[0x30, 0x39]];
const WORD: Array<[number, number]> = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
/** Escapes that stand for themselves. */
const LITERAL_ESCAPE = /^[\\^$.|?*+()[\]{}/\-]$/;
const CONTROL: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b };

function merge(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** One escape at `i` (after the backslash): its characters, or undefined when they are not modelled. */
function escapeAt(source: string, i: number): { ranges?: Array<[number, number]>; next: number } {
  const c = source[i];
  if (c === undefined) return { next: i };
  if (c === 'd') return { ranges: DIGITS, next: i + 1 };
  if (c === 'w') return { ranges: WORD, next: i + 1 };
  if (c in CONTROL) return { ranges: [[CONTROL[c]!, CONTROL[c]!]], next: i + 1 };
  if (c === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(i + 1, i + 5))) {
    const code = parseInt(source.slice(i + 1, i + 5), 16);
    return { ranges: [[code, code]], next: i + 5 };
  }
  if (c === 'x' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
    const code = parseInt(source.slice(i + 1, i + 3), 16);
    return { ranges: [[code, code]], next: i + 3 };
  }
  if (LITERAL_ESCAPE.test(c)) return { ranges: [[c.codePointAt(0)!, c.codePointAt(0)!]], next: i + 1 };
  return { next: i + 1 }; // \s, \b, \p{...}, back references: not modelled
}

/** A character class starting at `i` (`[`): its ranges (undefined when negated or not modelled) and end. */
function classAt(source: string, i: number): { ranges?: Array<[number, number]>; next: number } | undefined {
  let j = i + 1;
  let modelled = source[j] !== '^';
  if (!modelled) j++;
  const ranges: Array<[number, number]> = [];
  // ECMAScript: a `]` right after `[` closes the class (`[]` matches nothing).
  while (j < source.length && source[j] !== ']') {
    let lo: Array<[number, number]> | undefined;
    if (source[j] === '\\') {
      const e = escapeAt(source, j + 1);
      lo = e.ranges;
      j = e.next;
    } else {
      const code = source.codePointAt(j)!;
      lo = [[code, code]];
      j += code > 0xffff ? 2 : 1;
    }
    if (!lo) { modelled = false; continue; }
    if (source[j] === '-' && source[j + 1] !== ']' && j + 1 < source.length && lo.length === 1 && lo[0]![0] === lo[0]![1]) {
      let hi: Array<[number, number]> | undefined;
      if (source[j + 1] === '\\') {
        const e = escapeAt(source, j + 2);
        hi = e.ranges;
        j = e.next;
      } else {
        const code = source.codePointAt(j + 1)!;
        hi = [[code, code]];
        j += code > 0xffff ? 3 : 2;
      }
      if (!hi || hi.length !== 1 || hi[0]![0] !== hi[0]![1] || hi[0]![0] < lo[0]![0]) { modelled = false; continue; }
      ranges.push([lo[0]![0], hi[0]![0]]);
    } else ranges.push(...lo);
  }
  if (source[j] !== ']') return undefined;
  return { ranges: modelled ? merge(ranges) : undefined, next: j + 1 };
}

/** A group starting at `i` (`(`), kept as its text: the index past its closing parenthesis. */
function groupEnd(source: string, i: number): number | undefined {
  let depth = 0;
  for (let j = i; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') { j++; continue; }
    if (c === '[') {
      const cls = classAt(source, j);
      if (!cls) return undefined;
      j = cls.next - 1;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
  }
  return undefined;
}

/** A quantifier at `i`, or `{1, 1}` when there is none; a lazy `?` after it changes nothing for a search. */
function quantifierAt(source: string, i: number): { min: number; max: number; next: number } {
  const c = source[i];
  let q: { min: number; max: number; next: number } | undefined;
  if (c === '*') q = { min: 0, max: Infinity, next: i + 1 };
  else if (c === '+') q = { min: 1, max: Infinity, next: i + 1 };
  else if (c === '?') q = { min: 0, max: 1, next: i + 1 };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 40));
    if (m) q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]), next: i + m[0].length };
  }
  if (!q) return { min: 1, max: 1, next: i };
  if (source[q.next] === '?') q.next++;
  return q;
}

/** The pattern as anchors and quantified atoms, or undefined for shapes not modelled (top-level alternation). */
export function parsePattern(source: string): Parsed | undefined {
  let i = 0;
  const start = source.startsWith('^');
  if (start) i = 1;
  let stop = source.length;
  const end = stop > i && source.endsWith('$') && !isEscaped(source, stop - 1);
  if (end) stop--;
  const atoms: Atom[] = [];
  while (i < stop) {
    const c = source[i]!;
    let atom: Omit<Atom, 'min' | 'max'>;
    let next: number;
    if (c === '|' || c === ')' || c === '*' || c === '+' || c === '?') return undefined;
    if (c === '\\') {
      const e = escapeAt(source, i + 1);
      next = e.next;
      atom = { ranges: e.ranges ? merge(e.ranges) : undefined, text: source.slice(i, next) };
    } else if (c === '[') {
      const cls = classAt(source, i);
      if (!cls) return undefined;
      next = cls.next;
      atom = { ranges: cls.ranges, text: source.slice(i, next) };
    } else if (c === '(') {
      const e = groupEnd(source, i);
      if (e === undefined) return undefined;
      next = e;
      atom = { text: source.slice(i, next) };
    } else if (c === '.') {
      next = i + 1;
      atom = { any: true, text: '.' };
    } else if (c === '^' || c === '$') {
      next = i + 1;
      atom = { text: c };
    } else {
      const code = source.codePointAt(i)!;
      next = i + (code > 0xffff ? 2 : 1);
      atom = { ranges: [[code, code]], text: source.slice(i, next) };
    }
    if (next > stop) return undefined;
    const q = quantifierAt(source, next);
    if (q.next > stop) return undefined;
    i = q.next;
    const last = atoms[atoms.length - 1];
    // `aa+` is `a{2,}`: repeats of one character (not a group, whose captures differ) are one atom.
    if (last && last.ranges && atom.ranges && last.text === atom.text) { last.min += q.min; last.max += q.max; continue; }
    atoms.push({ ...atom, min: q.min, max: q.max });
  }
  return { start, end, atoms };
}

function isEscaped(source: string, at: number): boolean {
  let slashes = 0;
  for (let j = at - 1; j >= 0 && source[j] === '\\'; j--) slashes++;
  return slashes % 2 === 1;
}

/** Every range of `inner` lies in `outer`. */
function rangesWithin(inner: Array<[number, number]>, outer: Array<[number, number]>): boolean {
  return inner.every(([lo, hi]) => outer.some(([olo, ohi]) => olo <= lo && hi <= ohi));
}

/** How atom `b` (revision) relates to atom `a` (base) as sets of characters. */
function atomEffect(a: Atom, b: Atom): PatternEffect {
  if (a.text === b.text) return 'none';
  const withinDot = (x: Atom) => x.ranges !== undefined && !x.ranges.some(([lo, hi]) => LINE_TERMINATORS.some((t) => lo <= t && t <= hi));
  if (a.any && withinDot(b)) return 'narrowed';
  if (b.any && withinDot(a)) return 'widened';
  if (!a.ranges || !b.ranges) return 'incomparable';
  const narrower = rangesWithin(b.ranges, a.ranges);
  const wider = rangesWithin(a.ranges, b.ranges);
  return narrower && wider ? 'none' : narrower ? 'narrowed' : wider ? 'widened' : 'incomparable';
}

function rangeEffect(a: Atom, b: Atom): PatternEffect {
  const narrower = b.min >= a.min && b.max <= a.max;
  const wider = b.min <= a.min && b.max >= a.max;
  return narrower && wider ? 'none' : narrower ? 'narrowed' : wider ? 'widened' : 'incomparable';
}

function combine(x: PatternEffect, y: PatternEffect): PatternEffect {
  if (x === 'none') return y;
  if (y === 'none' || x === y) return x;
  return 'incomparable';
}

/** What going from pattern `before` to `after` does to the strings accepted (`none`: the same strings). */
export function patternEffect(before: string, after: string): PatternEffect {
  if (before === after) return 'none';
  const byAtoms = atomsEffect(before, after);
  return byAtoms === 'incomparable' ? alternativesEffect(before, after) : byAtoms;
}

function atomsEffect(before: string, after: string): PatternEffect {
  const a = parsePattern(before);
  const b = parsePattern(after);
  if (!a || !b || a.start !== b.start || a.end !== b.end || a.atoms.length !== b.atoms.length) return 'incomparable';
  let effect: PatternEffect = 'none';
  for (let i = 0; i < a.atoms.length && effect !== 'incomparable'; i++) {
    effect = combine(effect, combine(atomEffect(a.atoms[i]!, b.atoms[i]!), rangeEffect(a.atoms[i]!, b.atoms[i]!)));
  }
  return effect;
}

/**
 * Alternatives added or removed, the rest of the pattern unchanged: `^(a|b)$` -> `^(a|b|c)$`, `^a$|^b$` ->
 * `^a$|^b$|^c$`, `^v(\.a)?$` -> `^v(\.(b|a))?$`. Each side is read as the set of the alternatives it is made of,
 * with every group that is not repeated spelled out (`x(a|b)y` is `xay|xby`). A search for the old pattern
 * succeeds through one of its alternatives, which the new one still has (alternation order decides which match
 * is found, not whether there is one): more alternatives accept more strings, fewer accept fewer. The same holds
 * inside a repeated group that both sides have at the same place. Lookarounds are kept as written (a new
 * alternative there can reject), and patterns with back references are left undecided (spelling out groups
 * renumbers them).
 */
function alternativesEffect(before: string, after: string): PatternEffect {
  // Spec text: each group is looked at from each enclosing one, so the work grows with length times groups.
  const large = (pattern: string) => pattern.length > MAX_ALTERNATION_LENGTH || (pattern.match(/\(/g)?.length ?? 0) > MAX_GROUPS;
  if (large(before) || large(after)) return 'incomparable';
  if (/\\(?:[1-9]|k<)/.test(before) || /\\(?:[1-9]|k<)/.test(after)) return 'incomparable';
  const whole = setEffect(expand(before, 0, before.length), expand(after, 0, after.length));
  if (whole !== 'incomparable') return whole;
  for (const [open, close] of groups(before)) {
    const opener = GROUP_OPENER.exec(before.slice(open))![0];
    const end = after.length - (before.length - close);
    if (end <= open || !after.startsWith(before.slice(0, open + opener.length)) || !after.endsWith(before.slice(close - 1))) continue;
    if (groupEnd(after, open) !== end) continue; // the same group in both, ending where the shared suffix starts
    const effect = setEffect(expand(before, open + opener.length, close - 1), expand(after, open + opener.length, end - 1));
    if (effect !== 'incomparable') return effect;
  }
  return 'incomparable';
}

/**
 * Longer patterns, or patterns with more groups, are left undecided by alternatives (real ones are far smaller;
 * the atom comparison is linear and has no such bound).
 */
const MAX_ALTERNATION_LENGTH = 4_000;
const MAX_GROUPS = 64;
/** How a group that captures or just groups opens: `(`, `(?:`, `(?<name>`. */
const GROUP_OPENER = /^\((?:\?:|\?<[A-Za-z_$][\w$]*>)?/;
/** How a lookahead or lookbehind opens. */
const LOOKAROUND = /^\(\?(?:[=!]|<[=!])/;
/** Alternatives one pattern is spelled out into at most (a pattern with more is left undecided). */
const MAX_ALTERNATIVES = 256;

/**
 * The alternatives of `source` between `from` and `to`, every group that is not repeated (and not a lookaround)
 * spelled out: `a(b|c)` is {ab, ac}. Undefined when malformed or past MAX_ALTERNATIVES.
 */
function expand(source: string, from: number, to: number): Set<string> | undefined {
  const found = new Set<string>();
  let start = from;
  const add = (end: number): boolean => {
    const spelled = sequence(source, start, end);
    if (!spelled) return false;
    for (const text of spelled) found.add(text);
    return found.size <= MAX_ALTERNATIVES;
  };
  for (let j = from; j < to; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === '[' || c === '(') {
      const next = c === '[' ? classAt(source, j)?.next : groupEnd(source, j);
      if (next === undefined || next > to) return undefined;
      j = next - 1;
    } else if (c === '|') {
      if (!add(j)) return undefined;
      start = j + 1;
    }
  }
  return add(to) ? found : undefined;
}

/** One alternative (no top-level `|`) spelled out: its groups that are not repeated expanded in place. */
function sequence(source: string, from: number, to: number): string[] | undefined {
  let spelled = [''];
  let text = from;
  for (let j = from; j < to; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === '[') j = (classAt(source, j)?.next ?? to) - 1;
    else if (c === '(') {
      const end = groupEnd(source, j);
      if (end === undefined || end > to) return undefined;
      const opener = GROUP_OPENER.exec(source.slice(j))![0];
      const repeated = /^(?:[?*+]|\{\d)/.test(source.slice(end, end + 2));
      if (repeated || LOOKAROUND.test(source.slice(j, j + 4))) {
        j = end - 1;
        continue;
      }
      const inner = expand(source, j + opener.length, end - 1);
      if (!inner) return undefined;
      const head = source.slice(text, j);
      spelled = spelled.flatMap((prefix) => [...inner].map((middle) => prefix + head + middle));
      if (spelled.length > MAX_ALTERNATIVES) return undefined;
      text = end;
      j = end - 1;
    }
  }
  const tail = source.slice(text, to);
  return spelled.map((prefix) => prefix + tail);
}

/** Where each group opens and ends (past its `)`), outermost first; lookarounds left out. */
function groups(source: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let j = 0; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === '[') j = (classAt(source, j)?.next ?? source.length) - 1;
    else if (c === '(' && !LOOKAROUND.test(source.slice(j, j + 4))) {
      const end = groupEnd(source, j);
      if (end !== undefined) found.push([j, end]);
    }
  }
  return found;
}

/** More alternatives (the old ones all kept) widen; fewer narrow; the same set is the same strings. */
function setEffect(before: Set<string> | undefined, after: Set<string> | undefined): PatternEffect {
  if (!before || !after || (before.size === 1 && after.size === 1)) return 'incomparable';
  const kept = [...before].every((alternative) => after.has(alternative));
  const none = [...after].every((alternative) => before.has(alternative));
  return kept && none ? 'none' : kept ? 'widened' : none ? 'narrowed' : 'incomparable';
}
