/** What the loading stage hands to every later stage (diff, lint, snapshots). */

export type SourceEncoding = 'yaml' | 'json';

export type OpenApiVersion = '2.0' | '3.0' | '3.1' | '3.2';
export type JsonSchemaDialect = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

export type SpecKind =
  | { format: 'openapi'; version: OpenApiVersion; /** the `swagger`/`openapi` field as written */ declared: string }
  | { format: 'json-schema'; dialect: JsonSchemaDialect; /** `$schema` as written, if any */ declared?: string };

/** One parsed file. Line numbers are computed lazily: only reported locations pay for them. */
export interface SourceFile {
  /** Absolute path (or a `git:<ref>:<path>` style label for files read from git). */
  path: string;
  text: string;
  encoding: SourceEncoding;
  /**
   * The parsed value, `$ref`s as written. In files returned by loadSpec the first parse became the resolved
   * document, so this re-parses the text on first read (only lint and snapshots pay for it).
   */
  data: unknown;
  /** How many numbers in the file a double cannot hold exactly (their text is kept: spec/exact-numbers.ts). */
  inexactNumbers?: number;
  /** 1-based line of the node at a JSON Pointer in this file, or undefined when the pointer does not exist. */
  lineOf(pointer: string): number | undefined;
}

export interface NodeOrigin {
  /** Absolute path of the file the node is written in. */
  file: string;
  /** JSON Pointer of the node inside that file. */
  pointer: string;
}

export interface LoadedSpec {
  /** Absolute path of the root file. */
  path: string;
  kind: SpecKind;
  /** The root file as parsed (before $ref resolution). */
  source: SourceFile;
  /**
   * The document with local $refs resolved: in-document and local-file refs are replaced by their targets.
   * A target used in several places is one shared object (compare by identity to avoid re-walking it);
   * circular refs remain as object cycles. http(s) refs without a refs.map entry stay as `{ $ref: url }`.
   */
  document: any;
  /** Every file read while loading, by absolute path (root included). */
  files: Map<string, SourceFile>;
  /**
   * Where a resolved object node was written (file + pointer). Undefined for primitives and synthetic nodes.
   * `at` is the pointer the caller reached the node by: when the node was written there, the answer needs no
   * walk of the whole document.
   */
  origin(node: object, at?: string): NodeOrigin | undefined;
  /**
   * Where key `key` of `node` was written: beside the node, or, for a `$ref` with sibling keywords, in the
   * target the key came from. Undefined where `origin` would be.
   */
  keyOrigin?(node: object, key: string, at?: string): NodeOrigin | undefined;
  /**
   * The absolute URL an unresolved `{ $ref: url }` node names (a relative ref read against the `$id` it sits
   * under), so two spellings of one target compare equal. Undefined for any other node.
   */
  refUrl?(node: object): string | undefined;
  /**
   * The nodes of `document` reachable along more than one path (the targets of `$ref`s, the members merged
   * `$ref`s share: load/shared-nodes.ts); every cycle passes through one. Undefined when any node may be.
   */
  sharedNodes?: ReadonlySet<object>;
}

export interface LoadOptions {
  /** Absolute project root: $refs to files outside it are refused (ConfigError, exit 2). */
  projectRoot: string;
  /** http(s) URL prefix -> absolute local directory with vendored copies. */
  refsMap?: Record<string, string>;
  /** Reads a file's text; defaults to the file system. Used to load specs at a git ref. */
  readFile?: (absolutePath: string) => Promise<string>;
  /** How messages name projectRoot when it is not a project's root (a spec given as a file: its directory). */
  rootName?: string;
  /** Expected format, when the config names one; a mismatch is a ConfigError. */
  expectedFormat?: 'openapi' | 'json-schema';
}
