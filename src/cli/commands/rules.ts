/**
 * `specver rules list` and `specver rules show <id>`: the classification and lint rule catalogue, including
 * the project's own rule files and the severities specver.yaml sets, when a specver.yaml is found.
 * `specver rules test <files...>`: a team's rule cases, run as the built-in rules' cases are.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '../context.ts';
import { ConfigError, UsageError } from '../../errors.ts';
import type { Config } from '../../types.ts';
import { displayPath, findConfigFile, loadConfig } from '../../config/load-config.ts';
import { buildRuleCatalogue, type RuleEntry } from '../../report/rules-catalogue.ts';
import { closeMatches } from '../../toolkit/close-matches.ts';
import type { RulesTestReport } from '../../report/rules-test.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface ListOptions {
  kind: 'classify' | 'lint' | 'all';
  format: 'text' | 'json' | 'markdown';
}
interface ShowOptions {
  format: 'text' | 'json';
}

interface Catalogue {
  config?: Config;
  rules: RuleEntry[];
}

/** The catalogue for the project around ctx.cwd (built-ins only when no specver.yaml is found). */
export async function catalogueFor(ctx: Context): Promise<Catalogue> {
  const config = findConfigFile(ctx.cwd, ctx.configPath) ? await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }) : undefined;
  const { loadRuleCatalogue } = await import('../../classify/classify.ts');
  const { checkOverrides, severityPolicy } = await import('../../ruleset/apply-overrides.ts');
  const { lintPolicy } = await import('../../ruleset/lint-overrides.ts');
  const { builtinLintRules, loadLintRules } = await import('../../lint/load-lint-rules.ts');
  const ruleFiles = (config?.rules.files ?? []).map((file) => resolve(config!.root, file));
  const classify = await loadRuleCatalogue({ ruleFiles });
  // These calls validate the overrides exactly as diff and lint would (unknown id: exit 2).
  checkOverrides(classify, config?.rules.severity, config?.file);
  const classifyPolicy = severityPolicy(classify, config?.rules.severity, config?.rules.overrides, config?.file);
  const lintDefaults = config ? loadLintRules({ root: config.root, files: config.lint.files, severity: {} }) : builtinLintRules();
  if (config) loadLintRules({ root: config.root, files: config.lint.files, severity: config.lint.severity });
  const scopedLint = config?.lint.overrides?.length ? lintPolicy(lintDefaults, config.lint.overrides, config.file) : undefined;
  const rules = buildRuleCatalogue({
    classify,
    lint: lintDefaults,
    builtInLintIds: new Set(builtinLintRules().map((r) => r.id)),
    classifySeverity: config?.rules.severity,
    lintSeverity: config?.lint.severity,
    root: config?.root,
    packageRoot: PACKAGE_ROOT,
    ...(classifyPolicy.hasOverrides ? { classifyPolicy } : {}),
    ...(scopedLint ? { lintPolicy: scopedLint } : {}),
  });
  return { config, rules };
}

function jsonDocument(ctx: Context, catalogue: Catalogue, rules: RuleEntry[]) {
  return { config: catalogue.config ? displayPath(ctx.cwd, catalogue.config.file) : null, rules };
}

export async function runList(ctx: Context, options: ListOptions): Promise<number> {
  const catalogue = await catalogueFor(ctx);
  const rules = catalogue.rules.filter((r) => options.kind === 'all' || r.kind === options.kind);
  const format = ctx.json ? 'json' : options.format;
  if (format === 'json') {
    ctx.out.jsonDocument(jsonDocument(ctx, catalogue, rules));
  } else if (format === 'markdown') {
    const { renderRulesMarkdown } = await import('../../report/rules-text.ts');
    ctx.out.raw(renderRulesMarkdown(rules));
  } else {
    const { renderRulesListText } = await import('../../report/rules-text.ts');
    ctx.out.result(renderRulesListText(rules, (colour, text) => ctx.out.paint(colour, text)));
  }
  return 0;
}

export async function runShow(ctx: Context, id: string, options: ShowOptions): Promise<number> {
  const catalogue = await catalogueFor(ctx);
  const matches = catalogue.rules.filter((r) => r.id === id);
  if (matches.length === 0) {
    const close = closeMatches(id, catalogue.rules.map((r) => r.id));
    throw new UsageError(`unknown rule '${id}'`, {
      hint: close.length ? `did you mean ${close.join(', ')}?` : "run 'specver rules list' to see every rule id",
    });
  }
  if (ctx.json || options.format === 'json') {
    ctx.out.jsonDocument(jsonDocument(ctx, catalogue, matches));
  } else {
    const { renderRuleText } = await import('../../report/rules-text.ts');
    ctx.out.result(matches.map((rule) => renderRuleText(rule, (colour, text) => ctx.out.paint(colour, text))).join('\n'));
  }
  return 0;
}

interface TestOptions {
  format: 'text' | 'json';
}

/** `specver rules test <files...>`: run a team's rule case files (classification or lint) with the tester the built-in rules use. */
export async function runTest(ctx: Context, files: string[], options: TestOptions): Promise<number> {
  const config = findConfigFile(ctx.cwd, ctx.configPath) ? await loadConfig({ cwd: ctx.cwd, configPath: ctx.configPath }) : undefined;
  const { loadRuleCatalogue } = await import('../../classify/classify.ts');
  const { checkOverrides, severityPolicy } = await import('../../ruleset/apply-overrides.ts');
  const { caseData, parseCaseData, runCaseFile } = await import('../../classify/rule-tester.ts');
  const { isLintCaseData, parseLintCases, runLintCases } = await import('../../lint/lint-rule-tester.ts');
  const { builtinLintRules, loadLintRules } = await import('../../lint/load-lint-rules.ts');
  const rules = await loadRuleCatalogue({ ruleFiles: (config?.rules.files ?? []).map((file) => resolve(config!.root, file)) });
  checkOverrides(rules, config?.rules.severity, config?.file);
  const policy = severityPolicy(rules, config?.rules.severity, config?.rules.overrides, config?.file);
  const lintRules = config ? loadLintRules({ root: config.root, files: config.lint.files, severity: config.lint.severity }) : builtinLintRules();
  const report: RulesTestReport = { config: config ? displayPath(ctx.cwd, config.file) : null, files: [], summary: { cases: 0, passed: 0, failed: 0 } };
  for (const file of files) {
    const full = resolve(ctx.cwd, file);
    const shown = displayPath(ctx.cwd, full);
    let text: string;
    try {
      text = readFileSync(full, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read case file ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { file: shown, hint: 'pass the path of a rule case file (YAML)' });
    }
    const data = caseData(text, shown);
    const id = (data as { rule?: unknown } | null)?.rule;
    const isLint = typeof id === 'string' && lintRules.some((r) => r.id === id);
    const isClassify = typeof id === 'string' && rules.some((r) => r.id === id);
    if (isLintCaseData(data) || (isLint && !isClassify)) {
      const cases = parseLintCases(data, shown);
      if (!isLint) throw unknownRule(shown, cases.rule, rules.map((r) => r.id), lintRules.map((r) => r.id));
      const results = await runLintCases(cases, lintRules, full, config?.root ?? dirname(full));
      report.files.push({ file: shown, rule: cases.rule, kind: 'lint', cases: results.map((r) => ({ group: r.group, name: r.name, passed: r.problems.length === 0, problems: r.problems })) });
      continue;
    }
    const cases = parseCaseData(data, shown);
    const rule = rules.find((r) => r.id === cases.rule);
    if (!rule) throw unknownRule(shown, cases.rule, rules.map((r) => r.id), lintRules.map((r) => r.id));
    const results = await runCaseFile(cases, rule, rules, policy);
    report.files.push({ file: shown, rule: rule.id, kind: 'classify', cases: results.map((r) => ({ group: r.group, name: r.name, passed: r.problems.length === 0, problems: r.problems })) });
  }
  const all = report.files.flatMap((f) => f.cases);
  report.summary = { cases: all.length, passed: all.filter((c) => c.passed).length, failed: all.filter((c) => !c.passed).length };
  if (ctx.json || options.format === 'json') ctx.out.jsonDocument(report);
  else {
    const { renderRulesTestText } = await import('../../report/rules-test.ts');
    ctx.out.result(renderRulesTestText(report, (colour, text) => ctx.out.paint(colour, text)));
  }
  return report.summary.failed > 0 ? 1 : 0;
}

/** A case file for a rule this project does not have, with the closest ids of either kind. */
function unknownRule(shown: string, id: string, classifyIds: string[], lintIds: string[]): ConfigError {
  const close = closeMatches(id, [...classifyIds, ...lintIds]);
  return new ConfigError(`case file ${shown} is for rule '${id}', which is not a classification or lint rule of this project`, {
    file: shown,
    hint: close.length ? `did you mean ${close.join(', ')}? (team rules must be listed in rules.files or lint.files)` : 'list the rule file in specver.yaml rules.files or lint.files',
  });
}
