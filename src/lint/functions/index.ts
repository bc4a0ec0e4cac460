/**
 * The lint function registry: every function a rule's `then.function` may name, and the load-time check of
 * a rule's `functionOptions` against the function's options schema (ajv) plus its own guard.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { LintFunction } from './contract.ts';
import { definedIn, referenced, unique, uniqueItems } from './collections.ts';
import { CORE_FUNCTIONS } from './core.ts';
import { documentSchema, examplesMatchSchema, parseable, refsResolve } from './document.ts';
import { keyWrittenAsString, pathParameters, pathsDistinct } from './openapi.ts';
import { format, regexCompiles, requiredDefined, valuesMatchType } from './schema-values.ts';
import { scopesDeclared } from './security.ts';
import { serverVariables } from './servers.ts';
import { singleBodyParameter } from './swagger-parameters.ts';

const ALL: LintFunction[] = [
  ...CORE_FUNCTIONS,
  format,
  unique,
  uniqueItems,
  definedIn,
  referenced,
  valuesMatchType,
  regexCompiles,
  requiredDefined,
  pathParameters,
  pathsDistinct,
  keyWrittenAsString,
  scopesDeclared,
  serverVariables,
  singleBodyParameter,
  documentSchema,
  refsResolve,
  examplesMatchSchema,
  parseable,
];

export const FUNCTIONS: Readonly<Record<string, LintFunction>> = Object.fromEntries(ALL.map((fn) => [fn.name, fn]));
export const FUNCTION_NAMES = ALL.map((fn) => fn.name);

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function optionsValidator(fn: LintFunction): ValidateFunction {
  let validate = validators.get(fn.name);
  if (!validate) {
    const { Ajv2020: AjvClass } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    ajv ??= new AjvClass({ allErrors: false, strict: false, allowUnionTypes: true, logger: false });
    validate = ajv.compile(fn.optionsSchema);
    validators.set(fn.name, validate);
  }
  return validate;
}

/** Why a rule's options for a function are unusable (one line), or undefined. */
export function checkFunctionOptions(name: string, options: Record<string, unknown> = {}): string | undefined {
  const fn = FUNCTIONS[name];
  if (!fn) return `unknown function '${name}'`;
  const validate = optionsValidator(fn);
  if (!validate(options)) {
    const error = validate.errors?.[0];
    const detail =
      error?.keyword === 'additionalProperties' ? `unknown option '${String(error.params.additionalProperty)}'`
      : error?.keyword === 'required' ? `missing option '${String(error.params.missingProperty)}'`
      : `${error?.instancePath || '/'} ${error?.message ?? 'is invalid'}`;
    return `${name} ${detail}`;
  }
  return fn.checkOptions?.(options);
}

export type { FunctionContext, FunctionReport, FunctionTarget, LintFunction } from './contract.ts';
