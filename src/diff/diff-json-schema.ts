/**
 * The structural diff of two standalone JSON Schema documents: both normalised to one 2020-12 shaped model,
 * then compared by the one schema comparator in `direction: 'standalone'`. The contract's compatibility
 * mode travels in every change's context, for rules to read. A change inside a shared definition (`$defs`,
 * `definitions`) is reported once, with `usedBy` = the schema locations that reference it.
 */
import type { LoadedSpec } from '../load/types.ts';
import { ToolError } from '../errors.ts';
import type { CompatibilityMode, RawChange } from './types.ts';
import { normalizeJsonSchema } from '../normalize/json-schema.ts';
import { SchemaComparator } from './compare-schemas.ts';
import type { Origin } from './types.ts';
import { joinPointer } from '../toolkit/json-pointer.ts';

export interface JsonSchemaDiffOptions { compatibility: CompatibilityMode }

export function diffJsonSchema(base: LoadedSpec, revision: LoadedSpec, options: JsonSchemaDiffOptions): RawChange[] {
  if (base.kind.format !== 'json-schema' || revision.kind.format !== 'json-schema') {
    throw new ToolError(`${revision.path}: a JSON Schema contract can only be compared with another JSON Schema (got ${base.kind.format} and ${revision.kind.format})`, {
      file: revision.path, hint: 'check the contract\'s `format` in specver.yaml',
    });
  }
  const bn = normalizeJsonSchema(base.document, base.kind.dialect);
  const rn = normalizeJsonSchema(revision.document, revision.kind.dialect);
  const comparator = new SchemaComparator({
    baseOrigin: (node, at) => originIn(base, bn.sourceOf(node), at),
    revisionOrigin: (node, at) => originIn(revision, rn.sourceOf(node), at),
    baseRefUrl: (node) => base.refUrl?.(bn.sourceOf(node) ?? node),
    revisionRefUrl: (node) => revision.refUrl?.(rn.sourceOf(node) ?? node),
  });
  const context = { compatibility: options.compatibility, subject: 'schema' };
  comparator.compare(bn.root, rn.root, { direction: 'standalone', context });
  const changes = comparator.changes();
  if (base.kind.dialect !== revision.kind.dialect) {
    changes.unshift({
      kind: 'schema-dialect', action: 'changed', effect: 'none', basePointer: '/$schema', revisionPointer: '/$schema',
      before: base.kind.dialect, after: revision.kind.dialect,
      context: { direction: 'standalone', ...context, field: '$schema', from: base.kind.dialect, to: revision.kind.dialect },
    });
  }
  attachUses(changes, base, revision);
  return onceEach(changes);
}

/**
 * Base copies written inline in several places (`healthcheck.uri` and `healthcheck_uri`) that the revision
 * replaced by one shared definition are each compared with it: the same change of that one place is then
 * reported once. Removals stay apart (each names what the base lost where it was).
 */
function onceEach(changes: RawChange[]): RawChange[] {
  const seen = new Set<string>();
  const printable = (value: unknown) => (value === undefined || value === null || typeof value !== 'object' ? JSON.stringify(value) ?? 'undefined' : undefined);
  return changes.filter((change) => {
    const before = printable(change.before);
    const after = printable(change.after);
    const pointer = change.revisionPointer ?? '';
    if (change.action === 'removed' || change.revisionFile || !DEFINITION.test(pointer) || before === undefined || after === undefined) return true;
    const c = change.context;
    const key = JSON.stringify([change.kind, change.action, change.effect, pointer, c.field, c.value, c.from, c.to, before, after]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function originIn(spec: LoadedSpec, node: object | undefined, at?: string): Origin | undefined {
  if (!node) return undefined;
  const origin = spec.origin(node, at);
  if (!origin) return undefined;
  return origin.file === spec.path ? { file: '', pointer: origin.pointer } : origin;
}

const DEFINITION = /^\/(\$defs|definitions)\/[^/]+/;

/** Changes inside a shared definition: which schema locations (`/properties/billing`, `#` for the root) reference it. */
function attachUses(changes: RawChange[], base: LoadedSpec, revision: LoadedSpec): void {
  let referrers: { base: Map<string, string[]>; revision: Map<string, string[]> } | undefined;
  for (const change of changes) {
    const removal = change.action === 'removed';
    const pointer = (removal ? change.basePointer : change.revisionPointer) ?? '';
    const file = removal ? change.baseFile : change.revisionFile;
    const match = DEFINITION.exec(pointer);
    if (!match || file) continue;
    referrers ??= { base: referencesIn(base), revision: referencesIn(revision) };
    const uses = new Set([...(referrers.revision.get(match[0]) ?? []), ...(referrers.base.get(match[0]) ?? [])]);
    uses.delete(match[0]);
    if (uses.size > 0) change.usedBy = [...uses].sort();
  }
}

/**
 * Where shared definitions are used, read from the resolved document: a child whose origin is not the slot it
 * sits in was reached through a `$ref` (by pointer, `$id` or `$anchor` alike) written at that slot.
 * Definition pointer -> the slots that reference it (`#` for the root).
 */
function referencesIn(spec: LoadedSpec): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const seen = new Set<object>();
  const walk = (node: object, at: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      const slot = joinPointer(at, key);
      const origin = spec.origin(child, slot);
      if (origin && origin.file === spec.path && origin.pointer !== slot) {
        const target = DEFINITION.exec(origin.pointer);
        const use = slot === '' ? '#' : slot;
        if (target && target[0] === origin.pointer && !slot.startsWith(`${target[0]}/`)) {
          const list = result.get(target[0]) ?? [];
          if (!list.includes(use)) list.push(use);
          result.set(target[0], list);
        }
      }
      walk(child, origin && origin.file === spec.path ? origin.pointer : slot);
    }
  };
  if (spec.document !== null && typeof spec.document === 'object') walk(spec.document, '');
  return result;
}
