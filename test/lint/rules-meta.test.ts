/**
 * Every lint rule file: id = file name, valid against its schema, options valid against its function's
 * schema, every message id its function can report worded by the rule, covered by >= 1 firing and >= 1
 * quiet case. The aliases file is valid against its schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALIASES_FILE, parseAliasGiven, aliasDefinitions } from '../../src/lint/aliases.ts';
import { HTTP_METHODS, HTTP_METHODS_3_2 } from '../../src/toolkit/openapi.ts';
import { checkFunctionOptions, FUNCTION_NAMES, FUNCTIONS } from '../../src/lint/functions/index.ts';
import { BUILTIN_LINT_RULES_DIR, builtinLintRules, parseLintRule } from '../../src/lint/load-lint-rules.ts';
import { SCHEMAS_DIR, validateAgainst } from '../../src/schema-validation.ts';
import { caseFiles } from './lint-cases.ts';

const COMMON_PLACEHOLDERS = ['property', 'value', 'path', 'description'];
const cases = new Map(caseFiles().map((c) => [c.rule, c]));

for (const format of ['openapi', 'json-schema']) {
  for (const name of readdirSync(join(BUILTIN_LINT_RULES_DIR, format)).filter((n) => n.endsWith('.json'))) {
    test(`${format}/${name}`, () => {
      const data = JSON.parse(readFileSync(join(BUILTIN_LINT_RULES_DIR, format, name), 'utf8'));
      assert.equal(validateAgainst('lint-rule.schema.json', data), []);
      assert.is(data.id, name.replace(/\.json$/, ''), 'id must equal the file name');
      assert.is(data.check, undefined, 'built-in rules are given/then data (check is for rules of earlier versions)');
      const thens: { function: string; functionOptions?: Record<string, unknown> }[] = [data.then ?? []].flat();
      const placeholders = new Set([...COMMON_PLACEHOLDERS, ...thens.flatMap((clause) => [...(FUNCTIONS[clause.function]?.placeholders ?? []), ...(FUNCTIONS[clause.function]?.placeholdersFor?.(clause.functionOptions ?? {}) ?? [])])]);
      const templates: string[] = [data.message, ...Object.values<string>(data.messages ?? {})];
      for (const template of templates) {
        for (const [, placeholder] of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) assert.ok(placeholders.has(placeholder), `unknown placeholder {{${placeholder}}} in '${template}'`);
      }
      for (const clause of thens) {
        // Built-in rules skip these checks at run time: they are held here.
        assert.is(checkFunctionOptions(clause.function, clause.functionOptions), undefined, `functionOptions of ${clause.function}`);
        // The rule words every message its function can report: `message` the first, `messages` the others.
        const fn = FUNCTIONS[clause.function];
        const ids = fn.messageIdsFor?.(clause.functionOptions ?? {}) ?? Object.keys(fn.messages);
        for (const id of ids.slice(1)) assert.ok(data.messages?.[id], `message id '${id}' of ${fn.name} has no template in messages`);
      }
      for (const id of Object.keys(data.messages ?? {})) {
        assert.ok(thens.some((clause) => id in FUNCTIONS[clause.function].messages), `messages.${id}: no function of the rule reports it`);
      }
      for (const given of [data.given ?? []].flat()) {
        const alias = parseAliasGiven(given);
        if (alias) assert.ok(alias.name in aliasDefinitions(), `unknown alias ${given}`);
      }
      // Everything a team's rule file is checked for when it loads (built-ins skip it at run time).
      parseLintRule(readFileSync(join(BUILTIN_LINT_RULES_DIR, format, name), 'utf8'), `rules/lint/${format}/${name}`, format as 'openapi' | 'json-schema');
      const c = cases.get(data.id);
      assert.ok(c, `fixtures/lint/${data.id}.yaml is missing`);
      assert.ok((c?.fire ?? []).length >= 1, 'needs at least one firing case');
      assert.ok((c?.quiet ?? []).length >= 1, 'needs at least one quiet case');
      for (const f of c?.fire ?? []) assert.ok(f.expect.length >= 1 && f.expect.every((e) => e.rule === data.id), `${f.name}: expectations must name ${data.id}`);
    });
  }
}

test('built-in messages are worded by the rules, never by a function', () => {
  for (const rule of builtinLintRules()) {
    for (const template of [rule.message, ...Object.values(rule.messages ?? {})]) assert.not.match(template, /\{\{\s*error\s*\}\}/, `${rule.id}: ${template}`);
  }
});

test('the schema lists every function of the registry', () => {
  const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'lint-rule.schema.json'), 'utf8'));
  assert.equal([...schema.$defs.then.properties.function.enum].sort(), [...FUNCTION_NAMES].sort());
});

test('every function has a valid options schema and at least one message', () => {
  for (const fn of Object.values(FUNCTIONS)) {
    assert.ok(Object.keys(fn.messages).length >= 1, fn.name);
    assert.is(fn.optionsSchema.type, 'object', fn.name);
    assert.ok(fn.scope === 'all' ? fn.runAll : fn.run, `${fn.name} has no run`);
  }
});

test('aliases.json is valid against its schema', () => {
  assert.equal(validateAgainst('lint-aliases.schema.json', JSON.parse(readFileSync(fileURLToPath(ALIASES_FILE), 'utf8'))), []);
});

test('the operation keys an alias selects (#operations ...) are the HTTP methods of the OpenAPI version, in order', () => {
  const lists = new Set<string>();
  for (const alias of Object.values(aliasDefinitions())) {
    for (const paths of Object.values(alias.targets)) for (const path of paths) for (const found of path.matchAll(/\[(get,[a-z,]+)\]/g)) lists.add(found[1]!);
  }
  assert.equal([...lists].sort(), [HTTP_METHODS.join(','), HTTP_METHODS_3_2.join(',')].sort());
});

test('every case file belongs to a rule', () => {
  const ids = new Set(builtinLintRules().map((r) => r.id));
  for (const c of cases.values()) assert.ok(ids.has(c.rule), `${c.file} names unknown rule ${c.rule}`);
  for (const c of caseFiles()) assert.is(c.file, `${c.rule}.yaml`);
});

test('at least 90% of the built-in rules are data over a generic function: only the parser reports the others', () => {
  const rules = builtinLintRules();
  const parserOnly = rules.filter((rule) => rule.then?.some((then) => then.function === 'parseable'));
  assert.equal(parserOnly.map((rule) => rule.id), ['spec-parseable', 'spec-parseable']);
  assert.ok((rules.length - parserOnly.length) / rules.length >= 0.9);
});

test.run();
