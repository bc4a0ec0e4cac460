/** Which format and version a parsed document is: Swagger 2.0, OpenAPI 3.0 / 3.1 / 3.2, or a JSON Schema dialect. */
import { ConfigError } from '../errors.ts';
import { isRecord } from '../toolkit/values.ts';
import type { JsonSchemaDialect, OpenApiVersion, SpecKind } from './types.ts';

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
    return { problem: `unsupported Swagger version ${declared} (supported: 2.0, OpenAPI 3.0, 3.1, 3.2)` };
  }
  if ('openapi' in data) {
    // Unquoted `openapi: 3.0` is read by YAML as the number 3 (`3.1` as 3.1).
    const declared = data.openapi === 3 ? '3.0' : String(data.openapi);
    const match = /^3\.([012])(\.\d+)?(-[0-9A-Za-z.-]+)?$/.exec(declared);
    if (match) return { kind: { format: 'openapi', version: `3.${match[1]}` as OpenApiVersion, declared } };
    return { problem: `unsupported OpenAPI version ${declared} (supported: 2.0, 3.0, 3.1, 3.2)` };
  }
  if ('swaggerVersion' in data) {
    return { problem: `unsupported Swagger version ${String(data.swaggerVersion)} (supported: 2.0, OpenAPI 3.0, 3.1, 3.2)` };
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

/**
 * The kind of a parsed spec file, held against the format its contract is configured with (a mismatch, or no
 * recognisable format, is a ConfigError naming the file). A contract configured as JSON Schema may omit `$schema`.
 */
export function specKindOf(source: { data: unknown; path: string }, shown: string, expected?: 'openapi' | 'json-schema'): SpecKind {
  const { kind, problem } = detectKindOrExplain(source.data, source.path);
  if (kind) {
    if (expected && kind.format !== expected) {
      throw new ConfigError(`${shown} is ${describeKind(kind)}, but its contract is configured as ${expected === 'openapi' ? 'OpenAPI' : 'JSON Schema'}`, {
        file: shown,
        hint: `set 'format: ${kind.format}' for this contract in specver.yaml`,
      });
    }
    return kind;
  }
  // A contract configured as JSON Schema may omit `$schema`: any mapping without OpenAPI markers is accepted.
  const data = source.data as Record<string, unknown>;
  const looksOpenApi = typeof data === 'object' && data !== null && ('openapi' in data || 'swagger' in data || 'swaggerVersion' in data);
  if (expected === 'json-schema' && typeof data === 'object' && data !== null && !Array.isArray(data) && !looksOpenApi && !('$schema' in data)) {
    return { format: 'json-schema', dialect: DEFAULT_DIALECT };
  }
  throw new ConfigError(`${shown}: ${problem ?? 'unknown spec format'}`, {
    file: shown,
    hint: 'specver reads OpenAPI 2.0, 3.0, 3.1 and 3.2 and JSON Schema (draft-04 to 2020-12)',
  });
}
