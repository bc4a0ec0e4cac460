/**
 * Functions that judge a whole document (`given: "$"`): against its meta-schema, its `$ref`s as the loading
 * stage resolved them, its examples and defaults against their schemas, and `parseable`, whose findings the
 * parser makes before any document exists.
 */
import { examplesValid } from '../examples-valid.ts';
import { loadMetaSchema, metaSchemaFindings } from '../meta-schema.ts';
import { NO_OPTIONS, type LintFunction } from './contract.ts';

export const documentSchema: LintFunction = {
  name: 'documentSchema',
  description: 'The document is valid against the schema of its format: the OpenAPI document schema of its version, or the meta-schema of its JSON Schema dialect (with `given: "$"`).',
  optionsSchema: NO_OPTIONS,
  wholeDocument: true,
  messages: { invalid: '{{path}} {{reason}}' },
  placeholders: ['reason'],
  prepare: loadMetaSchema,
  run: (_value, _options, _target, { doc }) => metaSchemaFindings(doc).map((finding) => ({ pointer: finding.pointer, values: { reason: finding.error } })),
};

export const refsResolve: LintFunction = {
  name: 'refsResolve',
  description: "Every `$ref` written in the file resolves (with `given: \"$\"`); `{{reason}}` is the loading stage's account of why one does not.",
  optionsSchema: NO_OPTIONS,
  wholeDocument: true,
  messages: { broken: '{{reason}}' },
  placeholders: ['reason'],
  run: (_value, _options, _target, { doc }) =>
    (doc.refs ?? []).filter((ref) => ref.problem !== undefined).map((ref) => ({ pointer: ref.pointer, values: { value: ref.ref, reason: ref.problem } })),
};

export const examplesMatchSchema: LintFunction = {
  name: 'examplesMatchSchema',
  description: "Examples and defaults are valid against their schema (with `given: \"$\"`): schemas' example, examples and default, and the examples of parameters, headers and media types against their sibling schema (Swagger 2.0: body parameters' `x-example` and responses' `examples`), leaving required readOnly properties out of requests and writeOnly ones out of responses.",
  optionsSchema: NO_OPTIONS,
  wholeDocument: true,
  messages: {
    example: 'example {{reason}}',
    namedExample: "example '{{name}}' {{reason}}",
    default: 'default {{reason}}',
    exampleNotChecked: 'example could not be checked: {{reason}}',
    namedExampleNotChecked: "example '{{name}}' could not be checked: {{reason}}",
    defaultNotChecked: 'default could not be checked: {{reason}}',
  },
  placeholders: ['reason', 'name'],
  run: (_value, _options, _target, { doc }) => examplesValid(doc).map((problem) => ({ pointer: problem.pointer, messageId: problem.messageId, values: problem.values })),
};

/**
 * A parsed document is parseable: this function never reports. A rule using it is reported by the loading
 * stage when a file does not parse (parse-findings.ts), with `{{reason}}` the parser's words.
 */
export const parseable: LintFunction = {
  name: 'parseable',
  description: "The file is valid YAML or JSON. The parser reports it before a document exists, so the rule's `given` is `$` and `{{reason}}` holds the parser's words.",
  optionsSchema: NO_OPTIONS,
  wholeDocument: true,
  messages: { unparsable: '{{reason}}' },
  placeholders: ['reason'],
  run: () => [],
};
