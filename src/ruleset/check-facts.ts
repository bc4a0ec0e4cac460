/**
 * Conditions that can never work, found when a rule file loads: a fact path no change of the rule's kinds
 * has (`$.context.pth`), an operator that cannot apply to the field (`contains` on a string), a value of the
 * wrong type or outside the field's values, an unsafe regex. json-rules-engine would evaluate each of them
 * to false without a word, so the rule would silently never fire.
 */
import { unsafeRegexReason } from '../lint/safe-expressions.ts';
import { changeKinds, resolveFactPath, type ResolvedFact } from './change-kinds.ts';
import type { ConditionProblem } from './check-conditions.ts';

const STRING_OPERATORS = new Set(['matches', 'startsWith', 'endsWith']);
const ARRAY_OPERATORS = new Set(['contains', 'doesNotContain']);
const NUMBER_OPERATORS = new Set(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']);

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** Why `value` can never equal a field of this type, or undefined. */
function valueMismatch(fact: ResolvedFact, value: unknown): string | undefined {
  if (fact.type !== 'string' && fact.type !== 'boolean' && fact.type !== 'number') return undefined;
  if (typeOf(value) !== fact.type) return `compares a ${fact.type} field with ${JSON.stringify(value)} (a ${typeOf(value)})`;
  if (fact.enum && !fact.enum.includes(value as string)) return `compares with ${JSON.stringify(value)}, which the field never holds (values: ${fact.enum.join(', ')})`;
  return undefined;
}

function operatorProblem(operator: string, fact: ResolvedFact, value: unknown): string | undefined {
  if (STRING_OPERATORS.has(operator)) {
    if (fact.type !== 'string' && fact.type !== 'any') return `uses ${operator} on a ${fact.type} field; it tests strings`;
    if (typeof value !== 'string') return `needs a string value for ${operator}`;
    if (operator === 'matches') {
      const literal = /^\/(.+)\/([a-z]*)$/s.exec(value);
      const reason = unsafeRegexReason(literal ? literal[1]! : value);
      if (reason) return `has the pattern ${JSON.stringify(value)}, which ${reason}`;
    }
    return undefined;
  }
  if (ARRAY_OPERATORS.has(operator) && fact.type !== 'array' && fact.type !== 'any') {
    return `uses ${operator} on a ${fact.type} field; it tests lists (use equal, in, matches, startsWith or endsWith)`;
  }
  if (NUMBER_OPERATORS.has(operator) && fact.type !== 'number' && fact.type !== 'any') return `uses ${operator} on a ${fact.type} field; it compares numbers`;
  if (operator === 'equal' || operator === 'notEqual') return valueMismatch(fact, value);
  if (operator === 'in' || operator === 'notIn') {
    if (!Array.isArray(value)) return `needs a list value for ${operator}`;
    for (const item of value) {
      const mismatch = valueMismatch(fact, item);
      if (mismatch) return mismatch;
    }
  }
  return undefined;
}

/**
 * The first condition of a rule that cannot work on changes of `kinds`, or undefined. `named` tells whether a
 * shared condition name exists. Runs after the schema check, so the tree is well formed.
 */
export function factProblem(node: unknown, pointer: string, kinds: string[], named: (name: string) => boolean): ConditionProblem | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const condition = node as Record<string, unknown>;
  for (const group of ['all', 'any'] as const) {
    const members = condition[group];
    if (!Array.isArray(members)) continue;
    for (let i = 0; i < members.length; i++) {
      const problem = factProblem(members[i], `${pointer}/${group}/${i}`, kinds, named);
      if (problem) return problem;
    }
    return undefined;
  }
  if ('not' in condition) return factProblem(condition.not, `${pointer}/not`, kinds, named);
  if (typeof condition.condition === 'string') {
    return named(condition.condition) ? undefined : { message: `${pointer}/condition names no shared condition '${condition.condition}'`, hint: 'see rules/openapi/conditions/ for the shared conditions' };
  }
  const path = String(condition.path);
  const fact = resolveFactPath(path, kinds);
  if ('problem' in fact) return { message: `${pointer}/path ${path} ${fact.problem}`, hint: fact.hint };
  const problem = operatorProblem(String(condition.operator), fact, condition.value);
  return problem ? { message: `${pointer} (${path}) ${problem}` } : undefined;
}

/** `on` naming a kind with none of the given actions (`operation` is only added or removed): it never fires. */
export function onProblem(kinds: string[], actions: string[] | undefined): ConditionProblem | undefined {
  if (!actions) return undefined;
  for (const kind of kinds) {
    const documented = changeKinds().kinds[kind]?.actions ?? [];
    if (!actions.some((action) => documented.includes(action))) {
      return { message: `/on: ${kind} changes are never ${actions.join(' or ')}`, hint: `${kind} changes are only ${documented.join(', ')} (see docs/change-kinds.md)` };
    }
  }
  return undefined;
}
