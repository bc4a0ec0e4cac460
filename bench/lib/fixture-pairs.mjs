/**
 * Benchmark inputs kept in the repository (they need no corpus): the OpenAPI 3.2 fixture series
 * (fixtures/openapi-3.2/v1.yaml, v2.yaml, ...), as consecutive pairs in the shape of the corpus pairs
 * (bench/lib/corpus.mjs): `{ name, labels, format, multiFile, encoding, specVersion, base, revision, bytes }`.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OPENAPI_32_SERIES = join('fixtures', 'openapi-3.2');

/** v1 -> v2, v2 -> v3, ...: the files named v<N>.yaml, in the order of N. */
export function openapi32Pairs(repo) {
  const dir = join(repo, OPENAPI_32_SERIES);
  const versions = readdirSync(dir)
    .map((file) => ({ file, n: Number(/^v(\d+)\.yaml$/.exec(file)?.[1]) }))
    .filter((v) => Number.isInteger(v.n))
    .sort((a, b) => a.n - b.n);
  if (versions.length < 2) throw new Error(`bench: ${dir} holds fewer than two versions (v1.yaml, v2.yaml, ...)`);
  const pairs = [];
  for (let i = 1; i < versions.length; i++) {
    const [a, b] = [versions[i - 1], versions[i]];
    const base = join(dir, a.file);
    const revision = join(dir, b.file);
    pairs.push({
      name: `openapi-3.2 v${a.n} -> v${b.n}`,
      contract: `openapi-32-v${b.n}`,
      labels: [`v${a.n}`, `v${b.n}`],
      format: 'openapi',
      multiFile: false,
      encoding: 'yaml',
      specVersion: '3.2',
      base,
      revision,
      bytes: [statSync(base).size, statSync(revision).size],
    });
  }
  return pairs;
}
