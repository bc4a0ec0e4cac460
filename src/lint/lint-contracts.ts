/** Lints the selected contracts of a project: read, lint, optionally fix (atomic write) and lint again. */
import { resolve } from 'node:path';
import { ToolError } from '../errors.ts';
import { describeKind } from '../spec/detect.ts';
import { displayPath, readSpecText } from '../spec/load.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import type { ContractConfig } from '../types.ts';
import { lintDocumentFromText } from './document.ts';
import { applyEdits, planFixes } from './fix.ts';
import { runLint } from './run-lint.ts';
import type { ContractLintResult, LintReport, LintRule } from './types.ts';

export interface LintContractsOptions {
  root: string;
  rules: LintRule[];
  fix: boolean;
}

export async function lintContract(contract: ContractConfig, options: LintContractsOptions): Promise<ContractLintResult> {
  const file = resolve(options.root, contract.path);
  const shown = displayPath(file, options.root);
  const text = await readSpecText(file, { projectRoot: options.root });
  const doc = lintDocumentFromText(text, file, shown, options.root, contract.format);
  let violations = runLint(doc, options.rules);
  const result: ContractLintResult = { name: contract.name, format: contract.format, spec: describeKind(doc.kind), file: shown, violations, fixed: [] };
  if (!options.fix) return result;
  const { edits, applied } = planFixes(text, violations);
  if (!edits.length) return result;
  const fixedText = applyEdits(text, edits);
  let fixedDoc;
  try {
    fixedDoc = lintDocumentFromText(fixedText, file, shown, options.root, contract.format);
  } catch (error) {
    throw new ToolError(`--fix would leave ${shown} unreadable; nothing was written (${(error as Error).message})`, { file: shown, cause: error });
  }
  await writeFileAtomic(file, fixedText);
  violations = runLint(fixedDoc, options.rules);
  return { ...result, violations, fixed: applied };
}

export async function lintContracts(contracts: ContractConfig[], options: LintContractsOptions): Promise<LintReport> {
  const results: ContractLintResult[] = [];
  for (const contract of contracts) results.push(await lintContract(contract, options));
  return { contracts: results };
}
