/**
 * `lint <file>` of a file that is no contract: the file is read and parsed once, to tell its format, and that
 * parse is what gets linted (a multi-MB spec was read and parsed twice).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintContractOf } from '../../src/lint/lint-inputs.ts';
import { lintContracts, lintSpecAt } from '../../src/lint/lint-contracts.ts';
import { builtinLintRules } from '../../src/lint/load-lint-rules.ts';
import type { SpecInput } from '../../src/pipeline/spec-inputs.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const rules = builtinLintRules();
const root = join(FIXTURES, 'lint', 'multi-file');
const path = join(root, 'api.yaml');

/** A spec input whose reads are counted per file. */
function countedInput(): { input: SpecInput; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const counted = async (file: string) => {
    reads.set(file, (reads.get(file) ?? 0) + 1);
    return readFile(file, 'utf8');
  };
  const input: SpecInput = { argument: { kind: 'file', given: 'api.yaml', path }, path, root, readFile: counted, label: 'api.yaml', inProject: false };
  return { input, reads };
}

test('a file of no contract is read once: the parse that told its format is linted', async () => {
  const { input, reads } = countedInput();
  const { contract, parsed } = await lintContractOf(input);
  assert.is(contract.format, 'openapi');
  assert.ok(parsed?.source, 'the detection parse is handed on');
  const report = await lintContracts([contract], { root, rules, fix: false, readFile: input.readFile, parsed });
  assert.is(reads.get(path), 1, 'the root file is read once');
  assert.ok(reads.size > 1, 'the files it refers to are still read');
  const alone = await lintSpecAt(path, root, rules, 'openapi');
  assert.equal(report.contracts[0].violations, alone.violations, 'the same findings as a lint that reads the file itself');
});

test('a configured contract hands no parse on: its spec is read where it is linted', async () => {
  const { input } = countedInput();
  const contract = { name: 'api', format: 'openapi' as const, path: 'api.yaml' };
  const { parsed } = await lintContractOf({ ...input, contract });
  assert.is(parsed, undefined);
});

test('an unparsable file is still one finding, from the one parse', async () => {
  const { input, reads } = countedInput();
  const broken: SpecInput = { ...input, readFile: async (file) => { reads.set(file, (reads.get(file) ?? 0) + 1); return 'openapi: 3.0.0\ninfo: [unclosed\n'; } };
  const { contract, parsed } = await lintContractOf(broken);
  assert.ok(parsed?.problem);
  const report = await lintContracts([contract], { root, rules, fix: false, readFile: broken.readFile, parsed });
  assert.is(reads.get(path), 1);
  assert.equal(report.contracts[0].violations.map((v) => v.rule), ['spec-parseable']);
});

test.run();
