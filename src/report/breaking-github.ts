/**
 * `breaking --format github`: GitHub Actions workflow commands, one annotation per change, anchored to the
 * spec file and line (findings on the base side, such as removals, point at the contract's spec file).
 */
import type { Finding } from '../classify/types.ts';
import type { Comparison } from '../pipeline/compare-contract.ts';
import { describeFinding } from './change-line.ts';
import { countLine, breakingCount } from './breaking-text.ts';

/** Escaping of workflow command data and properties (per the GitHub Actions toolkit). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function annotation(level: 'error' | 'warning' | 'notice', contractPath: string, finding: Finding): string {
  const onRevision = finding.side === 'revision' && finding.file;
  const props = [`file=${escapeProperty(onRevision ? (finding.file as string) : contractPath)}`];
  if (onRevision && finding.line) props.push(`line=${finding.line}`);
  props.push(`title=${escapeProperty(`specver ${finding.severity}: ${finding.rule}`)}`);
  return `::${level} ${props.join(',')}::${escapeData(describeFinding(finding))}`;
}

export function renderBreakingGithub(comparisons: Comparison[]): string {
  const lines: string[] = [];
  for (const { contract, findings } of comparisons) {
    for (const finding of findings) {
      if (finding.severity === 'breaking') lines.push(annotation('error', contract.path, finding));
      else if (finding.severity === 'non-breaking') lines.push(annotation('notice', contract.path, finding));
    }
  }
  lines.push(countLine(breakingCount(comparisons)));
  return lines.join('\n');
}
