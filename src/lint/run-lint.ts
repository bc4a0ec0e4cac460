/**
 * The lint engine: evaluates each distinct `given` (JSONPath or `#alias`) once per document and reads its
 * matches once, applying every `then` of every rule subscribed to it through the function registry, and
 * turns the functions' reports into located violations worded by the rule's messages. The functions the
 * rules use first load what they need for the document's kind (`prepare`).
 */
import { extended } from '../toolkit/extended.ts';
import { ToolError } from '../errors.ts';
import { FUNCTIONS, type FunctionReport, type FunctionTarget, type LintFunction } from './functions/index.ts';
import { PatternTooSlowError } from './untrusted-regex.ts';
import { joinPointer, lastSegment, parentPointer } from '../toolkit/json-pointer.ts';
import { compareCodePoints, isRecord } from '../toolkit/values.ts';
import { aliasDescendantNames, aliasMatches, parseAliasGiven } from './aliases.ts';
import { DESCENDANT, evaluatePath, prefetchDescendants, type Match } from './evaluate-path.ts';
import { mayShareNodes } from '../load/parse-source.ts';
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
      evaluatePath(`$${alias.suffix}`, m.value, mayShareNodes(doc.data)).map((sub) => new SubMatch(m, sub)),
    );
    return { matches, includeRefs: found.includeRefs };
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(`${rule.source}: JSONPath '${given}' cannot be evaluated: ${(error as Error).message}`, { file: rule.source, cause: error });
  }
}

/** A match of an alias's sub-path: its pointer joins the alias match's and the sub-match's when read. */
class SubMatch implements Match {
  readonly value: unknown;
  readonly key: string | number | null | undefined;
  constructor(
    private readonly outer: Match,
    private readonly inner: Match,
  ) {
    this.value = inner.value;
    this.key = inner.pointer === '' ? outer.key : inner.key;
  }
  get pointer(): string {
    return this.outer.pointer + this.inner.pointer;
  }
}

/** A match, or a field of it; its pointer is built only when asked for (most targets report nothing). */
class FieldTarget implements FunctionTarget {
  private cachedPointer: string | undefined;
  constructor(
    readonly match: Match,
    private readonly segments: string[] | undefined,
    readonly value: unknown,
  ) {}
  get pointer(): string {
    this.cachedPointer ??= this.segments ? joinPointer(this.match.pointer, ...this.segments) : this.match.pointer;
    return this.cachedPointer;
  }
}

function fieldValue(match: Match, segments: string[]): unknown {
  let value: unknown = match.value;
  for (const segment of segments) value = isRecord(value) || Array.isArray(value) ? (value as any)[segment] : undefined;
  return value;
}

/** A `then` clause with its function and its field's segments, prepared once per rule. */
interface Clause {
  then: ThenClause;
  fn: LintFunction;
  /** The field's segments; undefined without a field or for `@key`. */
  segments?: string[];
}

function fieldTarget(match: Match, clause: Clause): FunctionTarget {
  if (clause.segments) return new FieldTarget(match, clause.segments, fieldValue(match, clause.segments));
  return new FieldTarget(match, undefined, clause.then.field === '@key' ? match.key : match.value);
}

/** Whether a match's (one-segment) field is absent: most functions skip such targets, so none is made for them. */
function fieldAbsent(match: Match, clause: Clause): boolean {
  if (clause.segments?.length !== 1) return false;
  return !isRecord(match.value) || match.value[clause.segments[0]] === undefined;
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

/** A team pattern that ran out of its time budget is itself the problem reported; other errors propagate. */
function timedOut(error: unknown): FunctionReport[] {
  if (error instanceof PatternTooSlowError) return [{ values: { error: error.message } }];
  throw error;
}

function findingOf(fn: LintFunction, then: ThenClause, target: FunctionTarget | undefined, report: FunctionReport): Finding {
  const base = target?.pointer ?? '';
  const pointer = report.pointer ?? (report.at ? joinPointer(base, ...report.at) : base);
  const messageId = report.messageId ?? defaultMessageId(fn);
  const values: Record<string, unknown> = target ? { value: target.value } : {};
  if (then.field === '@key' && target) values.property = String(target.match.key);
  return { pointer, messageId, wording: fn.messages[messageId], values: { ...values, ...report.values }, fixTarget: report.fixTarget ?? target?.match.pointer ?? pointer, fixDetail: report.fixDetail };
}

export async function runLint(doc: LintDocument, rules: LintRule[]): Promise<LintViolation[]> {
  const active = rules.filter((rule) => ruleApplies(rule, doc));
  const used = new Set(active.flatMap((rule) => (rule.then ?? []).map((then) => FUNCTIONS[then.function])));
  for (const fn of used) await fn.prepare?.(doc.kind);
  // Every `$..name` the rules and their aliases select is found in one walk of the document.
  prefetchDescendants(
    doc.data,
    active.flatMap((rule) => (rule.given ?? []).flatMap((given) => DESCENDANT.exec(given)?.[1] ?? aliasDescendantNames(parseAliasGiven(given)?.name ?? '', doc))),
  );
  const context = { doc };
  const out: LintViolation[] = [];
  const seen = new Set<string>();
  const fixDetails = new Set<string>();
  const add = (rule: LintRule, finding: Finding) => {
    const at = doc.locate ? doc.locate(finding.pointer) : { file: doc.file, pointer: finding.pointer, line: lineFor(doc, finding.pointer) };
    const values: Record<string, unknown> = { description: rule.description, property: lastSegment(finding.pointer), path: at.pointer || '/', ...finding.values };
    const wording = rule.errorWording ? ((finding.messageId !== undefined ? rule.errorWording.messages?.[finding.messageId] : undefined) ?? rule.errorWording.message) : finding.wording;
    const error = values.error ?? (wording === undefined ? undefined : interpolate(wording, values));
    const template = (finding.messageId !== undefined ? rule.messages?.[finding.messageId] : undefined) ?? rule.message;
    const message = interpolate(template, extended(values, { error }));
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
  // One pass over the matches of each distinct `given`: every rule selecting it subscribes (ESLint's
  // selectors over one traversal), so a walk such as `#schemas` is made and read once for all of them.
  interface Subscriber {
    rule: LintRule;
    clauses: Clause[];
    judgesDocument: boolean;
    targetsOf: Map<ThenClause, FunctionTarget[]>;
  }
  const subscribers = new Map<string, Subscriber[]>();
  const prepared: Subscriber[] = [];
  for (const rule of active) {
    const clauses: Clause[] = (rule.then ?? []).map((then) => ({ then, fn: FUNCTIONS[then.function], segments: then.field && then.field !== '@key' ? then.field.split('.') : undefined }));
    const subscriber = { rule, clauses, judgesDocument: clauses.every(({ fn }) => fn.wholeDocument), targetsOf: new Map() };
    prepared.push(subscriber);
    for (const given of new Set(rule.given ?? [])) {
      const list = subscribers.get(given);
      if (list) list.push(subscriber);
      else subscribers.set(given, [subscriber]);
    }
  }
  // Indexed loops below: they run once per match and rule, and iterators made garbage at that rate.
  for (const [given, subs] of subscribers) {
    const selection = select(given, doc, subs[0].rule);
    const matches = selection.matches;
    for (let m = 0; m < matches.length; m++) {
      const match = matches[m]!;
      // A reference is checked where its target is written, not at every use.
      const reference = !selection.includeRefs && isRecord(match.value) && typeof match.value.$ref === 'string';
      for (let s = 0; s < subs.length; s++) {
        const { rule, clauses, judgesDocument, targetsOf } = subs[s]!;
        if (reference && !(judgesDocument && match.pointer === '')) continue;
        for (let c = 0; c < clauses.length; c++) {
          const clause = clauses[c]!;
          const { then, fn } = clause;
          if (!fn.judgesAbsent && fieldAbsent(match, clause)) continue;
          const target = fieldTarget(match, clause);
          if (fn.scope === 'all') {
            const targets = targetsOf.get(then);
            if (targets) targets.push(target);
            else targetsOf.set(then, [target]);
            continue;
          }
          let reports: FunctionReport[];
          try {
            reports = fn.run!(target.value, then.functionOptions ?? {}, target, context);
          } catch (error) {
            reports = timedOut(error);
          }
          for (let r = 0; r < reports.length; r++) add(rule, findingOf(fn, then, target, reports[r]!));
        }
      }
    }
  }
  for (const { rule, clauses, targetsOf } of prepared) {
    for (const { then, fn } of clauses) {
      if (fn.scope !== 'all') continue;
      const targets = targetsOf.get(then) ?? [];
      let reports: FunctionReport[];
      try {
        reports = fn.runAll!(targets, then.functionOptions ?? {}, context);
      } catch (error) {
        reports = timedOut(error);
      }
      for (const report of reports) add(rule, findingOf(fn, then, report.pointer === undefined ? targets[0] : undefined, report));
    }
  }
  return out.sort((a, b) => compareCodePoints(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || compareCodePoints(a.pointer, b.pointer) || compareCodePoints(a.rule, b.rule));
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
