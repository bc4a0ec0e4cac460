/**
 * `schema`: the value is valid against a JSON Schema (2020-12) written in the rule. The built-in rules' schemas
 * are precompiled (src/generated/lint-schemas.ts); for a team's, most values are settled by quickValidate and
 * ajv (loaded on first use) confirms the rest and words the problem.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, Options, ValidateFunction } from 'ajv/dist/2020.js';
import { unsafeRegexReason } from '../safe-expressions.ts';
import { isRecord } from '../../toolkit/values.ts';
import { quickValidate } from '../quick-validate.ts';
import { untrustedRegExpEngine } from '../untrusted-regex.ts';
import { NONE, type LintFunction } from './contract.ts';
import { BUILT_IN_LINT_SCHEMAS } from '../../generated/lint-schemas.ts';

function newAjv(options: Options): Ajv2020 {
  const { Ajv2020: AjvClass } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  return new AjvClass(options);
}

let ajv: Ajv2020 | undefined;
const schemaCache = new WeakMap<object, ValidateFunction>();
/**
 * The validator of a rule's schema. Run-time compiles skip checking the schema against the 2020-12
 * meta-schema (compiling that costs more than the rules' tiny schemas): `checkOptions` has checked team
 * rules, and the test suite checks the built-in ones.
 */
function schemaValidator(schema: object): ValidateFunction {
  let validate = schemaCache.get(schema);
  if (!validate) {
    ajv ??= newAjv({ allErrors: false, strict: false, allowUnionTypes: true, logger: false, validateSchema: false, code: { regExp: untrustedRegExpEngine } });
    validate = ajv.compile(schema);
    schemaCache.set(schema, validate);
  }
  return validate;
}

type Precompiled = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
const precompiledCache = new WeakMap<object, Precompiled | null>();
/** The validator `npm run generate` compiled for a built-in rule's schema (scripts/generate-validators.ts), if any. */
function precompiled(schema: object): Precompiled | undefined {
  let found = precompiledCache.get(schema);
  if (found === undefined) {
    found = (BUILT_IN_LINT_SCHEMAS as Record<string, Precompiled>)[JSON.stringify(schema)] ?? null;
    precompiledCache.set(schema, found);
  }
  return found ?? undefined;
}

const ifKeysCache = new WeakMap<object, string[] | null>();
/**
 * The keys of a schema written `{ if: { required: keys }, then }` (no `else`, nothing else): an object lacking
 * one of them fails the `if`, so the schema holds without running it. Most schema rules are of this shape, and
 * most of the nodes they see lack the keys.
 */
function ifRequiredKeys(schema: object): string[] | null {
  let keys = ifKeysCache.get(schema);
  if (keys === undefined) {
    const { if: condition, then, ...rest } = schema as Record<string, unknown>;
    const required = isRecord(condition) && Object.keys(condition).length === 1 ? condition.required : undefined;
    keys = then !== undefined && Object.keys(rest).length === 0 && Array.isArray(required) && required.every((k) => typeof k === 'string') ? (required as string[]) : null;
    ifKeysCache.set(schema, keys);
  }
  return keys;
}

/** Whether the schema surely holds for the value because its `if` (of required keys) fails. */
function settledByIf(schema: object, value: unknown): boolean {
  const keys = ifRequiredKeys(schema);
  return keys !== null && isRecord(value) && keys.some((key) => value[key] === undefined);
}

let strictAjv: Ajv2020 | undefined;
/** Compiles a schema the way a rule author needs it checked: against the meta-schema; throws when invalid. */
function strictlyCompiles(schema: object): void {
  strictAjv ??= newAjv({ allErrors: false, strict: false, allowUnionTypes: true, logger: false });
  strictAjv.compile(schema);
}

/** The first `pattern` / `patternProperties` regex in a rule's schema that the regex guard refuses. */
function unsafePatternIn(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = unsafePatternIn(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(node)) return undefined;
  const sources = [typeof node.pattern === 'string' ? node.pattern : undefined, ...(isRecord(node.patternProperties) ? Object.keys(node.patternProperties) : [])];
  for (const source of sources) {
    const reason = source === undefined ? undefined : unsafeRegexReason(source);
    if (reason) return `pattern '${source}' ${reason}`;
  }
  for (const value of Object.values(node)) {
    const found = unsafePatternIn(value);
    if (found) return found;
  }
  return undefined;
}

/** Rule schemas have no $refs to resolve. */
const noRefs = () => undefined;

export const schema: LintFunction<{ schema: object | boolean; reportAt?: string }> = {
  name: 'schema',
  description:
    "The value is valid against `schema` (JSON Schema 2020-12). Absent values are not judged. `reportAt` names a field of the value to report at (its value fills `{{value}}`). Spectral's `dialect` and `allErrors` options are accepted and not applied (the first problem is reported).",
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['schema'],
    properties: {
      schema: { type: ['object', 'boolean'] },
      reportAt: { type: 'string', pattern: '^[A-Za-z$][A-Za-z0-9_$-]*$' },
      dialect: { type: 'string' },
      allErrors: { type: 'boolean' },
    },
  },
  messages: { invalid: '{{reason}}' },
  placeholders: ['reason'],
  run(value, options) {
    if (value === undefined) return NONE;
    if (typeof options.schema === 'object' && settledByIf(options.schema, value)) return NONE;
    const built = typeof options.schema === 'object' ? precompiled(options.schema) : undefined;
    if (!built && quickValidate(options.schema, value, noRefs) === true) return NONE;
    const validate: Precompiled = built ?? schemaValidator(options.schema as object);
    if (validate(value)) return NONE;
    const first = validate.errors?.[0];
    const where = first?.instancePath ? `${first.instancePath} ` : '';
    const reason = `${where}${first?.message ?? 'does not match the schema'}`.trim();
    if (options.reportAt !== undefined && isRecord(value)) return [{ at: [options.reportAt], values: { reason, value: value[options.reportAt] } }];
    return [{ values: { reason } }];
  },
  checkOptions(options) {
    const unsafe = unsafePatternIn(options.schema);
    if (unsafe) return `schema ${unsafe}`;
    try {
      strictlyCompiles(options.schema as object);
    } catch (error) {
      return `schema does not compile: ${(error as Error).message}`;
    }
    return undefined;
  },
};
