/**
 * Validity: an OpenAPI document against the official schema of its version (schemas/meta), a JSON Schema
 * against its dialect's meta-schema (ajv's own; draft-04 folded into draft-07). In OpenAPI 3.1 each schema
 * object is also checked against the 2020-12 meta-schema, which the 3.1 document schema leaves open.
 * The validators are ajv code precompiled by scripts/generate-validators.ts (compiling these schemas took
 * 100-200 ms of every lint run); loading all of them costs a few tens of ms.
 */
import type { ErrorObject } from 'ajv';
import { draft04ToDraft07 } from './dialect-map.ts';
import { validateOpenApi20 } from '../generated/meta-openapi-2.0.ts';
import { validateOpenApi30 } from '../generated/meta-openapi-3.0.ts';
import { validateOpenApi31, validateDraft202012 as schemaMeta31 } from '../generated/meta-openapi-3.1.ts';
import { validateDraft06, validateDraft07 } from '../generated/meta-draft-07.ts';
import { validateDraft201909 } from '../generated/meta-2019-09.ts';
import { validateDraft202012 } from '../generated/meta-2020-12.ts';
import type { Validator } from '../schema-validation.ts';
import { joinPointer, valueAt } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { schemasOf } from './aliases.ts';
import type { LintDocument } from './types.ts';

/** A place the document schema rejects, with ajv's problems there (joined). */
export interface MetaSchemaFinding {
  pointer: string;
  error: string;
}

const MAX_FINDINGS = 100;
/** OpenAPI 3.1 Schema objects against the 2020-12 meta-schema. */
const validateSchema31: Validator = schemaMeta31;
const OPENAPI: Record<'2.0' | '3.0' | '3.1', Validator> = { '2.0': validateOpenApi20, '3.0': validateOpenApi30, '3.1': validateOpenApi31 };

const parentOf = (pointer: string) => pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));

/**
 * Several enum/const errors at one place come from alternative branches (`oneOf` of parameter kinds...).
 * When another error at the enclosing object explains the failure, they are dropped; otherwise they are
 * merged into one "must be one of" listing every allowed value.
 */
function mergeAlternatives(errors: ErrorObject[]): ErrorObject[] {
  const valueErrors = new Map<string, ErrorObject[]>();
  for (const e of errors) if (e.keyword === 'enum' || e.keyword === 'const') valueErrors.set(e.instancePath, [...(valueErrors.get(e.instancePath) ?? []), e]);
  const out: ErrorObject[] = [];
  const merged = new Set<string>();
  for (const e of errors) {
    const group = valueErrors.get(e.instancePath);
    if (!group || group.length < 2 || (e.keyword !== 'enum' && e.keyword !== 'const')) {
      out.push(e);
      continue;
    }
    const explained = errors.some((other) => other.keyword !== 'enum' && other.keyword !== 'const' && other.instancePath === parentOf(e.instancePath));
    if (explained || merged.has(e.instancePath)) continue;
    merged.add(e.instancePath);
    const allowed = group.flatMap((g) => (g.keyword === 'enum' ? (g.params.allowedValues as unknown[]) : [g.params.allowedValue]));
    out.push({ ...e, keyword: 'enum', params: { allowedValues: [...new Set(allowed)] } });
  }
  return out;
}

/** Turns ajv's error list into findings: the most specific error per place, branch noise dropped. */
export function findingsFromErrors(errors: ErrorObject[], base = '', data?: unknown): MetaSchemaFinding[] {
  // A node written as an external `$ref` (allowed by tools, not by the schema) is judged where its target lives.
  const isReference = (pointer: string) => {
    const node = data === undefined ? undefined : valueAt(data, pointer);
    return isRecord(node) && typeof node.$ref === 'string';
  };
  const useful = errors.filter(
    (e) =>
      !['oneOf', 'anyOf', 'if', 'then', 'else', 'false schema'].includes(e.keyword) &&
      !(e.keyword === 'required' && e.params.missingProperty === '$ref') &&
      !isReference(e.instancePath),
  );
  if (!useful.length && errors.every((e) => isReference(e.instancePath))) return [];
  const chosen = mergeAlternatives(useful.length ? useful : errors.slice(0, 1));
  // One finding per place: messages from alternative branches are joined.
  const byPointer = new Map<string, string[]>();
  for (const error of chosen) {
    let pointer = base + error.instancePath;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'additionalProperties') {
      pointer = joinPointer(pointer, String(error.params.additionalProperty));
      message = `unknown field '${String(error.params.additionalProperty)}'`;
    } else if (error.keyword === 'required') message = `missing required field '${String(error.params.missingProperty)}'`;
    else if (error.keyword === 'enum') message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    const messages = byPointer.get(pointer) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byPointer.set(pointer, messages);
    if (byPointer.size >= MAX_FINDINGS) break;
  }
  const out: MetaSchemaFinding[] = [];
  for (const [pointer, messages] of byPointer) out.push({ pointer, error: messages.join('; ') });
  return out;
}

function jsonSchemaFindings(doc: LintDocument): MetaSchemaFinding[] {
  if (doc.kind.format !== 'json-schema') return [];
  const dialect = doc.kind.dialect;
  let data = doc.data;
  if (dialect === 'draft-04') data = draft04ToDraft07(data);
  const validate: Validator =
    dialect === 'draft-06' ? validateDraft06
    : dialect === '2019-09' ? validateDraft201909
    : dialect === '2020-12' ? validateDraft202012
    : validateDraft07;
  if (validate(data)) return [];
  return findingsFromErrors(validate.errors ?? []);
}

export function metaSchemaFindings(doc: LintDocument): MetaSchemaFinding[] {
  if (doc.kind.format === 'json-schema') return jsonSchemaFindings(doc);
  const validate = OPENAPI[doc.kind.version];
  const out = validate(doc.data) ? [] : findingsFromErrors(validate.errors ?? [], '', doc.data);
  if (doc.kind.version === '3.1') {
    for (const { schema, pointer, root } of schemasOf(doc)) {
      if (!root || out.length >= MAX_FINDINGS) continue;
      if (!validateSchema31(schema)) out.push(...findingsFromErrors(validateSchema31.errors ?? [], pointer, schema));
    }
  }
  return out.slice(0, MAX_FINDINGS);
}
