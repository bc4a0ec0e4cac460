/**
 * Where the nodes a schema comparison meets were written, on either side: the file and JSON pointer a change is
 * reported at. A node reached through a `$ref` is located where its target was written, a keyword merged from a
 * `$ref`'s target or folded in from an allOf member where that keyword was written, and a node added or removed at
 * the slot it fills in its parent. A nested comparison (a whole-schema question) reports effects only and locates
 * nothing.
 */
import type { ComparatorEnv } from './compare-schemas.ts';
import type { Origin } from './types.ts';
import type { Located } from './schema-keywords.ts';
import { isFolded, keyWriter, writtenIn } from './flatten-all-of.ts';
import { joinPointer } from '../toolkit/json-pointer.ts';
import { isEmptyRecord, isRecord } from '../toolkit/values.ts';

export class SchemaLocator {
  constructor(
    private readonly env: ComparatorEnv,
    private readonly nested: boolean,
  ) {}

  /** Where a node was written; none for a node folded from an allOf here (made by the diff, written nowhere). */
  originOf(side: 'base' | 'revision', node: object, at?: string): Origin | undefined {
    const originOf = side === 'base' ? this.env.baseOrigin : this.env.revisionOrigin;
    return originOf && !isFolded(node) ? originOf(node, at) : undefined;
  }

  /** `hint`: the pointer the node is reached by from the root, when it is not `fallback`. */
  locate(side: 'base' | 'revision', node: unknown, fallback: string, hint = fallback): Located {
    // A nested comparison reports effects only, so where its nodes were written is never shown.
    const origin = isRecord(node) && !this.nested ? this.originOf(side, node, hint) : undefined;
    return origin ? { node, pointer: origin.pointer, file: origin.file } : { node, pointer: fallback };
  }

  /** A keyword a merged `$ref` took from its target is located in the target, in the target's file. */
  keyWrittenIn(side: 'base' | 'revision', at: Located, key: string): Located {
    const keyOrigin = side === 'base' ? this.env.baseKeyOrigin : this.env.revisionKeyOrigin;
    if (this.nested || !keyOrigin || !isRecord(at.node) || isFolded(at.node)) return at;
    const written = keyOrigin(at.node, key, at.pointer);
    if (!written) return at;
    const holder = written.pointer.slice(0, written.pointer.lastIndexOf('/'));
    if (holder === at.pointer && (written.file || undefined) === (at.file || undefined)) return at;
    return { node: at.node, pointer: holder, ...(written.file ? { file: written.file } : {}) };
  }

  /** The slot a node sits in inside its parent (not where a shared target was written): for additions/removals. */
  slot(parent: Located, key: string, node: unknown): Located {
    return { node, pointer: joinPointer(parent.pointer, key), ...(parent.file ? { file: parent.file } : {}) };
  }

  child(side: 'base' | 'revision', parent: Located, key: string, node: unknown): Located {
    // An empty stand-in for a keyword the parent lacks (`properties: {}` for a schema without) was written
    // nowhere: nothing to look up.
    if (isEmptyRecord(node) && typeof parent.node === 'object' && parent.node !== null && !Object.prototype.hasOwnProperty.call(parent.node, key)) return this.slot(parent, key, node);
    const located = this.locate(side, node, joinPointer(parent.pointer, key));
    if (!located.file && parent.file) located.file = parent.file;
    return located;
  }

  keyHolder(side: 'base' | 'revision', at: Located, key: string): Located {
    const part = isRecord(at.node) ? keyWriter(at.node, key) : undefined;
    if (!part) return this.keyWrittenIn(side, at, key);
    const located = this.locate(side, part.holder, at.pointer, `${at.pointer}/${part.at}`);
    return located.file || !at.file ? located : { ...located, file: at.file };
  }

  /** Where the lone member a union node was read as sits (`.../oneOf/0`), or its own component. */
  lone(side: 'base' | 'revision', parent: Located, member: Record<string, any>): Located {
    const keyword = Array.isArray(parent.node.oneOf) && parent.node.oneOf.includes(member) ? 'oneOf' : 'anyOf';
    const list = this.child(side, parent, keyword, parent.node[keyword]);
    return this.child(side, list, String(parent.node[keyword].indexOf(member)), member);
  }

  /** The `properties` a property was written in (`merged`, the properties of `owner`): an allOf member's when it was merged from one. */
  writer(side: 'base' | 'revision', owner: Located, merged: Located, name: string): Located {
    const part = writtenIn(merged.node, name);
    return part && part.holder !== merged.node ? this.locate(side, part.holder, merged.pointer, `${owner.pointer}/${part.at}`) : merged;
  }
}
