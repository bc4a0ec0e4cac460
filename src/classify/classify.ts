/**
 * The classification stage: normalize + diff two loaded specs (OpenAPI, or standalone JSON Schema read with
 * its contract's compatibility mode), give every raw change exactly one rule of the spec's format (unmatched
 * -> `unclassified`, breaking), apply the configured severities, and locate the findings.
 */
import { relative } from 'node:path';
import type { OverrideBlock, PairCompatibility } from '../types.ts';
import type { LoadedSpec } from '../load/types.ts';
import type { RawChange } from '../diff/types.ts';
import { diffApi } from '../diff/diff-api.ts';
import { diffJsonSchema } from '../diff/diff-json-schema.ts';
import type { LifecyclePolicy } from '../diff/lifecycle.ts';
import { infoVersionChanges } from '../diff/info-version.ts';
import { ToolError } from '../errors.ts';
import { builtInConditions, loadRules, type RuleDefinition, type RuleFormat } from '../ruleset/load-rules.ts';
import { checkOverrides, severityPolicy } from '../ruleset/apply-overrides.ts';
import { ruleIndexFor } from './engine.ts';
import { interpolate } from './message.ts';
import { OverrideSources } from './severity-override.ts';
import { distinguishInexactNumbers, type NumberTexts } from './distinct-numbers.ts';
import type { Finding } from './types.ts';
export { summarize } from './summary.ts';

export interface ClassifyOptions {
  /** For x-sunset decisions. */
  today: Date;
  /** Extra rule files (absolute paths) from specver.yaml `rules.files`. */
  ruleFiles?: string[];
  /** Texts of `ruleFiles` read elsewhere (a git base), by absolute path: used instead of the files on disk. */
  ruleTexts?: Record<string, string>;
  /** Rule id -> severity | 'off' (an unknown id is a ConfigError). */
  severityOverrides?: Record<string, string>;
  /** specver.yaml `rules.overrides`: scoped severities, a later block winning. */
  overrides?: OverrideBlock[];
  /** The contract being compared, for `rules.overrides` blocks that name contracts. */
  contract?: string;
  /** Absolute path of specver.yaml, to name the line of a bad override. */
  configFile?: string;
  /** JSON Schema contracts only (default backward; a transitive mode gives its base mode per pair); not used for OpenAPI. */
  compatibility?: PairCompatibility;
  /** Project root, to print `Finding.file` relative to it. */
  relativeTo?: string;
  /** Stability exemption and minimum deprecation periods (OpenAPI only; defaults when absent). */
  lifecycle?: LifecyclePolicy;
  /** Whether findings carry the line of their location (default true); a report that prints none skips the lookups. */
  lines?: boolean;
}

const ruleSets = new Map<string, RuleDefinition[]>();
/** Built-in rules plus a team's files (named relative to `root` in errors), loaded once per process. */
function rulesFor(files: string[] = [], root?: string, texts?: Record<string, string>): RuleDefinition[] {
  const key = [root ?? '', ...files, ...(texts ? ['\0texts', ...files.map((f) => texts[f] ?? '')] : [])].join('\n');
  let rules = ruleSets.get(key);
  if (!rules) ruleSets.set(key, (rules = loadRules(files, root, texts)));
  return rules;
}

const byFormat = new WeakMap<RuleDefinition[], Map<RuleFormat, RuleDefinition[]>>();
/** The rules of one format (one array per rule set and format, so its engines are built once). */
export function rulesOfFormat(rules: RuleDefinition[], format: RuleFormat): RuleDefinition[] {
  let formats = byFormat.get(rules);
  if (!formats) byFormat.set(rules, (formats = new Map()));
  let list = formats.get(format);
  if (!list) formats.set(format, (list = rules.filter((r) => r.format === format)));
  return list;
}

export interface SpecDiff {
  format: RuleFormat;
  changes: RawChange[];
  /** How to show numbers a double cannot hold exactly (their stand-in doubles are in the changes). */
  numberTexts?: NumberTexts;
}

/**
 * Raw changes between two loaded specs of the same format, and the format whose rules classify them. Numbers a
 * double cannot hold exactly are first given stand-in doubles in both documents, so they compare by value.
 */
export function diffSpecs(base: LoadedSpec, revision: LoadedSpec, options: Pick<ClassifyOptions, 'today' | 'compatibility' | 'lifecycle'>): SpecDiff {
  if (base.kind.format !== revision.kind.format) {
    throw new ToolError(`${revision.path} is ${revision.kind.format} but its base is ${base.kind.format}; they cannot be compared`, {
      file: revision.path, hint: 'a contract keeps its format; add a new contract for the other document',
    });
  }
  const numberTexts = distinguishInexactNumbers(base, revision);
  if (revision.kind.format === 'json-schema') {
    return { format: 'json-schema', changes: diffJsonSchema(base, revision, { compatibility: options.compatibility ?? 'backward' }), numberTexts };
  }
  const changes = diffApi(base, revision, { today: options.today, lifecycle: options.lifecycle });
  // info.version against everything else: for the opt-in info-version-* rules.
  changes.push(...infoVersionChanges(base.document, revision.document, changes));
  return { format: 'openapi', changes, numberTexts };
}

/** Every rule (built-in and the given extra files), sorted by id: the catalogue `specver rules list` prints. */
export async function loadRuleCatalogue(options: { ruleFiles?: string[] } = {}): Promise<RuleDefinition[]> {
  return [...rulesFor(options.ruleFiles)].sort((a, b) => a.id.localeCompare(b.id));
}

interface Classified { change: RawChange; rule?: RuleDefinition }

/** Classify raw changes with a rule set (exported for the rule tester). */
export async function classifyChanges(changes: RawChange[], rules: RuleDefinition[]): Promise<Classified[]> {
  const index = ruleIndexFor(rules, builtInConditions());
  const result: Classified[] = [];
  for (const change of changes) result.push({ change, rule: await index.classify(change) });
  return result;
}

export async function classifySpecs(base: LoadedSpec, revision: LoadedSpec, options: ClassifyOptions): Promise<Finding[]> {
  return classifyDiff(diffSpecs(base, revision, options), base, revision, options);
}

/** The findings of a diff made by diffSpecs(base, revision): for a caller that also reads its raw changes. */
export async function classifyDiff(diff: SpecDiff, base: LoadedSpec, revision: LoadedSpec, options: ClassifyOptions): Promise<Finding[]> {
  const all = rulesFor(options.ruleFiles, options.relativeTo, options.ruleTexts);
  checkOverrides(all, options.severityOverrides, options.configFile);
  const policy = severityPolicy(all, options.severityOverrides, options.overrides, options.configFile);
  const { format, changes, numberTexts } = diff;
  const classified = await classifyChanges(changes, rulesOfFormat(all, format));
  const sources = new OverrideSources(options.configFile, options.relativeTo);
  const findings: Finding[] = [];
  for (const { change, rule } of classified) {
    const finding = toFinding(change, rule, undefined, base, revision, options.relativeTo, numberTexts, options.lines ?? true);
    const { severity, source } = policy.severityOf({
      rule: finding.rule, category: finding.category, contract: options.contract, method: finding.method, path: finding.path,
      usedBy: finding.usedBy, pointer: finding.location,
    }, finding.severity);
    // An opt-in rule (`enabled: false`) fires only where the configuration gives it a severity.
    if (severity === 'off' || (rule?.enabled === false && source === 'default')) continue;
    const global = options.severityOverrides?.[finding.rule];
    const unscoped = (global !== undefined && global !== 'off' ? global : finding.severity) as Finding['severity'];
    const override = sources.of(source, unscoped, severity as Finding['severity']);
    if (override) finding.severityOverride = override;
    finding.severity = severity as Finding['severity'];
    findings.push(finding);
  }
  return sortFindings(findings);
}

export function sortFindings(findings: Finding[]): Finding[] {
  const key = (f: Finding) => [f.path ?? '', f.method ?? '', f.location, f.rule, f.message];
  return findings.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
  });
}

/** Which document a finding points into: the base for removals (and changes with no revision node). */
export function sideOf(change: RawChange): 'base' | 'revision' {
  return change.revisionPointer === undefined || (change.action === 'removed' && change.basePointer !== undefined) ? 'base' : 'revision';
}

export function toFinding(
  change: RawChange, rule: RuleDefinition | undefined, override: string | undefined,
  base: LoadedSpec, revision: LoadedSpec, relativeTo: string | undefined, numberTexts?: NumberTexts, withLine = true,
): Finding {
  const side = sideOf(change);
  const spec = side === 'base' ? base : revision;
  const pointer = (side === 'base' ? change.basePointer : change.revisionPointer) ?? '';
  const file = (side === 'base' ? change.baseFile : change.revisionFile) || spec.path;
  const message = rule
    ? interpolate(rule.message, change, numberTexts)
    : `unclassified change: ${change.kind} ${change.action}${change.context.method ? ` in ${change.context.method} ${change.context.path}` : ''}`;
  const finding: Finding = {
    rule: rule?.id ?? 'unclassified',
    category: rule?.category ?? 'unclassified',
    severity: (override as Finding['severity'] | undefined) ?? rule?.severity ?? 'breaking',
    message, location: pointer, side,
  };
  const line = withLine ? lineOf(spec, file, pointer) : undefined;
  if (file) finding.file = relativeTo ? relative(relativeTo, file).split('\\').join('/') : file;
  if (line !== undefined) finding.line = line;
  if (change.context.method) finding.method = change.context.method;
  if (change.context.path) finding.path = change.context.path;
  if (change.usedBy) finding.usedBy = change.usedBy;
  const node = (pointer: string | undefined, changed: string | undefined, spec: LoadedSpec) => {
    if (pointer === undefined) return undefined;
    const written = changed || spec.path;
    return { file: relativeTo ? relative(relativeTo, written).split('\\').join('/') : written, pointer };
  };
  const baseNode = node(change.basePointer, change.baseFile, base);
  const revisionNode = node(change.revisionPointer, change.revisionFile, revision);
  if (baseNode || revisionNode) finding.sides = { ...(baseNode ? { base: baseNode } : {}), ...(revisionNode ? { revision: revisionNode } : {}) };
  return finding;
}

/** The line of the pointer, or of its nearest existing parent (a removed keyword has no line of its own). */
function lineOf(spec: LoadedSpec, file: string, pointer: string): number | undefined {
  const source = spec.files.get(file) ?? (file === spec.path ? spec.source : undefined);
  if (!source) return undefined;
  let current = pointer;
  for (;;) {
    const line = source.lineOf(current);
    if (line !== undefined || current === '') return line;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}
