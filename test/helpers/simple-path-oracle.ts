/**
 * The direct evaluator of plain JSONPaths against jsonpath-plus, its oracle: the plain paths to check (every
 * plain `given` of the built-in rules, and a few more shapes) and the comparison of their matches.
 */
import * as assert from 'uvu/assert';
import { JSONPath } from 'jsonpath-plus';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { evaluateSimple, simpleSteps } from '../../src/lint/simple-path.ts';

const builtIn = [...new Set(builtinLintRules().flatMap((rule) => rule.given ?? []))];
const EXTRA = [
  '$', '$.info.title', '$.paths[*][*]', '$.components[*][*]', '$.paths[*][*].responses[*]', '$.tags[*].name', '$.nope[*].x',
  "$.paths[*][?(@.in !== 'path')]", "$.paths[*][*].parameters[?(@.in === 'path')]", "$.paths[*][*].parameters[?(@.in !== 'query')]",
  "$.servers[?(@.url === 'u')]", "$.servers[?(@.url !== 'u')]", "$.paths[?(@.get !== 'x')].get",
];
export const plainPaths = [...builtIn, ...EXTRA].filter((path) => simpleSteps(path) !== undefined);

function viaJsonPathPlus(path: string, data: unknown) {
  return (JSONPath({ path, json: data as object, resultType: 'all', eval: 'safe', ignoreEvalErrors: true, wrap: true }) as any[]).map((r) => ({ pointer: r.pointer, value: r.value, key: r.parentProperty }));
}

/** The same matches (order, pointers, keys, values) from both evaluators. */
export function assertSameMatches(path: string, data: unknown, label: string): void {
  const fast = evaluateSimple(simpleSteps(path)!, data);
  const slow = viaJsonPathPlus(path, data);
  assert.is(fast.length, slow.length, `${label} ${path}: count`);
  fast.forEach((match, i) => {
    assert.is(match.pointer, slow[i].pointer, `${label} ${path}: pointer ${i}`);
    assert.is(match.key, slow[i].key, `${label} ${path}: key ${i}`);
    assert.ok(Object.is(match.value, slow[i].value), `${label} ${path}: value ${i}`);
  });
}
