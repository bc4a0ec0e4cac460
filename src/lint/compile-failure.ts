/**
 * Whether ajv surely refuses to compile a schema, told by a walk instead of a compile. ajv generates code for
 * every subschema its applicators hold and compiles every `$ref` target on the way, and throws on a schema
 * object with `nullable` but no `type` ("nullable" cannot be used without "type"). Such schemas are common in
 * OpenAPI 3.0 documents, and a failed compile costs as much as a successful one, again for every schema that
 * references the broken one. The walk follows only the places ajv surely compiles; anything else (an unknown
 * reference, other keywords) proves nothing, and the schema goes to ajv as before.
 */
import { isRecord } from '../toolkit/values.ts';

/** Keywords holding one subschema that ajv compiles. */
const SINGLE = ['items', 'additionalProperties', 'not'];
/** Keywords holding a list of subschemas that ajv compiles. */
const LISTS = ['allOf', 'anyOf', 'oneOf'];

/**
 * True when ajv's compile of `schema` surely throws; `resolve` maps a `$ref` to its registered schema
 * (undefined when unknown). `known` keeps the schemas found to fail (pass one per document).
 */
export function surelyUncompilable(schema: unknown, resolve: (ref: string) => unknown, known: WeakSet<object>): boolean {
  const seen = new Set<object>();
  const walk = (node: unknown): boolean => {
    if (!isRecord(node) || seen.has(node)) return false;
    if (known.has(node)) return true;
    seen.add(node);
    const fails = nullableWithoutType(node) || subschemas(node, resolve).some(walk);
    if (fails) known.add(node);
    return fails;
  };
  return walk(schema);
}

function nullableWithoutType(node: Record<string, unknown>): boolean {
  return node.nullable !== undefined && node.type === undefined;
}

/** The subschemas ajv surely compiles along with the node (`properties` skips `__proto__`, as ajv does). */
function subschemas(node: Record<string, any>, resolve: (ref: string) => unknown): unknown[] {
  const out: unknown[] = [];
  if (typeof node.$ref === 'string') out.push(resolve(node.$ref));
  if (isRecord(node.properties)) for (const [key, sub] of Object.entries(node.properties)) if (key !== '__proto__') out.push(sub);
  for (const key of SINGLE) if (isRecord(node[key])) out.push(node[key]);
  for (const key of LISTS) if (Array.isArray(node[key])) out.push(...node[key]);
  return out;
}
