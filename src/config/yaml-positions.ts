/** Line numbers of nodes in a parsed YAML document (the `yaml` Document API keeps source ranges). */
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import { splitPointer } from '../toolkit/json-pointer.ts';

let yaml: typeof import('yaml') | undefined;

/** The `yaml` package, loaded on first use: a run whose config is valid never needs it. */
export function yamlLibrary(): typeof import('yaml') {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml;
}

type PathSegment = string | number;

/** Path segments of a JSON Pointer as found in ajv's `instancePath` (array indices become numbers). */
export function pointerToPath(pointer: string): PathSegment[] {
  return splitPointer(pointer).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function lineAt(counter: LineCounter, offset: number | undefined): number | undefined {
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

/**
 * 1-based line of the node at `path`; with `key`, the line of that key inside the mapping at `path`
 * (for unknown or misplaced fields). Falls back to the nearest existing ancestor.
 */
export function lineOfPath(doc: Document, counter: LineCounter, path: PathSegment[], key?: string): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const prefix = path.slice(0, depth);
    const node = (prefix.length === 0 ? doc.contents : doc.getIn(prefix, true)) as Node | null | undefined;
    if (!node || typeof node !== 'object' || !('range' in node) || !node.range) continue;
    if (key !== undefined && depth === path.length && yamlLibrary().isMap(node)) {
      const pair = node.items.find((item) => yamlLibrary().isScalar(item.key) && String(item.key.value) === key);
      const keyNode = pair?.key as Node | undefined;
      if (keyNode?.range) return lineAt(counter, keyNode.range[0]);
    }
    return lineAt(counter, node.range[0]);
  }
  return undefined;
}

/** A human field path for messages: `contracts[0].name`. */
export function fieldPath(path: PathSegment[], key?: string): string {
  const all = key === undefined ? path : [...path, key];
  let out = '';
  for (const part of all) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out || 'the document';
}
