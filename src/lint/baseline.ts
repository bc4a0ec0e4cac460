/**
 * The lint baseline: the findings a spec already had when the team adopted lint (Redocly's ignore file,
 * ESLint's suppressions). Findings are keyed by rule, contract, file and JSON Pointer, never by line (lines
 * move with every edit), with a count per key: two findings of one rule at one pointer need two entries' worth.
 * `lint` takes the first `count` findings of a key as baselined and counts only the rest; a key with fewer
 * findings than its count is stale (something was fixed) and reported, so the file shrinks over time.
 */
import { join } from 'node:path';
import { ConfigError } from '../errors.ts';
import { parseConfigDocument } from '../config/load-config.ts';
import { lineOfPath, pointerToPath } from '../config/yaml-positions.ts';
import { validatorFor } from '../schema-validation.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { assertReadableInside, assertWritable } from '../store/safe-path.ts';
import { READ_LIMITS, readOptionalRegularFile } from '../store/safe-read.ts';
import { compareCodePoints } from '../toolkit/values.ts';
import type { Config } from '../types.ts';
import type { ContractLintResult, LintReport, LintViolation } from './types.ts';

export const DEFAULT_BASELINE_FILE = '.specver/lint-baseline.yaml';

export interface BaselineEntry {
  rule: string;
  contract: string;
  file: string;
  pointer: string;
  count: number;
}

/** A baseline entry with fewer findings now than recorded. */
export interface StaleEntry extends BaselineEntry {
  /** How many of its findings are still there. */
  found: number;
}

const keyOf = (e: { rule: string; contract: string; file: string; pointer: string }) => `${e.rule}\u0000${e.contract}\u0000${e.file}\u0000${e.pointer}`;

export function baselinePath(config: Config): string {
  return config.lint.baseline ?? DEFAULT_BASELINE_FILE;
}

/** Parses and validates baseline text; `file` names it in errors (one line, with the entry's line). */
export function parseBaseline(text: string, file: string): BaselineEntry[] {
  const { doc, counter, data } = parseConfigDocument(text, file);
  if (data === null) return [];
  const validate = validatorFor('lint-baseline.schema.json');
  if (!validate(data)) {
    const error = validate.errors![0]!;
    const extra = error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : undefined;
    const line = lineOfPath(doc, counter, pointerToPath(error.instancePath), extra) ?? 1;
    const where = error.instancePath.replace(/^\/findings\/(\d+)/, 'findings[$1]').replace(/^\//, '').replace(/\//g, '.') || 'the file';
    const what = extra ? `unknown field '${extra}'` : error.keyword === 'required' ? `missing required field '${String(error.params.missingProperty)}'` : (error.message ?? 'is invalid');
    throw new ConfigError(`invalid lint baseline: ${where}: ${what}`, {
      file,
      line,
      hint: "regenerate it with 'specver lint --baseline-write' (see schemas/lint-baseline.schema.json)",
    });
  }
  return (data as { findings: BaselineEntry[] }).findings;
}

/** The project's baseline entries; a missing file means none. */
export async function loadBaseline(config: Config): Promise<{ file: string; entries: BaselineEntry[] }> {
  const file = baselinePath(config);
  const path = join(config.root, file);
  assertReadableInside(config.root, path, 'lint baseline');
  const text = await readOptionalRegularFile(path, { limit: READ_LIMITS.config, shown: file, hint: "regenerate it with 'specver lint --baseline-write'" });
  return { file, entries: text === null ? [] : parseBaseline(text, file) };
}

/** The entries recording every finding of a report, sorted so the file diffs well. */
export function baselineEntries(report: LintReport): BaselineEntry[] {
  const counts = new Map<string, BaselineEntry>();
  for (const result of report.contracts)
    for (const v of [...result.violations, ...(result.baselined ?? [])]) {
      const entry = { rule: v.rule, contract: result.name, file: v.file, pointer: v.pointer, count: 0 };
      const known = counts.get(keyOf(entry)) ?? entry;
      known.count++;
      counts.set(keyOf(entry), known);
    }
  return [...counts.values()].sort(
    (a, b) => compareCodePoints(a.contract, b.contract) || compareCodePoints(a.file, b.file) || compareCodePoints(a.pointer, b.pointer) || compareCodePoints(a.rule, b.rule),
  );
}

/**
 * Writes the baseline for the contracts of `report`, keeping the entries of contracts it did not lint, with
 * one atomic write. Returns how many findings it records.
 */
export async function writeBaseline(config: Config, report: LintReport, previous: BaselineEntry[]): Promise<number> {
  const file = baselinePath(config);
  const path = join(config.root, file);
  const guard = { root: config.root, protectedFiles: [config.file, ...config.contracts.map((c) => join(config.root, c.path))] };
  assertWritable(guard, path, 'the lint baseline');
  const linted = new Set(report.contracts.map((c) => c.name));
  const entries = [...previous.filter((e) => !linted.has(e.contract)), ...baselineEntries(report)].sort(
    (a, b) => compareCodePoints(a.contract, b.contract) || compareCodePoints(a.file, b.file) || compareCodePoints(a.pointer, b.pointer) || compareCodePoints(a.rule, b.rule),
  );
  const { stringify } = await import('yaml');
  const header = [
    "# Lint findings recorded by 'specver lint --baseline-write': lint shows them as baselined and counts only new ones.",
    '# Keyed by rule, contract, file and JSON Pointer (not line), with a count. Regenerate when findings are fixed.',
  ].join('\n');
  await writeFileAtomic(path, `${header}\n${stringify({ findings: entries }, { lineWidth: 0 })}`);
  return entries.reduce((n, e) => n + e.count, 0);
}

/** Moves the baselined findings of each contract out of `violations` (into `baselined`), and lists stale entries. */
export function applyBaseline(report: LintReport, entries: BaselineEntry[]): { report: LintReport; stale: StaleEntry[] } {
  const linted = new Set(report.contracts.map((c) => c.name));
  const remaining = new Map<string, number>();
  for (const entry of entries) if (linted.has(entry.contract)) remaining.set(keyOf(entry), (remaining.get(keyOf(entry)) ?? 0) + entry.count);
  const contracts: ContractLintResult[] = report.contracts.map((result) => {
    const fresh: LintViolation[] = [];
    const baselined: LintViolation[] = [];
    for (const v of result.violations) {
      const key = keyOf({ rule: v.rule, contract: result.name, file: v.file, pointer: v.pointer });
      const left = remaining.get(key) ?? 0;
      if (left > 0) {
        remaining.set(key, left - 1);
        baselined.push(v);
      } else fresh.push(v);
    }
    return { ...result, violations: fresh, baselined };
  });
  const stale: StaleEntry[] = [];
  const reported = new Set<string>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const left = remaining.get(key) ?? 0;
    if (left === 0 || reported.has(key)) continue;
    reported.add(key); // a key written twice is reported once, with both counts
    const count = entries.filter((e) => keyOf(e) === key).reduce((n, e) => n + e.count, 0);
    stale.push({ ...entry, count, found: count - left });
  }
  return { report: { contracts }, stale };
}
