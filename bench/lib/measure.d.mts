/** Types of bench/lib/measure.mjs used by the harness tests (the harness itself is plain ESM JavaScript). */
export interface Stat {
  median: number;
  min: number;
  max: number;
}
export interface RunResult {
  status: string;
  message: string;
  wallMs?: number;
  rssKb?: number | null;
  cpuS?: number | null;
  exitCode?: number | null;
  stdoutBytes?: number;
}
export interface Summary {
  status: string;
  message: string;
  runs: number;
  okRuns: number;
  wallMs: Stat | null;
  wallMsByRound: (number | null)[];
  rssKb: Stat | null;
  cpuS: Stat | null;
}
export function median(values: number[]): number | null;
export function summarize(runs: RunResult[]): Summary;
export function pairedRatio(a: Pick<Summary, 'wallMsByRound'> | null | undefined, b: Pick<Summary, 'wallMsByRound'> | null | undefined): number | null;
