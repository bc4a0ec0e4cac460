/**
 * Functions over OpenAPI paths: path template parameters against the declared path parameters, paths that
 * collide, and map keys written as YAML numbers.
 */
import { joinPointer } from '../../toolkit/json-pointer.ts';
import { HTTP_METHODS, templateVariables } from '../../toolkit/openapi.ts';
import { isRecord } from '../../toolkit/values.ts';
import { unsafeRegexReason } from '../safe-expressions.ts';
import { operationsOf, parametersAt } from '../openapi-walk.ts';
import type { LintDocument } from '../types.ts';
import { NO_OPTIONS, type FunctionReport, type LintFunction } from './contract.ts';

export const pathParameters: LintFunction = {
  name: 'pathParameters',
  description:
    'Applied to the paths object: every `{name}` of a path template is declared as a path parameter (of the path item or of each operation), and every declared path parameter appears in its path. In-document `$ref` parameters are followed.',
  optionsSchema: NO_OPTIONS,
  messages: { undeclared: "path parameter '{{value}}' of {{pathTemplate}} is not declared", unused: "path parameter '{{value}}' is declared but {{pathTemplate}} has no {{{value}}}" },
  placeholders: ['pathTemplate'],
  run(paths, _options, target, { doc }) {
    if (!isRecord(paths)) return [];
    const out: FunctionReport[] = [];
    const reportedUnused = new Set<string>();
    for (const [path, pathItem] of Object.entries(paths)) {
      if (!isRecord(pathItem) || typeof pathItem.$ref === 'string') continue;
      const pathPointer = joinPointer(target.pointer, path);
      const names = templateVariables(path);
      const shared = parametersAt(doc.data, pathItem, pathPointer).filter((p) => p.parameter.in === 'path');
      // Operations written as external $refs are judged in the file they live in.
      if (HTTP_METHODS.some((m) => isRecord(pathItem[m]) && typeof pathItem[m].$ref === 'string')) continue;
      const ops = operationsOf({ paths: { [path]: pathItem } });
      const scopes = ops.length ? ops.map((op) => ({ pointer: joinPointer(target.pointer, path, op.method), own: parametersAt(doc.data, op.operation, joinPointer(target.pointer, path, op.method)).filter((p) => p.parameter.in === 'path') })) : [{ pointer: pathPointer, own: [] }];
      for (const scope of scopes) {
        const declared = [...shared, ...scope.own];
        for (const name of names) {
          if (!declared.some((p) => p.parameter.name === name)) out.push({ pointer: scope.pointer, messageId: 'undeclared', values: { value: name, pathTemplate: path } });
        }
        for (const p of declared) {
          if (names.includes(p.parameter.name) || reportedUnused.has(p.pointer)) continue;
          reportedUnused.add(p.pointer);
          out.push({ pointer: p.pointer, messageId: 'unused', values: { value: p.parameter.name, pathTemplate: path } });
        }
      }
    }
    return out;
  },
};

export const pathsDistinct: LintFunction<{ mode: 'identical' | 'ambiguous' }> = {
  name: 'pathsDistinct',
  description:
    'Applied to the paths object: no two paths are `identical` up to the names of their parameters, or (mode `ambiguous`) could both match one request path with neither more specific. Each later path is reported, naming the earlier one (`{{other}}`).',
  optionsSchema: { type: 'object', additionalProperties: false, required: ['mode'], properties: { mode: { enum: ['identical', 'ambiguous'] } } },
  messages: { identical: '{{value}} is identical to {{other}} up to parameter names', ambiguous: '{{value}} is ambiguous with {{other}}' },
  messageIdsFor: (options) => [options.mode],
  placeholders: ['other'],
  run(paths, options) {
    if (!isRecord(paths)) return [];
    const out: FunctionReport[] = [];
    const byLength = new Map<number, { path: string; segments: string[] }[]>();
    for (const path of Object.keys(paths)) {
      const segments = path.replace(/\/+$/, '').split('/').map((s) => (/^\{[^}]+\}$/.test(s) ? '{}' : s));
      const group = byLength.get(segments.length) ?? [];
      byLength.set(segments.length, group);
      for (const other of group) {
        let leftMoreGeneral = false;
        let rightMoreGeneral = false;
        let compatible = true;
        for (let i = 0; i < segments.length && compatible; i++) {
          const a = other.segments[i];
          const b = segments[i];
          if (a === b) continue;
          if (a === '{}') leftMoreGeneral = true;
          else if (b === '{}') rightMoreGeneral = true;
          else compatible = false;
        }
        if (!compatible) continue;
        const identical = !leftMoreGeneral && !rightMoreGeneral;
        const ambiguous = leftMoreGeneral && rightMoreGeneral;
        if ((options.mode === 'identical' && identical) || (options.mode === 'ambiguous' && ambiguous)) out.push({ at: [path], messageId: options.mode, values: { value: path, other: other.path } });
      }
      group.push({ path, segments });
    }
    return out;
  },
};

export const keyWrittenAsString: LintFunction<{ keys: string }> = {
  name: 'keyWrittenAsString',
  description: 'In a YAML file, the keys of an object that match `keys` (a regular expression) are written as strings, not as numbers (`200:` is a number).',
  optionsSchema: { type: 'object', additionalProperties: false, required: ['keys'], properties: { keys: { type: 'string', minLength: 1 } } },
  messages: { number: 'key {{value}} is a number; write it as a string' },
  checkOptions: (options) => {
    const reason = unsafeRegexReason(options.keys);
    return reason ? `keyWrittenAsString keys '${options.keys}' ${reason}` : undefined;
  },
  run(value, options, target, { doc }) {
    if (doc.encoding !== 'yaml' || !isRecord(value)) return [];
    const text = textLines(doc);
    if (!text) return [];
    const { lines, unquoted } = text;
    const keys = new RegExp(options.keys);
    const out: FunctionReport[] = [];
    for (const key of Object.keys(value)) {
      // Only digits can be a YAML number here (the key is also matched against the line as written).
      if (!unquoted.has(key) || !keys.test(key) || !/^\d+$/.test(key)) continue;
      const pointer = joinPointer(target.pointer, key);
      const line = keyLine(lines, doc.lineOf(pointer), key);
      if (line !== undefined && new RegExp(`^\\s*${key}\\s*:`).test(lines[line - 1])) out.push({ at: [key], values: { value: key }, fixTarget: pointer });
    }
    return out;
  },
};

interface TextLines {
  lines: string[];
  /** Every digit key some line writes unquoted (`  200:`): only these can be reported. */
  unquoted: Set<string>;
}

const linesCache = new WeakMap<LintDocument, TextLines | null>();
/** The lines of a YAML document's text, split once per document; null when no key is written as a number. */
function textLines(doc: LintDocument): TextLines | null {
  let found = linesCache.get(doc);
  if (found === undefined) {
    found = /^[ \t]+\d+[ \t]*:/m.test(doc.text) ? { lines: doc.text.split('\n'), unquoted: new Set([...doc.text.matchAll(/^[^\S\n]*(\d+)[^\S\n]*:/gm)].map((m) => m[1])) } : null;
    linesCache.set(doc, found);
  }
  return found;
}

/** The line holding `key:` at or just above the node's line (block mappings put the value below its key). */
function keyLine(lines: string[], line: number | undefined, key: string): number | undefined {
  if (line === undefined) return undefined;
  for (let l = line; l >= Math.max(1, line - 2); l--) if (new RegExp(`^\\s*['"]?${key}['"]?\\s*:`).test(lines[l - 1] ?? '')) return l;
  return undefined;
}
