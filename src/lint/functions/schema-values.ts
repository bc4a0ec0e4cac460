/**
 * Functions over schema objects (used under `#schemas`): enum/const values of the declared type, regexes
 * that compile and cannot backtrack, required names the schema defines, values in a JSON Schema format.
 */
import { createRequire } from 'node:module';
import { isRecord } from '../../toolkit/values.ts';
import { declaredTypes, matchesType } from '../schema-walk.ts';
import { regexCompileError, unsafeRegexReason } from '../safe-expressions.ts';
import { NO_OPTIONS, NONE, type FunctionReport, type LintFunction } from './contract.ts';
import { quickUriFormats } from '../../toolkit/uri-formats.ts';

export const valuesMatchType: LintFunction = {
  name: 'valuesMatchType',
  description: "A schema's `enum` values and `const` are of its declared `type` (`nullable: true` / `x-nullable: true` allow null; OpenAPI enums may list null).",
  optionsSchema: NO_OPTIONS,
  messages: { enum: 'enum value {{value}} is not of type {{type}}', const: 'const value {{value}} is not of type {{type}}' },
  placeholders: ['type'],
  run(schema, _options, _target, { doc }) {
    if (!isRecord(schema)) return NONE;
    if (!Array.isArray(schema.enum) && !('const' in schema)) return NONE;
    const types = declaredTypes(schema);
    if (!types) return NONE;
    const nullable = schema.nullable === true || schema['x-nullable'] === true;
    const out: FunctionReport[] = [];
    if (Array.isArray(schema.enum)) {
      schema.enum.forEach((value: unknown, i: number) => {
        if (!matchesType(value, types, nullable || (value === null && doc.kind.format === 'openapi'))) out.push({ at: ['enum', i], messageId: 'enum', values: { value: JSON.stringify(value), type: types.join(' | ') } });
      });
    }
    if ('const' in schema && !matchesType(schema.const, types, nullable)) out.push({ at: ['const'], messageId: 'const', values: { value: JSON.stringify(schema.const), type: types.join(' | ') } });
    return out;
  },
};

export const regexCompiles: LintFunction<{ in?: 'value' | 'keys' }> = {
  name: 'regexCompiles',
  description: 'A regular expression (the string, or with `in: keys` each key of the object) compiles and cannot backtrack catastrophically.',
  optionsSchema: { type: 'object', additionalProperties: false, properties: { in: { enum: ['value', 'keys'] } } },
  messages: { invalid: 'does not compile: {{reason}}', unsafe: '{{reason}}' },
  placeholders: ['reason'],
  run(value, options) {
    const sources: [string, (string | number)[]][] =
      options.in === 'keys' ? (isRecord(value) ? Object.keys(value).map((key) => [key, [key]]) : []) : typeof value === 'string' ? [[value, []]] : [];
    const out: FunctionReport[] = [];
    for (const [source, at] of sources) {
      const compileError = regexCompileError(source);
      if (compileError) {
        out.push({ at, messageId: 'invalid', values: { value: source, reason: compileError } });
        continue;
      }
      const unsafe = unsafeRegexReason(source, { alternatives: false });
      if (unsafe) out.push({ at, messageId: 'unsafe', values: { value: source, reason: unsafe } });
    }
    return out;
  },
};

export const requiredDefined: LintFunction = {
  name: 'requiredDefined',
  description:
    "A schema's `required` names only properties it defines in `properties`, and appears only where the type allows objects. Schemas whose properties may come from elsewhere (composition, patternProperties, additionalProperties, $ref, allOf members) are not judged.",
  optionsSchema: NO_OPTIONS,
  messages: { noEffect: 'required has no effect on a schema of type {{type}}', notDefined: "required property '{{value}}' is not defined in properties" },
  placeholders: ['type'],
  run(schema, _options, target) {
    if (!isRecord(schema) || !Array.isArray(schema.required)) return NONE;
    const types = declaredTypes(schema);
    if (types && !types.includes('object')) return [{ at: ['required'], messageId: 'noEffect', values: { value: schema.required, type: types.join(' | ') } }];
    if (!isRecord(schema.properties)) return NONE;
    if (schema.allOf || schema.anyOf || schema.oneOf || schema.patternProperties || schema.$ref || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) return NONE;
    const properties = schema.properties;
    const reports: FunctionReport[] = schema.required.flatMap((name: unknown, i: number) => (typeof name === 'string' && !(name in properties) ? [{ at: ['required', i], messageId: 'notDefined', values: { value: name } }] : NONE));
    // A member of an allOf may require what a sibling member defines (the pointer is built only now: rarely).
    if (reports.length === 0 || /\/(allOf|anyOf|oneOf)\/\d+$/.test(target.pointer)) return NONE;
    return reports;
  },
};

type FormatCheck = { validate: (text: string) => boolean } | RegExp | ((text: string) => boolean);
let formats: Record<string, FormatCheck> | undefined;
function formatTest(name: string): (text: string) => boolean {
  if (!formats) {
    const { fullFormats } = createRequire(import.meta.url)('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatCheck> & Parameters<typeof quickUriFormats>[0] };
    formats = { ...fullFormats, ...quickUriFormats(fullFormats) };
  }
  const check = formats[name];
  if (check instanceof RegExp) return (text) => check.test(text);
  if (typeof check === 'function') return check;
  return (text) => check.validate(text);
}

const FORMATS = ['date', 'date-time', 'time', 'duration', 'uri', 'uri-reference', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];

export const format: LintFunction<{ formats: string[] }> = {
  name: 'format',
  description: 'A string is valid in one of the JSON Schema `formats` (date, date-time, uri, email, uuid...); a YAML date counts as a date. Absent and null values are not judged.',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['formats'],
    properties: { formats: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: FORMATS } } },
  },
  messages: { invalid: 'is not a valid {{formats}}' },
  placeholders: ['formats'],
  run(value, options) {
    if (value === undefined || value === null) return NONE;
    if (value instanceof Date && options.formats.some((f) => f === 'date' || f === 'date-time')) return NONE;
    const ok = typeof value === 'string' && options.formats.some((name) => formatTest(name)(value));
    return ok ? NONE : [{ values: { formats: options.formats.join(' or ') } }];
  },
};
