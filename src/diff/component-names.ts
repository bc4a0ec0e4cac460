/**
 * The names a schema object is declared under in an OpenAPI document (`/components/schemas/Pet`,
 * `/definitions/Pet`), found by identity in the resolved document. Where a schema is written differs between a
 * multi-file spec (`types/block.yaml#/Capella/Block`) and its bundled snapshot (inlined at
 * `/components/schemas/Capella.Block`), but the component name a reader knows it by is the same on both sides,
 * so union members pair by it.
 */
import { escapeSegment } from '../toolkit/json-pointer.ts';
import { isRecord } from '../toolkit/values.ts';

export type ComponentNames = (node: object) => readonly string[] | undefined;

/** The lookup of one document; its table is built on first use (most diffs never pair a union). */
export function componentNamesIn(document: unknown): ComponentNames {
  let table: WeakMap<object, string[]> | undefined;
  return (node) => {
    table ??= buildTable(document);
    return table.get(node);
  };
}

function buildTable(document: unknown): WeakMap<object, string[]> {
  const table = new WeakMap<object, string[]>();
  if (!isRecord(document)) return table;
  const sections: Array<[string, unknown]> = [
    ['/components/schemas', isRecord(document.components) ? document.components.schemas : undefined],
    ['/definitions', document.definitions],
  ];
  for (const [prefix, section] of sections) {
    if (!isRecord(section)) continue;
    // Sorted, so an object declared under several names (an alias `A: {$ref: B}`) lists them in a stable order.
    for (const name of Object.keys(section).sort()) {
      const schema = section[name];
      if (!isRecord(schema)) continue;
      const names = table.get(schema) ?? [];
      names.push(`${prefix}/${escapeSegment(name)}`);
      table.set(schema, names);
    }
  }
  return table;
}
