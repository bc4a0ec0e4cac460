/**
 * `breaking --format github`: GitHub Actions workflow commands anchored to the file and line of each change, the
 * same place the text and markdown reports name. Every breaking change is annotated: an
 * error when it fails the gate, a warning when it is waived or an allowed acknowledged break. GitHub shows at
 * most 10 warning and 10 notice annotations per step (50 per job), so non-breaking changes are annotated as
 * notices only up to NOTICE_CAP; the rest go to the job summary.
 */
import type { Finding } from '../classify/types.ts';
import { isBlocking, judge, statusNote, waiverProblems, type GateVerdict } from '../gate/verdict.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import { bySeverity, describeFinding, operationOf, reviewLocation, SEVERITY_LABEL, whereOf } from './change-line.ts';
import { verdictLine } from './breaking-text.ts';
import { hasPolicyNews, policyHeadline, policyMarkdown } from './policy-changes.ts';
import { markdownText } from './markdown-text.ts';
import { escapeCommandData as escapeData, escapeCommandProperty as escapeProperty } from './workflow-command.ts';

/** Non-breaking changes annotated as notices, per run (GitHub's per-step limit for notices). */
export const NOTICE_CAP = 10;

/** On the file and line of the change (reviewLocation: the place the text and markdown reports name). */
function annotation(level: 'error' | 'warning' | 'notice', contractPath: string, finding: Finding, note = ''): string {
  const where = reviewLocation(finding, contractPath);
  const props = [`file=${escapeProperty(where.file)}`];
  if (where.line) props.push(`line=${where.line}`);
  props.push(`title=${escapeProperty(`specver ${SEVERITY_LABEL[finding.severity]}: ${finding.rule}`)}`);
  return `::${level} ${props.join(',')}::${escapeData(`${describeFinding(finding)}${note ? ` ${note}` : ''}`)}`;
}

function fileAnnotation(level: 'error' | 'warning', file: string, line: number | undefined, message: string, title = 'specver waiver'): string {
  const where = line ? `,line=${line}` : '';
  return `::${level} file=${escapeProperty(file)}${where},title=${escapeProperty(title)}::${escapeData(message)}`;
}

export interface GithubReport {
  /** Workflow commands and the count line, for stdout. */
  annotations: string;
  /** Markdown: the policy changes, and the changes left without an annotation; '' when there is neither. */
  summary: string;
  /** How many non-breaking changes were left for the summary. */
  overflow: number;
}

export function githubReport(comparisons: Comparison[], verdict: GateVerdict = judge(comparisons), cap = NOTICE_CAP): GithubReport {
  const lines: string[] = [];
  const rest: { contract: string; finding: Finding }[] = [];
  let notices = 0;
  for (const { contract, findings, error } of comparisons) {
    // Where the spec cannot be read: on the file and line the error names.
    if (error) lines.push(fileAnnotation('error', error.file ?? contract.path, error.line, `${contract.name} not compared: ${error.message}${error.hint ? ` (${error.hint})` : ''}`, 'specver: contract not compared'));
    for (const finding of bySeverity(findings)) {
      if (finding.severity === 'breaking') {
        const status = verdict.status.get(finding);
        const blocking = isBlocking(verdict, finding);
        lines.push(annotation(blocking ? 'error' : 'warning', contract.path, finding, statusNote(status)));
      } else if (finding.severity === 'non-breaking') {
        if (notices < cap) {
          notices++;
          lines.push(annotation('notice', contract.path, finding));
        } else rest.push({ contract: contract.name, finding });
      }
    }
  }
  // Policy changes lead, as warnings on the file they are in: GitHub lists them first on the pull request.
  const policyLines = (verdict.policy?.changes ?? []).map((change) => `::warning file=${escapeProperty(change.file)},title=${escapeProperty('specver policy change')}::${escapeData(change.message)}`);
  lines.unshift(...policyLines);
  const problems = waiverProblems(verdict);
  verdict.expired.forEach((w, i) => lines.push(fileAnnotation('error', verdict.waiverFile, w.line, problems.errors[i]!)));
  verdict.unmatched.forEach((w, i) => lines.push(fileAnnotation('warning', verdict.waiverFile, w.line, problems.warnings[i]!)));
  if (rest.length > 0) lines.push(`${rest.length} more non-breaking change${rest.length === 1 ? '' : 's'} not annotated (GitHub shows ${cap} notices per step): see the job summary`);
  lines.push(verdictLine(verdict));
  const overflow =
    rest.length === 0
      ? ''
      : [
          `### specver: non-breaking changes without an annotation (${rest.length})`,
          '',
          '| Contract | Change | Where |',
          '|---|---|---|',
          ...rest.map(({ contract, finding }) => `| ${markdownText(contract)} | ${markdownText(describeFinding(finding))} | ${markdownText(operationOf(finding) ?? whereOf(finding))} |`),
          '',
        ].join('\n');
  if (hasPolicyNews(verdict.policy)) lines.splice(policyLines.length, 0, policyHeadline(verdict.policy));
  const summary = [policyMarkdown(verdict.policy), overflow].filter((part) => part !== '').join('\n');
  return { annotations: lines.join('\n'), summary, overflow: rest.length };
}

/** The annotations followed by the summary (for callers without a job summary file). */
export function renderBreakingGithub(comparisons: Comparison[], verdict?: GateVerdict): string {
  const report = githubReport(comparisons, verdict);
  return report.summary ? `${report.annotations}\n\n${report.summary}` : report.annotations;
}
