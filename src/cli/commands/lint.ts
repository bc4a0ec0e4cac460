/**
 * `specver lint`: lint each contract's spec, or spec files given as arguments (with or without a project);
 * exit 1 when any has a finding at or above --fail-severity (error by default) that the lint baseline does
 * not record.
 */
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import { loadConfig, requireContracts } from '../../config/load-config.ts';
import { ConfigError, UsageError } from '../../errors.ts';
import { LINT_SEVERITIES, type LintReport, type LintRule, type LintSeverity, type LintViolation } from '../../lint/types.ts';
import type { StaleEntry } from '../../lint/baseline.ts';
import type { Parsed } from '../../lint/parse-findings.ts';
import type { Config, ContractConfig } from '../../types.ts';
import { refuseProjectOptions } from '../spec-arguments.ts';
import { selectFromPositionals, specInputsOf, type Selection } from '../select-specs.ts';

type LintFormat = 'text' | 'json' | 'stylish' | 'github' | 'sarif' | 'junit';

interface LintOptions {
  contract?: string[];
  fix?: boolean;
  format: LintFormat;
  /** The lowest level that fails the run. */
  failSeverity?: string;
  /** Show only the findings at or above --fail-severity. */
  displayOnlyFailures?: boolean;
  /** Record today's findings as the lint baseline. */
  baselineWrite?: boolean;
}

/** What is linted: each contract with the root its files are confined to, and how they are read. */
interface LintTarget {
  contract: ContractConfig;
  root: string;
  readFile?: (absolutePath: string) => Promise<string>;
  /** The spec file as read and parsed to tell its format (a file of no contract), linted as it is. */
  parsed?: Parsed;
}

async function lintTargets(ctx: Context, selection: Selection, options: LintOptions): Promise<{ config?: Config; targets: LintTarget[] }> {
  const { config, positionals } = selection;
  if (positionals.mode === 'contracts') {
    const project = config ?? (await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }));
    const contracts = requireContracts(project, [...positionals.names, ...(options.contract ?? [])]);
    return { config: project, targets: contracts.map((contract) => ({ contract, root: project.root })) };
  }
  refuseProjectOptions('lint', { '--contract': options.contract, '--baseline-write': options.baselineWrite });
  const unwritable = positionals.specs.find((spec) => spec.kind !== 'file');
  if (options.fix && unwritable) {
    throw new UsageError(`--fix cannot write back to ${unwritable.kind === 'stdin' ? 'stdin' : `the git ref of '${unwritable.given}'`}`, { hint: 'lint files in the work tree to fix them, or drop --fix' });
  }
  const { lintContractOf } = await import('../../lint/lint-inputs.ts');
  const targets: LintTarget[] = [];
  for (const input of await specInputsOf(ctx, selection)) targets.push({ ...(await lintContractOf(input)), root: input.root, readFile: input.readFile });
  return { config, targets };
}

function failSeverityOf(value: string | undefined): LintSeverity {
  if (value === undefined) return 'error';
  if ((LINT_SEVERITIES as readonly string[]).includes(value)) return value as LintSeverity;
  throw new ConfigError(`invalid --fail-severity '${value}'`, { hint: `use one of ${LINT_SEVERITIES.join(', ')}` });
}

async function lintAll(ctx: Context, config: Config | undefined, targets: LintTarget[], fix: boolean): Promise<{ report: LintReport; rules: LintRule[] }> {
  const { loadLintRules } = await import('../../lint/load-lint-rules.ts');
  const rules = loadLintRules({ root: config?.root ?? ctx.cwd, files: config?.lint.files ?? [], severity: config?.lint.severity ?? {} });
  const { lintContracts } = await import('../../lint/lint-contracts.ts');
  const scoped = config?.lint.overrides?.length ? await import('../../ruleset/lint-overrides.ts') : undefined;
  const policy = config && scoped?.lintPolicy(rules, config.lint.overrides, config.file);
  const report = await withProgress(ctx, 'Linting specs', async () => {
    const results = [];
    for (const { contract, root, readFile, parsed } of targets) {
      if (!scoped || !policy) {
        results.push(...(await lintContracts([contract], { root, rules, fix, readFile, parsed })).contracts);
        continue;
      }
      // Scoped levels: each contract runs the rules some block turns on for it, then gets its levels per violation.
      const adjust = (linted: ContractConfig, violations: LintViolation[]) => scoped.applyLintPolicy(linted.name, violations, rules, policy);
      const contractRules = scoped.rulesForContract(rules, policy, contract);
      results.push(...(await lintContracts([contract], { root, rules: contractRules, fix, adjust, readFile, parsed })).contracts);
    }
    return { contracts: results };
  });
  return { report, rules };
}

/** Applies the baseline (or records a new one): the findings it holds move to `baselined`. */
async function withBaseline(ctx: Context, config: Config, report: LintReport, write: boolean): Promise<{ report: LintReport; file?: string; stale: StaleEntry[] }> {
  const { applyBaseline, baselineEntries, loadBaseline, writeBaseline } = await import('../../lint/baseline.ts');
  const baseline = await loadBaseline(config);
  if (write) {
    const { withLock } = await import('../../versioning/session.ts');
    const recorded = await withLock(config.root, ctx.now, () => writeBaseline(config, report, baseline.entries));
    ctx.out.info(`Wrote ${baseline.file} (${recorded} finding${recorded === 1 ? '' : 's'} baselined)`);
    return { ...applyBaseline(report, baselineEntries(report)), file: baseline.file };
  }
  if (baseline.entries.length === 0) return { report, stale: [] };
  const applied = applyBaseline(report, baseline.entries);
  const gone = applied.stale.reduce((n, e) => n + e.count - e.found, 0);
  if (gone > 0)
    ctx.out.warn(
      `${baseline.file}: ${gone} baselined finding${gone === 1 ? ' is' : 's are'} gone (${applied.stale.length} stale entr${applied.stale.length === 1 ? 'y' : 'ies'}); run 'specver lint --baseline-write' to shrink the baseline`,
    );
  return { ...applied, file: baseline.file };
}

export async function run(ctx: Context, positional: string[], options: LintOptions): Promise<number> {
  const failSeverity = failSeverityOf(options.failSeverity);
  const { config, targets } = await lintTargets(ctx, await selectFromPositionals(ctx, positional), options);
  const { report: linted, rules } = await lintAll(ctx, config, targets, options.fix === true);
  // Files linted without a project have no baseline.
  const { report, file, stale } = config ? await withBaseline(ctx, config, linted, options.baselineWrite === true) : { report: linted, file: undefined, stale: [] as StaleEntry[] };
  const { fails, keepAtOrAbove } = await import('../../lint/severity-threshold.ts');
  const failed = report.contracts.some((c) => fails(c, failSeverity));

  const format: LintFormat = ctx.json ? 'json' : options.format;
  // -q keeps the errors (and the summary); --display-only-failures what fails the run.
  const shownFrom: LintSeverity | undefined = options.displayOnlyFailures ? failSeverity : ctx.quiet && (format === 'text' || format === 'stylish') ? 'error' : undefined;
  const shown = shownFrom ? keepAtOrAbove(report, shownFrom) : report;
  if (format === 'json') {
    const { lintJson } = await import('../../report/lint-json.ts');
    ctx.out.jsonDocument(lintJson(shown, { failSeverity, ...(file ? { baseline: { file, stale } } : {}) }));
  } else if (format === 'stylish') {
    const { renderLintStylish } = await import('../../report/lint-stylish.ts');
    const { lintCountLine } = await import('../../report/lint-text.ts');
    ctx.out.result(`${renderLintStylish(shown)}${lintCountLine(shown, failSeverity)}`);
  } else if (format === 'github') {
    const { renderLintGithub } = await import('../../report/lint-github.ts');
    ctx.out.raw(renderLintGithub(shown), { workflowCommands: true });
  } else if (format === 'sarif') {
    const { lintSarif } = await import('../../report/lint-sarif.ts');
    ctx.out.rawJson(`${JSON.stringify(lintSarif(shown, rules), null, 2)}\n`);
  } else if (format === 'junit') {
    const { renderLintJunit } = await import('../../report/lint-junit.ts');
    ctx.out.raw(renderLintJunit(shown, failSeverity));
  } else {
    const { renderLintText } = await import('../../report/lint-text.ts');
    ctx.out.result(renderLintText(shown, (colour, text) => ctx.out.paint(colour, text), { failSeverity, quiet: ctx.quiet, verbose: ctx.verbose }));
  }
  return failed ? 1 : 0;
}
