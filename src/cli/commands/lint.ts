/**
 * `specver lint`: lint each contract's spec, or spec files given as arguments (with or without a project);
 * exit 1 when any has an error-severity violation.
 */
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import { loadConfig, requireContracts } from '../../config/load-config.ts';
import { hasErrors, type LintViolation } from '../../lint/types.ts';
import type { Config, ContractConfig } from '../../types.ts';
import { UsageError } from '../../errors.ts';
import { refuseProjectOptions } from '../spec-arguments.ts';
import { selectFromPositionals, specInputsOf, type Selection } from '../select-specs.ts';

interface LintOptions {
  contract?: string[];
  fix?: boolean;
  format: 'text' | 'json' | 'stylish' | 'github' | 'sarif' | 'junit';
}

/** What is linted: each contract with the root its files are confined to, and how they are read. */
interface LintTarget {
  contract: ContractConfig;
  root: string;
  readFile?: (absolutePath: string) => Promise<string>;
}

async function lintTargets(ctx: Context, selection: Selection, options: LintOptions): Promise<{ config?: Config; targets: LintTarget[] }> {
  const { config, positionals } = selection;
  if (positionals.mode === 'contracts') {
    const project = config ?? (await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }));
    const contracts = requireContracts(project, [...positionals.names, ...(options.contract ?? [])]);
    return { config: project, targets: contracts.map((contract) => ({ contract, root: project.root })) };
  }
  refuseProjectOptions('lint', { '--contract': options.contract });
  const unwritable = positionals.specs.find((spec) => spec.kind !== 'file');
  if (options.fix && unwritable) {
    throw new UsageError(`--fix cannot write back to ${unwritable.kind === 'stdin' ? 'stdin' : `the git ref of '${unwritable.given}'`}`, { hint: 'lint files in the work tree to fix them, or drop --fix' });
  }
  const { lintContractOf } = await import('../../lint/lint-inputs.ts');
  const targets: LintTarget[] = [];
  for (const input of await specInputsOf(ctx, selection)) targets.push({ contract: await lintContractOf(input), root: input.root, readFile: input.readFile });
  return { config, targets };
}

export async function run(ctx: Context, positional: string[], options: LintOptions): Promise<number> {
  const { config, targets } = await lintTargets(ctx, await selectFromPositionals(ctx, positional), options);
  const { loadLintRules } = await import('../../lint/load-lint-rules.ts');
  const rules = loadLintRules({ root: config?.root ?? ctx.cwd, files: config?.lint.files ?? [], severity: config?.lint.severity ?? {} });
  const { lintContracts } = await import('../../lint/lint-contracts.ts');
  const scoped = config?.lint.overrides?.length ? await import('../../ruleset/lint-overrides.ts') : undefined;
  const policy = config && scoped?.lintPolicy(rules, config.lint.overrides, config.file);
  const report = await withProgress(ctx, 'Linting specs', async () => {
    const results = [];
    for (const { contract, root, readFile } of targets) {
      const fix = options.fix === true;
      if (!scoped || !policy) {
        results.push(...(await lintContracts([contract], { root, rules, fix, readFile })).contracts);
        continue;
      }
      // Scoped levels: each contract runs the rules some block turns on for it, then gets its levels per violation.
      const adjust = (linted: ContractConfig, violations: LintViolation[]) => scoped.applyLintPolicy(linted.name, violations, rules, policy);
      const contractRules = scoped.rulesForContract(rules, policy, contract);
      results.push(...(await lintContracts([contract], { root, rules: contractRules, fix, adjust, readFile })).contracts);
    }
    return { contracts: results };
  });
  const format = ctx.json ? 'json' : options.format;
  if (format === 'json') {
    const { lintJson } = await import('../../report/lint-json.ts');
    ctx.out.jsonDocument(lintJson(report));
  } else if (format === 'stylish') {
    const { renderLintStylish } = await import('../../report/lint-stylish.ts');
    const { lintCountLine } = await import('../../report/lint-text.ts');
    ctx.out.result(`${renderLintStylish(report)}${lintCountLine(report)}`);
  } else if (format === 'github') {
    const { renderLintGithub } = await import('../../report/lint-github.ts');
    ctx.out.raw(renderLintGithub(report), { workflowCommands: true });
  } else if (format === 'sarif') {
    const { lintSarif } = await import('../../report/lint-sarif.ts');
    ctx.out.rawJson(`${JSON.stringify(lintSarif(report, rules), null, 2)}\n`);
  } else if (format === 'junit') {
    const { renderLintJunit } = await import('../../report/lint-junit.ts');
    ctx.out.raw(renderLintJunit(report));
  } else {
    const { renderLintText } = await import('../../report/lint-text.ts');
    ctx.out.result(renderLintText(report, (colour, text) => ctx.out.paint(colour, text)));
  }
  return report.contracts.some(hasErrors) ? 1 : 0;
}
