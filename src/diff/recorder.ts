/**
 * Collects API-level raw changes with their pointers. Pointers come from where a node was written (its
 * origin, so a component shared through $ref is located in its own file), else from the document path.
 * A change inside a reusable component (a shared parameter's description) is one change whatever the
 * number of operations using it: it is recorded once and `usedBy` lists them.
 */
import type { LoadedSpec } from '../load/types.ts';
import type { ChangeAction, ChangeContext, ChangeKind, RawChange } from './types.ts';
import { canonicalEqual } from './schema-hash.ts';
import { escapeSegment, joinPointer, unescapeSegment } from '../toolkit/json-pointer.ts';

const REUSABLE = /^\/(components\/[^/]+|definitions|parameters|responses)\//;
/** Where a change serves every operation that uses it: a reusable component, or the document's security. */
const SHARED = /^\/(components\/[^/]+|definitions|parameters|responses)\/|^\/security$/;

export interface Spot { node?: unknown; pointer: string; file?: string }

/** Context fields that differ between uses of one component without changing what the change is. */
const PER_USE = new Set(['method', 'path', 'status', 'subject']);

export class ChangeRecorder {
  private readonly changes: RawChange[] = [];
  private readonly uses = new Map<RawChange, Set<string>>();
  private readonly shared = new Map<string, RawChange>();
  constructor(private readonly base: LoadedSpec, private readonly revision: LoadedSpec) {}

  private where(spec: LoadedSpec, spot: Spot | undefined, slot: boolean): { pointer?: string; file?: string } {
    if (!spot) return {};
    const node = spot.node;
    const origin = typeof node === 'object' && node !== null ? spec.origin(node, spot.pointer) : undefined;
    // A reusable component added to or removed from an operation is located where the operation uses it.
    if (slot && origin && REUSABLE.test(origin.pointer)) return this.slotOf(spec, spot.pointer);
    if (origin) return { pointer: origin.pointer, file: origin.file === spec.path ? undefined : origin.file };
    return { pointer: spot.pointer, file: spot.file };
  }

  /**
   * The place at document path `pointer`, in the file its parent was written in: a path item `$ref`ed from
   * another file holds its operations' slots there, not in the root file.
   */
  private slotOf(spec: LoadedSpec, pointer: string): { pointer: string; file?: string } {
    const cut = pointer.lastIndexOf('/');
    const parentPointer = pointer.slice(0, cut);
    let parent: unknown = spec.document;
    for (const segment of parentPointer.split('/').slice(1)) {
      if (typeof parent !== 'object' || parent === null) return { pointer };
      parent = (parent as Record<string, unknown>)[unescapeSegment(segment)];
    }
    const origin = typeof parent === 'object' && parent !== null ? spec.origin(parent, parentPointer) : undefined;
    if (!origin) return { pointer };
    return { pointer: origin.pointer + pointer.slice(cut), ...(origin.file === spec.path ? {} : { file: origin.file }) };
  }

  /** Where field `key` of a node sits: in the reusable component's own text when the node is one. */
  private fieldOf(spec: LoadedSpec, spot: Spot & { node: any }, key: string): Spot {
    const node = spot.node;
    const origin = typeof node === 'object' && node !== null ? spec.origin(node, spot.pointer) : undefined;
    if (origin && REUSABLE.test(origin.pointer)) {
      return { pointer: joinPointer(origin.pointer, key), ...(origin.file === spec.path ? {} : { file: origin.file }) };
    }
    // A node written in another file (a path item or operation `$ref`ed in), or a merged `$ref` whose key came
    // from its target: the key is located where it was written, never at the document path in the root file.
    const written = typeof node === 'object' && node !== null ? spec.keyOrigin?.(node, key, spot.pointer) : undefined;
    if (written && written.file !== spec.path) return { pointer: written.pointer, file: written.file };
    return { pointer: joinPointer(spot.pointer, key) };
  }

  /** Every change, with `usedBy` set where one inside a component serves several operations. */
  result(): RawChange[] {
    for (const change of this.changes) {
      const uses = this.uses.get(change);
      if (uses && uses.size > 1) change.usedBy = [...uses].sort();
    }
    return this.changes;
  }

  add(
    kind: ChangeKind, action: ChangeAction, base: Spot | undefined, revision: Spot | undefined,
    context: ChangeContext, values: { before?: unknown; after?: unknown } = {},
  ): RawChange {
    const slot = action === 'added' || action === 'removed';
    const b = this.where(this.base, base, slot);
    const r = this.where(this.revision, revision, slot);
    const change: RawChange = {
      kind, action, basePointer: b.pointer, revisionPointer: r.pointer,
      ...(b.file ? { baseFile: b.file } : {}), ...(r.file ? { revisionFile: r.file } : {}),
      ...values, context: { ...context },
    };
    if (values.before !== undefined && change.context.from === undefined) change.context.from = printable(values.before);
    if (values.after !== undefined && change.context.to === undefined) change.context.to = printable(values.after);
    const use = context.method && context.path ? `${context.method} ${context.path}` : undefined;
    const inComponent = [change.basePointer, change.revisionPointer].some((p) => p !== undefined && SHARED.test(p));
    if (use && inComponent) {
      const sameChange = JSON.stringify([kind, action, change.basePointer, change.revisionPointer, change.baseFile, change.revisionFile,
        Object.entries(change.context).filter(([k]) => !PER_USE.has(k)).sort(([a], [b]) => (a < b ? -1 : 1))]);
      const first = this.shared.get(sameChange);
      if (first) { this.uses.get(first)!.add(use); return first; }
      this.shared.set(sameChange, change);
    }
    if (use) this.uses.set(change, new Set([use]));
    this.changes.push(change);
    return change;
  }

  /** A scalar field of two nodes: added / removed / changed when it differs by meaning. */
  field(kind: ChangeKind, key: string, b: Spot & { node: any }, r: Spot & { node: any }, context: ChangeContext): void {
    const before = b.node?.[key];
    const after = r.node?.[key];
    if (canonicalEqual(before, after, 8)) return;
    const action: ChangeAction = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    this.add(kind, action, before === undefined ? undefined : this.fieldOf(this.base, b, key), after === undefined ? undefined : this.fieldOf(this.revision, r, key), { field: key, ...context }, { before, after });
  }

  /** `x-` extensions of two nodes (except the ones given meaning elsewhere). */
  extensions(b: Spot & { node: any }, r: Spot & { node: any }, context: ChangeContext, skip: string[] = []): void {
    const keys = new Set([...Object.keys(b.node ?? {}), ...Object.keys(r.node ?? {})]);
    for (const key of [...keys].sort()) {
      if (key.startsWith('x-') && !skip.includes(key)) this.field('extension', key, b, r, context);
    }
  }
}

export function printable(value: unknown): string {
  if (value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
