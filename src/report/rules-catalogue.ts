/**
 * The rule catalogue as data: classification and lint rules side by side, with the severity a project
 * actually uses (after specver.yaml overrides) next to the rule's default. Pure: rules and overrides in.
 */
import { relative } from 'node:path';
import type { RuleDefinition } from '../ruleset/load-rules.ts';
import type { LintRule } from '../lint/types.ts';
import type { OverrideBlock } from '../types.ts';
import type { SeverityPolicy } from '../ruleset/scoped-overrides.ts';

export type RuleKind = 'classify' | 'lint';

export interface RuleEntry {
  id: string;
  kind: RuleKind;
  /** `openapi` or `json-schema` when known. */
  format?: 'openapi' | 'json-schema';
  /** Classification rules: their category (operation, request, response, ...). Lint rules: `lint`. */
  category: string;
  /** Severity in effect for this project (an override, or the default); `off` when disabled. */
  severity: string;
  defaultSeverity: string;
  /** True when specver.yaml overrides the default. */
  overridden: boolean;
  summary: string;
  docs?: string;
  message: string;
  builtIn: boolean;
  /** Rule file, relative to the package (built-in) or the project root (custom). */
  source: string;
  deprecated?: boolean;
  replacedBy?: string[];
  /** Where `severity` comes from: `default`, `rules.severity` or `lint.severity` (outside any override block). */
  severitySource: string;
  /** `rules.overrides` / `lint.overrides` blocks that set this rule's severity where they match. */
  scoped?: ScopedSeverity[];
  /** Classification rules: the changes the rule looks at, its priority and its conditions. */
  on?: { kind: string[]; action?: string[] };
  priority?: number;
  conditions?: Record<string, unknown>;
  /** Lint rules: the documents they apply to, what they select and what they check. */
  formats?: string[];
  given?: string[];
  then?: unknown[];
  /** Lint rules: message templates per message id of their functions. */
  messages?: Record<string, string>;
}

export interface ScopedSeverity {
  /** `rules.overrides[0]`. */
  source: string;
  severity: string;
  /** The block's matchers. */
  where: Omit<OverrideBlock, 'severity'>;
}

export interface CatalogueInput {
  classify: RuleDefinition[];
  /** Lint rules as loaded by builtinLintRules() plus custom ones, with their default severities. */
  lint: LintRule[];
  /** Ids of built-in lint rules (custom rules are the others). */
  builtInLintIds: Set<string>;
  classifySeverity?: Record<string, string>;
  lintSeverity?: Record<string, string>;
  /** Project root, to show custom rule files relative to it. */
  root?: string;
  /** Package root, to show built-in rule files relative to it. */
  packageRoot: string;
  /** Scoped overrides (`rules.overrides`, `lint.overrides`), when the project has any. */
  classifyPolicy?: SeverityPolicy;
  lintPolicy?: SeverityPolicy;
}

function scopedOf(policy: SeverityPolicy | undefined, id: string): ScopedSeverity[] | undefined {
  const scoped = policy?.scopedFor(id).map(({ source, severity, block }) => {
    const { severity: _set, ...where } = block;
    return { source, severity, where };
  });
  return scoped?.length ? scoped : undefined;
}

function formatOfClassifyRule(rule: RuleDefinition): RuleEntry['format'] {
  const declared = (rule as { format?: string }).format;
  if (declared === 'openapi' || declared === 'json-schema') return declared;
  const file = rule.file.split('\\').join('/');
  if (file.includes('/rules/json-schema/')) return 'json-schema';
  if (file.includes('/rules/openapi/')) return 'openapi';
  return undefined;
}

function shown(file: string, base: string | undefined): string {
  if (!base) return file;
  const rel = relative(base, file).split('\\').join('/');
  return rel.startsWith('..') ? file : rel;
}

/** Every rule, classification rules first, each group sorted by id. */
export function buildRuleCatalogue(input: CatalogueInput): RuleEntry[] {
  const classify = [...input.classify]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((rule): RuleEntry => {
      const override = input.classifySeverity?.[rule.id];
      const entry: RuleEntry = {
        id: rule.id,
        kind: 'classify',
        category: rule.category,
        // An opt-in rule (enabled: false) is off until specver.yaml gives it a severity.
        severity: override ?? (rule.enabled === false ? 'off' : rule.severity),
        defaultSeverity: rule.severity,
        overridden: override !== undefined,
        summary: rule.summary,
        message: rule.message,
        builtIn: rule.builtIn,
        source: shown(rule.file, rule.builtIn ? input.packageRoot : input.root),
        severitySource: override === undefined ? 'default' : 'rules.severity',
        on: rule.on.action ? { kind: rule.on.kind, action: rule.on.action } : { kind: rule.on.kind },
        priority: rule.priority,
      };
      if (rule.conditions) entry.conditions = rule.conditions;
      const scoped = scopedOf(input.classifyPolicy, rule.id);
      if (scoped) entry.scoped = scoped;
      const format = formatOfClassifyRule(rule);
      if (format) entry.format = format;
      if (rule.docs) entry.docs = rule.docs;
      if (rule.deprecated) entry.deprecated = true;
      if (rule.replacedBy?.length) entry.replacedBy = rule.replacedBy;
      return entry;
    });
  const lint = [...input.lint]
    .sort((a, b) => a.id.localeCompare(b.id) || (a.format ?? '').localeCompare(b.format ?? ''))
    .map((rule): RuleEntry => {
      const override = input.lintSeverity?.[rule.id];
      const builtIn = input.builtInLintIds.has(rule.id);
      const entry: RuleEntry = {
        id: rule.id,
        kind: 'lint',
        category: 'lint',
        severity: override ?? rule.severity,
        defaultSeverity: rule.severity,
        overridden: override !== undefined,
        summary: rule.description,
        message: rule.message,
        builtIn,
        source: rule.source,
        severitySource: override === undefined ? 'default' : 'lint.severity',
      };
      if (rule.formats) entry.formats = rule.formats;
      if (rule.given) entry.given = rule.given;
      if (rule.then) entry.then = rule.then;
      if (rule.messages) entry.messages = rule.messages;
      const scoped = scopedOf(input.lintPolicy, rule.id);
      if (scoped) entry.scoped = scoped;
      if (rule.format) entry.format = rule.format;
      return entry;
    });
  return [...classify, ...lint];
}

/** The group a rule is listed under: its category (classification; JSON Schema rules apart) or its format (lint). */
export function ruleGroup(rule: RuleEntry): string {
  if (rule.kind === 'lint') return `lint-${rule.format ?? 'any'}`;
  return rule.format === 'json-schema' ? `json-schema-${rule.category}` : rule.category;
}
