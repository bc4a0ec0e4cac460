/**
 * Plain-words diagnosis of a rule's `conditions`. The rule schema is the authority (ajv validates every file);
 * this walk only runs once ajv has refused a file, to say which condition is wrong and what is allowed,
 * where ajv's oneOf output would say "must NOT have more than 1 properties".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../schema-validation.ts';
import { isRecord } from '../toolkit/values.ts';

const SCHEMA = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'classify-rule.schema.json'), 'utf8'));
const LEAF = SCHEMA.$defs.condition.oneOf[1].properties;
const PATH = new RegExp(LEAF.path.pattern as string);
const OPERATORS: string[] = LEAF.operator.enum;
const NAME = new RegExp(SCHEMA.$defs.topLevel.properties.condition.pattern as string);
const GROUPS = ['all', 'any', 'not', 'condition'];
const LEAF_FIELDS = ['fact', 'path', 'operator', 'value'];
const SHAPES = '{"all": [...]}, {"any": [...]}, {"not": {...}}, {"condition": "<name>"} or {"fact": "change", "path": "$.context.direction", "operator": "equal", "value": ...}';

export interface ConditionProblem { message: string; hint?: string }


/** The first problem in a condition tree (`pointer` is where it sits in the rule file), or undefined. */
export function conditionProblem(node: unknown, pointer: string): ConditionProblem | undefined {
  if (!isRecord(node)) return { message: `${pointer} must be an object`, hint: `a condition is one of ${SHAPES}` };
  const keys = Object.keys(node);
  const groups = keys.filter((k) => GROUPS.includes(k));
  if (groups.length > 0) {
    if (keys.length > 1) {
      return { message: `${pointer} mixes ${keys.map((k) => `"${k}"`).join(', ')}: a group has exactly one of "all", "any", "not", "condition"`, hint: 'nest groups to combine them' };
    }
    const key = groups[0]!;
    const value = node[key];
    const at = `${pointer}/${key}`;
    if (key === 'condition') {
      return typeof value === 'string' && NAME.test(value) ? undefined : { message: `${at} must name a shared condition in kebab-case (e.g. "request-side")` };
    }
    if (key === 'not') return conditionProblem(value, at);
    if (!Array.isArray(value)) return { message: `${at} must be a list of conditions` };
    for (let i = 0; i < value.length; i++) {
      const problem = conditionProblem(value[i], `${at}/${i}`);
      if (problem) return problem;
    }
    return undefined;
  }
  const unknown = keys.filter((k) => !LEAF_FIELDS.includes(k));
  if (unknown.length > 0) {
    return { message: `${pointer} has unknown field ${unknown.map((k) => `"${k}"`).join(', ')}: a condition has only "fact", "path", "operator" and "value"`, hint: `a condition is one of ${SHAPES}` };
  }
  if (node.fact !== 'change') return { message: `${pointer}/fact must be "change" (the one fact), not ${JSON.stringify(node.fact ?? null)}` };
  if (typeof node.path !== 'string' || !PATH.test(node.path)) {
    return {
      message: `${pointer}/path ${JSON.stringify(node.path ?? null)} is not allowed: use a dotted path such as $.context.direction ($ then .name steps of letters, digits, _ or -)`,
      hint: 'wildcards, brackets, filters and recursive descent (..) are not supported',
    };
  }
  if (typeof node.operator !== 'string' || !OPERATORS.includes(node.operator)) {
    return { message: `${pointer}/operator ${JSON.stringify(node.operator ?? null)} is not known; use one of: ${OPERATORS.join(', ')}` };
  }
  return undefined;
}
