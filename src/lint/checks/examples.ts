/**
 * Examples and defaults valid against their schema. Each schema is visited once (its own example, examples
 * and default), so a shared schema's examples are validated once, not once per reference. Media type and
 * parameter examples are validated against their sibling schema. Schemas ajv cannot compile (invalid
 * keywords, reported by the validity rule) are skipped.
 */
import type { Ajv as AjvType, ValidateFunction } from 'ajv';
import { isRecord, joinPointer, lastSegment, parentPointer, valueAt } from '../pointer.ts';
import { schemasOf } from '../schema-walk.ts';
import { mapSchemaKeywords } from '../dialect-map.ts';
import type { LintDocument, RawFinding } from '../types.ts';
import { createAjv } from '../ajv-instances.ts';
import { operationsOf, refsOf } from './openapi-walk.ts';


interface Validators {
  get(pointer: string): ValidateFunction | undefined;
}

/**
 * Validators for schemas of one document. Each `$ref` target is registered as its own schema (refs
 * rewritten to point at it), so ajv compiles only what an example needs, never the whole document.
 */
function validatorsFor(doc: LintDocument): Validators {
  const schemas = schemasOf(doc);
  const copy = structuredClone(doc.data) as Record<string, any>;
  const draft04Like = doc.kind.format === 'json-schema' ? doc.kind.dialect === 'draft-04' : doc.kind.version !== '3.1';
  const nullable = doc.kind.format === 'openapi' && doc.kind.version === '3.0';
  for (const { pointer } of schemas) {
    const node = valueAt(copy, pointer);
    if (!isRecord(node)) continue;
    if (draft04Like || nullable) mapSchemaKeywords(node, { nullable, ids: doc.kind.format === 'json-schema' });
    // Embedded ids would re-base refs: every ref here is read as document-local.
    delete node.$id;
    delete node.$schema;
    if (typeof node.id === 'string') delete node.id;
  }
  const dialect = doc.kind.format === 'json-schema' && (doc.kind.dialect === '2020-12' || doc.kind.dialect === '2019-09') ? doc.kind.dialect : doc.kind.format === 'openapi' && doc.kind.version === '3.1' ? '2020-12' : 'draft-07';
  const ajv: AjvType = createAjv(dialect, true);
  // 1. Every in-document `$ref` target becomes a schema of its own; refs are rewritten to name it.
  const refs = refsOf(copy).flatMap(({ ref, pointer }) => {
    if (!ref.startsWith('#') || (ref.length > 1 && ref[1] !== '/')) return [];
    try {
      const target = decodeURIComponent(ref.slice(1));
      return [{ holder: valueAt(copy, parentPointer(pointer)), target, schema: valueAt(copy, target) }];
    } catch {
      return [];
    }
  });
  // 2. So does every schema that carries examples or a default, so nested ones compile once, not once per
  //    enclosing schema. Nodes are looked up before anything is rewritten.
  const carriers = schemas
    .filter(({ schema, pointer }) => pointer !== '' && ('example' in schema || 'examples' in schema || 'default' in schema))
    .map(({ pointer }) => ({ pointer, container: valueAt(copy, parentPointer(pointer)), key: lastSegment(pointer), node: valueAt(copy, pointer) }));
  const register = (schema: unknown, id: string) => {
    if (!isRecord(schema) && typeof schema !== 'boolean') return;
    try {
      ajv.addSchema(schema as object, id);
    } catch {
      // an unusable schema leaves the schemas that use it uncompilable, which skips their examples
    }
  };
  const registered = new Set<string>();
  for (const { holder, target, schema } of refs) {
    const id = `specver:ref${encodeURI(target || '/')}`;
    if (isRecord(holder)) holder.$ref = id;
    if (!registered.has(id)) register(schema, id);
    registered.add(id);
  }
  const nodeIds = new Map<string, string>();
  for (const { pointer, container, key, node } of carriers) {
    if (!isRecord(node) || (!isRecord(container) && !Array.isArray(container))) continue;
    const id = `specver:node${encodeURI(pointer)}`;
    (container as any)[key] = { $ref: id };
    register(node, id);
    nodeIds.set(pointer, id);
  }
  const byPointer = new Map<string, ValidateFunction | undefined>();
  return {
    get(pointer) {
      if (byPointer.has(pointer)) return byPointer.get(pointer);
      let validate: ValidateFunction | undefined;
      try {
        const id = nodeIds.get(pointer);
        const schema = id ? undefined : valueAt(copy, pointer);
        validate = id ? ajv.getSchema(id) : isRecord(schema) ? ajv.compile(schema) : undefined;
      } catch {
        validate = undefined;
      }
      byPointer.set(pointer, validate);
      return validate;
    },
  };
}

function firstError(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return 'does not match its schema';
  return `${error.instancePath ? `${error.instancePath} ` : ''}${error.message ?? 'is invalid'}`;
}

export function examplesValid(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  let validators: Validators | undefined;
  const check = (schemaPointer: string, value: unknown, at: string, what: string) => {
    validators ??= validatorsFor(doc);
    const validate = validators.get(schemaPointer);
    if (validate && !validate(value)) out.push({ pointer: at, error: `${what} ${firstError(validate)}` });
  };
  const openapi = doc.kind.format === 'openapi';
  const version = doc.kind.format === 'openapi' ? doc.kind.version : undefined;
  for (const { schema, pointer } of schemasOf(doc)) {
    if ('example' in schema && openapi) check(pointer, schema.example, joinPointer(pointer, 'example'), 'example');
    if (Array.isArray(schema.examples) && !(openapi && version !== '3.1')) {
      schema.examples.forEach((value: unknown, i: number) => check(pointer, value, joinPointer(pointer, 'examples', i), 'example'));
    }
    if ('default' in schema) check(pointer, schema.default, joinPointer(pointer, 'default'), 'default');
  }
  if (openapi && version !== '2.0') {
    for (const op of operationsOf(doc.data)) checkOwners(op.operation, op.pointer, check);
  }
  return out;
}

type Check = (schemaPointer: string, value: unknown, at: string, what: string) => void;

/** Parameter and media type examples of one operation, validated against their sibling schema. */
function checkOwners(operation: Record<string, any>, pointer: string, check: Check): void {
  const withSchema = (node: unknown, nodePointer: string) => {
    if (!isRecord(node) || !isRecord(node.schema)) return;
    const schemaPointer = joinPointer(nodePointer, 'schema');
    if ('example' in node) check(schemaPointer, node.example, joinPointer(nodePointer, 'example'), 'example');
    if (isRecord(node.examples)) {
      for (const [name, example] of Object.entries(node.examples)) {
        if (isRecord(example) && 'value' in example) check(schemaPointer, example.value, joinPointer(nodePointer, 'examples', name, 'value'), `example '${name}'`);
      }
    }
  };
  if (Array.isArray(operation.parameters)) operation.parameters.forEach((p: unknown, i: number) => withSchema(p, joinPointer(pointer, 'parameters', i)));
  const contents: [unknown, string][] = [[operation.requestBody?.content, joinPointer(pointer, 'requestBody', 'content')]];
  if (isRecord(operation.responses)) {
    for (const [code, response] of Object.entries(operation.responses)) contents.push([(response as any)?.content, joinPointer(pointer, 'responses', code, 'content')]);
  }
  for (const [content, contentPointer] of contents) {
    if (isRecord(content)) for (const [type, media] of Object.entries(content)) withSchema(media, joinPointer(contentPointer, type));
  }
}
