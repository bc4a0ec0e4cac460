/** Which format and version a parsed document is: Swagger 2.0, OpenAPI 3.0 / 3.1, or a JSON Schema dialect. */
import type { JsonSchemaDialect, SpecKind } from './types.ts';

/** `$schema` URIs by dialect, normalised (no scheme, no trailing `#`). */
const DIALECT_BY_URI: Record<string, JsonSchemaDialect> = {
  'json-schema.org/draft-04/schema': 'draft-04',
  'json-schema.org/draft-06/schema': 'draft-06',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

const SCHEMA_FILE_NAME = /\.schema\.(json|ya?ml)$/i;

/** The dialect assumed for a JSON Schema recognised by file name only (or configured without `$schema`). */
export const DEFAULT_DIALECT: JsonSchemaDialect = '2020-12';

export interface DetectResult {
  kind?: SpecKind;
  /** Why the document is not supported, when it looks like a spec of an unsupported version. */
  problem?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The dialect of a `$schema` URI, or undefined for an unknown one. */
export function dialectOf(uri: string): JsonSchemaDialect | undefined {
  const normalised = uri
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/#$/, '')
    .replace(/\/$/, '');
  return DIALECT_BY_URI[normalised.toLowerCase()];
}

function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}

/** Detects the kind, or explains why a spec-looking document is not supported. */
export function detectKindOrExplain(data: unknown, fileName: string): DetectResult {
  if (!isRecord(data)) {
    return { problem: `is not a spec document (the top level is ${data === null ? 'null' : Array.isArray(data) ? 'a list' : typeof data}, not a mapping)` };
  }
  if ('swagger' in data) {
    // Unquoted `swagger: 2.0` is read by YAML as the number 2.
    const declared = data.swagger === 2 ? '2.0' : String(data.swagger);
    if (declared === '2.0') return { kind: { format: 'openapi', version: '2.0', declared } };
    return { problem: `unsupported Swagger version ${declared} (supported: 2.0, OpenAPI 3.0, 3.1)` };
  }
  if ('openapi' in data) {
    // Unquoted `openapi: 3.0` is read by YAML as the number 3 (`3.1` as 3.1).
    const declared = data.openapi === 3 ? '3.0' : String(data.openapi);
    const match = /^3\.([01])(\.\d+)?(-[0-9A-Za-z.-]+)?$/.exec(declared);
    if (match) return { kind: { format: 'openapi', version: match[1] === '0' ? '3.0' : '3.1', declared } };
    return { problem: `unsupported OpenAPI version ${declared} (supported: 2.0, 3.0, 3.1)` };
  }
  if ('swaggerVersion' in data) {
    return { problem: `unsupported Swagger version ${String(data.swaggerVersion)} (supported: 2.0, OpenAPI 3.0, 3.1)` };
  }
  if (typeof data.$schema === 'string') {
    const dialect = dialectOf(data.$schema);
    if (dialect) return { kind: { format: 'json-schema', dialect, declared: data.$schema } };
    return {
      problem: `unsupported JSON Schema dialect '${data.$schema}' (supported: draft-04, draft-06, draft-07, 2019-09, 2020-12)`,
    };
  }
  if (SCHEMA_FILE_NAME.test(baseName(fileName))) {
    return { kind: { format: 'json-schema', dialect: DEFAULT_DIALECT } };
  }
  return { problem: 'is neither OpenAPI (no `openapi` or `swagger` field) nor JSON Schema (no `$schema`)' };
}

/** The kind of a parsed document, or undefined when it is not a supported spec. */
export function detectKind(data: unknown, fileName: string): SpecKind | undefined {
  return detectKindOrExplain(data, fileName).kind;
}

/** "OpenAPI 3.0", "OpenAPI 2.0" (Swagger), "JSON Schema draft-07". */
export function describeKind(kind: SpecKind): string {
  if (kind.format === 'openapi') return `OpenAPI ${kind.version}`;
  return `JSON Schema ${kind.dialect}`;
}
