/**
 * Aliases (rules/lint/aliases.json): named selections a rule's `given` may use as `#name` or `#name.sub.path`,
 * per document format. Each alias is evaluated once per document and shared by every rule using it; the
 * `#schemas` alias is the schema-aware traversal (schema-walk.ts) that schema rules subscribe to.
 * The file is specver's own: the test suite validates it against schemas/lint-aliases.schema.json.
 */
import { readFileSync } from 'node:fs';
import { isRecord } from '../toolkit/values.ts';
import { DESCENDANT, evaluatePath, type Match } from './evaluate-path.ts';
import { matchHasSegment } from './lazy-pointer.ts';
import { DATA_KEYS, walkSchemas, walkSchemasFrom, type SchemaNode } from './schema-walk.ts';
import { formatTag, type LintDocument } from './types.ts';

export const ALIASES_FILE = new URL('../../rules/lint/aliases.json', import.meta.url);

export interface AliasDefinition {
  description: string;
  targets: Record<string, string[]>;
  expand?: 'subschemas';
  rootKeys?: Record<string, string[]>;
  includeRefs?: boolean;
  /** Matches inside example or literal data (a schema's example, enum, default...) are dropped. */
  outsideData?: boolean;
}

let definitions: Record<string, AliasDefinition> | undefined;

export function aliasDefinitions(): Record<string, AliasDefinition> {
  definitions ??= (JSON.parse(readFileSync(ALIASES_FILE, 'utf8')) as { aliases: Record<string, AliasDefinition> }).aliases;
  return definitions;
}

/** `#name.sub.path` -> the alias name and the JSONPath suffix evaluated from each of its matches. */
export function parseAliasGiven(given: string): { name: string; suffix: string } | undefined {
  const found = /^#([A-Za-z][A-Za-z0-9]*)(.*)$/s.exec(given);
  return found ? { name: found[1], suffix: found[2] } : undefined;
}

/** A per-format list: the exact format's entry, else the family's. */
function forFormat(byFormat: Record<string, string[]> | undefined, doc: LintDocument): string[] {
  return byFormat?.[formatTag(doc.kind)] ?? byFormat?.[doc.kind.format] ?? [];
}

const schemaCache = new WeakMap<object, Map<string, SchemaNode[]>>();

/** Every schema node of a document, found once per document (the `#schemas` alias). */
export function schemasOf(doc: LintDocument): SchemaNode[] {
  if (!isRecord(doc.data)) return [];
  const key = `${formatTag(doc.kind)}\u0000${doc.schemaRoots?.join('\u0000') ?? ''}`;
  let byKey = schemaCache.get(doc.data);
  if (!byKey) schemaCache.set(doc.data, (byKey = new Map()));
  let found = byKey.get(key);
  if (!found) {
    const alias = aliasDefinitions().schemas;
    found = doc.schemaRoots
      ? walkSchemasFrom(doc.data, doc.schemaRoots)
      : walkSchemas(doc.data, forFormat(alias.targets, doc).flatMap((path) => evaluatePath(path, doc.data)), new Set(forFormat(alias.rootKeys, doc)));
    byKey.set(key, found);
  }
  return found;
}

const isDataKey = (segment: string) => DATA_KEYS.has(segment);

/** The matches of an alias in a document. */
function evaluateAlias(alias: AliasDefinition, doc: LintDocument): Match[] {
  if (alias.expand === 'subschemas') {
    return schemasOf(doc);
  }
  const matches = forFormat(alias.targets, doc).flatMap((path) => evaluatePath(path, doc.data));
  return alias.outsideData ? matches.filter((m) => !matchHasSegment(m, isDataKey)) : matches;
}

/** The `$..name` descendants an alias's targets need in a document (fetched with the rules' in one walk). */
export function aliasDescendantNames(name: string, doc: LintDocument): string[] {
  const alias = aliasDefinitions()[name];
  if (!alias || alias.expand) return [];
  return forFormat(alias.targets, doc).flatMap((path) => DESCENDANT.exec(path)?.[1] ?? []);
}

export interface AliasMatches {
  matches: Match[];
  /** Matches that are `$ref` objects are judged (not skipped as references). */
  includeRefs: boolean;
}

const aliasCache = new WeakMap<object, Map<string, Match[]>>();

/** The matches of `#name` in a document, evaluated once per document; undefined for an unknown alias. */
export function aliasMatches(name: string, doc: LintDocument): AliasMatches | undefined {
  const alias = aliasDefinitions()[name];
  if (!alias) return undefined;
  const data = doc.data;
  if (data === null || typeof data !== 'object') return { matches: [], includeRefs: alias.includeRefs === true };
  const key = `${name}\u0000${formatTag(doc.kind)}\u0000${doc.schemaRoots?.join('\u0000') ?? ''}`;
  let byKey = aliasCache.get(data);
  if (!byKey) aliasCache.set(data, (byKey = new Map()));
  let matches = byKey.get(key);
  if (!matches) {
    matches = evaluateAlias(alias, doc);
    byKey.set(key, matches);
  }
  return { matches, includeRefs: alias.includeRefs === true };
}
