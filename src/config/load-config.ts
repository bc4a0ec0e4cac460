/**
 * Finds, parses and validates specver.yaml (decisions.md 1). A valid file takes a quick path (js-yaml, which
 * every run loads for specs anyway, and a precompiled validator). Anything else is read again with the `yaml`
 * Document API, whose positions report every problem as `specver.yaml:LINE: ...` with a hint (ConfigError, exit 2).
 */
import { DEFAULT_LIFECYCLE, type LifecyclePolicy } from '../diff/lifecycle.ts';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import type { Document, LineCounter } from 'yaml';
import type { ErrorObject } from 'ajv';
import { ConfigError } from '../errors.ts';
import { assertReadableInside, isInside, writeProblem } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFile } from '../store/safe-read.ts';
import { validatorFor } from '../schema-validation.ts';
import { CONTRACT_NAME_PATTERN, isTransitive, type Config, type ContractConfig } from '../types.ts';
import { fieldPath, lineOfPath, pointerToPath, yamlLibrary } from './yaml-positions.ts';
import { assertRuleFilesPresent } from './rule-files-present.ts';
import { assertTextInput, flowNestingBeyond, nestingError, nestsDeeperThan, yamlDocumentProblem } from '../load/input-limits.ts';
import { abbreviated, pathLengthProblem } from '../toolkit/path-length.ts';

export const CONFIG_FILE_NAME = 'specver.yaml';

const PATH_LENGTH_HINT = 'shorten the path (at most 1024 characters, each name in it at most 255 bytes): move or rename the file';

export const CONTRACT_NAME_HINT =
  "use letters, digits, '.', '_' and '-', starting with a letter or digit (at most 100 characters)";

/** The config file: `explicit` (-c) when given, else specver.yaml in `cwd` or the nearest parent. */
export function findConfigFile(cwd: string, explicit?: string): string | undefined {
  if (explicit) {
    const file = resolve(cwd, explicit);
    if (existsSync(file) && statSync(file).isDirectory()) return join(file, CONFIG_FILE_NAME);
    return file;
  }
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * How the config file is named in messages: relative to cwd when that is no longer than the absolute path (so
 * `../team/specver.yaml` stays as typed, and `/dev/null` does not become `../../../../dev/null`).
 */
export function displayPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel && !isAbsolute(rel) && rel.length <= file.length ? rel.split(sep).join('/') : file;
}

/** Finds and loads the project's configuration. */
export async function loadConfig(ctx: { cwd: string; configPath?: string }): Promise<Config> {
  const file = findConfigFile(ctx.cwd, ctx.configPath);
  if (!file) {
    throw new ConfigError(`no ${CONFIG_FILE_NAME} found in ${ctx.cwd} or its parents`, {
      hint: "run 'specver init' to create one, or pass -c <path>",
    });
  }
  // A discovered config is repository content: a symlink to a file outside the project is not followed.
  // A path given with -c is the caller's own choice and is read wherever it leads.
  if (!ctx.configPath) assertReadableInside(dirname(file), file, 'config file');
  let text: string;
  try {
    text = await readRegularFile(file, { limit: READ_LIMITS.config, shown: displayPath(ctx.cwd, file), hint: ctx.configPath ? 'check the path given to -c/--config' : undefined });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`cannot read ${displayPath(ctx.cwd, file)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      hint: ctx.configPath ? 'check the path given to -c/--config' : "run 'specver init' to create one",
      cause: error,
    });
  }
  const config = parseConfig(text, file, displayPath(ctx.cwd, file));
  assertRuleFilesPresent(config, text, displayPath(ctx.cwd, file));
  return config;
}

/** A parsed config file with its positions (also used by commands that edit the file in place). */
export interface ConfigDocument {
  doc: Document;
  counter: LineCounter;
  data: unknown;
}

/** Parses YAML text; a syntax error is a ConfigError at its line. */
export function parseConfigDocument(text: string, shownAs: string): ConfigDocument {
  const { LineCounter, Lexer, parseDocument } = yamlLibrary();
  const counter = new LineCounter();
  const tooDeep = flowNestingBeyond(text, Lexer);
  if (tooDeep !== undefined) throw nestingError(shownAs, text.slice(0, tooDeep).split('\n').length);
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const problem = doc.errors[0];
  if (problem) {
    const line = problem.linePos?.[0]?.line ?? lineOfOffset(counter, problem.pos[0]);
    // The parser reports a stack overflow on absurd nesting as a syntax error.
    if (/Maximum call stack/.test(problem.message)) throw nestingError(shownAs, line);
    const what = problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ConfigError(`invalid YAML: ${what}`, { file: shownAs, line, hint: `fix the YAML syntax of ${basename(shownAs)}` });
  }
  const unusable = yamlDocumentProblem(doc, counter, yamlLibrary());
  if (unusable) throw new ConfigError(`invalid YAML: ${unusable.reason}`, { file: shownAs, line: unusable.line, hint: `fix the YAML of ${basename(shownAs)}` });
  let data: unknown;
  try {
    data = doc.contents === null ? {} : (doc.toJS({ maxAliasCount: 100 }) as unknown);
  } catch (error) {
    // Unresolved or excessive aliases surface only when converting.
    const message = (error as Error).message;
    const alias = /: (\S+)$/.exec(message)?.[1];
    const at = alias ? text.indexOf(`*${alias}`) : -1;
    throw new ConfigError(`invalid YAML: ${message}`, {
      file: shownAs,
      line: at >= 0 ? lineOfOffset(counter, at) : 1,
      hint: `fix the YAML anchors and aliases of ${basename(shownAs)}`,
      cause: error,
    });
  }
  if (nestsDeeperThan(data)) throw nestingError(shownAs);
  return { doc, counter, data };
}

function lineOfOffset(counter: LineCounter, offset: number): number {
  return counter.linePos(offset).line;
}

/**
 * The data of a plain, valid config file read with js-yaml's YAML 1.2 core schema (what the `yaml` package
 * reads too), or undefined to take the precise path: a syntax error, anchors (expansion is bounded there), or
 * anything the schema refuses.
 */
function quickConfigData(text: string): RawConfig | undefined {
  if (/(^|[\s[{,:-])&[^\s[\]{},]/.test(text)) return undefined;
  let data: unknown;
  try {
    data = loadYaml(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  return validatorFor('config.schema.json')(data) ? (data as RawConfig) : undefined;
}

/**
 * Parses and validates config text. `file` is the absolute path, `shownAs` its name in messages.
 * `precise` skips the quick path (the tests compare both).
 */
export function parseConfig(text: string, file: string, shownAs = basename(file), { precise = false } = {}): Config {
  assertTextInput(text, shownAs);
  const quick = precise ? undefined : quickConfigData(text);
  if (quick) {
    let document: ConfigDocument | undefined;
    return buildConfig(quick, file, () => (document ??= parseConfigDocument(text, shownAs)), shownAs);
  }
  const parsed = parseConfigDocument(text, shownAs);
  const { data } = parsed;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigError('the configuration must be a mapping of fields (versioning, contracts, ...)', {
      file: shownAs,
      line: 1,
      hint: "see 'specver init' for a starting point",
    });
  }
  const validate = validatorFor('config.schema.json');
  if (!validate(data)) throw schemaError(validate.errors ?? [], parsed, shownAs);
  return buildConfig(data as RawConfig, file, () => parsed, shownAs);
}

interface RawConfig {
  versioning?: Config['versioning'];
  contracts?: ContractConfig[];
  rules?: Partial<Config['rules']>;
  lint?: Partial<Config['lint']>;
  changelog?: string | false;
  git?: Partial<Config['git']>;
  syncInfoVersion?: boolean;
  gate?: { allowAcknowledged?: boolean; waivers?: string; policy?: 'base' | 'head' };
  refs?: { map?: Record<string, string> };
  lifecycle?: { exemptBelow?: LifecyclePolicy['exemptBelow']; deprecationDays?: Partial<LifecyclePolicy['deprecationDays']> };
}

interface Located {
  line: number;
  message: string;
  hint: string;
}

/** The first schema violation (by line) as a ConfigError; the count of the others is appended. */
function schemaError(errors: ErrorObject[], parsed: ConfigDocument, shownAs: string): ConfigError {
  const located = new Map<string, Located>();
  for (const error of errors) {
    const described = describe(error, parsed);
    if (!described) continue;
    const key = `${described.line}\0${described.message}`;
    if (!located.has(key)) located.set(key, described);
  }
  const all = [...located.values()].sort((a, b) => a.line - b.line);
  const first = all[0] ?? { line: 1, message: 'does not match the configuration schema', hint: '' };
  const more = all.length > 1 ? ` (and ${all.length - 1} more problem${all.length > 2 ? 's' : ''})` : '';
  return new ConfigError(`${first.message}${more}`, {
    file: shownAs,
    line: first.line,
    hint: first.hint || 'see schemas/config.schema.json for the accepted fields',
  });
}

function describe(error: ErrorObject, { doc, counter }: ConfigDocument): Located | undefined {
  const path = pointerToPath(error.instancePath);
  const at = (key?: string) => lineOfPath(doc, counter, path, key) ?? 1;
  const field = fieldPath(path);
  const last = path[path.length - 1];
  switch (error.keyword) {
    case 'if':
      return undefined; // reported by the `then` branch's own error
    case 'oneOf':
      if (field === 'changelog') return { line: at(), message: 'changelog must be a file path or false', hint: 'write e.g. `changelog: CHANGELOG.md` or `changelog: false`' };
      return undefined;
    case 'const':
    case 'type':
      if (field === 'changelog') return undefined; // covered by the oneOf message
      break;
    case 'false schema':
      if (path[0] === 'contracts' && (last === 'compatibility' || last === 'transitiveScope')) {
        return { line: at(), message: `${field}: ${last} applies to json-schema contracts only`, hint: `remove \`${last}\` from this openapi contract` };
      }
      break;
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      return { line: at(name), message: `unknown field '${name}' in ${field}`, hint: `remove it or check its spelling (see schemas/config.schema.json)` };
    }
    case 'required': {
      const name = String(error.params.missingProperty);
      return { line: at(), message: `${field}: missing required field '${name}'`, hint: `add \`${name}:\`` };
    }
    case 'pattern':
      if (last === 'name' && path[0] === 'contracts') {
        const value = doc.getIn(path);
        return { line: at(), message: `invalid contract name ${JSON.stringify(value)}`, hint: CONTRACT_NAME_HINT };
      }
      if (path[1] === 'overrides' && (path[3] === 'paths' || path[3] === 'pointers')) {
        const value = JSON.stringify(doc.getIn(path));
        return path[3] === 'paths'
          ? { line: at(), message: `${field}: ${value} is not an operation`, hint: "write a path template glob starting with '/', optionally after a method: '/internal/**', 'GET /internal/**'" }
          : { line: at(), message: `${field}: ${value} is not a JSON Pointer`, hint: "start it with '/', e.g. '/paths/~1internal*/**'" };
      }
      break;
    case 'propertyNames':
      return undefined; // the pattern error on the key itself is more specific
    case 'maxLength':
      return { line: at(), message: `${field} is longer than ${String(error.params.limit)} characters`, hint: PATH_LENGTH_HINT };
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map((v) => String(v)).join(', ');
      return { line: at(), message: `${field}: ${JSON.stringify(doc.getIn(path))} is not one of ${allowed}`, hint: `use one of: ${allowed}` };
    }
  }
  if (error.keyword === 'pattern' && error.params.pattern === '^https?://') {
    const key = String(error.propertyName ?? last);
    return { line: at(key), message: `refs.map key ${JSON.stringify(key)} is not an http(s) URL prefix`, hint: 'map prefixes such as https://example.com/schemas/ to local directories' };
  }
  return { line: at(), message: `${field} ${error.message ?? 'is invalid'}`, hint: '' };
}

export { isInside };

/** `./api//x.yaml` -> `api/x.yaml` (relative to root, forward slashes). */
export function normaliseContractPath(root: string, path: string): string {
  return relative(root, resolve(root, path)).split(sep).join('/');
}

/** Applies defaults and the checks a schema cannot express (unique names and files, paths inside the root). */
function buildConfig(raw: RawConfig, file: string, positions: () => ConfigDocument, shownAs: string): Config {
  const root = dirname(file);
  const fail = (path: (string | number)[], message: string, hint: string): never => {
    const { doc, counter } = positions();
    throw new ConfigError(message, { file: shownAs, line: lineOfPath(doc, counter, path) ?? 1, hint });
  };
  // A path the file system cannot take would fail later as missing or "outside the root": say why here.
  const checkLength = (path: (string | number)[], value: string): void => {
    const problem = pathLengthProblem(value, root);
    if (problem) fail(path, `${fieldPath(path)}: ${abbreviated(value)} ${problem}`, PATH_LENGTH_HINT);
  };
  const names = new Map<string, number>();
  const files = new Map<string, number>();
  const contracts: ContractConfig[] = (raw.contracts ?? []).map((contract, index) => {
    // The schema checks the pattern too; this keeps the invariant when the schema is edited.
    if (!CONTRACT_NAME_PATTERN.test(contract.name)) fail(['contracts', index, 'name'], `invalid contract name ${JSON.stringify(contract.name)}`, CONTRACT_NAME_HINT);
    const seen = names.get(contract.name);
    if (seen !== undefined) {
      fail(['contracts', index, 'name'], `duplicate contract name '${contract.name}' (also contracts[${seen}])`, 'give each contract a unique name');
    }
    names.set(contract.name, index);
    if (contract.path.includes('\0')) fail(['contracts', index, 'path'], `contracts[${index}].path contains a NUL character`, 'give the path of the spec file');
    checkLength(['contracts', index, 'path'], contract.path);
    const absolute = resolve(root, contract.path);
    if (!isInside(root, absolute) || absolute === root) {
      fail(['contracts', index, 'path'], `contract '${contract.name}': path ${contract.path} is outside the project root ${root}`, 'move the spec inside the directory holding specver.yaml, or move specver.yaml up');
    }
    const path = normaliseContractPath(root, contract.path);
    const sameFile = files.get(path);
    if (sameFile !== undefined) {
      fail(['contracts', index, 'path'], `contract '${contract.name}': ${path} is already tracked by contracts[${sameFile}]`, 'track each spec file once');
    }
    files.set(path, index);
    const result: ContractConfig = { name: contract.name, format: contract.format, path };
    if (contract.format === 'json-schema') result.compatibility = contract.compatibility ?? 'backward';
    if (contract.transitiveScope !== undefined) {
      // Only a transitive mode checks earlier releases: a scope elsewhere would silently do nothing.
      if (!isTransitive(result.compatibility)) {
        fail(['contracts', index, 'transitiveScope'], `contract '${contract.name}': transitiveScope applies to transitive compatibility modes only (compatibility is ${result.compatibility})`, 'remove `transitiveScope`, or set `compatibility` to backward-transitive, forward-transitive or full-transitive');
      }
      result.transitiveScope = contract.transitiveScope;
    }
    return result;
  });
  // Rule files are read as data: like specs, they must come from inside the project.
  for (const section of ['rules', 'lint'] as const) {
    (raw[section]?.files ?? []).forEach((ruleFile, index) => {
      checkLength([section, 'files', index], ruleFile);
      if (!isInside(root, resolve(root, ruleFile)) || ruleFile.includes('\0')) {
        fail([section, 'files', index], `${section}.files[${index}]: ${ruleFile} is outside the project root`, 'keep rule files inside the project (copy them in)');
      }
    });
  }
  if (typeof raw.changelog === 'string') {
    checkLength(['changelog'], raw.changelog);
    // version writes the changelog: it must land inside the project, never on .git/, state, the config or a spec.
    const problem = raw.changelog.includes('\0')
      ? 'contains a NUL character'
      : writeProblem({ root, protectedFiles: [file, ...contracts.map((c) => resolve(root, c.path))] }, resolve(root, raw.changelog), false);
    if (problem) fail(['changelog'], `changelog: ${raw.changelog} ${problem}`, 'point changelog at a Markdown file inside the project, such as CHANGELOG.md, or set it to false');
  }
  const baseline = raw.lint?.baseline;
  if (baseline !== undefined) {
    // lint --baseline-write writes it: inside the project, never onto .git/, the config or a spec.
    const problem = baseline.includes('\0') ? 'contains a NUL character' : writeProblem({ root, protectedFiles: [file, ...contracts.map((c) => resolve(root, c.path))] }, resolve(root, baseline), true);
    if (problem) fail(['lint', 'baseline'], `lint.baseline: ${baseline} ${problem}`, 'point lint.baseline at a YAML file inside the project, such as .specver/lint-baseline.yaml');
  }
  const waivers = raw.gate?.waivers ?? '.specver/waivers.yaml';
  checkLength(['gate', 'waivers'], waivers);
  if (!isInside(root, resolve(root, waivers)) || waivers.includes('\0'))
    fail(['gate', 'waivers'], `gate.waivers: ${waivers} is outside the project root`, 'keep the waiver file inside the project');
  const refsMap: Record<string, string> = {};
  for (const [prefix, dir] of Object.entries(raw.refs?.map ?? {})) {
    checkLength(['refs', 'map', prefix], dir);
    const absolute = resolve(root, dir);
    if (!isInside(root, absolute)) fail(['refs', 'map', prefix], `refs.map directory ${dir} is outside the project root`, 'vendor the copies inside the project');
    refsMap[prefix] = absolute;
  }
  return {
    file,
    root,
    versioning: raw.versioning ?? 'independent',
    contracts,
    rules: { files: raw.rules?.files ?? [], severity: { ...(raw.rules?.severity ?? {}) }, ...(raw.rules?.overrides ? { overrides: raw.rules.overrides } : {}) },
    lint: {
      files: raw.lint?.files ?? [],
      severity: { ...(raw.lint?.severity ?? {}) },
      ...(raw.lint?.overrides ? { overrides: raw.lint.overrides } : {}),
      ...(baseline !== undefined ? { baseline: normaliseContractPath(root, baseline) } : {}),
    },
    changelog: raw.changelog === undefined ? 'CHANGELOG.md' : raw.changelog,
    git: { commit: raw.git?.commit ?? false, tag: raw.git?.tag ?? false },
    syncInfoVersion: raw.syncInfoVersion ?? true,
    gate: { allowAcknowledged: raw.gate?.allowAcknowledged ?? false, waivers: normaliseContractPath(root, waivers), ...(raw.gate?.policy ? { policy: raw.gate.policy } : {}) },
    refsMap,
    lifecycle: {
      exemptBelow: raw.lifecycle?.exemptBelow ?? DEFAULT_LIFECYCLE.exemptBelow,
      deprecationDays: { ...DEFAULT_LIFECYCLE.deprecationDays, ...(raw.lifecycle?.deprecationDays ?? {}) },
    },
  };
}

/**
 * The contracts a command works on: those named (positional args plus --contract), in config order,
 * or all of them when no name is given. An unknown name is a ConfigError listing the known ones.
 */
export function requireContracts(config: Config, names: readonly string[] = []): ContractConfig[] {
  const wanted = [...new Set(names.filter((name) => name !== ''))];
  if (wanted.length === 0) return [...config.contracts];
  const known = new Set(config.contracts.map((c) => c.name));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const list = config.contracts.map((c) => c.name).join(', ') || '(none)';
    throw new ConfigError(`unknown contract${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}`, {
      hint: `known contracts: ${list}`,
    });
  }
  const selected = new Set(wanted);
  return config.contracts.filter((c) => selected.has(c.name));
}
