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
export function cleanupScratch(): void;
export function median(values: number[]): number | null;
export function summarize(runs: RunResult[]): Summary;
export function pairedRatio(a: Pick<Summary, 'wallMsByRound'> | null | undefined, b: Pick<Summary, 'wallMsByRound'> | null | undefined): number | null;
export interface Command {
  id: string;
  label: string;
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string | undefined>;
  okCodes?: number[];
}
export interface MeasureContext {
  runs: number;
  timeoutMs: number;
  log?: (line: string) => void;
}
export function measureSizes<K extends string, D extends object>(
  ctx: MeasureContext,
  group: string,
  sizeKey: K,
  sizes: number[],
  prepare: (size: number) => D & { commands: Command[] },
): Promise<(Record<K, number> & Omit<D, 'commands'> & { commands: Record<string, Summary & { label: string }> })[]>;
