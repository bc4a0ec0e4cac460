/**
 * Examples and defaults valid against their schema. Each schema is visited once (its own example, examples
 * and default), so a shared schema's examples are validated once, not once per reference. Media type,
 * parameter and header examples are validated against their sibling schema (example-owners.ts), in requests
 * without the required readOnly properties and in responses without the required writeOnly ones. Schemas ajv cannot compile (invalid
 * keywords, reported by the validity rule) are skipped. Most values are judged by quickValidate; for one
 * it is sure is invalid, a failing part of a plain keyword is worded as ajv words it (ajv-messages.ts), and
 * ajv compiles only other failing parts (an applicator) to confirm them and word the message, instead of the
 * schema and everything it references.
 */
import { decodeUriComponentOr } from '../toolkit/uri.ts';
import type { Ajv as AjvType, ValidateFunction } from 'ajv';
import { joinPointer, lastSegment, parentPointer, valueAt } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { readsJsonSchema202012 } from '../toolkit/openapi.ts';
import { schemasOf } from './aliases.ts';
import { mapSchemaKeywords } from './dialect-map.ts';
import type { LintDocument } from './types.ts';
import { createAjv, type AjvDialect } from './ajv-instances.ts';
import { refsOf, resolveLocal } from './openapi-walk.ts';
import { ownedExamples, type Direction } from './example-owners.ts';
import { closureCompiles, locateFailure, quickValidate } from './quick-validate.ts';
import { ajvMessage } from './ajv-messages.ts';
import { surelyUncompilable } from './compile-failure.ts';
import { PatternTooSlowError } from './untrusted-regex.ts';

interface Validators {
  get(pointer: string): ValidateFunction | undefined;
  /** True when the value is surely valid against the schema at the pointer (no compiling needed). */
  surelyValid(pointer: string, value: unknown): boolean;
  /**
   * ajv's message for a value quickValidate is sure is invalid, from compiling only the failing parts (all
   * of which ajv must confirm); undefined when that cannot be settled this way.
   */
  locatedError(pointer: string, value: unknown): string | undefined;
}

/** A deep copy of JSON data plus the map from each original object to its copy (one walk). */
function cloneWithMap(data: unknown): { copy: unknown; copies: Map<object, any> } {
  const copies = new Map<object, any>();
  const clone = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const known = copies.get(node);
    if (known) return known;
    if (Array.isArray(node)) {
      const out: unknown[] = new Array(node.length);
      copies.set(node, out);
      for (let i = 0; i < node.length; i++) out[i] = clone(node[i]);
      return out;
    }
    // Object.keys, not Object.entries: an array per property made the copy of a large spec several times slower.
    const out: Record<string, unknown> = {};
    copies.set(node, out);
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      // A key named __proto__ (JSON.parse makes it an own property) stays one; assigning it would set the prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: clone(record[key]), enumerable: true, writable: true, configurable: true });
      else out[key] = clone(record[key]);
    }
    return out;
  };
  return { copy: clone(data), copies };
}

/**
 * Validators for schemas of one document. Each `$ref` target is registered as its own schema (refs
 * rewritten to point at it), so ajv compiles only what an example needs, never the whole document.
 */
function validatorsFor(doc: LintDocument, direction?: Direction): Validators {
  const schemas = schemasOf(doc);
  const { copy, copies } = cloneWithMap(doc.data);
  if (direction) for (const { schema } of schemas) relaxRequired(doc.data, schema, copies.get(schema), DIRECTION_FLAG[direction]);
  const draft04Like = doc.kind.format === 'json-schema' ? doc.kind.dialect === 'draft-04' : !readsJsonSchema202012(doc.kind.version);
  const nullable = doc.kind.format === 'openapi' && doc.kind.version === '3.0';
  for (const { schema } of schemas) {
    const node = copies.get(schema);
    if (!isRecord(node)) continue;
    if (draft04Like || nullable) mapSchemaKeywords(node, { nullable, ids: doc.kind.format === 'json-schema' });
    // Embedded ids would re-base refs: every ref here is read as document-local.
    delete node.$id;
    delete node.$schema;
    if (typeof node.id === 'string') delete node.id;
  }
  const dialect = doc.kind.format === 'json-schema' && (doc.kind.dialect === '2020-12' || doc.kind.dialect === '2019-09') ? doc.kind.dialect : doc.kind.format === 'openapi' && readsJsonSchema202012(doc.kind.version) ? '2020-12' : 'draft-07';
  // The ajv instance and its schemas are set up only when an example needs ajv (most are confirmed valid
  // by quickValidate without it).
  const pending: [unknown, string][] = [];
  let ajvInstance: AjvType | undefined;
  const ajv = (): AjvType => {
    if (!ajvInstance) {
      ajvInstance = createAjv(dialect, true);
      for (const [schema, id] of pending) {
        try {
          ajvInstance.addSchema(schema as object, id);
        } catch {
          // an unusable schema leaves the schemas that use it uncompilable, which skips their examples
        }
      }
    }
    return ajvInstance;
  };
  // 1. Every in-document `$ref` target becomes a schema of its own; refs are rewritten to name it.
  const targets = new Map<string, unknown>();
  const refs = refsOf(doc.data).flatMap(({ ref, holder }) => {
    if (!ref.startsWith('#') || (ref.length > 1 && ref[1] !== '/')) return [];
    const target = decodeUriComponentOr(ref.slice(1), undefined);
    if (target === undefined) return [];
    if (!targets.has(target)) targets.set(target, valueAt(copy, target));
    return [{ holder: copies.get(holder), target, schema: targets.get(target) }];
  });
  // 2. So does every schema that carries examples or a default, so nested ones compile once, not once per
  //    enclosing schema. Nodes are looked up before anything is rewritten.
  const carriers = schemas
    // The schema's keys first: reading a pointer builds its string.
    .filter((found) => ('example' in found.schema || 'examples' in found.schema || 'default' in found.schema) && found.pointer !== '')
    .map(({ schema, pointer }) => ({ pointer, container: valueAt(copy, parentPointer(pointer)), key: lastSegment(pointer), node: copies.get(schema) }));
  const register = (schema: unknown, id: string) => {
    if (isRecord(schema) || typeof schema === 'boolean') pending.push([schema, id]);
  };
  const registered = new Map<string, unknown>();
  for (const { holder, target, schema } of refs) {
    const id = `specver:ref${encodeURI(target || '/')}`;
    if (isRecord(holder)) holder.$ref = id;
    if (!registered.has(id)) register(schema, id);
    registered.set(id, schema);
  }
  const nodeIds = new Map<string, string>();
  const registeredNodes = new Map<string, unknown>();
  for (const { pointer, container, key, node } of carriers) {
    if (!isRecord(node) || (!isRecord(container) && !Array.isArray(container))) continue;
    const id = `specver:node${encodeURI(pointer)}`;
    (container as any)[key] = { $ref: id };
    register(node, id);
    nodeIds.set(pointer, id);
    registeredNodes.set(id, node);
  }
  const resolveId = (ref: string) => registered.get(ref) ?? registeredNodes.get(ref);
  const schemaAt = (pointer: string) => {
    const id = nodeIds.get(pointer);
    return id ? registeredNodes.get(id) : valueAt(copy, pointer);
  };
  const byPointer = new Map<string, ValidateFunction | undefined>();
  const parts = new Map<string, ValidateFunction | undefined>();
  const compiles = new WeakMap<object, boolean>();
  const uncompilable = new WeakSet<object>();
  // A failing part with a $ref needs this document's registered schemas; one without is shared.
  const partValidator = (schema: unknown): ValidateFunction | undefined => {
    const text = JSON.stringify(schema) ?? '';
    if (!text.includes('"$ref"')) return selfContained(dialect, text);
    if (!parts.has(text)) {
      let validate: ValidateFunction | undefined;
      try {
        validate = ajv().compile(schema as object);
      } catch {
        validate = undefined;
      }
      parts.set(text, validate);
    }
    return parts.get(text);
  };
  return {
    surelyValid: (pointer, value) => quickValidate(schemaAt(pointer), value, resolveId) === true,
    locatedError(pointer, value) {
      const schema = schemaAt(pointer);
      const failures = locateFailure(schema, value, resolveId);
      // Where ajv could not compile the whole schema, the example is not judged (as with ajv alone).
      if (!failures || !closureCompiles(schema, resolveId, compiles)) return undefined;
      const [first, ...others] = failures;
      // Parts of plain keywords are worded here: quickValidate's verdict on them is ajv's.
      const matches = (sub: unknown, subValue: unknown) => quickValidate(sub, subValue, resolveId) === true;
      const worded = failures.every(({ schema: part, value: partValue, path }) => !path.includes('__proto__') && ajvMessage(part, partValue, matches) !== undefined);
      if (worded) return withPath(joinPointer('', ...first.path), ajvMessage(first.schema, first.value, matches)!);
      const validate = partValidator(first.schema);
      if (!validate || validate(first.value)) return undefined;
      const message = firstError(validate, joinPointer('', ...first.path));
      if (!others.length) return message;
      // The other parts (one per branch of an anyOf/oneOf) are confirmed by one compile: none may match.
      const confirm = partValidator({ anyOf: others.map((failure, i) => ({ properties: { [i]: failure.schema } })) });
      return confirm && !confirm(Object.fromEntries(others.map((failure, i) => [i, failure.value]))) ? message : undefined;
    },
    get(pointer) {
      if (byPointer.has(pointer)) return byPointer.get(pointer);
      let validate: ValidateFunction | undefined;
      try {
        const id = nodeIds.get(pointer);
        const node = id ? registeredNodes.get(id) : valueAt(copy, pointer);
        const text = JSON.stringify(node) ?? '';
        // A compile that surely fails is not attempted (it would fail again for every schema reaching it).
        if (surelyUncompilable(node, resolveId, uncompilable)) validate = undefined;
        // A schema without any $ref means the same in every document: compile it once per process.
        else if (isRecord(node) && !text.includes('"$ref"')) validate = selfContained(dialect, text);
        else validate = id ? ajv().getSchema(id) : isRecord(node) ? ajv().compile(node) : undefined;
      } catch {
        validate = undefined;
      }
      byPointer.set(pointer, validate);
      return validate;
    },
  };
}

/** The flag that leaves a required property out of examples travelling in a direction (OpenAPI 3.0 and 3.1). */
const DIRECTION_FLAG = { request: 'readOnly', response: 'writeOnly' } as const;

/** Whether the property a schema's `properties` lists carries the flag (directly, or on its local $ref target). */
function flagged(data: unknown, schema: Record<string, any>, name: unknown, flag: string): boolean {
  if (typeof name !== 'string' || !isRecord(schema.properties) || !Object.prototype.hasOwnProperty.call(schema.properties, name)) return false;
  const property = schema.properties[name];
  return (isRecord(property) && property[flag] === true) || (isRecord(property) && isRecord(resolveLocal(data, property)) && (resolveLocal(data, property) as Record<string, any>)[flag] === true);
}

/** Drops from a schema copy's `required` the properties its direction leaves out. */
function relaxRequired(data: unknown, schema: Record<string, any>, copy: unknown, flag: string): void {
  if (!isRecord(copy) || !Array.isArray(schema.required)) return;
  if (schema.required.some((name: unknown) => flagged(data, schema, name, flag))) copy.required = schema.required.filter((name: unknown) => !flagged(data, schema, name, flag));
}

/** Whether some schema requires a property flagged readOnly (request) or writeOnly (response). */
function needsDirection(doc: LintDocument, direction: Direction): boolean {
  const flag = DIRECTION_FLAG[direction];
  return schemasOf(doc).some(({ schema }) => Array.isArray(schema.required) && schema.required.some((name: unknown) => flagged(doc.data, schema, name, flag)));
}

const shared = new Map<string, { ajv: AjvType; validators: Map<string, ValidateFunction | undefined> }>();

/** Validators of self-contained schemas (no $ref), shared by every document of a dialect. */
function selfContained(dialect: AjvDialect, text: string): ValidateFunction | undefined {
  let entry = shared.get(dialect);
  if (!entry) {
    entry = { ajv: createAjv(dialect, true), validators: new Map() };
    shared.set(dialect, entry);
  }
  if (!entry.validators.has(text)) {
    let validate: ValidateFunction | undefined;
    try {
      validate = entry.ajv.compile(JSON.parse(text) as object);
    } catch {
      validate = undefined;
    }
    entry.validators.set(text, validate);
  }
  return entry.validators.get(text);
}

/** ajv's first error; `base` is the instance path of the validated value within the example. */
function firstError(validate: ValidateFunction, base = ''): string {
  const error = validate.errors?.[0];
  if (!error) return 'does not match its schema';
  return withPath(base + error.instancePath, error.message ?? 'is invalid');
}

function withPath(at: string, message: string): string {
  return `${at ? `${at} ` : ''}${message}`;
}

/** What a value is: a schema's example, a named example (media type, parameter), or a default. */
type Subject = 'example' | 'namedExample' | 'default';

export interface ExampleProblem {
  pointer: string;
  /** The subject, or the subject followed by `NotChecked` when a pattern ran out of its time budget. */
  messageId: Subject | `${Subject}NotChecked`;
  /** `reason`: the validator's words; `name`: a named example's name. */
  values: { reason: string; name?: string };
}

export function examplesValid(doc: LintDocument): ExampleProblem[] {
  const out: ExampleProblem[] = [];
  // Validators per direction, built when first needed; a document without required readOnly/writeOnly
  // properties judges every example with the plain ones.
  const validators = new Map<Direction | 'plain', Validators>();
  // Asked once per direction: it reads every schema of the document, and every example asks it.
  const directed = new Map<Direction, boolean>();
  const directs = (direction: Direction): boolean => {
    let answer = directed.get(direction);
    if (answer === undefined) directed.set(direction, (answer = needsDirection(doc, direction)));
    return answer;
  };
  const validatorsOf = (direction?: Direction): Validators => {
    const key = direction && directs(direction) ? direction : 'plain';
    let found = validators.get(key);
    if (!found) validators.set(key, (found = validatorsFor(doc, key === 'plain' ? undefined : key)));
    return found;
  };
  const check = (schemaPointer: string, value: unknown, at: string, subject: Subject, name?: string, direction?: Direction) => {
    try {
      const reason = judge(validatorsOf(direction), schemaPointer, value);
      if (reason !== undefined) out.push({ pointer: at, messageId: subject, values: { reason, name } });
    } catch (error) {
      // A pattern beyond RE2 that ran out of its time budget: the value is reported as not checked.
      if (!(error instanceof PatternTooSlowError)) throw error;
      out.push({ pointer: at, messageId: `${subject}NotChecked`, values: { reason: error.message, name } });
    }
  };
  const openapi = doc.kind.format === 'openapi';
  const version = doc.kind.format === 'openapi' ? doc.kind.version : undefined;
  // A schema's pointer is built only for the schemas that hold a value to check (reading it builds the string).
  for (const found of schemasOf(doc)) {
    const schema = found.schema;
    if (!('example' in schema || 'x-example' in schema || 'examples' in schema || 'default' in schema)) continue;
    const pointer = found.pointer;
    if ('example' in schema && openapi) check(pointer, schema.example, joinPointer(pointer, 'example'), 'example');
    // Swagger 2.0 has no example for parameters and headers: tools read the `x-example` extension.
    if ('x-example' in schema && version === '2.0') check(pointer, schema['x-example'], joinPointer(pointer, 'x-example'), 'example');
    if (Array.isArray(schema.examples) && !(openapi && !readsJsonSchema202012(version ?? ''))) {
      schema.examples.forEach((value: unknown, i: number) => check(pointer, value, joinPointer(pointer, 'examples', i), 'example'));
    }
    if ('default' in schema) check(pointer, schema.default, joinPointer(pointer, 'default'), 'default');
  }
  if (version) {
    for (const owned of ownedExamples(doc.data, version)) check(owned.schemaPointer, owned.value, owned.at, owned.subject, owned.name, version === '2.0' ? undefined : owned.direction);
  }
  return out;
}

function judge(validators: Validators, schemaPointer: string, value: unknown): string | undefined {
  if (validators.surelyValid(schemaPointer, value)) return undefined;
  const located = validators.locatedError(schemaPointer, value);
  if (located !== undefined) return located;
  const validate = validators.get(schemaPointer);
  return validate && !validate(value) ? firstError(validate) : undefined;
}
