/**
 * Functions over collections of values: a value unique across every match, list items unique (by value or
 * by some of their fields), names defined where a rule says they are defined, nodes some `$ref` points at.
 */
import { isRecord } from '../../toolkit/values.ts';
import { HTTP_METHODS_3_2, templateVariables } from '../../toolkit/openapi.ts';
import { joinPointer, splitPointer } from '../../toolkit/json-pointer.ts';
import { aliasMatches, parseAliasGiven } from '../aliases.ts';
import { evaluatePath } from '../evaluate-path.ts';
import { resolveLocal } from '../openapi-walk.ts';
import type { LintDocument } from '../types.ts';
import { NO_OPTIONS, NONE, type FunctionReport, type LintFunction } from './contract.ts';

/** Where a pointer is, for a reader: `GET /pets` for a node of an operation, else the pointer. */
function placeOf(pointer: string): string {
  const [root, path, field, extra] = splitPointer(pointer);
  if (root !== 'paths' || path === undefined) return pointer;
  // OpenAPI 3.2 keeps any other method under `additionalOperations`, keyed as sent (`LINK`).
  if (field === 'additionalOperations' && extra !== undefined) return `${extra} ${path}`;
  return (HTTP_METHODS_3_2 as readonly string[]).includes(field ?? '') ? `${field!.toUpperCase()} ${path}` : pointer;
}

export const unique: LintFunction = {
  name: 'unique',
  description: 'The value is unique across every match of the rule (objects and arrays are compared by content); each repeat is reported, naming where the value first appears.',
  optionsSchema: NO_OPTIONS,
  messages: { duplicate: "'{{value}}' is already used by {{first}}" },
  placeholders: ['first'],
  scope: 'all',
  runAll(targets) {
    // The first target of each value; its place is worked out only when a repeat names it.
    const first = new Map<string, { pointer: string }>();
    const out: FunctionReport[] = [];
    for (const target of targets) {
      if (target.value === undefined || target.value === null) continue;
      const key = JSON.stringify(target.value);
      const seen = first.get(key);
      if (seen === undefined) first.set(key, target);
      else out.push({ pointer: target.pointer, values: { value: target.value, first: placeOf(seen.pointer) } });
    }
    return out;
  },
};

interface UniqueItemsOptions {
  keys?: string[];
  followRefs?: boolean;
}

/**
 * Whether a list of strings, booleans, nulls and finite numbers has no repeats: for these, equal values and
 * equal JSON texts are the same thing, so the common list (an enum, a required list) needs no JSON.stringify.
 */
function distinctPrimitives(list: unknown[]): boolean {
  const seen = new Set<unknown>();
  for (const item of list) {
    if (item !== null && typeof item !== 'string' && typeof item !== 'boolean' && !(typeof item === 'number' && Number.isFinite(item))) return false;
    if (seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

export const uniqueItems: LintFunction<UniqueItemsOptions> = {
  name: 'uniqueItems',
  description:
    'A list has no repeated items. Without `keys`, one report at the list names every repeated value (`{{duplicates}}`); with `keys`, items are compared by those fields and each repeat is reported at the item, its fields as placeholders. `followRefs` compares in-document `$ref` items by their target.',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: { keys: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$' } }, followRefs: { type: 'boolean' } },
  },
  messages: { duplicates: 'lists {{duplicates}} more than once', duplicateItem: '{{value}} is listed twice' },
  messageIdsFor: (options) => [options.keys ? 'duplicateItem' : 'duplicates'],
  placeholders: ['duplicates'],
  placeholdersFor: (options) => options.keys ?? [],
  run(value, options, target, { doc }) {
    if (!Array.isArray(value)) return NONE;
    const seen = new Set<string>();
    if (!options.keys) {
      if (distinctPrimitives(value)) return NONE;
      const repeated: string[] = [];
      for (const item of value) {
        const key = JSON.stringify(item);
        if (seen.has(key)) repeated.push(key);
        seen.add(key);
      }
      return repeated.length ? [{ values: { duplicates: repeated.join(', ') }, fixTarget: target.pointer }] : [];
    }
    const keys = options.keys;
    const out: FunctionReport[] = [];
    value.forEach((raw, i) => {
      const item = options.followRefs ? resolveLocal(doc.data, raw) : raw;
      if (!isRecord(item) || item[keys[0]] === undefined) return;
      const key = JSON.stringify(keys.map((k) => item[k] ?? null));
      if (seen.has(key)) out.push({ at: [i], messageId: 'duplicateItem', values: { value: item[keys[0]], ...Object.fromEntries(keys.map((k) => [k, item[k]])) } });
      seen.add(key);
    });
    return out;
  },
};

/** Values selected by a JSONPath or `#alias` from the document root, evaluated once per document. */
function selected(doc: LintDocument, paths: string[], as: 'values' | 'keys'): Set<unknown> {
  const out = new Set<unknown>();
  for (const path of paths) {
    const alias = parseAliasGiven(path);
    const matches = alias ? (aliasMatches(alias.name, doc)?.matches ?? []) : evaluatePath(path, doc.data);
    for (const match of matches) {
      if (as === 'values') out.add(match.value);
      else if (isRecord(match.value)) for (const key of Object.keys(match.value)) out.add(key);
    }
  }
  return out;
}

const definedCache = new WeakMap<object, Map<string, Set<unknown>>>();

interface DefinedInOptions {
  names: 'items' | 'keys' | 'template';
  definedAt?: string[];
  definedAs?: 'values' | 'keys';
  definedBy?: string;
}

/** The names a target lists, each with where it is written below the target. */
function namesOf(value: unknown, how: DefinedInOptions['names']): { name: string; at: (string | number)[] }[] {
  if (how === 'items') return Array.isArray(value) ? value.flatMap((name, i) => (typeof name === 'string' ? [{ name, at: [i] }] : [])) : [];
  if (how === 'keys') return isRecord(value) ? Object.keys(value).map((name) => ({ name, at: [name] })) : [];
  return typeof value === 'string' ? templateVariables(value).map((name) => ({ name, at: [] })) : [];
}

export const definedIn: LintFunction<DefinedInOptions> = {
  name: 'definedIn',
  description:
    "Every name the target lists (`names`: its `items`, its `keys`, or the `{variables}` of a `template` string) is defined: among the values (or with `definedAs: keys`, the keys) of what `definedAt` selects from the document (JSONPaths or aliases), or among the keys of the matched node's `definedBy` field. Reported at each name (`{{value}}`); a `declare-tag` fix declares it.",
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['names'],
    oneOf: [{ required: ['definedAt'] }, { required: ['definedBy'] }],
    properties: {
      names: { enum: ['items', 'keys', 'template'] },
      definedAt: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^(\\$|#[A-Za-z])' } },
      definedAs: { enum: ['values', 'keys'] },
      definedBy: { type: 'string', pattern: '^[A-Za-z$][A-Za-z0-9_$-]*$' },
    },
  },
  messages: { undefinedName: "'{{value}}' is not defined" },
  run(value, options, target, { doc }) {
    let defined: Set<unknown>;
    if (options.definedBy !== undefined) {
      const holder = isRecord(target.match.value) ? target.match.value[options.definedBy] : undefined;
      defined = new Set(isRecord(holder) ? Object.keys(holder) : []);
    } else {
      const data = doc.data as object;
      const key = `${options.definedAs ?? 'values'}\u0000${options.definedAt!.join('\u0000')}`;
      let byKey = definedCache.get(data);
      if (!byKey) definedCache.set(data, (byKey = new Map()));
      defined = byKey.get(key) ?? selected(doc, options.definedAt!, options.definedAs ?? 'values');
      byKey.set(key, defined);
    }
    const documentLevel = options.definedAt !== undefined;
    return namesOf(value, options.names)
      .filter(({ name }) => !defined.has(name))
      // A name defined at document level is declared there (the root of the document) by a fix.
      .map(({ name, at }) => ({ at, values: { value: name }, fixDetail: documentLevel ? name : undefined, fixTarget: documentLevel ? '' : undefined }));
  },
};

export const referenced: LintFunction = {
  name: 'referenced',
  description: 'Some `$ref` of the spec points at the node, or into it (as the loading stage resolved every `$ref`).',
  optionsSchema: NO_OPTIONS,
  messages: { unreferenced: '{{path}} is never referenced' },
  run(_value, _options, target, { doc }) {
    return usedPointers(doc).has(target.pointer) ? NONE : [{}];
  },
};

const usedCache = new WeakMap<object, Set<string>>();
/** Every pointer a `$ref` points at, and every ancestor of one (a ref into a component uses the component). */
function usedPointers(doc: LintDocument): Set<string> {
  const key = (doc.refTargets ?? doc) as object;
  let used = usedCache.get(key);
  if (!used) {
    used = new Set<string>();
    for (const target of doc.refTargets ?? []) {
      const parts = splitPointer(target);
      for (let depth = 1; depth <= parts.length; depth++) used.add(joinPointer('', ...parts.slice(0, depth)));
    }
    usedCache.set(key, used);
  }
  return used;
}
