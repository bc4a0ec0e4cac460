/**
 * Reads lint rule files: the built-in ones under rules/lint/<format>/ and a team's own (specver.yaml
 * `lint.files`), validates each against schemas/lint-rule.schema.json and the safety guards, and applies
 * `lint.severity` overrides. A bad rule file is a ToolError (exit 3); an override naming no rule is a
 * ConfigError (exit 2).
 */
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSONPath } from 'jsonpath-plus';
import { ConfigError, ToolError } from '../errors.ts';
import { didYouMean } from '../toolkit/close-matches.ts';
import { assertReadableInside } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFileSync } from '../store/safe-read.ts';
import { validateAgainst } from '../schema-validation.ts';
import { checkFunctionOptions, FUNCTIONS } from './functions/index.ts';
import { aliasDefinitions, parseAliasGiven } from './aliases.ts';
import { MAX_NESTING, nestsDeeperThan } from '../load/input-limits.ts';
import { jsonSyntaxPosition } from '../load/json-syntax-position.ts';
import { builtInFiles } from '../store/builtin-files.ts';
import { unsafeJsonPathReason } from './safe-expressions.ts';
import { filterRegexes, linearFilterEval } from './linear-filter.ts';
import { LINT_SEVERITIES, type LintRule } from './types.ts';

/** The named checks of earlier versions and the built-in rules they became (a team rule may still name one). */
const LEGACY_CHECKS: Record<string, string> = {
  'meta-schema': 'openapi-schema-valid',
  'unique-operation-ids': 'operation-operationid-unique',
  'path-parameters': 'path-parameters-defined',
  'unique-parameters': 'operation-parameters-unique',
  'ambiguous-paths': 'path-not-ambiguous',
  'identical-paths': 'path-not-identical',
  'security-defined': 'security-schemes-defined',
  'server-variables': 'server-variables-defined',
  'enum-type': 'enum-values-match-type',
  'array-items': 'array-items-defined',
  'unresolved-refs': 'refs-resolve',
  'duplicate-enum': 'enum-duplicate-values',
  'duplicate-required': 'required-duplicate-entries',
  'examples-valid': 'examples-valid',
  'required-defined': 'required-property-defined',
  'tags-declared': 'operation-tags-declared',
  'unused-components': 'components-unused',
  'response-code-quoted': 'response-code-quoted',
  'pattern-compiles': 'json-schema-pattern-compiles',
  'sunset-format': 'sunset-date-valid',
  'sunset-deprecated': 'sunset-requires-deprecation',
  'stability-level': 'stability-level-valid',
  parseable: 'spec-parseable',
};

export const BUILTIN_LINT_RULES_DIR = fileURLToPath(new URL('../../rules/lint/', import.meta.url));
const FORMAT_DIRS = ['openapi', 'json-schema'] as const;

/**
 * Parses and checks one rule file. `display` is the path used in messages. Built-in rules skip the checks
 * that cost a run time (ajv against the rule schema and each function's options schema, the nesting limit,
 * the JSONPath guard and probe): test/lint/rules-meta.test.ts runs every one of them on every built-in rule.
 */
export function parseLintRule(text: string, display: string, format?: 'openapi' | 'json-schema', { builtIn = false, parsed }: { builtIn?: boolean; parsed?: unknown } = {}): LintRule {
  let data: any;
  try {
    // A UTF-8 BOM is accepted, as in every other input. A built-in file may come parsed by the build.
    data = builtIn && parsed !== undefined ? structuredClone(parsed) : JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const at = jsonSyntaxPosition(text.replace(/^\uFEFF/, ''), error);
    throw new ToolError(`${display}:${at.line}:${at.column}: lint rule file is not valid JSON: ${at.reason}`, { file: display, line: at.line, hint: 'fix the JSON syntax of the lint rule file' });
  }
  if (!builtIn && nestsDeeperThan(data)) throw new ToolError(`${display}: nesting deeper than ${MAX_NESTING} levels`, { file: display });
  const violations = builtIn ? [] : validateAgainst('lint-rule.schema.json', data);
  if (violations.length) {
    const v = violations[0];
    throw new ToolError(`${display}: invalid lint rule: ${v.pointer || '/'} ${v.message}`, { file: display, hint: 'see schemas/lint-rule.schema.json' });
  }
  const expectedId = basename(display).replace(/\.json$/, '');
  if (data.id !== expectedId && !data.id.endsWith(`/${expectedId}`)) {
    throw new ToolError(`${display}: rule id '${data.id}' must match the file name '${expectedId}.json'`, { file: display });
  }
  if (data.check !== undefined) {
    // A named check of earlier versions: the built-in rule it became supplies given/then and the wording.
    const builtIn = builtinLintRules().find((rule) => rule.id === LEGACY_CHECKS[data.check]);
    if (!builtIn) throw new ToolError(`${display}: unknown check '${data.check}'`, { file: display });
    data.given = builtIn.given;
    data.then = builtIn.then;
    data.errorWording = { message: builtIn.message, messages: builtIn.messages };
  }
  const given: string[] | undefined = data.given === undefined ? undefined : [data.given].flat();
  for (const path of given ?? []) {
    const alias = parseAliasGiven(path);
    if (alias && !(alias.name in aliasDefinitions())) {
      throw new ToolError(`${display}: unknown alias '#${alias.name}' in given`, { file: display, hint: `aliases: ${Object.keys(aliasDefinitions()).map((n) => `#${n}`).join(', ')}` });
    }
    if (builtIn) continue; // the rest holds for every built-in rule: test/lint/rules-meta.test.ts checks it
    // An alias's sub-path is a JSONPath from each of its matches.
    const jsonPath = alias ? `$${alias.suffix}` : path;
    const reason = unsafeJsonPathReason(jsonPath);
    if (reason) throw new ToolError(`${display}: refused JSONPath '${path}': it ${reason}; rule files may only select and compare values`, { file: display });
    try {
      // Filters are parsed now, so a syntax error is named at load time; a probe evaluation surfaces the rest.
      filterRegexes(jsonPath);
      JSONPath({ path: jsonPath, json: { probe: { probe: [0, { probe: '' }] } }, eval: linearFilterEval, ignoreEvalErrors: true });
    } catch (error) {
      throw new ToolError(`${display}: invalid JSONPath '${path}': ${(error as Error).message}`, { file: display });
    }
  }
  const then = data.then === undefined ? undefined : [data.then].flat();
  for (const clause of then ?? []) {
    if (clause.field && /(^|\.)(constructor|__proto__|prototype)(\.|$)/.test(clause.field)) {
      throw new ToolError(`${display}: refused field '${clause.field}': rule fields may not reach the prototype chain`, { file: display });
    }
    if (builtIn) FUNCTIONS[clause.function].trustOptions?.(clause.functionOptions ?? {});
    const problem = builtIn ? undefined : checkFunctionOptions(clause.function, clause.functionOptions);
    if (problem) throw new ToolError(`${display}: invalid functionOptions for ${clause.function}: ${problem}`, { file: display, hint: 'see docs/custom-rules.md for the options of each function' });
  }
  for (const id of Object.keys(data.messages ?? {})) {
    if (!(then ?? []).some((clause: { function: string }) => id in FUNCTIONS[clause.function].messages)) {
      const ids = [...new Set((then ?? []).flatMap((clause: { function: string }) => Object.keys(FUNCTIONS[clause.function].messages)))];
      throw new ToolError(`${display}: messages.${id}: no function of the rule reports it (its message ids: ${ids.join(', ')})`, { file: display });
    }
  }
  const formats: string[] | undefined = data.formats;
  const derived = formats && (formats.every((f) => f.startsWith('openapi-')) ? 'openapi' : formats.every((f) => f.startsWith('json-schema-')) ? 'json-schema' : undefined);
  return {
    id: data.id,
    description: data.description,
    message: data.message,
    messages: data.messages,
    errorWording: data.errorWording,
    severity: data.severity,
    formats,
    given,
    then,
    fix: data.fix,
    files: data.files,
    schemaFiles: data.schemaFiles,
    equivalents: data.equivalents,
    format: format ?? derived,
    source: display,
  };
}

let builtins: LintRule[] | undefined;

/** The built-in rules (read once per process). */
export function builtinLintRules(): LintRule[] {
  if (builtins) return builtins;
  const rules: LintRule[] = [];
  for (const format of FORMAT_DIRS) {
    const dir = join(BUILTIN_LINT_RULES_DIR, format);
    for (const file of builtInFiles(dir)) {
      rules.push(parseLintRule(file.data === undefined ? file.text : '', `rules/lint/${format}/${basename(file.path)}`, format, { builtIn: true, parsed: file.data }));
    }
  }
  builtins = rules;
  return rules;
}

export interface LintRuleOptions {
  /** Project root: custom rule files are relative to it. */
  root: string;
  files: string[];
  severity: Record<string, string>;
}

/** Built-in plus custom rules with severity overrides applied. */
export function loadLintRules(options: LintRuleOptions): LintRule[] {
  const rules = builtinLintRules().map((rule) => ({ ...rule }));
  const ids = new Set(rules.map((r) => r.id));
  for (const file of options.files) {
    const full = isAbsolute(file) ? file : resolve(options.root, file);
    const display = relative(options.root, full) || file;
    let text: string;
    try {
      assertReadableInside(options.root, full, 'lint rule file');
      text = readRegularFileSync(full, { limit: READ_LIMITS.rules, shown: display, hint: 'lint.files names JSON lint rule files inside the project' });
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      // specver.yaml names the file: a missing one is a configuration error (loadConfig names its line).
      if (code === 'ENOENT') throw new ConfigError(`lint rule file ${display} does not exist`, { file: display, hint: 'create it, or remove it from lint.files in specver.yaml' });
      throw new ToolError(`cannot read lint rule file ${display}: ${code ?? (error as Error).message}`, { file: display });
    }
    const rule = parseLintRule(text, display);
    if (ids.has(rule.id)) throw new ToolError(`${display}: lint rule id '${rule.id}' is already defined`, { file: display, hint: 'give custom rules a prefix such as acme/' });
    ids.add(rule.id);
    rules.push(rule);
  }
  // Two `format` entries sharing an id (same rule for OpenAPI and JSON Schema) take the override together.
  for (const [id, severity] of Object.entries(options.severity)) {
    if (!ids.has(id)) throw new ConfigError(`lint.severity names unknown lint rule '${id}'`, { hint: didYouMean(id, ids) ?? 'run `specver rules list --kind lint` for the ids' });
    if (severity !== 'off' && !(LINT_SEVERITIES as readonly string[]).includes(severity)) {
      throw new ConfigError(`lint.severity.${id}: '${severity}' is not one of error, warn, info, hint, off`);
    }
    for (const rule of rules) if (rule.id === id) rule.severity = severity as LintRule['severity'];
  }
  return rules;
}
