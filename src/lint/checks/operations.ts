/** Named checks over OpenAPI operations and paths. */
import { joinPointer } from '../../toolkit/json-pointer.ts';
import { isRecord } from '../../toolkit/values.ts';
import type { LintDocument, RawFinding } from '../types.ts';
import { HTTP_METHODS } from '../../toolkit/openapi.ts';
import { operationsOf, parametersAt } from './openapi-walk.ts';

export function uniqueOperationIds(doc: LintDocument): RawFinding[] {
  const seen = new Map<string, string>();
  const out: RawFinding[] = [];
  for (const op of operationsOf(doc.data)) {
    const id = op.operation.operationId;
    if (typeof id !== 'string') continue;
    const first = seen.get(id);
    if (first) out.push({ pointer: joinPointer(op.pointer, 'operationId'), error: `operationId '${id}' is already used by ${first}`, values: { value: id } });
    else seen.set(id, `${op.method.toUpperCase()} ${op.path}`);
  }
  return out;
}

function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

export function pathParameters(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const paths = isRecord(doc.data) ? doc.data.paths : undefined;
  if (!isRecord(paths)) return out;
  const reportedUnused = new Set<string>();
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem) || typeof pathItem.$ref === 'string') continue;
    const pathPointer = joinPointer('/paths', path);
    const names = templateNames(path);
    const shared = parametersAt(doc.data, pathItem, pathPointer).filter((p) => p.parameter.in === 'path');
    // Operations written as external $refs are judged in the file they live in.
    if (HTTP_METHODS.some((m) => isRecord(pathItem[m]) && typeof pathItem[m].$ref === 'string')) continue;
    const ops = operationsOf({ paths: { [path]: pathItem } });
    const scopes = ops.length ? ops.map((op) => ({ pointer: op.pointer, own: parametersAt(doc.data, op.operation, op.pointer).filter((p) => p.parameter.in === 'path') })) : [{ pointer: pathPointer, own: [] }];
    for (const scope of scopes) {
      const declared = [...shared, ...scope.own];
      for (const name of names) {
        if (!declared.some((p) => p.parameter.name === name)) {
          out.push({ pointer: scope.pointer, error: `path parameter '${name}' of ${path} is not declared`, values: { value: name } });
        }
      }
      for (const p of declared) {
        if (names.includes(p.parameter.name) || reportedUnused.has(p.pointer)) continue;
        reportedUnused.add(p.pointer);
        out.push({ pointer: p.pointer, error: `path parameter '${p.parameter.name}' is declared but ${path} has no {${p.parameter.name}}`, values: { value: p.parameter.name } });
      }
    }
  }
  return out;
}

export function uniqueParameters(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const owners: [Record<string, any>, string][] = [];
  const paths = isRecord(doc.data) ? doc.data.paths : undefined;
  if (isRecord(paths)) for (const [path, item] of Object.entries(paths)) if (isRecord(item)) owners.push([item, joinPointer('/paths', path)]);
  for (const op of operationsOf(doc.data)) owners.push([op.operation, op.pointer]);
  for (const [owner, pointer] of owners) {
    const seen = new Set<string>();
    for (const p of parametersAt(doc.data, owner, pointer)) {
      const key = `${String(p.parameter.in)}:${p.parameter.name}`;
      if (seen.has(key)) out.push({ pointer: p.pointer, error: `parameter '${p.parameter.name}' in ${String(p.parameter.in)} is listed twice`, values: { value: p.parameter.name } });
      seen.add(key);
    }
  }
  return out;
}

export const identicalPaths = (doc: LintDocument) => comparePaths(doc, 'identical');
export const ambiguousPaths = (doc: LintDocument) => comparePaths(doc, 'ambiguous');

function comparePaths(doc: LintDocument, want: 'identical' | 'ambiguous'): RawFinding[] {
  const out: RawFinding[] = [];
  const paths = isRecord(doc.data) ? doc.data.paths : undefined;
  if (!isRecord(paths)) return out;
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
      if (want === 'identical' && !leftMoreGeneral && !rightMoreGeneral) out.push({ pointer: joinPointer('/paths', path), error: `${path} is identical to ${other.path} up to parameter names`, values: { value: path } });
      else if (want === 'ambiguous' && leftMoreGeneral && rightMoreGeneral) out.push({ pointer: joinPointer('/paths', path), error: `${path} is ambiguous with ${other.path}`, values: { value: path } });
    }
    group.push({ path, segments });
  }
  return out;
}

export function securityDefined(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const data = doc.data as Record<string, any>;
  if (!isRecord(data)) return out;
  const schemes = doc.kind.format === 'openapi' && doc.kind.version === '2.0' ? data.securityDefinitions : data.components?.securitySchemes;
  const defined = new Set(isRecord(schemes) ? Object.keys(schemes) : []);
  const check = (requirements: unknown, pointer: string) => {
    if (!Array.isArray(requirements)) return;
    requirements.forEach((requirement, i) => {
      if (!isRecord(requirement)) return;
      for (const name of Object.keys(requirement)) {
        if (!defined.has(name)) out.push({ pointer: joinPointer(pointer, i, name), error: `security scheme '${name}' is not defined`, values: { value: name } });
      }
    });
  };
  check(data.security, '/security');
  for (const op of operationsOf(data)) check(op.operation.security, joinPointer(op.pointer, 'security'));
  return out;
}

export function serverVariables(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const check = (servers: unknown, pointer: string) => {
    if (!Array.isArray(servers)) return;
    servers.forEach((server, i) => {
      if (!isRecord(server) || typeof server.url !== 'string') return;
      const variables = isRecord(server.variables) ? server.variables : {};
      for (const name of templateNames(server.url)) {
        if (!(name in variables)) out.push({ pointer: joinPointer(pointer, i, 'url'), error: `server variable '${name}' is not defined`, values: { value: name } });
      }
    });
  };
  const data = doc.data as Record<string, any>;
  if (!isRecord(data)) return out;
  check(data.servers, '/servers');
  if (isRecord(data.paths)) for (const [path, item] of Object.entries(data.paths)) if (isRecord(item)) check(item.servers, joinPointer('/paths', path, 'servers'));
  for (const op of operationsOf(data)) check(op.operation.servers, joinPointer(op.pointer, 'servers'));
  return out;
}

export function tagsDeclared(doc: LintDocument): RawFinding[] {
  const out: RawFinding[] = [];
  const data = doc.data as Record<string, any>;
  const declared = new Set(Array.isArray(data?.tags) ? data.tags.map((t: any) => t?.name) : []);
  const reported = new Set<string>();
  for (const op of operationsOf(data)) {
    if (!Array.isArray(op.operation.tags)) continue;
    op.operation.tags.forEach((tag: unknown, i: number) => {
      if (typeof tag !== 'string' || declared.has(tag)) return;
      const fix = reported.has(tag) ? undefined : tag;
      reported.add(tag);
      out.push({ pointer: joinPointer(op.pointer, 'tags', i), error: `tag '${tag}' is not declared in the top-level tags`, values: { value: tag }, fixTarget: '', fixDetail: fix });
    });
  }
  return out;
}

/** Response codes written as YAML numbers (`200:`) instead of strings. */
export function responseCodeQuoted(doc: LintDocument): RawFinding[] {
  if (doc.encoding !== 'yaml' || !/^\s+[1-5]\d\d\s*:/m.test(doc.text)) return [];
  const lines = doc.text.split('\n');
  const out: RawFinding[] = [];
  for (const op of operationsOf(doc.data)) {
    if (!isRecord(op.operation.responses)) continue;
    for (const code of Object.keys(op.operation.responses)) {
      if (!/^\d{3}$/.test(code)) continue;
      const pointer = joinPointer(op.pointer, 'responses', code);
      const line = keyLine(lines, doc.lineOf(pointer), code);
      if (line !== undefined && new RegExp(`^\\s*${code}\\s*:`).test(lines[line - 1])) out.push({ pointer, error: `response code ${code} is a number; write it as a string`, values: { value: code } });
    }
  }
  return out;
}

/** The line holding `key:` at or just above the node's line (block mappings put the value below its key). */
function keyLine(lines: string[], line: number | undefined, key: string): number | undefined {
  if (line === undefined) return undefined;
  for (let l = line; l >= Math.max(1, line - 2); l--) if (new RegExp(`^\\s*['"]?${key}['"]?\\s*:`).test(lines[l - 1] ?? '')) return l;
  return undefined;
}
