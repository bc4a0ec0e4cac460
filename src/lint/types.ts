/** The lint vocabulary: rules as loaded from rule files, the document handed to the engine, violations. */
import type { SpecKind } from '../load/types.ts';

export const LINT_SEVERITIES = ['error', 'warn', 'info', 'hint'] as const;
export type LintSeverity = (typeof LINT_SEVERITIES)[number];

export interface ThenClause {
  field?: string;
  /** A function of the registry (src/lint/functions/). */
  function: string;
  functionOptions?: Record<string, unknown>;
}

export type FixSpec =
  | { action: 'remove-duplicates' | 'strip-trailing-slash' | 'quote-key' | 'declare-tag' }
  | { action: 'set'; field: string; value: boolean | number | string };

/** Linters whose rule sets specver's lint rules are held against. */
export type PeerLinter = 'spectral' | 'redocly';

export interface LintRule {
  id: string;
  description: string;
  /** The default message template. */
  message: string;
  /** Templates per message id a function reports (ESLint's messageId); `message` words the others. */
  messages?: Record<string, string>;
  severity: LintSeverity | 'off';
  /** Which documents the rule applies to: `openapi-3.1`, `json-schema-draft-07`, ... (all of its format when absent). */
  formats?: string[];
  given?: string[];
  then?: ThenClause[];
  /**
   * The wording of `{{error}}` per message id, instead of the functions' own: a rule written with a named
   * check of earlier versions reads as the built-in rule that check became.
   */
  errorWording?: { message: string; messages?: Record<string, string> };
  fix?: FixSpec;
  /** Which files of a multi-file spec the rule judges: the API as a whole (default), the root file, or each file as written. */
  files?: 'api' | 'root' | 'each';
  /** Also run on the files a JSON Schema refers to (the rule judges single schemas). */
  schemaFiles?: boolean;
  /** The rules of other linters this one corresponds to (docs/lint-coverage.md). */
  equivalents?: Partial<Record<PeerLinter, string[]>>;
  /** `openapi` or `json-schema`: the rule directory it came from (custom rules: from `formats`, else both). */
  format?: 'openapi' | 'json-schema';
  /** Where the rule was read from (for errors). */
  source: string;
}

/** One document as the engine sees it: the root file as written (refs not resolved). */
export interface LintDocument {
  kind: SpecKind;
  data: unknown;
  /** The root file's source text (used by checks that look at how something is written, and by --fix). */
  text: string;
  encoding: 'yaml' | 'json';
  /** Path shown in reports, relative to the project root. */
  file: string;
  /** 1-based line of the node at a pointer in this file. */
  lineOf(pointer: string): number | undefined;
  /** The `$ref`s written in this file that the loading stage follows, each with its problem if it does not resolve. */
  refs?: LintRef[];
  /** Pointers in this file that some `$ref` (from any file of the spec) points at. */
  refTargets?: ReadonlySet<string>;
  /**
   * For a file referenced by a multi-file spec: the pointers of the schemas other files refer to. Only
   * schema rules run on such a file, starting from these schemas.
   */
  schemaRoots?: string[];
  /**
   * For a merged multi-file view: the file (as shown), pointer and line where the node at a pointer of
   * `data` is written. Violations are reported there, once per place.
   */
  locate?(pointer: string): { file: string; pointer: string; line?: number };
}

/** A `$ref` as the loading stage found it. */
export interface LintRef {
  ref: string;
  /** Pointer of the `$ref` key in its file. */
  readonly pointer: string;
  /** Why it does not resolve (the loading stage's words), when it does not. */
  problem?: string;
}

export interface LintViolation {
  rule: string;
  severity: LintSeverity;
  message: string;
  file: string;
  line?: number;
  /** JSON Pointer of the offending node (or of the missing field) in `file`. */
  pointer: string;
  /** Set when the rule has a fix that `--fix` can apply. */
  fix?: { spec: FixSpec; target: string; detail?: string };
}

/** `openapi-3.0`, `json-schema-draft-07`, ... */
export function formatTag(kind: SpecKind): string {
  return kind.format === 'openapi' ? `openapi-${kind.version}` : `json-schema-${kind.dialect}`;
}

/** A fix `lint --fix` applied. */
export interface AppliedFix {
  rule: string;
  file: string;
  pointer: string;
  description: string;
}

/** The lint outcome of one contract. */
export interface ContractLintResult {
  name: string;
  format: 'openapi' | 'json-schema';
  /** "OpenAPI 3.0", "JSON Schema draft-07". */
  spec: string;
  /** Spec file, relative to the project root. */
  file: string;
  violations: LintViolation[];
  fixed: AppliedFix[];
  /** Findings the lint baseline records (left out of `violations`: they never fail the run). */
  baselined?: LintViolation[];
}

export interface LintReport {
  contracts: ContractLintResult[];
}

export function countBySeverity(violations: LintViolation[]): Record<LintSeverity, number> {
  const counts: Record<LintSeverity, number> = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const v of violations) counts[v.severity]++;
  return counts;
}

export function hasErrors(result: ContractLintResult): boolean {
  return result.violations.some((v) => v.severity === 'error');
}
