/** Match base and revision items by a stable key: added, removed, or present in both (sorted by key). */
export interface Paired<B, R = B> {
  added: [string, R][];
  removed: [string, B][];
  both: [string, B, R][];
}

export function pairByKey<B, R = B>(base: Map<string, B>, revision: Map<string, R>): Paired<B, R> {
  const result: Paired<B, R> = { added: [], removed: [], both: [] };
  for (const key of [...new Set([...base.keys(), ...revision.keys()])].sort()) {
    const b = base.get(key);
    const r = revision.get(key);
    if (b === undefined) result.added.push([key, r as R]);
    else if (r === undefined) result.removed.push([key, b]);
    else result.both.push([key, b, r]);
  }
  return result;
}

/** Items of a list keyed by a function (first wins), as a map for `pairByKey`. */
export function keyed<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}
