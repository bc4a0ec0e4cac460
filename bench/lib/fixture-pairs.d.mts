/** Types of bench/lib/fixture-pairs.mjs used by the harness tests (the harness itself is plain ESM JavaScript). */
import type { BenchPair } from './corpus.d.mts';

export function openapi32Pairs(repo: string): (BenchPair & { specVersion: string })[];
