/**
 * oneOf / anyOf / allOf members are matched by meaning, not index: identical members first, then the same
 * place of writing, then the same component name, then the same title, then the most similar shape (types and
 * property names), greedily.
 */
export interface MemberKey {
  hash: string | null; origin?: string;
  /** Component names the member is declared under (`/components/schemas/Pet`): the same on both sides even where
   * the member is written in another place (a multi-file spec against its bundled snapshot). */
  components?: readonly string[];
  title?: string; shape: string[];
}

export function matchMembers<T>(
  base: T[], revision: T[], baseKey: (m: T, index: number) => MemberKey, revisionKey: (m: T, index: number) => MemberKey,
): { pairs: [number, number][]; removed: number[]; added: number[]; baseKeys: MemberKey[]; revisionKeys: MemberKey[] } {
  const bk = base.map((m, i) => baseKey(m, i));
  const rk = revision.map((m, j) => revisionKey(m, j));
  const freeB = new Set(base.map((_, i) => i));
  const freeR = new Set(revision.map((_, j) => j));
  const pairs: [number, number][] = [];
  const pass = (same: (a: MemberKey, b: MemberKey) => boolean) => {
    for (const i of [...freeB]) {
      for (const j of freeR) {
        if (same(bk[i], rk[j])) { pairs.push([i, j]); freeB.delete(i); freeR.delete(j); break; }
      }
    }
  };
  pass((a, b) => a.hash !== null && a.hash === b.hash);
  // One member left on each side of lists of one length is paired whatever the passes below find (the last rule
  // pairs them when nothing else does): decided here, without asking where either was written.
  if (freeB.size === 1 && freeR.size === 1 && base.length === revision.length) {
    pairs.push([[...freeB][0]!, [...freeR][0]!]);
    freeB.clear();
    freeR.clear();
  }
  pass((a, b) => a.origin !== undefined && a.origin === b.origin);
  pass((a, b) => a.components !== undefined && b.components !== undefined && a.components.some((name) => b.components!.includes(name)));
  pass((a, b) => a.title !== undefined && a.title === b.title);
  // Similarity: Jaccard of shape tokens; best pairs first, deterministic tie-break by index.
  const scored: [number, number, number][] = [];
  for (const i of freeB) {
    for (const j of freeR) {
      const a = new Set(bk[i].shape);
      const b = new Set(rk[j].shape);
      const union = new Set([...a, ...b]).size;
      const common = [...a].filter((t) => b.has(t)).length;
      const score = union === 0 ? 1 : common / union;
      if (score >= 0.5) scored.push([score, i, j]);
    }
  }
  scored.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  for (const [, i, j] of scored) {
    if (freeB.has(i) && freeR.has(j)) { pairs.push([i, j]); freeB.delete(i); freeR.delete(j); }
  }
  if (freeB.size === 1 && freeR.size === 1 && base.length === revision.length) {
    const [i] = freeB; const [j] = freeR;
    pairs.push([i, j]); freeB.clear(); freeR.clear();
  }
  pairs.sort((x, y) => x[0] - y[0]);
  return { pairs, removed: [...freeB].sort((a, b) => a - b), added: [...freeR].sort((a, b) => a - b), baseKeys: bk, revisionKeys: rk };
}
