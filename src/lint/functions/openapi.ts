/**
 * Functions over OpenAPI paths: path template parameters against the declared path parameters, paths that
 * collide, and map keys written as YAML numbers.
 */
import { joinPointer } from '../../toolkit/json-pointer.ts';
import { pathItemOperations, templateVariables } from '../../toolkit/openapi.ts';
import { isRecord } from '../../toolkit/values.ts';
import { unsafeRegexReason } from '../safe-expressions.ts';
import { untrustedRegex } from '../untrusted-regex.ts';
import { openApiMinor, operationsOf, parametersAt } from '../openapi-walk.ts';
import { pathCollisions } from './path-collisions.ts';
import type { LintDocument } from '../types.ts';
import { NO_OPTIONS, type FunctionReport, type LintFunction } from './contract.ts';

export const pathParameters: LintFunction = {
  name: 'pathParameters',
  description:
    'Applied to the paths object: every `{name}` of a path template is declared as a path parameter (of the path item or of each operation), appears once in the template, and every declared path parameter appears in its path. A path item without operations declares nothing to call, so only its own parameters are judged. In-document `$ref` parameters are followed.',
  optionsSchema: NO_OPTIONS,
  messages: {
    undeclared: "path parameter '{{value}}' of {{pathTemplate}} is not declared",
    unused: "path parameter '{{value}}' is declared but {{pathTemplate}} has no {{{value}}}",
    repeated: "path parameter '{{value}}' appears more than once in {{pathTemplate}}",
  },
  placeholders: ['pathTemplate'],
  run(paths, _options, target, { doc }) {
    if (!isRecord(paths)) return [];
    const out: FunctionReport[] = [];
    const reportedUnused = new Set<string>();
    for (const [path, pathItem] of Object.entries(paths)) {
      if (!isRecord(pathItem) || typeof pathItem.$ref === 'string') continue;
      const pathPointer = joinPointer(target.pointer, path);
      const names = templateVariables(path);
      // One value cannot fill two places of a template: the second `{id}` cannot be told apart from the first.
      for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) out.push({ pointer: pathPointer, messageId: 'repeated', values: { value: name, pathTemplate: path } });
      const shared = parametersAt(doc.data, pathItem, pathPointer).filter((p) => p.parameter.in === 'path');
      // Operations written as external $refs are judged in the file they live in.
      const version = openApiMinor(doc.data);
      if (pathItemOperations(pathItem, version).some((op) => typeof op.node.$ref === 'string')) continue;
      const ops = operationsOf({ openapi: isRecord(doc.data) ? doc.data.openapi : undefined, paths: { [path]: pathItem } });
      // Without operations nothing can be called, so a template parameter no operation declares is no fault
      // (path-declaration-not-empty and the OpenAPI schema judge such path items); the path item's own
      // parameters must still appear in its path.
      const scopes = ops.length
        ? ops.map((op) => ({ pointer: `${pathPointer}/${op.segment}`, own: parametersAt(doc.data, op.operation, `${pathPointer}/${op.segment}`).filter((p) => p.parameter.in === 'path'), callable: true }))
        : [{ pointer: pathPointer, own: [], callable: false }];
      for (const scope of scopes) {
        const declared = [...shared, ...scope.own];
        for (const name of scope.callable ? new Set(names) : []) {
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
    return pathCollisions(Object.keys(paths), options.mode).map(({ path, other }) => ({ at: [path], messageId: options.mode, values: { value: path, other } }));
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
    // A team's rule file is untrusted: its pattern runs on the linear-time engine, like a `pattern` function's.
    const keys = untrustedRegex(options.keys);
    const out: FunctionReport[] = [];
    for (const key of Object.keys(value)) {
      // Only digits can be a YAML number here (the key is also matched against the line as written).
      if (!/^\d+$/.test(key) || !keys.test(key) || !writtenUnquoted(doc, key)) continue;
      const pointer = joinPointer(target.pointer, key);
      const lines = linesOf(doc);
      const line = keyLine(lines, doc.lineOf(pointer), key);
      if (line !== undefined && new RegExp(`^\\s*${key}\\s*:`).test(lines[line - 1])) out.push({ at: [key], values: { value: key }, fixTarget: pointer });
    }
    return out;
  },
};

/** Per document: whether some line writes a digit key unquoted (`  200:`), by key; and the text's lines. */
const keyTexts = new WeakMap<LintDocument, { unquoted: Map<string, boolean>; lines?: string[] }>();

function keyTextOf(doc: LintDocument) {
  let found = keyTexts.get(doc);
  if (!found) keyTexts.set(doc, (found = { unquoted: new Map() }));
  return found;
}

const isBlank = (code: number) => code === 32 || code === 9;

/**
 * Whether a line starts with `key` (after indentation) followed by a colon. Each key's occurrences are
 * found with indexOf, which costs far less on a large spec than a line-anchored regex over the whole text.
 */
function writtenUnquoted(doc: LintDocument, key: string): boolean {
  const { unquoted } = keyTextOf(doc);
  let found = unquoted.get(key);
  if (found !== undefined) return found;
  const text = doc.text;
  found = false;
  for (let at = text.indexOf(key); at >= 0 && !found; at = text.indexOf(key, at + 1)) {
    let before = at - 1;
    while (before >= 0 && isBlank(text.charCodeAt(before))) before--;
    if (before >= 0 && text.charCodeAt(before) !== 10) continue;
    let after = at + key.length;
    while (after < text.length && isBlank(text.charCodeAt(after))) after++;
    found = text.charCodeAt(after) === 58; // ':'
  }
  unquoted.set(key, found);
  return found;
}

function linesOf(doc: LintDocument): string[] {
  const texts = keyTextOf(doc);
  texts.lines ??= doc.text.split('\n');
  return texts.lines;
}

/** The line holding `key:` at or just above the node's line (block mappings put the value below its key). */
function keyLine(lines: string[], line: number | undefined, key: string): number | undefined {
  if (line === undefined) return undefined;
  for (let l = line; l >= Math.max(1, line - 2); l--) if (new RegExp(`^\\s*['"]?${key}['"]?\\s*:`).test(lines[l - 1] ?? '')) return l;
  return undefined;
}
