/**
 * The lint engine: evaluates each distinct `given` once per document (jsonpath-plus, safe evaluator), applies
 * every `then` of every rule sharing it, runs named checks, and turns findings into located violations.
 */
import { JSONPath } from 'jsonpath-plus';
import { ToolError } from '../errors.ts';
import { CHECKS } from './checks/index.ts';
import { FUNCTIONS, type FunctionProblem } from './functions.ts';
import { PatternTooSlowError } from './untrusted-regex.ts';
import { joinPointer, lastSegment, parentPointer } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { evaluateSimple, simpleSteps, type PathMatch } from './simple-path.ts';
import { formatTag, type CoreFunctionName, type LintDocument, type LintRule, type LintViolation, type RawFinding } from './types.ts';

type Match = PathMatch;

export function ruleApplies(rule: LintRule, doc: LintDocument): boolean {
  if (rule.severity === 'off') return false;
  if (rule.formats) return rule.formats.includes(formatTag(doc.kind));
  return rule.format === undefined || rule.format === doc.kind.format;
}

const DESCENDANT = /^\$\.\.([A-Za-z_$][\w$-]*)$/;

/**
 * `$..name` for several names at once: every property `name` at any depth, found by one plain walk of the
 * document (jsonpath-plus is far slower here, and one walk serves every rule of this shape).
 */
function descendantsNamed(names: string[], data: unknown): Map<string, Match[]> {
  const out = new Map<string, Match[]>(names.map((name) => [name, []]));
  const seen = new WeakSet<object>();
  // The path is kept as segments; a pointer string is built only for a match (most nodes match nothing).
  const path: (string | number)[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i]);
        path.pop();
      }
      return;
    }
    for (const name of names) {
      if (Object.prototype.hasOwnProperty.call(node, name)) out.get(name)!.push({ pointer: joinPointer('', ...path, name), value: (node as any)[name], key: name });
    }
    for (const key of Object.keys(node)) {
      const value = (node as any)[key];
      if (value === null || typeof value !== 'object') continue;
      path.push(key);
      walk(value);
      path.pop();
    }
  };
  walk(data);
  return out;
}

function evaluate(path: string, data: unknown): Match[] {
  if (data === null || typeof data !== 'object') return path === '$' ? [{ pointer: '', value: data, key: undefined }] : [];
  const descendant = DESCENDANT.exec(path);
  if (descendant) return descendantsNamed([descendant[1]], data).get(descendant[1])!;
  const steps = simpleSteps(path);
  if (steps) return evaluateSimple(steps, data);
  const results = JSONPath({ path, json: data as object, resultType: 'all', eval: 'safe', ignoreEvalErrors: true, wrap: true }) as any[];
  return results.map((r) => ({ pointer: r.pointer as string, value: r.value, key: r.parentProperty }));
}

function fieldTarget(match: Match, field: string | undefined): { pointer: string; value: unknown } {
  if (!field) return { pointer: match.pointer, value: match.value };
  if (field === '@key') return { pointer: match.pointer, value: match.key };
  let value: unknown = match.value;
  let pointer = match.pointer;
  for (const segment of field.split('.')) {
    value = isRecord(value) || Array.isArray(value) ? (value as any)[segment] : undefined;
    pointer = joinPointer(pointer, segment);
  }
  return { pointer, value };
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

export function runLint(doc: LintDocument, rules: LintRule[]): LintViolation[] {
  const active = rules.filter((rule) => ruleApplies(rule, doc));
  const matches = new Map<string, Match[]>();
  const names = [...new Set(active.flatMap((rule) => (rule.given ?? []).map((given) => DESCENDANT.exec(given)?.[1]).filter((name): name is string => name !== undefined)))];
  if (names.length > 1 && doc.data !== null && typeof doc.data === 'object') {
    for (const [name, found] of descendantsNamed(names, doc.data)) matches.set(`$..${name}`, found);
  }
  const out: LintViolation[] = [];
  const seen = new Set<string>();
  const add = (rule: LintRule, finding: RawFinding, values: Record<string, unknown>) => {
    const at = doc.locate ? doc.locate(finding.pointer) : { file: doc.file, pointer: finding.pointer, line: lineFor(doc, finding.pointer) };
    const error = finding.errorNamesPlace ? `${at.pointer || '/'} ${finding.error}` : finding.error;
    const message = interpolate(rule.message, { description: rule.description, property: lastSegment(finding.pointer), path: at.pointer || '/', error, ...values, ...finding.values });
    const key = `${rule.id}\u0000${at.file}\u0000${at.pointer}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const violation: LintViolation = { rule: rule.id, severity: rule.severity as LintViolation['severity'], message, file: at.file, line: at.line, pointer: at.pointer };
    if (rule.fix && !(rule.fix.action === 'declare-tag' && finding.fixDetail === undefined)) {
      const target = finding.fixTarget ?? finding.pointer;
      const fixAt = doc.locate ? doc.locate(target) : { file: doc.file, pointer: target };
      // A fix edits one file: the one the violation is reported in.
      if (fixAt.file === at.file) violation.fix = { spec: rule.fix, target: fixAt.pointer, detail: finding.fixDetail };
    }
    out.push(violation);
  };
  for (const rule of active) {
    if (rule.check) {
      for (const finding of CHECKS[rule.check](doc)) add(rule, finding, { value: undefined });
      continue;
    }
    for (const given of rule.given ?? []) {
      let found = matches.get(given);
      if (!found) {
        try {
          found = evaluate(given, doc.data);
        } catch (error) {
          throw new ToolError(`${rule.source}: JSONPath '${given}' cannot be evaluated: ${(error as Error).message}`, { file: rule.source, cause: error });
        }
        matches.set(given, found);
      }
      for (const match of found) {
        // A reference is checked where its target is written, not at every use.
        if (isRecord(match.value) && typeof match.value.$ref === 'string') continue;
        for (const then of rule.then ?? []) {
          const target = fieldTarget(match, then.field);
          for (const problem of applyFunction(then.function, target.value, then.functionOptions ?? {})) {
            const pointer = problem.at ? joinPointer(target.pointer, ...problem.at) : target.pointer;
            const property = then.field === '@key' ? String(match.key) : lastSegment(pointer);
            add(rule, { pointer, error: problem.error, fixTarget: match.pointer }, { value: target.value, property });
          }
        }
      }
    }
  }
  return out.sort((a, b) => (a.file === b.file ? 0 : a.file < b.file ? -1 : 1) || (a.line ?? 0) - (b.line ?? 0) || a.pointer.localeCompare(b.pointer) || a.rule.localeCompare(b.rule));
}

/** A function's problems; a team pattern that ran out of its time budget is itself the problem reported. */
function applyFunction(name: CoreFunctionName, value: unknown, options: Record<string, unknown>): FunctionProblem[] {
  try {
    return FUNCTIONS[name](value, options);
  } catch (error) {
    if (error instanceof PatternTooSlowError) return [{ error: error.message }];
    throw error;
  }
}
