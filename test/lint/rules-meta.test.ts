/** Every lint rule file: id = file name, valid against its schema, covered by >= 1 firing and >= 1 quiet case. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHECKS } from '../../src/lint/checks/index.ts';
import { checkFunctionOptions } from '../../src/lint/functions.ts';
import { BUILTIN_LINT_RULES_DIR, builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { validateAgainst } from '../../src/schema-validation.ts';
import { caseFiles } from './lint-cases.ts';

const PLACEHOLDERS = new Set(['property', 'value', 'path', 'error', 'description']);
const cases = new Map(caseFiles().map((c) => [c.rule, c]));

for (const format of ['openapi', 'json-schema']) {
  for (const name of readdirSync(join(BUILTIN_LINT_RULES_DIR, format)).filter((n) => n.endsWith('.json'))) {
    test(`${format}/${name}`, () => {
      const data = JSON.parse(readFileSync(join(BUILTIN_LINT_RULES_DIR, format, name), 'utf8'));
      assert.equal(validateAgainst('lint-rule.schema.json', data), []);
      assert.is(data.id, name.replace(/\.json$/, ''), 'id must equal the file name');
      for (const [, placeholder] of String(data.message).matchAll(/\{\{\s*(\w+)\s*\}\}/g)) assert.ok(PLACEHOLDERS.has(placeholder), `unknown placeholder {{${placeholder}}}`);
      if (data.check) assert.ok(data.check in CHECKS, `no check named ${data.check}`);
      // Built-in rules skip these checks at run time: they are held here.
      for (const clause of [data.then ?? []].flat()) assert.is(checkFunctionOptions(clause.function, clause.functionOptions), undefined, `functionOptions of ${clause.function}`);
      const c = cases.get(data.id);
      assert.ok(c, `fixtures/lint/${data.id}.yaml is missing`);
      assert.ok((c?.fire ?? []).length >= 1, 'needs at least one firing case');
      assert.ok((c?.quiet ?? []).length >= 1, 'needs at least one quiet case');
      for (const f of c?.fire ?? []) assert.ok(f.expect.length >= 1 && f.expect.every((e) => e.rule === data.id), `${f.name}: expectations must name ${data.id}`);
    });
  }
}

test('every case file belongs to a rule', () => {
  const ids = new Set(builtinLintRules().map((r) => r.id));
  for (const c of cases.values()) assert.ok(ids.has(c.rule), `${c.file} names unknown rule ${c.rule}`);
  for (const c of caseFiles()) assert.is(c.file, `${c.rule}.yaml`);
});

test('every named check is used by a rule', () => {
  const used = new Set(builtinLintRules().map((r) => r.check));
  for (const name of Object.keys(CHECKS)) assert.ok(used.has(name), `check ${name} is unused`);
});

test.run();
