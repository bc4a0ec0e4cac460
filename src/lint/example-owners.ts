/**
 * Where OpenAPI keeps examples beside a schema rather than inside it: media types, parameters and headers
 * (3.x), and Swagger 2.0 body parameters' `x-example` and responses' `examples` (one per MIME type). Each
 * is listed with the schema it is judged against and the direction it travels in, since OpenAPI leaves a
 * required `readOnly` property out of requests and a required `writeOnly` one out of responses.
 */
import type { OpenApiVersion } from '../load/types.ts';
import { joinPointer } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';
import { operationsOf } from './openapi-walk.ts';

export type Direction = 'request' | 'response';

export interface OwnedExample {
  schemaPointer: string;
  value: unknown;
  /** Where the example is written. */
  at: string;
  subject: 'example' | 'namedExample';
  /** A named example's name (3.x `examples`), or the MIME type of a Swagger 2.0 response example. */
  name?: string;
  direction: Direction;
}

const entries = (node: unknown): [string, unknown][] => (isRecord(node) ? Object.entries(node) : []);
const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : []);

/** The examples held beside a schema in an OpenAPI 3.x or Swagger 2.0 document. */
export function ownedExamples(data: unknown, version: OpenApiVersion): OwnedExample[] {
  if (!isRecord(data)) return [];
  const out: OwnedExample[] = [];
  if (version === '2.0') swaggerExamples(data, out);
  else openApi3Examples(data, out);
  return out;
}

function openApi3Examples(data: Record<string, any>, out: OwnedExample[]): void {
  // A node written as a $ref is judged where it is defined (a component), once.
  const withSchema = (node: unknown, pointer: string, direction: Direction): void => {
    if (!isRecord(node) || typeof node.$ref === 'string') return;
    if (isRecord(node.content)) for (const [type, media] of entries(node.content)) withSchema(media, joinPointer(pointer, 'content', type), direction);
    if (!isRecord(node.schema)) return;
    const schemaPointer = joinPointer(pointer, 'schema');
    if ('example' in node) out.push({ schemaPointer, value: node.example, at: joinPointer(pointer, 'example'), subject: 'example', direction });
    for (const [name, example] of entries(node.examples)) {
      // OpenAPI 3.2 names the data form of an example `dataValue` (beside the wire form, `serializedValue`).
      const field = isRecord(example) ? ['value', 'dataValue'].find((key) => key in example) : undefined;
      if (field) out.push({ schemaPointer, value: (example as Record<string, unknown>)[field], at: joinPointer(pointer, 'examples', name, field), subject: 'namedExample', name, direction });
    }
  };
  const parameters = (owner: unknown, pointer: string) => list(isRecord(owner) ? owner.parameters : undefined).forEach((p, i) => withSchema(p, joinPointer(pointer, 'parameters', i), 'request'));
  const response = (node: unknown, pointer: string) => {
    if (!isRecord(node) || typeof node.$ref === 'string') return;
    withSchema({ content: node.content }, pointer, 'response');
    for (const [name, header] of entries(node.headers)) withSchema(header, joinPointer(pointer, 'headers', name), 'response');
  };
  for (const [path, pathItem] of entries(data.paths)) parameters(pathItem, joinPointer('/paths', path));
  for (const op of operationsOf(data)) {
    parameters(op.operation, op.pointer);
    withSchema(op.operation.requestBody, joinPointer(op.pointer, 'requestBody'), 'request');
    for (const [code, node] of entries(op.operation.responses)) response(node, joinPointer(op.pointer, 'responses', code));
  }
  const components = isRecord(data.components) ? data.components : {};
  for (const [name, node] of entries(components.parameters)) withSchema(node, joinPointer('/components/parameters', name), 'request');
  for (const [name, node] of entries(components.requestBodies)) withSchema(node, joinPointer('/components/requestBodies', name), 'request');
  for (const [name, node] of entries(components.responses)) response(node, joinPointer('/components/responses', name));
  for (const [name, node] of entries(components.headers)) withSchema(node, joinPointer('/components/headers', name), 'response');
}

function swaggerExamples(data: Record<string, any>, out: OwnedExample[]): void {
  // Other parameters are schemas themselves: their `x-example` is judged with the schemas' own examples.
  const body = (node: unknown, pointer: string) => {
    if (!isRecord(node) || node.in !== 'body' || !isRecord(node.schema) || !('x-example' in node)) return;
    out.push({ schemaPointer: joinPointer(pointer, 'schema'), value: node['x-example'], at: joinPointer(pointer, 'x-example'), subject: 'example', direction: 'request' });
  };
  const response = (node: unknown, pointer: string) => {
    if (!isRecord(node) || !isRecord(node.schema)) return;
    const schemaPointer = joinPointer(pointer, 'schema');
    for (const [type, value] of entries(node.examples)) out.push({ schemaPointer, value, at: joinPointer(pointer, 'examples', type), subject: 'namedExample', name: type, direction: 'response' });
  };
  for (const [path, pathItem] of entries(data.paths)) list(isRecord(pathItem) ? pathItem.parameters : undefined).forEach((p, i) => body(p, joinPointer('/paths', path, 'parameters', i)));
  for (const op of operationsOf(data)) {
    list(op.operation.parameters).forEach((p, i) => body(p, joinPointer(op.pointer, 'parameters', i)));
    for (const [code, node] of entries(op.operation.responses)) response(node, joinPointer(op.pointer, 'responses', code));
  }
  for (const [name, node] of entries(data.parameters)) body(node, joinPointer('/parameters', name));
  for (const [name, node] of entries(data.responses)) response(node, joinPointer('/responses', name));
}
