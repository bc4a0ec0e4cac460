/** Named checks over every schema object of a document (found in one walk, see schema-walk.ts). */
import { joinPointer } from '../../toolkit/json-pointer.ts';
import { isRecord } from '../../toolkit/values.ts';
import { declaredTypes, matchesType } from '../schema-walk.ts';
import { schemasOf } from '../aliases.ts';
import { regexCompileError, unsafeRegexReason } from '../safe-expressions.ts';
import type { LintDocument, RawFinding } from '../types.ts';

function duplicatesIn(list: unknown[]): unknown[] {
  const seen = new Set<string>();
  const duplicates: unknown[] = [];
  for (const item of list) {
    const key = JSON.stringify(item);
    if (seen.has(key)) duplicates.push(item);
    seen.add(key);
  }
  return duplicates;
}

export function enumType(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  for (const { schema, pointer } of schemasOf(doc)) {
    const types = declaredTypes(schema);
    if (!types) continue;
    const nullable = schema.nullable === true || schema['x-nullable'] === true;
    if (Array.isArray(schema.enum)) {
      schema.enum.forEach((value: unknown, i: number) => {
        if (!matchesType(value, types, nullable || (value === null && doc.kind.format === 'openapi'))) {
          out.push({ pointer: joinPointer(pointer, 'enum', i), error: `enum value ${JSON.stringify(value)} is not of type ${types.join(' | ')}`, values: { value } });
        }
      });
    }
    if ('const' in schema && !matchesType(schema.const, types, nullable)) {
      out.push({ pointer: joinPointer(pointer, 'const'), error: `const value ${JSON.stringify(schema.const)} is not of type ${types.join(' | ')}`, values: { value: schema.const } });
    }
  }
  return out;
}

export function arrayItems(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  for (const { schema, pointer } of schemasOf(doc)) {
    const types = declaredTypes(schema);
    if (types?.includes('array') && schema.items === undefined && schema.prefixItems === undefined && schema.$ref === undefined) {
      out.push({ pointer, error: 'a schema of type array has no items' });
    }
  }
  return out;
}

function duplicateEntries(doc: LintDocument, keyword: 'enum' | 'required'): RawFinding[] {
  const out: RawFinding[] = [];
  for (const { schema, pointer } of schemasOf(doc)) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    const duplicates = duplicatesIn(list);
    if (duplicates.length) {
      out.push({ pointer: joinPointer(pointer, keyword), error: `${keyword} lists ${duplicates.map((d) => JSON.stringify(d)).join(', ')} more than once`, values: { value: duplicates.map((d) => JSON.stringify(d)).join(', ') } });
    }
  }
  return out;
}

export const duplicateEnum = (doc: LintDocument) => duplicateEntries(doc, 'enum');
export const duplicateRequired = (doc: LintDocument) => duplicateEntries(doc, 'required');

export function requiredDefined(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  for (const { schema, pointer } of schemasOf(doc)) {
    if (!Array.isArray(schema.required)) continue;
    const types = declaredTypes(schema);
    if (types && !types.includes('object')) {
      out.push({ pointer: joinPointer(pointer, 'required'), error: `required has no effect on a schema of type ${types.join(' | ')}`, values: { value: schema.required } });
      continue;
    }
    if (!isRecord(schema.properties)) continue;
    // Properties may come from composition or patterns; only judge schemas that define them all in one place.
    // A member of an allOf may require what a sibling member defines.
    if (/\/(allOf|anyOf|oneOf)\/\d+$/.test(pointer)) continue;
    if (schema.allOf || schema.anyOf || schema.oneOf || schema.patternProperties || schema.$ref || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) continue;
    schema.required.forEach((name: unknown, i: number) => {
      if (typeof name === 'string' && !(name in schema.properties)) {
        out.push({ pointer: joinPointer(pointer, 'required', i), error: `required property '${name}' is not defined in properties`, values: { value: name } });
      }
    });
  }
  return out;
}

export function patternCompiles(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const check = (source: unknown, pointer: string) => {
    if (typeof source !== 'string') return;
    const compileError = regexCompileError(source);
    if (compileError) {
      out.push({ pointer, error: `pattern does not compile: ${compileError}`, values: { value: source } });
      return;
    }
    const unsafe = unsafeRegexReason(source, { alternatives: false });
    if (unsafe) out.push({ pointer, error: `pattern ${unsafe}`, values: { value: source } });
  };
  for (const { schema, pointer } of schemasOf(doc)) {
    check(schema.pattern, joinPointer(pointer, 'pattern'));
    if (isRecord(schema.patternProperties)) for (const key of Object.keys(schema.patternProperties)) check(key, joinPointer(pointer, 'patternProperties', key));
  }
  return out;
}
