/**
 * The rule case runner (RuleTester style). A case file `<rule-id>.yaml` lists `fires:` and `quiet:` cases;
 * each case is a base/revision pair of small inline documents, or a shorthand that places two schemas or
 * parameters into a shared skeleton (`request:`, `response:`, `parameter:`). JSON Schema rules' cases hold
 * two schemas (`base:`/`revision:`, or `schema: {base, revision}`) and may set `compatibility:`. Cases run
 * against the whole catalogue of the rule's format (built-ins plus the rule file under test), so priorities
 * between rules are exercised too.
 * Expected findings are `{ location, severity? }` for the rule under test, never the message text.
 */
import { DEFAULT_LIFECYCLE, type LifecyclePolicy } from '../diff/lifecycle.ts';
import { readFileSync } from 'node:fs';
import { ConfigError, ToolError } from '../errors.ts';
import type { LoadedSpec } from '../load/types.ts';
import { parseYamlData } from '../load/parse-source.ts';
import { builtInConditions, builtInRules, loadRules, readRuleFile, type RuleDefinition } from '../ruleset/load-rules.ts';
import { ruleIndexFor } from './engine.ts';
import { classifyChanges, diffSpecs, rulesOfFormat, sideOf } from './classify.ts';
import type { CompatibilityMode } from '../diff/types.ts';
import { interpolate } from './message.ts';
import { inlineJsonSchema, inlineSpec } from './inline-spec.ts';
import type { SeverityPolicy } from '../ruleset/scoped-overrides.ts';

export interface ExpectedFinding { location: string; severity?: string; rule?: string }
export interface RuleCase {
  name: string;
  base?: unknown; revision?: unknown;
  request?: { base: unknown; revision: unknown };
  response?: { base: unknown; revision: unknown };
  parameter?: { base: unknown; revision: unknown };
  schema?: { base: unknown; revision: unknown };
  compatibility?: CompatibilityMode;
  openapi?: string;
  today?: string;
  /** specver.yaml `lifecycle` for the case (defaults when absent). */
  lifecycle?: { exemptBelow?: LifecyclePolicy['exemptBelow']; deprecationDays?: Partial<LifecyclePolicy['deprecationDays']> };
  /** The contract name the case stands for, for `rules.overrides` blocks that name contracts. */
  contract?: string;
  expect?: ExpectedFinding[];
}
export interface CaseResult {
  rule: string; group: 'fires' | 'quiet'; name: string; problems: string[];
  /** Every finding of the case (any rule), for the meta-test. */
  findings: { rule: string; severity: string; location: string; message: string }[];
  /** Rules (ids) that fired on some change, with the priority they fired at. */
  fired: { rule: string; priority: number }[][];
}

const SHORTHAND_POINTERS: Record<string, string> = {
  '@request': '/paths/~1items/post/requestBody/content/application~1json/schema',
  '@response': '/paths/~1items/get/responses/200/content/application~1json/schema',
  '@parameter': '/paths/~1items/get/parameters/0',
};

function skeleton(openapi: string, paths: unknown): Record<string, unknown> {
  return { openapi, info: { title: 'Fixture', version: '1.0.0' }, paths };
}

function withSchema(schema: unknown): Record<string, unknown> {
  return { 'application/json': schema === null ? {} : { schema } };
}

/** The two documents of a case. */
export function caseDocuments(c: RuleCase): [unknown, unknown] {
  const openapi = c.openapi ?? '3.0.3';
  const side = (which: 'base' | 'revision'): unknown => {
    if (c.request) return skeleton(openapi, { '/items': { post: { requestBody: { content: withSchema(c.request[which]) }, responses: { 200: { description: 'ok' } } } } });
    if (c.response) return skeleton(openapi, { '/items': { get: { responses: { 200: { description: 'ok', content: withSchema(c.response[which]) } } } } });
    if (c.parameter) return skeleton(openapi, { '/items': { get: { parameters: [c.parameter[which]], responses: { 200: { description: 'ok' } } } } });
    const doc = c[which] as Record<string, unknown> | undefined;
    if (doc && ('openapi' in doc || 'swagger' in doc)) return doc;
    return { ...skeleton(openapi, {}), ...(doc ?? {}) };
  };
  return [side('base'), side('revision')];
}

export function expandLocation(location: string): string {
  const match = /^@[a-z]+/.exec(location);
  return match && SHORTHAND_POINTERS[match[0]] ? SHORTHAND_POINTERS[match[0]] + location.slice(match[0].length) : location;
}

async function runCase(rule: RuleDefinition, all: RuleDefinition[], c: RuleCase, group: 'fires' | 'quiet', policy?: SeverityPolicy): Promise<CaseResult> {
  const rules = rulesOfFormat(all, rule.format);
  const today = new Date(c.today ?? '2026-01-01T00:00:00Z');
  let specs: [LoadedSpec, LoadedSpec];
  if (rule.format === 'json-schema') {
    specs = [inlineJsonSchema(c.schema?.base ?? c.base ?? {}), inlineJsonSchema(c.schema?.revision ?? c.revision ?? {})];
  } else {
    const [baseDoc, revisionDoc] = caseDocuments(c);
    specs = [inlineSpec(baseDoc), inlineSpec(revisionDoc)];
  }
  const lifecycle: LifecyclePolicy = {
    exemptBelow: c.lifecycle?.exemptBelow ?? DEFAULT_LIFECYCLE.exemptBelow,
    deprecationDays: { ...DEFAULT_LIFECYCLE.deprecationDays, ...(c.lifecycle?.deprecationDays ?? {}) },
  };
  const { changes, numberTexts } = diffSpecs(specs[0], specs[1], { today, compatibility: c.compatibility ?? 'backward', lifecycle });
  const classified = await classifyChanges(changes, rules);
  const problems: string[] = [];
  const findings = classified.map(({ change, rule: winner }) => {
    const side = sideOf(change);
    let message = '';
    try {
      message = winner ? interpolate(winner.message, change, numberTexts) : '';
    } catch (error) {
      problems.push(`${winner?.id}: ${(error as Error).message}`);
    }
    const id = winner?.id ?? 'unclassified';
    const location = (side === 'base' ? change.basePointer : change.revisionPointer) ?? '';
    const scoped = policy?.severityOf({ rule: id, category: winner?.category ?? 'unclassified', contract: c.contract, method: change.context.method, path: change.context.path, usedBy: change.usedBy, pointer: location }, winner?.severity ?? 'breaking');
    const severity = scoped ? scoped.severity : winner?.severity ?? 'breaking';
    // As in classification: an opt-in rule (`enabled: false`) reports only where configuration turns it on,
    // except the rule under test, whose cases prove what it reports once enabled.
    const optedOut = winner?.enabled === false && winner.id !== rule.id && (scoped?.source ?? 'default') === 'default';
    return { rule: id, severity: optedOut ? 'off' : severity, location, message };
  }).filter((finding) => finding.severity !== 'off');
  const index = ruleIndexFor(rules, builtInConditions());
  const fired = await Promise.all(changes.map(async (change) => (await index.matching(change)).map((r) => ({ rule: r.id, priority: r.priority }))));
  const mine = findings.filter((f) => f.rule === rule.id);
  if (group === 'quiet') {
    if (mine.length > 0) problems.push(`expected no ${rule.id} finding, got ${mine.map((f) => f.location).join(', ')}`);
  } else {
    const unscoped = policy ? policy.severityOf({ rule: rule.id, category: rule.category, contract: c.contract }, rule.severity).severity : rule.severity;
    const expected = (c.expect ?? []).map((e) => ({ location: expandLocation(e.location), severity: e.severity ?? unscoped }));
    if (expected.length === 0) problems.push('a fires case needs `expect`');
    const key = (f: { location: string; severity: string }) => `${f.severity} ${f.location}`;
    const got = mine.map(key).sort();
    const want = expected.map(key).sort();
    if (got.join('\n') !== want.join('\n')) {
      problems.push(`expected ${rule.id} at [${want.join('; ')}], got [${got.join('; ')}] (all findings: ${findings.map((f) => `${f.rule}@${f.location}`).join(', ') || 'none'})`);
    }
  }
  return { rule: rule.id, group, name: c.name, problems, findings, fired };
}

/**
 * Run the cases of one rule file. A team's rule file runs with the built-in rules beside it, exactly as
 * specver would classify with it in `rules.files`.
 */
export async function runRuleCases(ruleFile: string, caseFile: string): Promise<CaseResult[]> {
  const builtIn = builtInRules().some((r) => r.file === ruleFile);
  const rules = builtIn ? builtInRules() : loadRules([ruleFile]);
  const rule = builtIn ? builtInRules().find((r) => r.file === ruleFile)! : readRuleFile(ruleFile, false);
  let text: string;
  try {
    text = readFileSync(caseFile, 'utf8');
  } catch (error) {
    throw new ToolError(`cannot read case file ${caseFile}: ${(error as Error).message}`, { file: caseFile });
  }
  const data = caseData(text, caseFile) as any;
  if (data?.rule !== rule.id) throw new ToolError(`case file ${caseFile} is for rule '${data?.rule}', not '${rule.id}'`, { file: caseFile });
  const results: CaseResult[] = [];
  for (const group of ['fires', 'quiet'] as const) {
    for (const c of (data[group] ?? []) as RuleCase[]) results.push(await runCase(rule, rules, c, group));
  }
  return results;
}

/** A case file as data: the rule it tests and its cases. */
export interface CaseFile { rule: string; fires: RuleCase[]; quiet: RuleCase[] }

/** A case file's YAML, read as specver reads specs (the documents in it are specs). */
export function caseData(text: string, shownAs: string): unknown {
  try {
    return parseYamlData(text, shownAs);
  } catch (error) {
    // parseYamlData's message starts with `<file>:<line>:`
    if (error instanceof ConfigError) throw new ConfigError(`cannot read case file ${error.message}`, { file: shownAs, line: error.line, hint: 'fix the YAML syntax' });
    throw error;
  }
}

/** Parse a case file; anything but `rule:` and lists of named cases is a ConfigError naming it (exit 2). */
export function parseCaseFile(text: string, shownAs: string): CaseFile {
  return parseCaseData(caseData(text, shownAs), shownAs);
}

/** A classification case file's data (caseData), checked as parseCaseFile does. */
export function parseCaseData(parsed: unknown, shownAs: string): CaseFile {
  const data = parsed as any;
  const shape = 'a case file has `rule: <id>` and `fires:` / `quiet:` lists of cases with a `name`';
  if (typeof data !== 'object' || data === null || typeof data.rule !== 'string') throw new ConfigError(`case file ${shownAs} names no rule`, { file: shownAs, hint: shape });
  for (const group of ['fires', 'quiet'] as const) {
    const cases = data[group] ?? [];
    if (!Array.isArray(cases) || cases.some((c) => typeof c !== 'object' || c === null || typeof c.name !== 'string')) {
      throw new ConfigError(`case file ${shownAs}: \`${group}\` must be a list of cases, each with a name`, { file: shownAs, hint: shape });
    }
  }
  return { rule: data.rule, fires: data.fires ?? [], quiet: data.quiet ?? [] };
}

/**
 * Run a case file against a project's rule set (built-ins plus its rule files) and severity policy
 * (`rules.severity`, `rules.overrides`): what `specver rules test` does.
 */
export async function runCaseFile(cases: CaseFile, rule: RuleDefinition, rules: RuleDefinition[], policy?: SeverityPolicy): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const group of ['fires', 'quiet'] as const) {
    for (const c of cases[group]) {
      try {
        results.push(await runCase(rule, rules, c, group, policy));
      } catch (error) {
        // A case whose documents or expectations are malformed fails with the reason; the other cases still run.
        results.push({ rule: rule.id, group, name: c.name, problems: [`cannot run the case: ${(error as Error).message}`], findings: [], fired: [] });
      }
    }
  }
  return results;
}
