/** OpenAPI vocabulary shared by loading, normalizing and linting. */
import { escapeSegment } from './json-pointer.ts';
import { isRecord } from './values.ts';

/** The operations a Path Item Object can hold, in the order the specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** OpenAPI 3.2 adds the `query` method as a fixed field of the Path Item Object. */
export const HTTP_METHODS_3_2 = [...HTTP_METHODS, 'query'] as const;

/** OpenAPI 3.1 and 3.2 read Schema Objects as JSON Schema 2020-12 (`nullable` means nothing there). */
export function readsJsonSchema202012(version: string): boolean {
  return version === '3.1' || version === '3.2';
}

/** The `{name}` variables of a path template or server URL, in the order written. */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

export interface PathItemOperation {
  /** The method as HTTP spells it: `GET`, `QUERY`, or an `additionalOperations` key as written (`LINK`). */
  method: string;
  node: Record<string, any>;
  /** The pointer from the path item to the operation: `get`, `additionalOperations/LINK`. */
  segment: string;
}

/**
 * The operations of a Path Item Object: its fixed method fields, and under OpenAPI 3.2 `query` and the
 * `additionalOperations` map (any other method, keyed as sent on the wire, so `LINK` stays `LINK`).
 */
export function pathItemOperations(pathItem: unknown, version: string): PathItemOperation[] {
  if (!isRecord(pathItem)) return [];
  const operations: PathItemOperation[] = [];
  const fixed = version === '3.2' ? HTTP_METHODS_3_2 : HTTP_METHODS;
  for (const method of fixed) {
    const node = pathItem[method];
    if (isRecord(node)) operations.push({ method: method.toUpperCase(), node, segment: method });
  }
  if (version === '3.2' && isRecord(pathItem.additionalOperations)) {
    for (const [method, node] of Object.entries(pathItem.additionalOperations)) {
      if (isRecord(node)) operations.push({ method, node, segment: `additionalOperations/${escapeSegment(method)}` });
    }
  }
  return operations;
}
