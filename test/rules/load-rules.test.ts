/** Rule files: plain-words errors for bad conditions, files named relative to the project (or the package). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInRules, loadRules, readRuleFile, ruleFileName } from '../../src/ruleset/load-rules.ts';
import { ToolError } from '../../src/errors.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const RULE = {
  id: 'acme/x', category: 'operation', summary: 'Internal operations may go.', docs: 'Only our own services call these operations.', severity: 'patch', message: '{{operation}} removed',
  on: { kind: 'operation', action: 'removed' },
};

function project(): { dir: string; rule: (conditions: unknown, name?: string) => string; remove: () => void } {
  const dir = tempDir('specver-load-rules-');
  writeFileSync(join(dir, 'specver.yaml'), 'contracts: []\n');
  mkdirSync(join(dir, 'rules'));
  return {
    dir,
    rule: (conditions, name = 'acme.json') => {
      const file = join(dir, 'rules', name);
      writeFileSync(file, JSON.stringify(conditions === undefined ? RULE : { ...RULE, conditions }));
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function errorOf(fn: () => unknown): ToolError {
  try {
    fn();
  } catch (error) {
    assert.instance(error, ToolError);
    return error as ToolError;
  }
  throw new Error('expected a ToolError');
}

const leaf = (extra: object) => ({ all: [{ fact: 'change', path: '$.context.path', operator: 'equal', value: '/c', ...extra }] });

test('a bad condition path names the path, where it is and what is allowed', () => {
  const p = project();
  for (const path of ['$..method', "$['context']", '$.context[0]', 'context.path', '$.a.*']) {
    const e = errorOf(() => readRuleFile(p.rule(leaf({ path })), false));
    assert.match(e.message, `invalid rule file rules/acme.json: /conditions/all/0/path ${JSON.stringify(path)} is not allowed`);
    assert.match(e.message, /dotted path such as \$\.context\.direction/);
    assert.not.match(e.message, /more than 1 properties/);
    assert.is(e.file, 'rules/acme.json');
  }
  p.remove();
});

test('other bad conditions: unknown operator, other fact, unknown field, mixed group', () => {
  const p = project();
  const cases: Array<[unknown, RegExp]> = [
    [leaf({ operator: 'regex' }), /\/conditions\/all\/0\/operator "regex" is not known; use one of: equal, /],
    [leaf({ fact: 'process' }), /\/conditions\/all\/0\/fact must be "change"/],
    [leaf({ script: 'x' }), /\/conditions\/all\/0 has unknown field "script"/],
    [{ all: [], any: [] }, /\/conditions mixes "all", "any"/],
    [{ not: { any: [{ condition: 'Bad Name' }] } }, /\/conditions\/not\/any\/0\/condition must name a shared condition/],
  ];
  for (const [conditions, expected] of cases) assert.match(errorOf(() => readRuleFile(p.rule(conditions), false)).message, expected);
  p.remove();
});

test('rule files are named relative to the given root, else the nearest specver.yaml', () => {
  const p = project();
  const file = p.rule(undefined, 'bad.json');
  writeFileSync(file, '{ not json');
  assert.match(errorOf(() => loadRules([file])).message, /^rules\/bad\.json:1:3: invalid JSON: /);
  assert.is(ruleFileName(file, join(p.dir, 'rules')), 'bad.json');
  assert.is(ruleFileName(file, join(p.dir, 'elsewhere')), file);
  const dup = p.rule(undefined, 'dup.json');
  writeFileSync(dup, JSON.stringify({ ...RULE, id: builtInRules()[0]!.id }));
  const e = errorOf(() => loadRules([dup], p.dir));
  assert.match(e.message, `rule file rules/dup.json redefines rule id '${builtInRules()[0]!.id}' (already in rules/openapi/classify/`);
  p.remove();
});

test('built-in rule files are named relative to the package', () => {
  const rule = builtInRules()[0]!;
  assert.is(ruleFileName(rule.file), `rules/openapi/classify/${rule.id}.json`);
});

test('a valid team rule still loads', () => {
  const p = project();
  const rule = readRuleFile(p.rule(leaf({})), false);
  assert.is(rule.id, 'acme/x');
  p.remove();
});

test.run();
