/**
 * Lint rule cases, as `specver rules test` runs them: a case file names a lint rule (built-in or one of the
 * project's lint.files) and lists `valid` documents, where it must find nothing, and `invalid` ones, where it
 * must report exactly `count` findings, optionally with their paths and messages. The rule runs alone and
 * enabled (a rule the project turns off is still tested), exactly as `specver lint` would run it on the file.
 */
import { basename, dirname, resolve } from 'node:path';
import { ConfigError } from '../errors.ts';
import { validateAgainst } from '../schema-validation.ts';
import { assertReadableInside } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFileSync } from '../store/safe-read.ts';
import { lintText } from './lint-contracts.ts';
import type { LintRule, LintViolation } from './types.ts';

export interface ExpectedLintFinding { path?: string; message?: string }
export interface LintCase {
  name: string;
  document?: string | Record<string, unknown>;
  file?: string;
  fileName?: string;
  count?: number;
  findings?: ExpectedLintFinding[];
}
export interface LintCaseFile { rule: string; valid: LintCase[]; invalid: LintCase[] }
export interface LintCaseResult { group: 'valid' | 'invalid'; name: string; problems: string[] }

/** Whether case file data is for a lint rule (`valid:` / `invalid:` lists). */
export function isLintCaseData(data: unknown): boolean {
  return typeof data === 'object' && data !== null && ('valid' in data || 'invalid' in data);
}

/** Lint case file data, checked against schemas/rule-cases.schema.json (a mistake: exit 2 naming the file). */
export function parseLintCases(data: unknown, shownAs: string): LintCaseFile {
  if (!isLintCaseData(data)) {
    throw new ConfigError(`case file ${shownAs}: '${String((data as { rule?: unknown }).rule)}' is a lint rule, whose cases are \`invalid:\` and \`valid:\` documents`, {
      file: shownAs,
      hint: '`fires:` / `quiet:` are for classification rules; see schemas/rule-cases.schema.json',
    });
  }
  const violations = validateAgainst('rule-cases.schema.json', data);
  if (violations.length > 0) {
    const first = violations.find((v) => !/must match "(then|else)" schema/.test(v.message)) ?? violations[0]!;
    throw new ConfigError(`case file ${shownAs}: ${first.pointer || '(root)'} ${first.message}`, {
      file: shownAs,
      hint: 'a lint case has a name and a `document` (text or mapping) or a `file`; an invalid one its `count` of findings (see schemas/rule-cases.schema.json)',
    });
  }
  const cases = data as Partial<LintCaseFile> & { rule: string };
  return { rule: cases.rule, valid: cases.valid ?? [], invalid: cases.invalid ?? [] };
}

/** The case's document text and the name it is linted under (its extension decides YAML or JSON). */
function caseDocument(c: LintCase, caseFile: string, root: string): { text: string; name: string } {
  if (c.file !== undefined) {
    const full = resolve(dirname(caseFile), c.file);
    // Case files are project content: the documents they name come from inside the project too.
    assertReadableInside(root, full, 'case document');
    const text = readRegularFileSync(full, { limit: READ_LIMITS.spec, shown: c.file, hint: 'name a spec file relative to the case file' });
    return { text, name: basename(full) };
  }
  if (typeof c.document === 'string') return { text: c.document, name: c.fileName ?? 'spec.yaml' };
  return { text: `${JSON.stringify(c.document, null, 2)}\n`, name: c.fileName ?? 'spec.json' };
}

const describe = (v: LintViolation) => `${v.pointer || '/'} "${v.message}"`;
const fits = (want: ExpectedLintFinding, got: LintViolation) =>
  (want.path === undefined || want.path === got.pointer) && (want.message === undefined || want.message === got.message);

/** Whether each expected finding can be given a different actual one (augmenting paths: a few entries at most). */
function allMatched(wanted: ExpectedLintFinding[], found: LintViolation[]): ExpectedLintFinding[] {
  const owner = new Array<number>(found.length).fill(-1);
  const assign = (w: number, seen: Set<number>): boolean => {
    for (let f = 0; f < found.length; f++) {
      if (seen.has(f) || !fits(wanted[w]!, found[f]!)) continue;
      seen.add(f);
      if (owner[f] === -1 || assign(owner[f]!, seen)) {
        owner[f] = w;
        return true;
      }
    }
    return false;
  };
  return wanted.filter((_, w) => !assign(w, new Set()));
}

async function runCase(c: LintCase, group: 'valid' | 'invalid', rules: LintRule[], caseFile: string, root: string): Promise<LintCaseResult> {
  const problems: string[] = [];
  const { text, name } = caseDocument(c, caseFile, root);
  const found = await lintText(text, name, rules, rules[0]?.format);
  const mine = found.filter((v) => v.rule === rules[0]!.id);
  if (group === 'valid') {
    if (mine.length > 0) problems.push(`expected no ${rules[0]!.id} finding, got ${mine.length}: ${mine.map(describe).join(', ')}`);
  } else {
    if (mine.length !== c.count) problems.push(`expected ${c.count} ${rules[0]!.id} finding${c.count === 1 ? '' : 's'}, got ${mine.length}${mine.length ? `: ${mine.map(describe).join(', ')}` : ''}`);
    for (const missing of allMatched(c.findings ?? [], mine)) {
      const wanted = [missing.path !== undefined ? `at ${missing.path}` : '', missing.message !== undefined ? `"${missing.message}"` : ''].filter(Boolean).join(' ');
      problems.push(`no finding ${wanted} among [${mine.map(describe).join(', ')}]`);
    }
  }
  return { group, name: c.name, problems };
}

/**
 * Run a lint case file. `rules` are the project's lint rules (lint.severity applied); every entry with the id
 * runs (a rule may have one per format), the others do not.
 */
export async function runLintCases(cases: LintCaseFile, rules: LintRule[], caseFile: string, root: string): Promise<LintCaseResult[]> {
  const only = rules.filter((r) => r.id === cases.rule).map((r) => (r.severity === 'off' ? { ...r, severity: 'warn' as const } : r));
  const results: LintCaseResult[] = [];
  for (const group of ['invalid', 'valid'] as const) {
    for (const c of cases[group]) {
      try {
        results.push(await runCase(c, group, only, caseFile, root));
      } catch (error) {
        // A case whose document cannot be read fails with the reason; the other cases still run.
        results.push({ group, name: c.name, problems: [`cannot run the case: ${(error as Error).message}`] });
      }
    }
  }
  return results;
}
