/**
 * Multi-file OpenAPI specs: one merged view of the document in which every `$ref` into another local file is
 * replaced by the node it names, so path items, operations, parameters, responses and schemas written elsewhere
 * are linted by every rule, in their place in the API. The refs are the loading stage's (lint-model.ts): the
 * same ones diff follows, to the same targets. Each merged node remembers the file and pointer it was written
 * at, so a finding is reported there; a node referenced from many places is one shared object (walkers visit
 * it once, and findings are deduplicated by where they are written). Source data is never changed.
 */
import type { LintModel } from './lint-model.ts';
import { joinPointer, parentPointer, splitPointer } from '../toolkit/json-pointer.ts';
import { isInstanceData } from '../toolkit/json-schema-vocabulary.ts';
import { isRecord } from '../toolkit/values.ts';

export interface Origin {
  /** Absolute path of the file the node is written in. */
  path: string;
  pointer: string;
}

export interface Located {
  /** Absolute path. */
  path: string;
  pointer: string;
  line?: number;
}

export interface MountedSpec {
  data: unknown;
  /** Where the node at a pointer of the merged view is written. */
  locate(pointer: string): Located;
  /** Every file whose nodes the merged view holds, the root first (absolute paths). */
  files: string[];
}

export function mountSpec(model: LintModel): MountedSpec {
  const rootPath = model.root.path;
  const origins = new WeakMap<object, Origin>();
  const built = new Map<string, unknown>();
  const building = new Set<string>();
  const files = new Set<string>([rootPath]);

  /** `parentKey`, `ownKey`: the keys of the path to `node`, to tell instance data from structure. */
  const copy = (node: unknown, at: Origin, parentKey?: string, ownKey?: string): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const key = `${at.path}#${at.pointer}`;
    if (built.has(key)) return built.get(key);
    // A cycle stays a reference, so the merged view is a tree with shared nodes, never a cyclic graph.
    if (building.has(key)) return node;
    // Only the `$ref`s the loading stage follows have a target (never one inside an example value).
    const to = isRecord(node) && typeof node.$ref === 'string' ? model.targetOf(node) : undefined;
    // Refs inside the root file keep pointing into the merged root; refs into other files are inlined.
    if (to && (to.file !== rootPath || at.path !== rootPath)) {
      if (to.file === rootPath) return { $ref: `#${to.pointer.split('/').map(encodeURIComponent).join('/')}` };
      files.add(to.file);
      return copy(to.node, { path: to.file, pointer: to.pointer }, parentKey, ownKey);
    }
    building.add(key);
    let out: unknown;
    if (Array.isArray(node)) out = node.map((item, i) => copy(item, { path: at.path, pointer: joinPointer(at.pointer, i) }, ownKey, String(i)));
    else {
      const record: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(node)) {
        // Instance data holds no followed `$ref`: it is shared as written, not copied.
        const data = value !== null && typeof value === 'object' && isInstanceData(name, value, ownKey, parentKey);
        record[name] = data ? value : copy(value, { path: at.path, pointer: joinPointer(at.pointer, name) }, ownKey, name);
      }
      out = record;
    }
    building.delete(key);
    origins.set(out as object, at);
    built.set(key, out);
    return out;
  };

  const data = copy(model.root.data, { path: rootPath, pointer: '' });

  const locate = (pointer: string): Located => {
    let current: unknown = data;
    let best = origins.get(data as object) ?? { path: rootPath, pointer: '' };
    let rest: string[] = [];
    for (const segment of splitPointer(pointer)) {
      if (current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, segment)) {
        current = (current as any)[segment];
        const origin = current !== null && typeof current === 'object' ? origins.get(current) : undefined;
        if (origin) {
          best = origin;
          rest = [];
          continue;
        }
      } else current = undefined;
      rest.push(segment);
    }
    const filePointer = joinPointer(best.pointer, ...rest);
    const source = model.files.get(best.path);
    let line: number | undefined;
    for (let p = filePointer; source; p = parentPointer(p)) {
      line = source.lineOf(p);
      if (line !== undefined || p === '') break;
    }
    return { path: best.path, pointer: filePointer, line };
  };

  return { data, locate, files: [...files] };
}
