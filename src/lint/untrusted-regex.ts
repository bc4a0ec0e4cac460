/**
 * Regular expressions written by someone else (a spec's `pattern` and `patternProperties`, a team rule's
 * `pattern` function) run on RE2 (re2js), whose matching time is linear in the input, so no pattern can
 * hang lint however it backtracks. The ECMAScript syntax RE2 lacks (lookaround, backreferences, `\p` without
 * the `u` flag, identity escapes such as `\e`) runs on V8's own engine inside a vm context with a time
 * budget: V8 interrupts a running regex when the budget is spent, and a pattern that exceeds it once is
 * given up for the rest of the run (`PatternTooSlowError`). specver's own patterns stay on native RegExp.
 */
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { RE2JS as RE2JSClass } from 're2js';

let re2js: typeof RE2JSClass | undefined;
/** re2js, loaded on the first untrusted pattern: most lint runs never meet one. */
function RE2(): typeof RE2JSClass {
  re2js ??= (createRequire(import.meta.url)('re2js') as typeof import('re2js')).RE2JS;
  return re2js;
}

export interface UntrustedRegex {
  readonly source: string;
  /** True when the pattern runs on RE2 (linear time); false when it runs on V8 under the time budget. */
  readonly linear: boolean;
  /** Whether the pattern matches somewhere in the text, like RegExp#test. Throws PatternTooSlowError. */
  test(text: string): boolean;
  /** The first match and its groups (undefined for a group that took no part), like RegExp#exec; null when none. */
  exec(text: string): (string | undefined)[] | null;
}

/** Time one match of a pattern RE2 cannot run may take before the pattern is given up. */
export const PATTERN_TIME_BUDGET_MS = 250;

export class PatternTooSlowError extends Error {
  constructor(readonly pattern: string) {
    super(`pattern '${pattern}' took longer than ${PATTERN_TIME_BUDGET_MS} ms to match, so it was not checked`);
  }
}

// ECMAScript's \s (WhiteSpace and LineTerminator), which is wider than RE2's ASCII \s.
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
// Escapes whose meaning RE2 shares (after RE2JS.translateRegExp); any other letter is left to V8.
const SHARED_ESCAPES = /^[dDwWbBfnrtv0xuc]$|^[^A-Za-z0-9]$/;

/**
 * The pattern rewritten in RE2 syntax with ECMAScript's meaning, or undefined when RE2 cannot express it.
 * `.` and `\s` are spelled out (RE2's are narrower); whatever RE2 would read differently goes to V8.
 */
function toRe2Syntax(source: string, dotAll: boolean): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else if (next === 'b' && inClass) out += '\\x08';
      else if (next === '0' && /[0-9]/.test(source[i + 1] ?? '')) return undefined; // legacy octal
      else if (!SHARED_ESCAPES.test(next) || (inClass && /[SbB]/.test(next))) return undefined; // backrefs, \k, \p, \e, ...
      else out += char + next;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      // A `[` in a class is a plain character to ECMAScript; RE2 would read `[:alpha:]` as a POSIX class.
      out += char === '[' ? '\\[' : char;
      continue;
    }
    if (char === '[') {
      // `[]` and `[^]` mean "nothing" and "anything" to ECMAScript but open a class containing `]` to RE2.
      if (source.startsWith('[]', i) || source.startsWith('[^]', i)) return undefined;
      if (source[i + 1] === '^') {
        out += '[^';
        i++;
      } else out += '[';
      inClass = true;
      continue;
    }
    if (char === '(' && /^\(\?(?:[=!]|<[=!])/.test(source.slice(i, i + 4))) return undefined; // lookaround
    out += char === '.' && !dotAll ? '[^\\n\\r\\u2028\\u2029]' : char;
  }
  return out;
}

function re2Flags(flags: string): number | undefined {
  const RE2JS = RE2();
  let out = 0;
  for (const flag of flags) {
    if (flag === 'i') out |= RE2JS.CASE_INSENSITIVE;
    else if (flag === 'm') out |= RE2JS.MULTILINE;
    else if (flag === 's') out |= RE2JS.DOTALL;
    else if (flag !== 'u' && flag !== 'g' && flag !== 'd') return undefined; // sticky, v: V8 only
  }
  return out;
}

let budgetContext: vm.Context | undefined;
const budgetScripts = { test: 're.lastIndex = 0; re.test(text)', exec: 're.lastIndex = 0; re.exec(text)' };
const compiledScripts = new Map<string, vm.Script>();

/** A native regex run in a vm context with a timeout; after one timeout every call throws at once. */
function budgeted(source: string, native: RegExp): UntrustedRegex {
  let tooSlow = false;
  const run = (kind: keyof typeof budgetScripts, text: string): unknown => {
    if (tooSlow) throw new PatternTooSlowError(source);
    budgetContext ??= vm.createContext(Object.create(null));
    let script = compiledScripts.get(kind);
    if (!script) compiledScripts.set(kind, (script = new vm.Script(budgetScripts[kind])));
    budgetContext.re = native;
    budgetContext.text = text;
    try {
      return script.runInContext(budgetContext, { timeout: PATTERN_TIME_BUDGET_MS });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      tooSlow = true;
      throw new PatternTooSlowError(source);
    } finally {
      budgetContext.text = undefined;
    }
  };
  return {
    source,
    linear: false,
    test: (text) => run('test', text) as boolean,
    exec(text) {
      const found = run('exec', text) as RegExpExecArray | null;
      return found && Array.from(found);
    },
  };
}

/** The first match of an RE2 pattern with its groups, as RegExp#exec gives them (without `index`). */
function re2Exec(re2: RE2JSClass, text: string): (string | undefined)[] | null {
  const matcher = re2.matcher(text);
  if (!matcher.find()) return null;
  const out: (string | undefined)[] = [];
  for (let group = 0; group <= matcher.groupCount(); group++) out.push(matcher.group(group) ?? undefined);
  return out;
}

const cache = new Map<string, UntrustedRegex>();

/**
 * The pattern compiled once per process for matching untrusted patterns. Throws SyntaxError when it is not
 * a valid ECMAScript regex (compiling one is safe; only matching can backtrack).
 */
export function untrustedRegex(source: string, flags = ''): UntrustedRegex {
  const key = `${flags}/${source}`;
  let compiled = cache.get(key);
  if (compiled) return compiled;
  const native = new RegExp(source, flags);
  const re2Source = toRe2Syntax(source, flags.includes('s'));
  const re2FlagBits = re2Flags(flags);
  let re2: RE2JSClass | undefined;
  if (re2Source !== undefined && re2FlagBits !== undefined) {
    try {
      re2 = RE2().compile(RE2().translateRegExp(re2Source), re2FlagBits);
    } catch {
      re2 = undefined; // beyond RE2 (e.g. a repeat count over 1000): V8 under the budget
    }
  }
  compiled = re2 ? { source, linear: true, test: (text: string) => re2.test(text), exec: (text: string) => re2Exec(re2, text) } : budgeted(source, native);
  // ajv keys its compiled patterns by toString(): each must name its own pattern.
  Object.defineProperty(compiled, 'toString', { value: () => native.toString() });
  cache.set(key, compiled);
  return compiled;
}

/** The engine ajv's `code.regExp` option takes: every schema pattern compiled by `untrustedRegex`. */
export const untrustedRegExpEngine = Object.assign((pattern: string, flags: string) => untrustedRegex(pattern, flags), {
  code: 'untrustedRegex',
});
