/**
 * The plain JSONPath shapes most lint rules use (`$`, `.name`, `[*]`, `[a,b,...]`, and the filter
 * `[?(@.name === 'text')]` or `!==`), evaluated by a direct walk with exactly jsonpath-plus's results: the same
 * matches, in the same order, with the same pointers and keys. jsonpath-plus stays the evaluator of everything
 * else (other filters, recursive descent, slices); on large specs its generic tracing cost tens of
 * milliseconds for paths such as `$.paths[*][get,put,post,...]`.
 */
import { LazyMatch, LazyPointer, type Place } from './lazy-pointer.ts';

export interface PathMatch {
  pointer: string;
  value: unknown;
  /** The key or index the value sits at; null for the root, as jsonpath-plus reports it. */
  key: string | number | null | undefined;
}

type Step = { kind: 'any' } | { kind: 'names'; names: string[] } | { kind: 'filter'; field: string; equal: boolean; text: string };

const NAME = '[A-Za-z_$][\\w$-]*';
/** A filter's field: an identifier (`-` would be a subtraction in the filter expression). */
const FIELD = '[A-Za-z_$][\\w$]*';
const FILTER = `\\[\\?\\(@\\.(${FIELD}) (===|!==) '([^'\\\\]*)'\\)\\]`;
const SIMPLE = new RegExp(`^\\$((\\.${NAME})|(\\[\\*\\])|(\\[${NAME}(,${NAME})*\\])|${FILTER})*$`);
const STEP = new RegExp(`\\.(${NAME})|\\[\\*\\]|\\[(${NAME}(?:,${NAME})*)\\]|${FILTER}`, 'g');

/** A field every value has through its prototype (`length`, `constructor`...): left to jsonpath-plus. */
const inherited = (field: string) => [Object.prototype, String.prototype, Number.prototype, Boolean.prototype, Array.prototype].some((proto) => field in proto);

/** The steps of a path of the plain shapes, or undefined for anything else. */
export function simpleSteps(path: string): Step[] | undefined {
  if (!SIMPLE.test(path)) return undefined;
  const steps: Step[] = [];
  for (const match of path.slice(1).matchAll(STEP)) {
    if (match[1] !== undefined) steps.push({ kind: 'names', names: [match[1]] });
    else if (match[2] !== undefined) steps.push({ kind: 'names', names: match[2].split(',') });
    else if (match[3] !== undefined) {
      if (inherited(match[3])) return undefined;
      steps.push({ kind: 'filter', field: match[3], equal: match[4] === '===', text: match[5] });
    } else steps.push({ kind: 'any' });
  }
  return steps;
}

/** Whether a child passes a filter step; a null child fails, as the filter expression throws on it. */
function passes(child: unknown, step: { field: string; equal: boolean; text: string }): boolean {
  if (child === null || child === undefined) return false;
  return ((child as Record<string, unknown>)[step.field] === step.text) === step.equal;
}

/** Every match of the steps in `data`, depth first, as jsonpath-plus orders them; pointers are built when read. */
export function evaluateSimple(steps: Step[], data: unknown): PathMatch[] {
  const out: PathMatch[] = [];
  const visit = (value: unknown, index: number, place: Place, key: string | number | null) => {
    if (index === steps.length) {
      out.push(new LazyMatch(place, value, key));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const step = steps[index]!;
    if (step.kind === 'any' || step.kind === 'filter') {
      const filter = step.kind === 'filter' ? step : undefined;
      if (Array.isArray(value)) value.forEach((item, i) => (!filter || passes(item, filter)) && visit(item, index + 1, new LazyPointer(place, i), i));
      else {
        for (const name of Object.keys(value)) {
          const child = (value as Record<string, unknown>)[name];
          if (!filter || passes(child, filter)) visit(child, index + 1, new LazyPointer(place, name), name);
        }
      }
      return;
    }
    for (const name of step.names) {
      if (Object.prototype.hasOwnProperty.call(value, name)) visit((value as Record<string, unknown>)[name], index + 1, new LazyPointer(place, name), name);
    }
  };
  visit(data, 0, '', null);
  return out;
}
