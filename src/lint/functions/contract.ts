/**
 * The contract of a lint function (Spectral's custom functions, ESLint's messageIds): a name, a JSON Schema
 * for its options (checked with ajv when a rule file loads), the message ids it reports with the default
 * wording of each, and `run`. A function reports where and which message, with values for the placeholders;
 * the rule's JSON holds the words (`message`, `messages`). The default wording only fills `{{error}}` in
 * rules that do not word a message themselves (team rules written for the core functions).
 */
import type { SpecKind } from '../../load/types.ts';
import type { LintDocument } from '../types.ts';

export interface FunctionTarget {
  /** Pointer of the value the function judges (the match, or its `field`). */
  pointer: string;
  value: unknown;
  /** Pointer and value of the node the `given` matched. */
  match: { pointer: string; value: unknown; key: string | number | null | undefined };
}

export interface FunctionContext {
  doc: LintDocument;
}

export interface FunctionReport {
  /** Segments below the target where the problem is (e.g. one array item). */
  at?: (string | number)[];
  /** The pointer of the problem in the document, for functions that judge more than the target. */
  pointer?: string;
  /** Which message of the rule words the report (the function's first id when absent). */
  messageId?: string;
  /** Placeholder values (`{{value}}` defaults to the target's value). */
  values?: Record<string, unknown>;
  /** Node a fix edits (defaults to the matched node). */
  fixTarget?: string;
  /** Fix argument (e.g. the tag name to declare). */
  fixDetail?: string;
}

export interface LintFunction<Options = any> {
  name: string;
  /** One sentence for docs/custom-rules.md. */
  description: string;
  /** JSON Schema of `functionOptions` (an empty object schema when it takes none). */
  optionsSchema: Record<string, unknown>;
  /** Message id -> default wording; the first id is the one reported when a report names none. */
  messages: Record<string, string>;
  /** The message ids a rule with these options can report (all of `messages` when absent). */
  messageIdsFor?(options: Options): string[];
  /** Placeholders the reports fill, besides {{value}}, {{property}}, {{path}}, {{description}}, {{error}}. */
  placeholders?: string[];
  /** Placeholders that depend on the options (e.g. the compared fields). */
  placeholdersFor?(options: Options): string[];
  /**
   * `each` (default): `run` judges one target at a time. `all`: `runAll` judges every target of the rule
   * together (a value unique across matches).
   */
  scope?: 'each' | 'all';
  /** Judges absent values too (`truthy`, `defined`); other functions are not called for an absent target. */
  judgesAbsent?: boolean;
  /** Judges the whole document from `given: "$"`: runs even when the document is a bare `$ref`. */
  wholeDocument?: boolean;
  /** Loads what `run` needs for a kind of document (code only some documents need); the engine awaits it first. */
  prepare?(kind: SpecKind): Promise<void>;
  run?(value: unknown, options: Options, target: FunctionTarget, context: FunctionContext): FunctionReport[];
  runAll?(targets: FunctionTarget[], options: Options, context: FunctionContext): FunctionReport[];
  /** A load-time check the options schema cannot express (regex safety, a schema that must compile). */
  checkOptions?(options: Options): string | undefined;
  /** Called for the options of built-in rules when they load (trusted patterns run on native RegExp). */
  trustOptions?(options: Options): void;
}

/** The report list of a value that passes (shared: the engine never changes a function's reports). */
export const NONE: FunctionReport[] = [];

/** Options schema of a function without options. */
export const NO_OPTIONS = { type: 'object', additionalProperties: false, properties: {} } as const;
