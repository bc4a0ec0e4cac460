/**
 * Classification rules: the built-in ones in rules/openapi/classify/*.json and rules/json-schema/classify/*.json
 * plus a team's own files, each validated by ajv against schemas/classify-rule.schema.json. Built-ins are read
 * once per process. A rule's `format` says which contracts it classifies (OpenAPI unless it says json-schema).
 */
import { existsSync } from 'node:fs';
import { builtInFiles, PACKAGE_ROOT } from '../store/builtin-files.ts';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, ToolError } from '../errors.ts';
import { MAX_NESTING, nestsDeeperThan } from '../load/input-limits.ts';
import { jsonSyntaxPosition } from '../load/json-syntax-position.ts';
import { assertReadableInside } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFileSync } from '../store/safe-read.ts';
import { validateAgainst } from '../schema-validation.ts';
import type { Severity } from '../types.ts';
import { conditionProblem } from './check-conditions.ts';
import { factProblem, onProblem } from './check-facts.ts';

export const RULES_DIR = fileURLToPath(new URL('../../rules/openapi/', import.meta.url));
export const JSON_SCHEMA_RULES_DIR = fileURLToPath(new URL('../../rules/json-schema/', import.meta.url));

export type RuleFormat = 'openapi' | 'json-schema';

export type Condition = Record<string, unknown>;

export interface RuleDefinition {
  id: string;
  category: string;
  /** Which contracts the rule classifies. */
  format: RuleFormat;
  summary: string;
  docs: string;
  severity: Severity;
  message: string;
  on: { kind: string[]; action?: string[] };
  conditions?: Condition;
  priority: number;
  /** false: opt-in policy rule, off unless a severity is configured for it. */
  enabled?: boolean;
  deprecated?: boolean;
  replacedBy?: string[];
  mirrorWaiver?: string;
  /** Absolute path of the rule file. */
  file: string;
  builtIn: boolean;
}

export interface NamedCondition { name: string; conditions: Condition; file: string }

/**
 * How a rule file is named in messages: built-ins relative to the package (`rules/openapi/classify/x.json`),
 * a team's files relative to `root`, else to the nearest folder holding specver.yaml; absolute otherwise.
 */
export function ruleFileName(file: string, root?: string): string {
  const inside = (dir: string) => {
    const rel = relative(dir, file);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : undefined;
  };
  if (file.startsWith(PACKAGE_ROOT) && (file.startsWith(RULES_DIR) || file.startsWith(JSON_SCHEMA_RULES_DIR))) return inside(PACKAGE_ROOT)!;
  if (root) return inside(root) ?? file;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'specver.yaml'))) return inside(dir) ?? file;
    if (dirname(dir) === dir) return file;
  }
}

/**
 * A rule file's JSON. A file read from disk must be a regular file within the size limit and, for a
 * project's own files (`root` given), really inside the project: those refusals are ConfigErrors (exit 2).
 */
function readJson(file: string, nameOf: () => string, text?: string, root?: string, parsed?: unknown): unknown {
  // A built-in file the build already parsed (and the test suite checked for depth) is taken as it is.
  if (parsed !== undefined) return parsed;
  let data: unknown;
  try {
    if (text === undefined) {
      if (root !== undefined) assertReadableInside(root, file, 'rule file');
      text = readRegularFileSync(file, { limit: READ_LIMITS.rules, shown: nameOf(), hint: 'rules.files names JSON rule files inside the project' });
    }
    // A UTF-8 BOM is accepted, as in every other input.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const name = nameOf();
    const code = (error as NodeJS.ErrnoException).code;
    // specver.yaml names the file: a missing one is a configuration error (loadConfig names its line).
    if (code === 'ENOENT') throw new ConfigError(`rule file ${name} does not exist`, { file: name, cause: error, hint: 'create it, or remove it from rules.files in specver.yaml' });
    if (code !== undefined || text === undefined) throw new ToolError(`cannot read rule file ${name}: ${code ?? (error as Error).message}`, { file: name, cause: error });
    const at = jsonSyntaxPosition(text, error);
    throw new ToolError(`${name}:${at.line}:${at.column}: invalid JSON: ${at.reason}`, { file: name, line: at.line, cause: error, hint: 'fix the JSON syntax of the rule file' });
  }
  if (nestsDeeperThan(data)) throw new ToolError(`invalid rule file ${nameOf()}: nesting deeper than ${MAX_NESTING} levels`, { file: nameOf() });
  return data;
}

/** Read and validate one rule file; an invalid file is a ToolError naming it (relative to `root` when given). */
export function readRuleFile(file: string, builtIn: boolean, root?: string, text?: string, parsed?: unknown): RuleDefinition {
  const invalid = (problem: string, hint?: string) => {
    const name = ruleFileName(file, root);
    return new ToolError(`invalid rule file ${name}: ${problem}`, { file: name, ...(hint ? { hint } : {}) });
  };
  const data = readJson(file, () => ruleFileName(file, root), text, root, builtIn ? parsed : undefined) as Record<string, any>;
  // Built-in rules ship validated (test/rules/rules-meta.test.ts checks each against the schema); skipping ajv
  // for them keeps every run from paying for 700+ validations. Team rule files are always validated.
  const violations = builtIn ? [] : validateAgainst('classify-rule.schema.json', data);
  if (violations.length > 0) {
    // ajv's words for a bad condition ("must NOT have more than 1 properties") hide the cause; say it plainly.
    const condition = violations.some((v) => v.pointer.startsWith('/conditions')) ? conditionProblem(data.conditions, '/conditions') : undefined;
    if (condition) throw invalid(condition.message, condition.hint);
    const first = violations[0];
    throw invalid(`${first.pointer || '(root)'} ${first.message}`, 'see schemas/classify-rule.schema.json');
  }
  if (builtIn && isJsonSchemaRuleFile(file) && data.format !== 'json-schema') {
    throw invalid('rules under rules/json-schema/ need "format": "json-schema"');
  }
  const expected = basename(file, '.json');
  if (builtIn && data.id !== expected) {
    throw invalid(`id '${data.id}' does not match the file name`);
  }
  const list = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)]);
  // Built-ins are checked by test/rules/check-facts.test.ts; a team's file here, before it can silently never fire.
  if (!builtIn) {
    const names = new Set(builtInConditions().map((c) => c.name));
    const problem = onProblem(list(data.on.kind)!, list(data.on.action))
      ?? (data.conditions ? factProblem(data.conditions, '/conditions', list(data.on.kind)!, (name) => names.has(name)) : undefined);
    if (problem) throw invalid(`rule '${data.id}': ${problem.message}`, problem.hint);
  }
  return {
    id: data.id, category: data.category, format: data.format ?? (isJsonSchemaRuleFile(file) ? 'json-schema' : 'openapi'), summary: data.summary, docs: data.docs, severity: data.severity,
    message: data.message, on: { kind: list(data.on.kind)!, action: list(data.on.action) },
    conditions: data.conditions, priority: data.priority ?? 1, ...(data.enabled === false ? { enabled: false } : {}), deprecated: data.deprecated,
    replacedBy: data.replacedBy, mirrorWaiver: data.mirrorWaiver, file, builtIn,
  };
}

function isJsonSchemaRuleFile(file: string): boolean {
  return file.startsWith(JSON_SCHEMA_RULES_DIR);
}

let builtIns: RuleDefinition[] | undefined;
let namedConditions: NamedCondition[] | undefined;

export function builtInRules(): RuleDefinition[] {
  builtIns ??= [...builtInFiles(join(RULES_DIR, 'classify')), ...builtInFiles(join(JSON_SCHEMA_RULES_DIR, 'classify'))].map((f) => readRuleFile(f.path, true, undefined, f.data === undefined ? f.text : undefined, f.data));
  return builtIns;
}

/**
 * Shared predicates (`rules/openapi/conditions/<name>.json`, `rules/json-schema/conditions/<name>.json`),
 * referenced as `{ "condition": "<name>" }`; names are unique across both folders.
 */
export function builtInConditions(): NamedCondition[] {
  namedConditions ??= [...builtInFiles(join(RULES_DIR, 'conditions')), ...builtInFiles(join(JSON_SCHEMA_RULES_DIR, 'conditions'))].map((f) => {
    const file = f.path;
    const data = readJson(file, () => ruleFileName(file), f.data === undefined ? f.text : undefined, undefined, f.data) as Record<string, any>;
    const name = basename(file, '.json');
    if (data.name !== name || typeof data.conditions !== 'object') {
      const shown = ruleFileName(file);
      throw new ToolError(`invalid condition file ${shown}: needs "name": "${name}" and "conditions"`, { file: shown });
    }
    return { name, conditions: data.conditions as Condition, file };
  });
  return namedConditions;
}

/**
 * Built-in rules plus extra rule files (absolute paths); duplicate ids are refused. `root` (the project
 * folder) names a team's files in messages; without it they are named from the nearest specver.yaml.
 * `texts` (absolute path -> text) replaces reading a file from disk.
 */
export function loadRules(extraFiles: string[] = [], root?: string, texts?: Record<string, string>): RuleDefinition[] {
  const rules = [...builtInRules()];
  const seen = new Map(rules.map((r) => [r.id, r.file]));
  for (const file of extraFiles) {
    // `texts`: the files as read at a git base, when the base's policy judges.
    const rule = readRuleFile(file, false, root, texts?.[file]);
    const other = seen.get(rule.id);
    if (other) {
      const name = ruleFileName(file, root);
      throw new ToolError(`rule file ${name} redefines rule id '${rule.id}' (already in ${ruleFileName(other, root)})`, {
        file: name, hint: 'give your own rules a prefix (acme/...) and a higher priority to override a built-in one',
      });
    }
    seen.set(rule.id, file);
    rules.push(rule);
  }
  return rules;
}
