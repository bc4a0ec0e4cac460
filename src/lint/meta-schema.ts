/**
 * Validity: an OpenAPI document against the official schema of its version (schemas/meta), a JSON Schema
 * against its dialect's meta-schema (ajv's own; draft-04 folded into draft-07). In OpenAPI 3.1 and 3.2 each schema
 * object is also checked against the 2020-12 meta-schema, which the 3.1 document schema leaves open.
 * The validators are ajv code precompiled by scripts/generate-validators.ts (compiling these schemas took
 * 100-200 ms of every lint run); each is loaded when a document of its kind is first linted
 * (`loadMetaSchema`), as loading all of them cost a few tens of ms. The build keeps them out of the CLI's bundle,
 * one file each beside it (scripts/bundle-cli.mjs), which these imports then require.
 */
import type { ErrorObject } from 'ajv';
import { draft04ToDraft07 } from './dialect-map.ts';
import type { SpecKind } from '../load/types.ts';
import type { Validator } from '../schema-validation.ts';
import { joinPointer, valueAt } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { schemasOf } from './aliases.ts';
import type { LintDocument } from './types.ts';

/** The document's validator, and for OpenAPI 3.1 and 3.2 the 2020-12 meta-schema its Schema objects are checked against. */
interface KindValidators {
  document: Validator;
  schema?: Validator;
}

const keyOf = (kind: SpecKind): string => (kind.format === 'openapi' ? `openapi-${kind.version}` : kind.dialect);

const LOADERS: Record<string, () => Promise<KindValidators>> = {
  'openapi-2.0': async () => ({ document: (await import('../generated/meta-openapi-2.0.ts')).validateOpenApi20 }),
  'openapi-3.0': async () => ({ document: (await import('../generated/meta-openapi-3.0.ts')).validateOpenApi30 }),
  'openapi-3.1': async () => {
    const loaded = await import('../generated/meta-openapi-3.1.ts');
    return { document: loaded.validateOpenApi31, schema: loaded.validateDraft202012 };
  },
  'openapi-3.2': async () => {
    const loaded = await import('../generated/meta-openapi-3.2.ts');
    return { document: loaded.validateOpenApi32, schema: loaded.validateDraft202012 };
  },
  'draft-06': async () => ({ document: (await import('../generated/meta-draft-07.ts')).validateDraft06 }),
  '2019-09': async () => ({ document: (await import('../generated/meta-2019-09.ts')).validateDraft201909 }),
  '2020-12': async () => ({ document: (await import('../generated/meta-2020-12.ts')).validateDraft202012 }),
};
/** draft-04 is validated as draft-07 (after mapping), like every other dialect without its own meta-schema. */
const loaderOf = (key: string) => LOADERS[key] ?? (async () => ({ document: (await import('../generated/meta-draft-07.ts')).validateDraft07 }));

const loaded = new Map<string, KindValidators>();

/** Loads the validators of a kind of document; `metaSchemaFindings` needs them loaded. */
export async function loadMetaSchema(kind: SpecKind): Promise<void> {
  const key = keyOf(kind);
  if (!loaded.has(key)) loaded.set(key, await loaderOf(key)());
}

function validatorsOf(kind: SpecKind): KindValidators {
  const found = loaded.get(keyOf(kind));
  if (!found) throw new Error(`the ${keyOf(kind)} meta-schema was not loaded (loadMetaSchema)`);
  return found;
}

/** A place the document schema rejects, with ajv's problems there (joined). */
export interface MetaSchemaFinding {
  pointer: string;
  error: string;
}

const MAX_FINDINGS = 100;

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
  const data = doc.kind.dialect === 'draft-04' ? draft04ToDraft07(doc.data) : doc.data;
  const validate = validatorsOf(doc.kind).document;
  if (validate(data)) return [];
  return findingsFromErrors(validate.errors ?? []);
}

export function metaSchemaFindings(doc: LintDocument): MetaSchemaFinding[] {
  if (doc.kind.format === 'json-schema') return jsonSchemaFindings(doc);
  const { document: validate, schema: validateSchema } = validatorsOf(doc.kind);
  const out = validate(doc.data) ? [] : findingsFromErrors(validate.errors ?? [], '', doc.data);
  if (validateSchema) {
    for (const { schema, pointer, root } of schemasOf(doc)) {
      if (!root || out.length >= MAX_FINDINGS) continue;
      if (!validateSchema(schema)) out.push(...findingsFromErrors(validateSchema.errors ?? [], pointer, schema));
    }
  }
  return out.slice(0, MAX_FINDINGS);
}
