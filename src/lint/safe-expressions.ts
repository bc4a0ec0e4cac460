/**
 * Load-time guards for what rule files may contain. Rule files are data: a JSONPath filter may compare
 * values but never reach the prototype chain or call anything other than a few string tests, and a regex
 * may not nest quantifiers (the usual cause of catastrophic backtracking). Filters additionally run in
 * jsonpath-plus's safe evaluator (no access to globals), their regexes on a linear-time engine.
 */
import { filterRegexes, type FilterRegex } from './linear-filter.ts';

const FORBIDDEN_NAMES = /\b(constructor|__proto__|prototype|__defineGetter__|__defineSetter__|__lookupGetter__|__lookupSetter__|globalThis|global|process|require|import|eval|Function|this|window|module)\b/;
/** Calls allowed in a filter: `@property.match(/x/)`, `@.name.startsWith('x')`, ... */
const ALLOWED_CALLS = new Set(['match', 'test', 'startsWith', 'endsWith', 'includes']);

/** The reason a JSONPath is refused, or undefined when it is acceptable. */
export function unsafeJsonPathReason(path: string): string | undefined {
  if (!path.includes('(')) return undefined;
  const forbidden = FORBIDDEN_NAMES.exec(path);
  if (forbidden) return `uses '${forbidden[1]}', which a selector may not touch`;
  if (/[`;{}=]=?>|=>|`|\bnew\b/.test(path)) return 'contains code (arrow function, template or `new`)';
  for (const call of path.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)) {
    if (!ALLOWED_CALLS.has(call[1])) return `calls '${call[1]}()', which a selector may not do`;
  }
  if (/\[\s*['"][^'"]*(constructor|__proto__|prototype)/.test(path)) return 'reaches the prototype chain';
  // A filter's regexes run on the linear-time engine (linear-filter.ts); the usual catastrophic shapes are
  // refused all the same, and so is what that engine cannot run (lookaround, backreferences).
  let regexes: FilterRegex[] = [];
  try {
    regexes = filterRegexes(path);
  } catch {
    // A filter that does not parse: the loader names it as an invalid JSONPath.
  }
  for (const regex of regexes) {
    const reason = unsafeRegexReason(regex.source);
    if (reason) return `has a regex /${regex.source}/ that ${reason}`;
    if (!regex.linear) return `has a regex /${regex.source}/ that uses lookaround or a backreference, which a filter cannot run (filters run on a linear-time engine)`;
  }
  return undefined;
}

/** Why a pattern does not compile as a JavaScript regex (tried with and without the `u` flag), or undefined. */
export function regexCompileError(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch {
    try {
      new RegExp(source);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }
}

/**
 * The reason a regular expression is refused: nested quantifiers such as `(a+)+`, `(a*)*`, `(a|a?)+`
 * or `(.*a){10}`, which can backtrack exponentially. Also refuses patterns that do not compile.
 */
export function unsafeRegexReason(source: string, options: { alternatives?: boolean; polynomial?: boolean } = { alternatives: true, polynomial: true }): string | undefined {
  const compileError = regexCompileError(source);
  if (compileError) return `does not compile (${compileError})`;
  if (source.length > 1000) return 'is longer than 1000 characters';
  if (options.polynomial && unboundedWildcards(source) >= MAX_UNBOUNDED_WILDCARDS) {
    return `repeats ${MAX_UNBOUNDED_WILDCARDS} or more unbounded wildcards (like \`.*.*.*\`), which can backtrack polynomially`;
  }
  // Track, per open group, whether it contains a quantifier; a quantified group that does is refused.
  const stack: boolean[] = [];
  const starts: number[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') {
      stack.push(false);
      starts.push(i);
    } else if (char === ')') {
      const bodyStart = (starts.pop() ?? -1) + 1;
      const innerQuantified = (stack.pop() ?? false) && !separatedBody(source.slice(bodyStart, i));
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || (next === '{' && /^\{\d*,?\d*\}/.test(source.slice(i + 1)) && !/^\{[01]\}/.test(source.slice(i + 1)));
      if (quantified && innerQuantified) return 'nests quantifiers (like `(a+)+`), which can backtrack catastrophically';
      if (quantified && options.alternatives && overlappingAlternatives(source.slice(bodyStart, i))) return 'repeats alternatives that can match the same text (like `(a|a)*`), which can backtrack catastrophically';
      if (stack.length) stack[stack.length - 1] = stack[stack.length - 1] || innerQuantified || quantified;
    } else if ((char === '*' || char === '+' || char === '?' || char === '{') && stack.length) {
      if (char === '?' && (source[i - 1] === '(' || /[*+?}]/.test(source[i - 1] ?? ''))) continue; // group syntax or lazy
      stack[stack.length - 1] = true;
    }
  }
  return undefined;
}

/** Unbounded wildcards a pattern may hold: each multiplies the ways a failing match is retried. */
const MAX_UNBOUNDED_WILDCARDS = 3;

/** How many broad atoms (`.`, `\\S`, `\\w`, `\\D`, `\\W`, a negated class) carry `*`, `+` or `{n,}`. */
function unboundedWildcards(source: string): number {
  const atoms = source.match(/\[\^(?:\\.|[^\]\\])*\]|\\[SWDw]|\\.|\[(?:\\.|[^\]\\])*\]|\./g) ?? [];
  let count = 0;
  let index = 0;
  for (const atom of atoms) {
    index = source.indexOf(atom, index) + atom.length;
    const broad = atom === '.' || atom.startsWith('[^') || /^\\[SWDw]$/.test(atom);
    if (broad && /^(?:[*+]|\{\d+,\})/.test(source.slice(index))) count++;
  }
  return count;
}

/**
 * A group body such as `-[a-z]+` or `\\.\\d+` starts with a fixed literal that its repetitions must
 * consume, so repeating the group cannot split the input in many ways.
 */
function separatedBody(body: string): boolean {
  const text = body.replace(/^\?[:=!]/, '');
  if (/(^|[^\\])\|/.test(text)) return false;
  const literal = /^(\\[^dDwWsSbB]|[^\\[(.^$|?*+{])/.exec(text);
  if (!literal) return false;
  return !/^[*+?{]/.test(text.slice(literal[0].length));
}

/** Top-level alternatives of a group body that could start the same way (same first character or a class). */
function overlappingAlternatives(body: string): boolean {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let current = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\') {
      current += char + (body[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) {
      alternatives.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  alternatives.push(current);
  if (alternatives.length < 2) return false;
  const starts = alternatives.map((alt) => alt.replace(/^\?[:=!]/, ''));
  if (starts.some((alt) => alt === '' || /^(\.|\[|\(|\\[dDwWsS])/.test(alt) || /^.[?*]/.test(alt))) return true;
  const firsts = starts.map(firstCharacter);
  return new Set(firsts).size < firsts.length;
}

/**
 * The character an alternative starts with, with escapes decoded (`\\x61`, `\\u0061`, `\\u{61}`, `\\ca`,
 * `\\a`): `(a|\\x61)+` repeats the same character twice. A class escape such as `\\d` stays as written.
 */
function firstCharacter(alt: string): string {
  if (!alt.startsWith('\\')) return alt[0];
  const hex = /^\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]+)\})/.exec(alt);
  if (hex) return String.fromCodePoint(parseInt(hex[1] ?? hex[2] ?? hex[3], 16));
  if (/^\\c[A-Za-z]/.test(alt)) return String.fromCharCode(alt.charCodeAt(2) % 32);
  const escaped = alt[1] ?? '';
  const control = ({ n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', 0: '\0' } as Record<string, string>)[escaped];
  if (control) return control;
  if (/[dDwWsSbB1-9kpP]/.test(escaped)) return alt.slice(0, 2);
  return escaped; // an identity escape: `\\.` is `.`, `\\-` is `-`
}

/** Longest string a rule's `pattern` is run on; longer values are cut (a second guard against slow regexes). */
export const MAX_PATTERN_INPUT = 10_000;

/** Compiles a pattern written as `abc`, or `/abc/flags`. */
export function compilePattern(source: string): RegExp {
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
  return literal ? new RegExp(literal[1], literal[2]) : new RegExp(source);
}
