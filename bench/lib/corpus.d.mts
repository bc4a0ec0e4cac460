/** Types of bench/lib/corpus.mjs used by the harness tests (the harness itself is plain ESM JavaScript). */
export interface BenchPair {
  name: string;
  contract?: string;
  labels: string[];
  format: string;
  multiFile: boolean;
  encoding: string;
  base: string;
  revision: string;
  bytes: [number, number];
}
export function withAddedOperation(text: string, encoding: 'json' | 'yaml'): string | null;
export function pullRequestPairs(corpus: string, work: string, quick: boolean): BenchPair[];
