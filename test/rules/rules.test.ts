/** Runs every built-in rule's case file (fixtures/rules/openapi/<rule-id>.yaml) through the rule tester. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builtInRules } from '../../src/ruleset/load-rules.ts';
import { runRuleCases } from '../../src/classify/rule-tester.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const CASES = join(FIXTURES, 'rules/openapi');

test('every built-in rule passes its fires and quiet cases', async () => {
  const failures: string[] = [];
  for (const rule of builtInRules()) {
    const caseFile = join(CASES, `${rule.id}.yaml`);
    if (!existsSync(caseFile)) { failures.push(`${rule.id}: no case file`); continue; }
    for (const result of await runRuleCases(rule.file, caseFile)) {
      for (const problem of result.problems) failures.push(`${rule.id} [${result.group}] ${result.name}: ${problem}`);
    }
  }
  assert.equal(failures, [], failures.slice(0, 30).join('\n'));
});

test.run();
