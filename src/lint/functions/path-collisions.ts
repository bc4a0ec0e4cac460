/**
 * Paths that collide: identical up to parameter names, or ambiguous (one request path matches both, neither
 * more specific). Comparing every pair made lint quadratic in the number of paths; instead each path is
 * looked up among the earlier ones by its normalised template (every `{param}` segment as `{}`): identical
 * paths share a key, and ambiguous ones are found by walking a trie of the earlier paths' segments, where a
 * segment only branches out where one side has a parameter. The pairs found and their order are those of
 * the pairwise comparison: each path against every earlier path of as many segments, earliest first.
 */

/** The segment every `{param}` segment becomes. A literal `{}` segment reads the same, as it always has. */
const PARAM = '{}';
const TEMPLATE_SEGMENT = /^\{[^}]+\}$/;

export interface Collision {
  path: string;
  other: string;
}

/** Segments of a path template, trailing slashes dropped, parameters as `{}`. */
function normalisedSegments(path: string): string[] {
  let end = path.length;
  // A loop, not /\/+$/: that regex is quadratic on a key of many slashes followed by something else.
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(0, end).split('/').map((s) => (TEMPLATE_SEGMENT.test(s) ? PARAM : s));
}

/** Each later path identical to an earlier one up to parameter names, once per earlier path. */
function identicalPaths(paths: string[]): Collision[] {
  const out: Collision[] = [];
  const byTemplate = new Map<string, string[]>();
  for (const path of paths) {
    const key = normalisedSegments(path).join('/');
    const earlier = byTemplate.get(key);
    if (earlier) for (const other of earlier) out.push({ path, other });
    else byTemplate.set(key, []);
    byTemplate.get(key)!.push(path);
  }
  return out;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Paths ending here, with their position in the paths object. */
  ends: { index: number; path: string }[];
}

const newNode = (): TrieNode => ({ children: new Map(), ends: [] });

/**
 * The earlier paths ambiguous with `segments`: as many segments, each pair equal or one of them `{}`, with
 * `{}` on the earlier side somewhere (it is more general there) and on this side somewhere else.
 */
function ambiguousWith(root: TrieNode, segments: string[]): { index: number; path: string }[] {
  // Whether this path still has a parameter at or after each position: without one, the earlier path can
  // never turn out less general somewhere, so that branch of the walk is dropped.
  const paramFrom = new Array<boolean>(segments.length + 1).fill(false);
  for (let i = segments.length - 1; i >= 0; i--) paramFrom[i] = paramFrom[i + 1] || segments[i] === PARAM;
  const found: { index: number; path: string }[] = [];
  // An explicit stack: a path may have tens of thousands of segments.
  const stack: { node: TrieNode; depth: number; earlierGeneral: boolean; laterGeneral: boolean }[] = [{ node: root, depth: 0, earlierGeneral: false, laterGeneral: false }];
  while (stack.length) {
    const { node, depth, earlierGeneral, laterGeneral } = stack.pop()!;
    if (!laterGeneral && !paramFrom[depth]) {
      // Nothing left can make this side more general; only the earlier side's `{}` would remain.
      continue;
    }
    if (depth === segments.length) {
      if (earlierGeneral && laterGeneral) found.push(...node.ends);
      continue;
    }
    const segment = segments[depth]!;
    const same = node.children.get(segment);
    if (same) stack.push({ node: same, depth: depth + 1, earlierGeneral, laterGeneral });
    if (segment === PARAM) {
      for (const [other, child] of node.children) if (other !== PARAM) stack.push({ node: child, depth: depth + 1, earlierGeneral, laterGeneral: true });
    } else {
      const param = node.children.get(PARAM);
      if (param) stack.push({ node: param, depth: depth + 1, earlierGeneral: true, laterGeneral });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Each later path ambiguous with an earlier one, once per earlier path. */
function ambiguousPaths(paths: string[]): Collision[] {
  const out: Collision[] = [];
  const root = newNode();
  paths.forEach((path, index) => {
    const segments = normalisedSegments(path);
    for (const other of ambiguousWith(root, segments)) out.push({ path, other: other.path });
    let node = root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = newNode()));
      node = child;
    }
    node.ends.push({ index, path });
  });
  return out;
}

/** The collisions of one kind among the paths, in the order they are reported. */
export function pathCollisions(paths: string[], mode: 'identical' | 'ambiguous'): Collision[] {
  return mode === 'identical' ? identicalPaths(paths) : ambiguousPaths(paths);
}
