/** `specver lint`: lint each contract's spec; exit 1 when any contract has an error-severity violation. */
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import { loadConfig, requireContracts } from '../../config/load-config.ts';
import { hasErrors, type LintViolation } from '../../lint/types.ts';
import type { ContractConfig } from '../../types.ts';

interface LintOptions {
  contract?: string[];
  fix?: boolean;
  format: 'text' | 'json' | 'stylish' | 'github' | 'sarif' | 'junit';
}

export async function run(ctx: Context, positional: string[], options: LintOptions): Promise<number> {
  const config = await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath });
  const contracts = requireContracts(config, [...positional, ...(options.contract ?? [])]);
  const { loadLintRules } = await import('../../lint/load-lint-rules.ts');
  const rules = loadLintRules({ root: config.root, files: config.lint.files, severity: config.lint.severity });
  const { lintContracts } = await import('../../lint/lint-contracts.ts');
  const scoped = config.lint.overrides?.length ? await import('../../ruleset/lint-overrides.ts') : undefined;
  const policy = scoped?.lintPolicy(rules, config.lint.overrides, config.file);
  const report = await withProgress(ctx, 'Linting specs', async () => {
    if (!scoped || !policy) return lintContracts(contracts, { root: config.root, rules, fix: options.fix === true });
    // Scoped levels: each contract runs the rules some block turns on for it, then gets its levels per violation.
    const adjust = (contract: ContractConfig, violations: LintViolation[]) => scoped.applyLintPolicy(contract.name, violations, rules, policy);
    const results = [];
    for (const contract of contracts) {
      const contractRules = scoped.rulesForContract(rules, policy, contract);
      results.push(...(await lintContracts([contract], { root: config.root, rules: contractRules, fix: options.fix === true, adjust })).contracts);
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
