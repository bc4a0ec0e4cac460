/**
 * `{{placeholder}}` interpolation for rule messages, filled from the change's context (and a few derived
 * words). A name outside the vocabulary is an error: the rules meta-test catches it before users do.
 */
import type { RawChange } from '../diff/types.ts';
import { unescapeSegment } from '../toolkit/json-pointer.ts';
import { schemaPathWords, schemaTarget } from './schema-path-words.ts';

/** Context fields a message may use, plus derived ones. */
export const PLACEHOLDERS = [
  'method', 'path', 'in', 'name', 'status', 'mediaType', 'schemaPath', 'property', 'subject', 'field', 'value',
  'sunset', 'stability', 'from', 'to', 'direction', 'operationRole', 'compatibility', 'component',
  'minDeprecationDays',
  // derived
  'target', 'owner', 'operation', 'kind', 'action', 'element', 'inside',
] as const;
const KNOWN = new Set<string>(PLACEHOLDERS);
const PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PATTERN)].map((m) => m[1]);
}

export function unknownPlaceholders(template: string): string[] {
  return placeholdersOf(template).filter((name) => !KNOWN.has(name));
}

const JSON_TOKEN = /"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g;

/**
 * A value shown by the comparator (a number, or JSON text holding numbers) with every stand-in double replaced by
 * the number as written (`numberTexts`, see classify/distinct-numbers.ts). Strings inside JSON text are kept.
 */
function writtenNumbers(shown: string, numberTexts: ReadonlyMap<number, string>): string {
  const written = (token: string) => {
    const text = numberTexts.get(Number(token));
    return text !== undefined && String(Number(token)) === token ? text : undefined;
  };
  const whole = written(shown);
  if (whole !== undefined) return whole;
  if (!/^[[{]/.test(shown)) return shown;
  return shown.replace(JSON_TOKEN, (token) => (token.startsWith('"') ? token : written(token) ?? token));
}

function valueOf(name: string, change: RawChange, numberTexts?: ReadonlyMap<number, string>): string | undefined {
  const c = change.context;
  switch (name) {
    case 'target':
      if (c.schemaPath) return schemaTarget(c.subject ?? 'schema', c.schemaPath);
      return c.subject ?? (c.name ? `${c.in ? `${c.in} parameter ` : ''}${c.name}` : 'schema');
    case 'owner':
      return ownerOf(change);
    case 'operation':
      return c.method && c.path ? `${c.method} ${c.path}` : 'the API';
    case 'element':
      return elementOf(change);
    case 'kind':
      return change.kind;
    case 'inside':
      // Written right after the words it explains; nothing when the change carries no such words.
      return c.inside ? ` (inside: ${c.inside})` : '';
    case 'action':
      return change.action;
    case 'schemaPath':
      return c.schemaPath === undefined ? undefined : schemaPathWords(String(c.schemaPath));
    default: {
      const value = (c as Record<string, unknown>)[name];
      if (value === undefined) return undefined;
      const shown = String(value);
      return numberTexts && (name === 'from' || name === 'to' || name === 'value') ? writtenNumbers(shown, numberTexts) : shown;
    }
  }
}

/**
 * The thing holding a changed keyword or extension: the schema (or schema component) and property, the
 * parameter or header, else the operation, else the document part its pointer names.
 */
function ownerOf(change: RawChange): string {
  const c = change.context;
  if (c.schemaPath || c.component || c.subject) return valueOf('target', change)!;
  if (c.name) return `${c.in ? `${c.in} parameter ` : ''}${c.name}`;
  if (c.method && c.path) return c.operationRole ?? 'operation';
  const pointer = change.revisionPointer ?? change.basePointer ?? '';
  const part = /^\/(info|servers|tags|components\/[^/]+\/[^/]+|securityDefinitions\/[^/]+)/.exec(pointer)?.[1];
  // Segments are unescaped one by one: a `/` inside a name (`~1`) is part of the name, not a separator.
  return part ? part.split('/').map(unescapeSegment).join(' ') : 'document';
}

/** The API element a lifecycle change is about, with its operation: `GET /pets: query parameter limit`. */
function elementOf(change: RawChange): string {
  const c = change.context;
  const operation = valueOf('operation', change)!;
  if (change.kind.startsWith('operation')) return operation;
  if (change.kind.startsWith('media-type')) {
    const owner = c.status ? `response ${c.status}` : 'request body';
    return `${operation}: ${owner} media type ${c.mediaType ?? c.value}`;
  }
  return `${operation}: ${valueOf('target', change)}`;
}

/** `numberTexts`: stand-in double -> number as written (classify/distinct-numbers.ts). */
export function interpolate(template: string, change: RawChange, numberTexts?: ReadonlyMap<number, string>): string {
  return template.replace(PATTERN, (_, name: string) => {
    if (!KNOWN.has(name)) throw new Error(`unknown placeholder {{${name}}}`);
    return valueOf(name, change, numberTexts) ?? '(none)';
  });
}
