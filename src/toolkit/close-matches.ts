/** Known names close to a mistyped one, for "did you mean ...?" hints (rule ids, contract names). */

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Up to `limit` known ids close to `wanted`: containing it, or within a small edit distance. */
export function closeMatches(wanted: string, ids: Iterable<string>, limit = 5): string[] {
  const needle = wanted.toLowerCase();
  const scored: { id: string; score: number }[] = [];
  for (const id of new Set(ids)) {
    const lower = id.toLowerCase();
    const distance = editDistance(needle, lower);
    const threshold = Math.max(2, Math.floor(needle.length / 3));
    // A fragment of an id (`rules show pet`) ranks by how much is missing; a typo of one by its distance.
    if (lower.includes(needle)) scored.push({ id, score: Math.abs(lower.length - needle.length) / 100 });
    else if (distance <= threshold || needle.includes(lower)) scored.push({ id, score: distance });
  }
  return scored.sort((a, b) => a.score - b.score || a.id.localeCompare(b.id)).slice(0, limit).map((s) => s.id);
}

/** `did you mean a, b?` for the names close to `wanted`, or undefined when none is. */
export function didYouMean(wanted: string, known: Iterable<string>, limit = 3): string | undefined {
  const close = closeMatches(wanted, known, limit);
  return close.length > 0 ? `did you mean ${close.join(', ')}?` : undefined;
}
