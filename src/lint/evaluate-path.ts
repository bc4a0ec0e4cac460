/**
 * JSONPath evaluation for lint: plain shapes by a direct walk (simple-path.ts), `$..name` by one plain walk
 * shared by every rule of that shape, the rest by jsonpath-plus, whose filters
 * run through linear-filter.ts (no native regex, only the calls a rule may make).
 */
import { JSONPath } from 'jsonpath-plus';
import { linearFilterEval } from './linear-filter.ts';
import { mayShareNodes } from '../load/parse-source.ts';
import { keyOfPlace, LazyMatch, LazyPointer, type Place } from './lazy-pointer.ts';
import { evaluateSimple, simpleSteps, type PathMatch } from './simple-path.ts';

export type Match = PathMatch;

export const DESCENDANT = /^\$\.\.([A-Za-z_$][\w$-]*)\^?$/;

/** Per document: `$..name` matches by name, and `$..name^` matches by `name^`. */
const descendantCache = new WeakMap<object, Map<string, Match[]>>();

/** A `$..name` match that knows the node holding the property and its place, for `$..name^`. */
class DescendantMatch extends LazyMatch {
  constructor(
    place: Place,
    value: unknown,
    key: string,
    private readonly holder: object,
    private readonly holderPlace: Place,
  ) {
    super(place, value, key);
  }
  holderMatch(): Match {
    return new LazyMatch(this.holderPlace, this.holder, keyOfPlace(this.holderPlace));
  }
}

/**
 * Finds `$..name` for every name at once, in one walk, for the later evaluations of `$..name` (and
 * `$..name^`) on the same data: the rules and aliases of a document share one walk.
 */
export function prefetchDescendants(data: unknown, names: Iterable<string>, sharesNodes = mayShareNodes(data)): void {
  if (data === null || typeof data !== 'object') return;
  let cached = descendantCache.get(data);
  if (!cached) descendantCache.set(data, (cached = new Map()));
  const missing = [...new Set(names)].filter((name) => !cached.has(name));
  if (missing.length) for (const [name, found] of descendantsNamed(missing, data, sharesNodes)) cached.set(name, found);
}

/**
 * `$..name` for several names at once: every property `name` at any depth, found by one plain walk of the
 * document (jsonpath-plus is far slower here, and one walk serves every rule of this shape). `sharesNodes`:
 * whether the document the data belongs to may hold a node in several places (YAML anchors).
 */
export function descendantsNamed(names: string[], data: unknown, sharesNodes = mayShareNodes(data)): Map<string, Match[]> {
  const out = new Map<string, Match[]>(names.map((name) => [name, []]));
  // Visits are tracked only where a node can be met twice (YAML anchors); a Set, not a WeakSet: the document
  // outlives the walk, and a WeakSet costs far more per add.
  const seen = sharesNodes ? new Set<object>() : undefined;
  // A match's pointer is built only when read (most are never reported).
  const walk = (node: unknown, place: Place) => {
    if (node === null || typeof node !== 'object') return;
    if (seen) {
      if (seen.has(node)) return;
      seen.add(node);
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item = node[i];
        if (item !== null && typeof item === 'object') walk(item, new LazyPointer(place, i));
      }
      return;
    }
    for (const name of names) {
      if (Object.prototype.hasOwnProperty.call(node, name)) out.get(name)!.push(new DescendantMatch(new LazyPointer(place, name), (node as any)[name], name, node, place));
    }
    for (const key of Object.keys(node)) {
      const value = (node as any)[key];
      if (value === null || typeof value !== 'object') continue;
      walk(value, new LazyPointer(place, key));
    }
  };
  walk(data, '');
  return out;
}

/**
 * The matches of a JSONPath in data, in document order, with pointers relative to data. `sharesNodes`: as for
 * descendantsNamed (data inside a document passes the document's).
 */
export function evaluatePath(path: string, data: unknown, sharesNodes = mayShareNodes(data)): Match[] {
  if (data === null || typeof data !== 'object') return path === '$' ? [{ pointer: '', value: data, key: undefined }] : [];
  const descendant = DESCENDANT.exec(path);
  if (descendant) {
    prefetchDescendants(data, [descendant[1]], sharesNodes);
    const found = descendantCache.get(data)!.get(descendant[1])!;
    if (!path.endsWith('^')) return found;
    // `$..name^`: the nodes holding a property `name`, known to the walk that found it (no pointer is built).
    const cached = descendantCache.get(data)!;
    let holders = cached.get(`${descendant[1]}^`);
    if (!holders) cached.set(`${descendant[1]}^`, (holders = found.map((m) => (m as DescendantMatch).holderMatch())));
    return holders;
  }
  const steps = simpleSteps(path);
  if (steps) return evaluateSimple(steps, data);
  const results = JSONPath({ path, json: data as object, resultType: 'all', eval: linearFilterEval, ignoreEvalErrors: true, wrap: true }) as any[];
  return results.map((r) => ({ pointer: r.pointer as string, value: r.value, key: r.parentProperty }));
}
