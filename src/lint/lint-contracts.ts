/** Lints the selected contracts of a project: read, lint, optionally fix (atomic writes) and lint again. */
import { dirname, resolve } from 'node:path';
import { ToolError } from '../errors.ts';
import { describeKind, specKindOf } from '../load/detect.ts';
import { displayPath, parseSource, readSpecText } from '../load/load.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import type { ContractConfig } from '../types.ts';
import { lintDocumentFromText } from './document.ts';
import { lintSpecFiles } from './lint-files.ts';
import { loadLintModel } from './lint-model.ts';
import { parseForLint, unparsableViolations, type Parsed } from './parse-findings.ts';
import type { AppliedFix, ContractLintResult, LintDocument, LintReport, LintRule, LintViolation } from './types.ts';

export interface LintContractsOptions {
  root: string;
  rules: LintRule[];
  fix: boolean;
  /** Levels per violation (`lint.overrides`), applied before --fix plans its edits; `off` ones are dropped. */
  adjust?: (contract: ContractConfig, violations: LintViolation[]) => LintViolation[];
  /** Reads the spec and its `$ref` targets when not from disk (a spec from stdin or a git ref); no --fix then. */
  readFile?: (absolutePath: string) => Promise<string>;
  /** The root spec file of the (one) contract linted, already read and parsed: linted as it is, not read again. */
  parsed?: Parsed;
}

interface Linted {
  docs: { doc: LintDocument; path: string }[];
  violations: LintViolation[];
}

/** Lints the spec file at an absolute path and every file it refers to. */
export async function lintSpecAt(
  file: string, root: string, rules: LintRule[], format?: 'openapi' | 'json-schema', readFile?: LintContractsOptions['readFile'], read?: Parsed,
): Promise<Linted> {
  const shown = displayPath(file, root);
  const parsed = read ?? parseForLint(await readSpecText(file, { projectRoot: root, readFile }), file, shown);
  // Unparsable: a finding (when the contract's format is known, as it is for every configured contract).
  if (parsed.problem) return { docs: [], violations: unparsableViolations(parsed.problem, shown, format ?? 'openapi', rules) };
  const kind = specKindOf(parsed.source, shown, format);
  return lintSpecFiles(await loadLintModel(parsed.source, { projectRoot: root, readFile }), kind, shown, rules);
}

/** `parsed`: the root file as read before (the first pass only: a pass after --fix reads what it wrote). */
async function lintFiles(contract: ContractConfig, options: LintContractsOptions, parsed?: Parsed): Promise<Linted> {
  const linted = await lintSpecAt(resolve(options.root, contract.path), options.root, options.rules, contract.format, options.readFile, parsed);
  return options.adjust ? { ...linted, violations: options.adjust(contract, linted.violations) } : linted;
}

/** Applies the safe fixes file by file; every file is checked to still parse before anything is written. */
async function applyFixes(linted: Linted, contract: ContractConfig): Promise<AppliedFix[]> {
  const { applyEdits, planFixes } = await import('./fix.ts'); // with the yaml Document API: only for --fix
  const writes: { path: string; text: string }[] = [];
  const applied: AppliedFix[] = [];
  for (const [i, { doc, path }] of linted.docs.entries()) {
    const plan = planFixes(doc.text, linted.violations.filter((v) => v.file === doc.file));
    if (!plan.edits.length) continue;
    const fixed = applyEdits(doc.text, plan.edits);
    try {
      if (i > 0) parseSource(fixed, path);
      else lintDocumentFromText(fixed, path, doc.file, contract.format);
    } catch (error) {
      throw new ToolError(`--fix would leave ${doc.file} unreadable; nothing was written (${(error as Error).message})`, { file: doc.file, cause: error });
    }
    writes.push({ path, text: fixed });
    applied.push(...plan.applied);
  }
  for (const write of writes) await writeFileAtomic(write.path, write.text);
  return applied;
}

export async function lintContract(contract: ContractConfig, options: LintContractsOptions): Promise<ContractLintResult> {
  let linted = await lintFiles(contract, options, options.parsed);
  if (linted.docs.length === 0) {
    // Unparsable: nothing to fix, and no detected version to name.
    return { name: contract.name, format: contract.format, spec: contract.format === 'openapi' ? 'OpenAPI' : 'JSON Schema', file: displayPath(resolve(options.root, contract.path), options.root), violations: linted.violations, fixed: [] };
  }
  const root = linted.docs[0].doc;
  let fixed: AppliedFix[] = [];
  if (options.fix) {
    fixed = await applyFixes(linted, contract);
    if (fixed.length) linted = await lintFiles(contract, options);
  }
  return { name: contract.name, format: contract.format, spec: describeKind(root.kind), file: root.file, violations: linted.violations, fixed };
}

export async function lintContracts(contracts: ContractConfig[], options: LintContractsOptions): Promise<LintReport> {
  const results: ContractLintResult[] = [];
  for (const contract of contracts) results.push(await lintContract(contract, options));
  return { contracts: results };
}

/**
 * Lints one file's text on its own, as `lint` does (rule cases, generated docs): unparsable text is a finding,
 * and a `$ref` to another file does not resolve (there is no project to read it from).
 */
export async function lintText(text: string, path: string, rules: LintRule[], format?: 'openapi' | 'json-schema'): Promise<LintViolation[]> {
  const absolute = resolve(path);
  const parsed = parseForLint(text, absolute, path);
  if (parsed.problem) return unparsableViolations(parsed.problem, path, format ?? 'openapi', rules);
  const source = parsed.source;
  const alone = async (file: string): Promise<string> => {
    throw Object.assign(new Error(`${file}: not available`), { code: 'ENOENT' });
  };
  const model = await loadLintModel(source, { projectRoot: dirname(absolute), readFile: alone });
  return (await lintSpecFiles(model, specKindOf(source, path, format), path, rules)).violations;
}
