/**
 * `specver breaking`: the CI gate. Exit 1 when a breaking change is neither waived nor (with
 * --allow-acknowledged) acknowledged by a pending major changeset, or when a waiver has expired.
 * Without waivers and acknowledgements this is the spec's rule: exit 1 iff a breaking change exists. A contract
 * whose spec cannot be read fails the gate too, with exit 2, after the other contracts are judged.
 */
import { appendFileSync } from 'node:fs';
import type { Context } from '../context.ts';
import { withProgress } from '../progress.ts';
import { selectedComparisons } from '../compare-selected.ts';
import { selectFromPositionals } from '../select-specs.ts';
import type { Comparison } from '../../pipeline/comparison.ts';
import type { GateVerdict } from '../../gate/verdict.ts';
import { parseReportRequests, reportText, writeReports, type GateRun } from '../breaking-reports.ts';

interface BreakingOptions {
  contract?: string[];
  base?: string;
  format: 'text' | 'json' | 'github' | 'junit' | 'markdown' | 'sarif' | 'html';
  /** --allow-acknowledged (gate.allowAcknowledged in specver.yaml turns it on too). */
  allowAcknowledged?: boolean;
  /** --policy: at a git base, whose rules, waivers and contracts judge (gate-policy.ts). */
  policy?: 'base' | 'head';
  /** --report <format>=<file>, repeatable: more reports of this run, each to a file (breaking-reports.ts). */
  report?: string[];
}

export async function run(ctx: Context, positional: string[], options: BreakingOptions): Promise<number> {
  const format = ctx.json ? 'json' : options.format;
  // The text report prints no lines; the others (annotations, JUnit, JSON, markdown, SARIF, HTML) do.
  const reports = parseReportRequests(options.report ?? [], ctx.cwd);
  const lines = format !== 'text' || reports.length > 0;
  const selection = await selectFromPositionals(ctx, positional);
  const { judge, statusNote, waiverProblems } = await import('../../gate/verdict.ts');
  let comparisons: Comparison[];
  let verdict: GateVerdict;
  if (selection.positionals.mode === 'files') {
    // Two specs, no project state: no waivers and no changesets, so every breaking change fails the gate.
    const { adHocComparison } = await import('../adhoc-compare.ts');
    const projectOptions = { '--contract': options.contract, '--base': options.base, '--allow-acknowledged': options.allowAcknowledged, '--policy': options.policy };
    const compared = await withProgress(ctx, 'Checking specs for breaking changes', () => adHocComparison(ctx, selection, { command: 'breaking', projectOptions, lines }));
    comparisons = [compared.comparison];
    verdict = judge(comparisons, { today: ctx.now().toISOString().slice(0, 10) });
  } else {
    const [{ loadConfig }, { prepareGate, removedComparisons }] = await Promise.all([import('../../config/load-config.ts'), import('../../gate/prepare-gate.ts')]);
    const head = selection.config ?? (await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }));
    const prepared = await prepareGate(head, options.base, options.policy);
    const names = [...selection.positionals.names, ...(options.contract ?? [])];
    // A contract the pull request removed is named by its base name; the rest must exist now.
    const removedNames = new Set(prepared.removed.map((c) => c.name));
    const current = names.filter((name) => !removedNames.has(name));
    const compared =
      current.length === 0 && names.length > 0
        ? []
        : await withProgress(ctx, 'Checking specs for breaking changes', () =>
            selectedComparisons(ctx, current, { base: options.base, config: prepared.config, lines, ...prepared.compare }),
          );
    comparisons = [...compared, ...(await removedComparisons(prepared, names))];
    const { knownRuleIds } = await import('../../gate/known-rule-ids.ts');
    const knownRules = prepared.waivers.waivers.length > 0 ? await knownRuleIds(prepared.config, comparisons, prepared.compare.ruleTexts) : undefined;
    verdict = judge(comparisons, {
      knownRules,
      acknowledgements: prepared.acknowledgements,
      waivers: prepared.waivers,
      today: ctx.now().toISOString().slice(0, 10),
      allowAcknowledged: options.allowAcknowledged === true || prepared.config.gate?.allowAcknowledged === true,
      policy: prepared.policy,
    });
  }
  const { reportContractErrors } = await import('../contract-errors.ts');
  // A contract that cannot be read fails the gate (the verdict counts it) with its own exit code.
  const worst = reportContractErrors(ctx, comparisons.map((c) => c.error), format === 'json');
  const run: GateRun = { ctx, comparisons, verdict, adHoc: selection.positionals.mode === 'files' };
  if (format === 'github') {
    const { githubReport } = await import('../../report/breaking-github.ts');
    const report = githubReport(comparisons, verdict);
    ctx.out.raw(report.annotations, { workflowCommands: true });
    if (report.summary) {
      const summaryFile = ctx.env.GITHUB_STEP_SUMMARY;
      let written = false;
      if (summaryFile) {
        try {
          appendFileSync(summaryFile, `${report.summary}\n`);
          written = true;
        } catch (error) {
          ctx.out.warn(`cannot append to GITHUB_STEP_SUMMARY (${summaryFile}): ${(error as NodeJS.ErrnoException).code ?? String(error)}; printing the summary instead`);
        }
      }
      if (!written) ctx.out.raw(`\n${report.summary}`);
    }
  } else if (format !== 'text') {
    ctx.out.document(await reportText(format, run));
  } else {
    const { renderBreakingText } = await import('../../report/breaking-text.ts');
    for (const warning of waiverProblems(verdict).warnings) ctx.out.warn(warning);
    ctx.out.result(renderBreakingText(ctx.out, comparisons, ctx.quiet, verdict, ctx.verbose));
    if (verdict.failed && verdict.counts.open === 0 && verdict.counts.acknowledged > 0 && !verdict.allowAcknowledged)
      ctx.out.info('Every breaking change is acknowledged by a major changeset: pass --allow-acknowledged (or set gate.allowAcknowledged) to let them through.');
  }
  // After stdout: a report that cannot be written still leaves the verdict in the log, and then fails the run.
  if (reports.length > 0) await writeReports(reports, run);
  return Math.max(worst, verdict.failed ? 1 : 0);
}
