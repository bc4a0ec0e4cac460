/**
 * `breaking --format sarif`: SARIF 2.1.0 for code-scanning views, in the shape of `lint --format sarif`. A
 * breaking change that fails the gate is an error, one waived or acknowledged-and-allowed a warning (with what
 * the gate made of it), a non-breaking change a note; patches are left out, as in `breaking --json`. A contract
 * that cannot be read and an expired waiver are errors too: each fails the gate.
 */
import type { Finding } from '../classify/types.ts';
import { isBlocking, judge, statusNote, waiverProblems, type GateVerdict } from '../gate/verdict.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import { bySeverity, describeFinding, reviewLocation } from './change-line.ts';
import { relativeUri } from './lint-sarif.ts';
import { sarifLog } from './sarif-log.ts';

/** Rule ids of the gate's own results (not classification rules). */
const NOT_COMPARED = 'contract-not-compared';
const WAIVER_EXPIRED = 'waiver-expired';
const OWN_RULES: Record<string, string> = {
  [NOT_COMPARED]: 'The spec or its base cannot be read, so the contract was not compared (the gate fails)',
  [WAIVER_EXPIRED]: 'A waiver is past its expiry date (the gate fails)',
};

interface Result {
  ruleId: string;
  level: 'error' | 'warning' | 'note';
  message: string;
  file: string;
  line?: number;
  pointer?: string;
}

function physical(file: string, line?: number) {
  return { artifactLocation: { uri: relativeUri(file) }, ...(line ? { region: { startLine: line } } : {}) };
}

function findingResult(verdict: GateVerdict, contractPath: string, finding: Finding): Result | undefined {
  if (finding.severity === 'patch') return undefined;
  const where = reviewLocation(finding, contractPath);
  const level = finding.severity === 'non-breaking' ? 'note' : isBlocking(verdict, finding) ? 'error' : 'warning';
  const note = statusNote(verdict.status.get(finding));
  return { ruleId: finding.rule, level, message: `${describeFinding(finding)}${note ? ` ${note}` : ''}`, ...where, pointer: finding.location || '/' };
}

/** `summaries`: rule id -> one-line description (the classification rules' `summary`), for the rules used. */
export function breakingSarif(comparisons: Comparison[], verdict: GateVerdict = judge(comparisons), summaries: ReadonlyMap<string, string> = new Map(), toolVersion = '0.1.0'): object {
  const results: Result[] = [];
  for (const { contract, findings, error } of comparisons) {
    if (error) results.push({ ruleId: NOT_COMPARED, level: 'error', message: `${contract.name} not compared: ${error.message}${error.hint ? ` (${error.hint})` : ''}`, file: error.file ?? contract.path, line: error.line });
    for (const finding of bySeverity(findings)) {
      const result = findingResult(verdict, contract.path, finding);
      if (result) results.push(result);
    }
  }
  const problems = waiverProblems(verdict);
  verdict.expired.forEach((w, i) => results.push({ ruleId: WAIVER_EXPIRED, level: 'error', message: problems.errors[i]!, file: verdict.waiverFile, line: w.line }));
  const ids = [...new Set(results.map((r) => r.ruleId))];
  const index = new Map(ids.map((id, i) => [id, i]));
  return sarifLog(
    toolVersion,
    ids.map((id) => ({ id, shortDescription: { text: OWN_RULES[id] ?? summaries.get(id) ?? id } })),
    results.map((r) => ({
      ruleId: r.ruleId,
      ruleIndex: index.get(r.ruleId),
      level: r.level,
      message: { text: r.message },
      locations: [{ physicalLocation: physical(r.file, r.line), ...(r.pointer ? { logicalLocations: [{ fullyQualifiedName: r.pointer, kind: 'member' }] } : {}) }],
    })),
  );
}
