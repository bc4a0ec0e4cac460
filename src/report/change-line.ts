/** How one finding reads in human output, shared by the text, markdown and annotation reporters. */
import type { Finding } from '../classify/types.ts';
import { STATE_DIR_NAME } from '../store/paths.ts';
import type { Severity } from '../types.ts';

export const SEVERITY_LABEL: Record<Severity, string> = {
  breaking: 'BREAKING',
  'non-breaking': 'non-breaking',
  patch: 'patch',
};

const SEVERITY_RANK: Record<Severity, number> = { breaking: 0, 'non-breaking': 1, patch: 2 };

/** Breaking first, then non-breaking, then patch; the detection order is kept within a severity. */
export function bySeverity<T extends { severity: Severity }>(findings: readonly T[]): T[] {
  return [...findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

/** `GET /pets` for findings that belong to one operation. */
export function operationOf(finding: Finding): string | undefined {
  if (finding.method && finding.path) return `${finding.method.toUpperCase()} ${finding.path}`;
  return finding.path;
}

const MAX_USED_BY = 3;

/** "GET /pets: response property 'id' was removed (also affects 4 more operations)", "... (against 1.0.0, 1.1.0)". */
export function describeFinding(finding: Finding): string {
  const operation = operationOf(finding);
  const message = operation && !finding.message.includes(operation) ? `${operation}: ${finding.message}` : finding.message;
  // The operation named in the message is one of the users of a shared component: list the others.
  const named = operation && message.includes(operation) ? operation : undefined;
  // Transitive compatibility: which earlier releases the change conflicts with.
  const against = finding.against?.length ? ` (against ${finding.against.join(', ')})` : '';
  const others = (finding.usedBy ?? []).filter((op) => op !== named);
  if (others.length === 0) return `${message}${against}`;
  const shown = others.slice(0, MAX_USED_BY).join(', ');
  const more = others.length > MAX_USED_BY ? ` and ${others.length - MAX_USED_BY} more` : '';
  return `${message} (${named ? 'also affects' : 'affects'} ${shown}${more})${against}`;
}

/** `api/petstore.yaml:42` or the JSON Pointer when no file is known. */
export function whereOf(finding: Finding): string {
  if (finding.file) return finding.line ? `${finding.file}:${finding.line}` : finding.file;
  return finding.location || '/';
}

/**
 * Where a review tool (GitHub annotations, SARIF) shows a change: the file and line the text and markdown reports
 * name (whereOf), so a change in a referenced file lands there, on either side (a removal found at a git base, at
 * its line in that file at the base). A removal found in a snapshot (`.specver/snapshots/`, one bundled file no
 * pull request shows) lands on the contract's spec file, without a line.
 */
export function reviewLocation(finding: Finding, contractPath: string): { file: string; line?: number } {
  const inSpec = finding.file !== undefined && !finding.file.startsWith(`${STATE_DIR_NAME}/`);
  if (!inSpec) return { file: contractPath };
  return finding.line ? { file: finding.file as string, line: finding.line } : { file: finding.file as string };
}

/** With --verbose: "severity non-breaking (breaking without rules.overrides[0], specver.yaml:12)"; '' when no scoped block set it. */
export function overrideNote(finding: Finding): string {
  const o = finding.severityOverride;
  return o ? `severity ${o.to} (${o.from} without ${o.block}, ${o.source})` : '';
}
