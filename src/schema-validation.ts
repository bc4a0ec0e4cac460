/**
 * ajv validation against the JSON Schemas shipped in schemas/. The schemas a run needs (config, state files,
 * changesets, rule files, the version journal, waivers) are precompiled into src/generated/validators.ts, so a
 * run loads no ajv at all; the others (output schemas, used by the tests) are compiled once per process on first
 * use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import * as precompiled from './generated/validators.ts';
import { quickUriFormats } from './toolkit/uri-formats.ts';

/** Absolute path of the package's schemas/ directory (works from src/ and dist/). */
export const SCHEMAS_DIR = fileURLToPath(new URL('../schemas/', import.meta.url));

/** A validator as both ajv and its standalone code produce it: a predicate that leaves its errors behind. */
export type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Schema file -> export of the generated module (kept in step with scripts/generate-validators.mjs). */
const PRECOMPILED: Record<string, Validator> = {
  'config.schema.json': precompiled.validateConfig,
  'versions.schema.json': precompiled.validateVersions,
  'pre.schema.json': precompiled.validatePre,
  'changeset.schema.json': precompiled.validateChangeset,
  'classify-rule.schema.json': precompiled.validateClassifyRule,
  'lint-rule.schema.json': precompiled.validateLintRule,
  'version-journal.schema.json': precompiled.validateVersionJournal,
  'waivers.schema.json': precompiled.validateWaivers,
  'lint-baseline.schema.json': precompiled.validateLintBaseline,
};

let ajv: Ajv2020 | undefined;
const cache = new Map<string, Validator>();

function instance(): Ajv2020 {
  if (!ajv) {
    // ajv is CommonJS: required on demand so that runs validating only precompiled schemas never load it.
    const require = createRequire(import.meta.url);
    const { Ajv2020: AjvClass } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const addFormats = require('ajv-formats') as (a: Ajv2020) => void;
    ajv = new AjvClass({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats(ajv);
    for (const [name, check] of Object.entries(quickUriFormats(require('ajv-formats/dist/formats').fullFormats))) ajv.addFormat(name, check);
    // Output schemas share definitions (comparison.schema.json) through relative $refs: register them all.
    const outputDir = new URL('output/', `file://${SCHEMAS_DIR}`);
    for (const file of readdirSync(outputDir)) {
      if (file.endsWith('.schema.json')) ajv.addSchema(JSON.parse(readFileSync(new URL(file, outputDir), 'utf8')) as object);
    }
  }
  return ajv;
}

/** The compiled validator for `schemas/<name>` (e.g. `config.schema.json`, `output/diff.schema.json`). */
export function validatorFor(name: string): Validator {
  let validate = PRECOMPILED[name] ?? cache.get(name);
  if (!validate) {
    const schema = JSON.parse(readFileSync(new URL(name, `file://${SCHEMAS_DIR}`), 'utf8')) as { $id?: string };
    const ajvInstance = instance();
    validate = (schema.$id && ajvInstance.getSchema(schema.$id)) || ajvInstance.compile(schema);
    cache.set(name, validate);
  }
  return validate;
}

export interface SchemaViolation {
  /** JSON Pointer of the offending value in the validated data. */
  pointer: string;
  message: string;
}

/** Validate data against `schemas/<name>`; returns the violations (empty when valid). */
export function validateAgainst(name: string, data: unknown): SchemaViolation[] {
  const validate = validatorFor(name);
  if (validate(data)) return [];
  return (validate.errors ?? []).map(describeAjvError);
}

export function describeAjvError(error: ErrorObject): SchemaViolation {
  const pointer = error.instancePath || '';
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') message = `unknown field '${String(error.params.additionalProperty)}'`;
  else if (error.keyword === 'enum') message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  else if (error.keyword === 'required') message = `missing required field '${String(error.params.missingProperty)}'`;
  return { pointer, message };
}
