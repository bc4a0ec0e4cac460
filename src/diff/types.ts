/**
 * Raw change records: what the structural diff hands to classification. Plain data; the closed lists of
 * kinds and actions live here, in one place, and the rule schema refers to them.
 */

/** What happened to the thing a change is about. */
/** `unchanged`: something that should have moved with the rest did not (info.version). */
export const CHANGE_ACTIONS = ['added', 'removed', 'changed', 'increased', 'decreased', 'widened', 'narrowed', 'unchanged'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** What a schema change does to the set of accepted values. */
export const SCHEMA_EFFECTS = ['narrowed', 'widened', 'incomparable', 'none'] as const;
export type SchemaEffect = (typeof SCHEMA_EFFECTS)[number];

/** Changes found outside schemas (the API surface). */
export const API_CHANGE_KINDS = [
  'operation', 'operation-deprecated', 'operation-id', 'operation-summary', 'operation-description',
  'operation-tag', 'operation-sunset', 'operation-stability', 'operation-server',
  'security-requirement', 'security-requirement-scope', 'security-requirement-scheme',
  'parameter', 'parameter-required', 'parameter-deprecated', 'parameter-style', 'parameter-explode', 'parameter-array',
  'parameter-allow-empty-value', 'parameter-location', 'parameter-name', 'parameter-description', 'parameter-example',
  'request-body', 'request-body-required', 'request-body-description', 'media-type', 'media-type-parameter', 'media-type-example',
  'response', 'response-description', 'response-header', 'response-header-required', 'response-header-description',
  'parameter-sunset', 'response-header-deprecated', 'response-header-sunset', 'media-type-deprecated', 'media-type-sunset',
  // Encoding Objects of multipart and form media types: one part's content type, serialization and headers
  'encoding-content-type', 'encoding-style', 'encoding-explode', 'encoding-allow-reserved', 'encoding-header', 'encoding-header-required',
  'info-version',
  'security-scheme', 'security-scheme-type', 'security-scheme-scope', 'security-scheme-location', 'security-scheme-deprecated',
  'server', 'server-field', 'tag', 'tag-description', 'tag-field', 'info', 'external-docs', 'extension',
] as const;

/** Changes found by the schema comparator, keyword by keyword. */
export const SCHEMA_CHANGE_KINDS = [
  'schema', 'schema-type', 'schema-nullable', 'schema-format', 'schema-enum', 'schema-enum-value',
  'schema-extensible-enum-value', 'schema-const',
  'schema-minimum', 'schema-maximum', 'schema-exclusive-minimum', 'schema-exclusive-maximum',
  'schema-min-length', 'schema-max-length', 'schema-min-items', 'schema-max-items',
  'schema-min-properties', 'schema-max-properties', 'schema-multiple-of', 'schema-pattern', 'schema-unique-items',
  'schema-property', 'schema-required', 'schema-additional-properties', 'schema-read-only', 'schema-write-only',
  'schema-one-of', 'schema-any-of', 'schema-all-of', 'schema-discriminator', 'schema-discriminator-mapping',
  'schema-default', 'schema-deprecated', 'schema-title', 'schema-description', 'schema-example',
  'schema-ref-url', 'schema-keyword', 'schema-sunset', 'schema-stability', 'parameter-stability',
  // JSON Schema applicators and keywords beyond the OpenAPI subset
  'schema-prefix-items', 'schema-items', 'schema-contains', 'schema-min-contains', 'schema-max-contains',
  'schema-pattern-property', 'schema-unevaluated-properties', 'schema-unevaluated-items',
  'schema-dependent-required', 'schema-dependent-schema', 'schema-property-names', 'schema-conditional',
  'schema-not', 'schema-comment', 'schema-dialect',
  // a schema became a oneOf/anyOf of members one of which stands for it (added), or the reverse (removed)
  'schema-union',
] as const;

export const CHANGE_KINDS = [...API_CHANGE_KINDS, ...SCHEMA_CHANGE_KINDS] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type Direction = 'request' | 'response' | 'standalone';

/** Standalone JSON Schema compatibility mode (decisions.md 3); rules read it as `$.context.compatibility`. */
export type CompatibilityMode = 'backward' | 'forward' | 'full' | 'none';

/** Where a schema node is written: its file and JSON Pointer. */
export interface Origin { file: string; pointer: string }

/** Where a change sits and what is known about it; rules read these fields, messages print them. */
export interface ChangeContext {
  direction?: Direction;
  method?: string;
  path?: string;
  /** `webhook` or `callback` when the operation is one the API calls (direction swapped). */
  operationRole?: 'webhook' | 'callback';
  /** Parameter location and name. */
  in?: string;
  name?: string;
  status?: string;
  mediaType?: string;
  /** Dotted path of the schema inside its root (`items.owner.name`), empty at the root. */
  schemaPath?: string;
  /** The property a change is about (last property name), when any. */
  property?: string;
  /** Human words for what the schema belongs to: `request body`, `query parameter limit`, `response schema Pet`. */
  subject?: string;
  /** Name of the reusable component (`Pet` of `#/components/schemas/Pet`) a schema change sits in, when any. */
  component?: string;
  /** Keyword or field name for generic kinds (`info` fields, `schema-keyword`, `extension`). */
  field?: string;
  /** Enum value, tag, scope, media type or member affected, printable. */
  value?: string;
  /** What changed inside a subschema judged as a whole (`not`, `if`), in words. */
  inside?: string;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  required?: boolean;
  hasDefault?: boolean;
  /** The x-sunset of the element as written, when any, and whether it has passed by `today` (lifecycle.ts). */
  sunset?: string;
  sunsetPassed?: boolean;
  /** The x-sunset is not an RFC 3339 date or date-time, so whether it passed is unknown. */
  sunsetInvalid?: boolean;
  /** A deprecation introduced without a sunset, or with one closer than `minDeprecationDays`. */
  sunsetMissing?: boolean;
  sunsetTooSoon?: boolean;
  /** A deprecation introduced, under a minimum period, with an x-sunset that is not an RFC 3339 date. */
  deprecationSunsetInvalid?: boolean;
  minDeprecationDays?: number;
  /** The response status is a success (2xx) one. */
  success?: boolean;
  /** The base schema forbids additional properties (closed object). */
  closed?: boolean;
  /** Standalone JSON Schema: the contract's compatibility mode. */
  compatibility?: CompatibilityMode;
  /** x-stability-level of the operation in the base (everything inside an operation shares it). */
  stability?: string;
  /** The stability level is not one of draft, alpha, beta, stable. */
  stabilityInvalid?: boolean;
  /** The level is below the configured threshold (`lifecycle.exemptBelow`): removals carry no promise. */
  stabilityExempt?: boolean;
  /** Structured syntax of a media type (`json` for `application/json` and `application/problem+json`). */
  syntax?: string;
  /** Security: a removed alternative whose clients a remaining alternative still accepts; media type: a removed
   * one that a remaining range (`application/*`) includes. */
  covered?: boolean;
  /** Security: a removed scheme that some operation of the revision still names. */
  inUse?: boolean;
  /** Printable before/after values for messages. */
  from?: string;
  to?: string;
}

export interface RawChange {
  kind: ChangeKind;
  action: ChangeAction;
  /** Schema changes only: what happens to the set of accepted values. */
  effect?: SchemaEffect;
  basePointer?: string;
  revisionPointer?: string;
  /** File the pointer belongs to, when the node came from another file than the root (absolute). */
  baseFile?: string;
  revisionFile?: string;
  before?: unknown;
  after?: unknown;
  context: ChangeContext;
  /** Operations (`GET /pets`) a shared component change affects; set when more than one. */
  usedBy?: string[];
}
