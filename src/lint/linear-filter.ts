/**
 * The evaluator of JSONPath filter and script expressions (`[?(...)]`, `[(...)]`) in lint rules. jsonpath-plus's
 * safe evaluator has no access to globals, but it runs a filter's `/.../` literal, and a string handed to
 * `.match()`, on V8's backtracking engine, where `@.match(/^a*a*a*a*$/)` hangs lint on a short description.
 * Here the filter is parsed by jsonpath-plus's own parser, then rewritten: each regex literal runs on the
 * linear-time engine (untrusted-regex.ts), and every call goes through one gate that makes only the calls a
 * rule file may make (`match`, `test`, `startsWith`, `endsWith`, `includes`), so no native regex is ever
 * built from a rule file or from a spec.
 */
import { JSONPath } from 'jsonpath-plus';
import { untrustedRegex, type UntrustedRegex } from './untrusted-regex.ts';

interface Node {
  type: string;
  [key: string]: any;
}
interface ParsedScript {
  ast: Node;
  runInNewContext(context: object): unknown;
}
const SafeScript = (JSONPath.prototype as unknown as { safeVm: { Script: new (code: string) => ParsedScript } }).safeVm.Script;

/** The name the gate goes by inside a filter (jsonpath-plus's own sandbox names start with `_$_` too). */
const GATE = '_$_call';
/** The receiver of a call whose callee is not a method (`(a, b)(...)`): the gate refuses it. */
const NOT_A_METHOD = Symbol('not a method');

/** A regex of a filter on the linear-time engine. `g` and `y` are dropped: they only make `test` stateful. */
export class FilterRegex {
  private readonly engine: UntrustedRegex;
  constructor(readonly source: string, readonly flags: string) {
    this.engine = untrustedRegex(source, flags.replace(/[gy]/g, ''));
  }
  get linear(): boolean {
    return this.engine.linear;
  }
  test(text: unknown): boolean {
    return this.engine.test(String(text));
  }
  exec(text: unknown): (string | undefined)[] | null {
    return this.engine.exec(String(text));
  }
  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

const STRING_TESTS = new Set(['startsWith', 'endsWith', 'includes']);

/** Every call of a filter: `receiver.method(...args)`, for the few methods a filter may call. */
function gate(receiver: unknown, method: unknown, ...args: unknown[]): unknown {
  const name = String(method);
  if (receiver instanceof FilterRegex && (name === 'test' || name === 'exec')) return receiver[name](args[0]);
  if (typeof receiver === 'string') {
    // String#match turns a string argument into a regex: it is compiled for the linear-time engine instead.
    if (name === 'match') return (args[0] instanceof FilterRegex ? args[0] : new FilterRegex(args[0] === undefined ? '(?:)' : String(args[0]), '')).exec(receiver);
    if (STRING_TESTS.has(name)) {
      if (args[0] instanceof FilterRegex) throw new TypeError(`${name}() takes a string, not a regex`);
      return (String.prototype[name as 'includes'] as (...a: unknown[]) => boolean).apply(receiver, args);
    }
  }
  if (Array.isArray(receiver) && name === 'includes') return receiver.includes(args[0], args[1] as number | undefined);
  throw new TypeError(`${name}() cannot be called in a filter`);
}

const literal = (value: unknown): Node => ({ type: 'Literal', value, raw: '' });

/** The expression with regex literals compiled for the linear-time engine and every call sent through the gate. */
function rewrite(node: Node, regexes: FilterRegex[]): Node {
  if (node.type === 'Literal' && node.value instanceof RegExp) {
    const regex = new FilterRegex(node.value.source, node.value.flags);
    regexes.push(regex);
    return literal(regex);
  }
  // An assignment could rebind the gate to a native method: a filter only reads.
  if (node.type === 'AssignmentExpression' || node.type === 'UpdateExpression') throw new SyntaxError('a filter may not assign');
  if (node.type === 'Identifier' && node.name === GATE) throw new SyntaxError(`'${GATE}' is reserved`);
  if (node.type === 'CallExpression') {
    const args = (node.arguments as Node[]).map((arg) => rewrite(arg, regexes));
    const callee = node.callee as Node;
    if (callee.type !== 'MemberExpression') return { type: 'CallExpression', callee: { type: 'Identifier', name: GATE }, arguments: [literal(NOT_A_METHOD), literal(''), ...args] };
    const method = callee.computed ? rewrite(callee.property, regexes) : literal(callee.property.name);
    // A string literal handed to match() is a regex too.
    if (method.type === 'Literal' && method.value === 'match' && args[0]?.type === 'Literal' && typeof args[0].value === 'string') regexes.push(new FilterRegex(args[0].value, ''));
    return { type: 'CallExpression', callee: { type: 'Identifier', name: GATE }, arguments: [rewrite(callee.object, regexes), method, ...args] };
  }
  const out: Node = { ...node };
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value)) out[key] = value.map((item) => (item && typeof item === 'object' && typeof item.type === 'string' ? rewrite(item, regexes) : item));
    else if (value && typeof value === 'object' && typeof value.type === 'string') out[key] = rewrite(value, regexes);
  }
  return out;
}

interface CompiledFilter {
  script: ParsedScript;
  regexes: FilterRegex[];
}

const compiled = new Map<string, CompiledFilter>();

/** A filter as jsonpath-plus hands it over (its `@` already renamed), parsed and rewritten once. Throws on bad syntax. */
export function compileFilter(code: string): CompiledFilter {
  let found = compiled.get(code);
  if (!found) {
    const script = new SafeScript(code);
    const regexes: FilterRegex[] = [];
    script.ast = rewrite(script.ast, regexes);
    compiled.set(code, (found = { script, regexes }));
  }
  return found;
}

/** jsonpath-plus's `eval` option: runs each filter through the gate. */
export function linearFilterEval(code: string, context: object): unknown {
  const { script } = compileFilter(code);
  (context as Record<string, unknown>)[GATE] = gate;
  return script.runInNewContext(context);
}

/** jsonpath-plus's test for a filter holding a filter (`[?(@.tags[?(@ === 'x')])]`): only the inner one is evaluated. */
const NESTED_FILTER = /@.?([^?]*)[['](\??\(.*?\))(?!.\)\])[\]']/u;

/** The expressions of a filter or script step as jsonpath-plus passes them to its evaluator. */
function evaluatorCodes(step: string): string[] {
  if (step.startsWith('?(')) {
    const expression = step.slice(2, -1);
    const nested = NESTED_FILTER.exec(expression);
    if (nested) return evaluatorCodes(nested[2]!);
    return [renamed(expression)];
  }
  return [renamed(step)];
}

function renamed(expression: string): string {
  return expression
    .replaceAll('@parentProperty', '_$_parentProperty')
    .replaceAll('@parent', '_$_parent')
    .replaceAll('@property', '_$_property')
    .replaceAll('@root', '_$_root')
    .replaceAll(/@([.\s)[])/gu, '_$_v$1')
    .replaceAll('@path', '_$_path');
}

/**
 * The regexes of a JSONPath's filters (literals, and strings handed to `match()`), for the load-time check;
 * throws the parser's error for a filter that does not parse or that assigns.
 */
export function filterRegexes(path: string): FilterRegex[] {
  let steps: string[];
  try {
    steps = JSONPath.toPathArray(path);
  } catch {
    return []; // not a JSONPath at all: the probe evaluation names the problem
  }
  return steps.filter((step) => step.startsWith('?(') || step.startsWith('(')).flatMap((step) => evaluatorCodes(step).flatMap((code) => compileFilter(code).regexes));
}
