/**
 * Classification rules: the built-in ones in rules/openapi/classify/*.json and rules/json-schema/classify/*.json
 * plus a team's own files, each validated by ajv against schemas/classify-rule.schema.json. Built-ins are read
 * once per process. A rule's `format` says which contracts it classifies (OpenAPI unless it says json-schema).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolError } from '../errors.ts';
import { validateAgainst } from '../schema-validation.ts';
import type { Severity } from '../types.ts';

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
  deprecated?: boolean;
  replacedBy?: string[];
  mirrorWaiver?: string;
  /** Absolute path of the rule file. */
  file: string;
  builtIn: boolean;
}

export interface NamedCondition { name: string; conditions: Condition; file: string }

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ToolError(`cannot read rule file ${file}: ${(error as Error).message}`, { file, cause: error, hint: 'fix the JSON syntax of the rule file' });
  }
}

/** Read and validate one rule file; an invalid file is a ToolError naming it. */
export function readRuleFile(file: string, builtIn: boolean): RuleDefinition {
  const data = readJson(file) as Record<string, any>;
  const violations = validateAgainst('classify-rule.schema.json', data);
  if (violations.length > 0) {
    const first = violations[0];
    throw new ToolError(`invalid rule file ${file}: ${first.pointer || '(root)'} ${first.message}`, { file, hint: 'see schemas/classify-rule.schema.json' });
  }
  if (builtIn && isJsonSchemaRuleFile(file) && data.format !== 'json-schema') {
    throw new ToolError(`invalid rule file ${file}: rules under rules/json-schema/ need "format": "json-schema"`, { file });
  }
  const expected = basename(file, '.json');
  if (builtIn && data.id !== expected) {
    throw new ToolError(`invalid rule file ${file}: id '${data.id}' does not match the file name`, { file });
  }
  const list = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)]);
  return {
    id: data.id, category: data.category, format: data.format ?? (isJsonSchemaRuleFile(file) ? 'json-schema' : 'openapi'), summary: data.summary, docs: data.docs, severity: data.severity,
    message: data.message, on: { kind: list(data.on.kind)!, action: list(data.on.action) },
    conditions: data.conditions, priority: data.priority ?? 1, deprecated: data.deprecated,
    replacedBy: data.replacedBy, mirrorWaiver: data.mirrorWaiver, file, builtIn,
  };
}

function isJsonSchemaRuleFile(file: string): boolean {
  return file.startsWith(JSON_SCHEMA_RULES_DIR);
}

let builtIns: RuleDefinition[] | undefined;
let namedConditions: NamedCondition[] | undefined;

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f));
  } catch {
    return [];
  }
}

export function builtInRules(): RuleDefinition[] {
  builtIns ??= [...jsonFiles(join(RULES_DIR, 'classify')), ...jsonFiles(join(JSON_SCHEMA_RULES_DIR, 'classify'))].map((file) => readRuleFile(file, true));
  return builtIns;
}

/**
 * Shared predicates (`rules/openapi/conditions/<name>.json`, `rules/json-schema/conditions/<name>.json`),
 * referenced as `{ "condition": "<name>" }`; names are unique across both folders.
 */
export function builtInConditions(): NamedCondition[] {
  namedConditions ??= [...jsonFiles(join(RULES_DIR, 'conditions')), ...jsonFiles(join(JSON_SCHEMA_RULES_DIR, 'conditions'))].map((file) => {
    const data = readJson(file) as Record<string, any>;
    const name = basename(file, '.json');
    if (data.name !== name || typeof data.conditions !== 'object') {
      throw new ToolError(`invalid condition file ${file}: needs "name": "${name}" and "conditions"`, { file });
    }
    return { name, conditions: data.conditions as Condition, file };
  });
  return namedConditions;
}

/** Built-in rules plus extra rule files (absolute paths); duplicate ids are refused. */
export function loadRules(extraFiles: string[] = []): RuleDefinition[] {
  const rules = [...builtInRules()];
  const seen = new Map(rules.map((r) => [r.id, r.file]));
  for (const file of extraFiles) {
    const rule = readRuleFile(file, false);
    const other = seen.get(rule.id);
    if (other) {
      throw new ToolError(`rule file ${file} redefines rule id '${rule.id}' (already in ${other})`, {
        file, hint: 'give your own rules a prefix (acme/...) and a higher priority to override a built-in one',
      });
    }
    seen.set(rule.id, file);
    rules.push(rule);
  }
  return rules;
}
