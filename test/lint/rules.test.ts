/** The data-driven rule tester: every case file runs with only its rule enabled (a rule off by default too). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import { lintText } from '../../src/lint/lint-contracts.ts';
import { caseFiles } from './lint-cases.ts';

const rules = builtinLintRules();
const key = (f: { rule: string; pointer: string }) => `${f.rule} ${f.pointer}`;

for (const cases of caseFiles()) {
  const only = rules.filter((r) => r.id === cases.rule).map((r) => (r.severity === 'off' ? { ...r, severity: 'warn' as const } : r));
  for (const c of cases.fire ?? []) {
    test(`${cases.rule} fires: ${c.name}`, async () => {
      const found = await lintText(c.document, c.fileName ?? 'spec.yaml', only, only[0]?.format);
      assert.equal(found.map(key).sort(), c.expect.map(key).sort(), JSON.stringify(found.map((v) => v.message)));
      for (const v of found) {
        assert.type(v.line, 'number', `${v.rule} ${v.pointer} has no line`);
        assert.ok(v.message.length > 0 && !v.message.includes('{{'), `message not filled: ${v.message}`);
      }
    });
  }
  for (const c of cases.quiet ?? []) {
    test(`${cases.rule} stays quiet: ${c.name}`, async () => {
      assert.equal((await lintText(c.document, c.fileName ?? 'spec.yaml', only, only[0]?.format)).map((v) => `${key(v)}: ${v.message}`), []);
    });
  }
}

test.run();
