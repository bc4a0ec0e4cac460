/**
 * The lint engine: evaluates each distinct `given` (JSONPath or `#alias`) once per document, applies every
 * `then` of every rule sharing it through the function registry, and turns the functions' reports into
 * located violations worded by the rule's messages.
 */
import { ToolError } from '../errors.ts';
import { FUNCTIONS, type FunctionReport, type FunctionTarget, type LintFunction } from './functions/index.ts';
import { PatternTooSlowError } from './untrusted-regex.ts';
import { joinPointer, lastSegment, parentPointer } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { aliasMatches, parseAliasGiven } from './aliases.ts';
import { DESCENDANT, descendantsNamed, evaluatePath, type Match } from './evaluate-path.ts';
import { formatTag, type LintDocument, type LintRule, type LintViolation, type ThenClause } from './types.ts';

export function ruleApplies(rule: LintRule, doc: LintDocument): boolean {
  if (rule.severity === 'off') return false;
  if (rule.formats) return rule.formats.includes(formatTag(doc.kind));
  return rule.format === undefined || rule.format === doc.kind.format;
}

interface Selection {
  matches: Match[];
  includeRefs: boolean;
}

/** The matches of one `given` in a document: an alias (with an optional sub-path) or a JSONPath. */
function select(given: string, doc: LintDocument, rule: LintRule): Selection {
  const alias = parseAliasGiven(given);
  try {
    if (!alias) return { matches: evaluatePath(given, doc.data), includeRefs: false };
    const found = aliasMatches(alias.name, doc);
    if (!found) throw new ToolError(`${rule.source}: unknown alias '#${alias.name}'`, { file: rule.source, hint: 'see rules/lint/aliases.json' });
    if (!alias.suffix) return found;
    const matches = found.matches.flatMap((m) =>
      evaluatePath(`$${alias.suffix}`, m.value).map((sub) => ({ pointer: m.pointer + sub.pointer, value: sub.value, key: sub.pointer === '' ? m.key : sub.key })),
    );
    return { matches, includeRefs: found.includeRefs };
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(`${rule.source}: JSONPath '${given}' cannot be evaluated: ${(error as Error).message}`, { file: rule.source, cause: error });
  }
}

function fieldTarget(match: Match, field: string | undefined): FunctionTarget {
  if (!field) return { pointer: match.pointer, value: match.value, match };
  if (field === '@key') return { pointer: match.pointer, value: match.key, match };
  let value: unknown = match.value;
  let pointer = match.pointer;
  for (const segment of field.split('.')) {
    value = isRecord(value) || Array.isArray(value) ? (value as any)[segment] : undefined;
    pointer = joinPointer(pointer, segment);
  }
  return { pointer, value, match };
}

function render(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([a-z]+)\s*\}\}/gi, (_, name: string) => render(values[name]));
}

/** The line of a pointer, or of its nearest ancestor that exists. */
function lineFor(doc: LintDocument, pointer: string): number | undefined {
  for (let current = pointer; ; current = parentPointer(current)) {
    const line = doc.lineOf(current);
    if (line !== undefined || current === '') return line;
  }
}

/** A report ready to become a violation. */
interface Finding {
  pointer: string;
  messageId?: string;
  /** The function's wording of the message id (fills {{error}}). */
  wording?: string;
  values: Record<string, unknown>;
  fixTarget?: string;
  fixDetail?: string;
}

/** The first message id of a function: the one a report naming none stands for. */
const defaultMessageId = (fn: LintFunction) => Object.keys(fn.messages)[0];

/** A function's reports; a team pattern that ran out of its time budget is itself the problem reported. */
function reportsOf(fn: LintFunction, then: ThenClause, targets: FunctionTarget[], doc: LintDocument): [FunctionTarget | undefined, FunctionReport][] {
  const options = then.functionOptions ?? {};
  try {
    if (fn.scope === 'all') return fn.runAll!(targets, options, { doc }).map((report) => [undefined, report]);
    return targets.flatMap((target) => fn.run!(target.value, options, target, { doc }).map((report): [FunctionTarget, FunctionReport] => [target, report]));
  } catch (error) {
    if (error instanceof PatternTooSlowError) return targets.slice(0, 1).map((target) => [target, { values: { error: error.message } }]);
    throw error;
  }
}

function findingOf(fn: LintFunction, then: ThenClause, target: FunctionTarget | undefined, report: FunctionReport): Finding {
  const base = target?.pointer ?? '';
  const pointer = report.pointer ?? (report.at ? joinPointer(base, ...report.at) : base);
  const messageId = report.messageId ?? defaultMessageId(fn);
  const values: Record<string, unknown> = target ? { value: target.value } : {};
  if (then.field === '@key' && target) values.property = String(target.match.key);
  return { pointer, messageId, wording: fn.messages[messageId], values: { ...values, ...report.values }, fixTarget: report.fixTarget ?? target?.match.pointer ?? pointer, fixDetail: report.fixDetail };
}

export function runLint(doc: LintDocument, rules: LintRule[]): LintViolation[] {
  const active = rules.filter((rule) => ruleApplies(rule, doc));
  const selections = new Map<string, Selection>();
  const names = [...new Set(active.flatMap((rule) => (rule.given ?? []).map((given) => DESCENDANT.exec(given)?.[1]).filter((name): name is string => name !== undefined)))];
  if (names.length > 1 && doc.data !== null && typeof doc.data === 'object') {
    for (const [name, found] of descendantsNamed(names, doc.data)) selections.set(`$..${name}`, { matches: found, includeRefs: false });
  }
  const out: LintViolation[] = [];
  const seen = new Set<string>();
  const fixDetails = new Set<string>();
  const add = (rule: LintRule, finding: Finding) => {
    const at = doc.locate ? doc.locate(finding.pointer) : { file: doc.file, pointer: finding.pointer, line: lineFor(doc, finding.pointer) };
    const values: Record<string, unknown> = { description: rule.description, property: lastSegment(finding.pointer), path: at.pointer || '/', ...finding.values };
    const error = values.error ?? (finding.wording === undefined ? undefined : interpolate(finding.wording, values));
    const template = (finding.messageId !== undefined ? rule.messages?.[finding.messageId] : undefined) ?? rule.message;
    const message = interpolate(template, { ...values, error });
    const key = `${rule.id}\u0000${at.file}\u0000${at.pointer}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const violation: LintViolation = { rule: rule.id, severity: rule.severity as LintViolation['severity'], message, file: at.file, line: at.line, pointer: at.pointer };
    if (rule.fix && fixable(rule, finding, fixDetails)) {
      const target = finding.fixTarget ?? finding.pointer;
      const fixAt = doc.locate ? doc.locate(target) : { file: doc.file, pointer: target };
      // A fix edits one file: the one the violation is reported in.
      if (fixAt.file === at.file) violation.fix = { spec: rule.fix, target: fixAt.pointer, detail: finding.fixDetail };
    }
    out.push(violation);
  };
  for (const rule of active) {
    const thens = (rule.then ?? []).map((then) => ({ then, fn: FUNCTIONS[then.function] }));
    const judgesDocument = thens.every(({ fn }) => fn.wholeDocument);
    const targetsOf = new Map<ThenClause, FunctionTarget[]>();
    for (const given of rule.given ?? []) {
      let selection = selections.get(given);
      if (!selection) {
        selection = select(given, doc, rule);
        selections.set(given, selection);
      }
      for (const match of selection.matches) {
        // A reference is checked where its target is written, not at every use.
        if (!selection.includeRefs && !(judgesDocument && match.pointer === '') && isRecord(match.value) && typeof match.value.$ref === 'string') continue;
        for (const { then, fn } of thens) {
          const target = fieldTarget(match, then.field);
          if (fn.scope === 'all') targetsOf.set(then, [...(targetsOf.get(then) ?? []), target]);
          else for (const [t, report] of reportsOf(fn, then, [target], doc)) add(rule, findingOf(fn, then, t, report));
        }
      }
    }
    for (const { then, fn } of thens) {
      if (fn.scope !== 'all') continue;
      for (const [t, report] of reportsOf(fn, then, targetsOf.get(then) ?? [], doc)) add(rule, findingOf(fn, then, t, report));
    }
  }
  return out.sort((a, b) => (a.file === b.file ? 0 : a.file < b.file ? -1 : 1) || (a.line ?? 0) - (b.line ?? 0) || a.pointer.localeCompare(b.pointer) || a.rule.localeCompare(b.rule));
}

/** Whether a finding carries the rule's fix: a declaration fix (declare-tag) once per declared name. */
function fixable(rule: LintRule, finding: Finding, declared: Set<string>): boolean {
  if (rule.fix?.action !== 'declare-tag') return true;
  if (finding.fixDetail === undefined) return false;
  const key = `${rule.id}\u0000${finding.fixDetail}`;
  if (declared.has(key)) return false;
  declared.add(key);
  return true;
}
