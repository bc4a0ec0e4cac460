/** Types of bench/lib/targets.mjs used by the harness tests (the harness itself is plain ESM JavaScript). */
export interface TargetResult {
  target: string;
  measured: string;
  met: boolean | null;
}
export const JSON_FLOOR_PAIRS: string[];
export const STRIPE_PR: string;
export const OPENAI_PR: string;
export function evaluateTargets(results: unknown): TargetResult[];
