/**
 * ajv validation against the JSON Schemas shipped in schemas/. Validators are compiled once per process
 * and cached. Schemas are read lazily, so commands that validate nothing load nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** Absolute path of the package's schemas/ directory (works from src/ and dist/). */
export const SCHEMAS_DIR = fileURLToPath(new URL('../schemas/', import.meta.url));

let ajv: Ajv2020 | undefined;
const cache = new Map<string, ValidateFunction>();

function instance(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
    const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
    addFormats(ajv);
    // Output schemas share definitions (comparison.schema.json) through relative $refs: register them all.
    const outputDir = new URL('output/', `file://${SCHEMAS_DIR}`);
    for (const file of readdirSync(outputDir)) {
      if (file.endsWith('.schema.json')) ajv.addSchema(JSON.parse(readFileSync(new URL(file, outputDir), 'utf8')) as object);
    }
  }
  return ajv;
}

/** The compiled validator for `schemas/<name>` (e.g. `config.schema.json`, `output/diff.schema.json`). */
export function validatorFor(name: string): ValidateFunction {
  let validate = cache.get(name);
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
