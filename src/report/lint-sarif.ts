/** `lint --format sarif`: SARIF 2.1.0, one run with the rules used and one result per violation. */
import { sep } from 'node:path';
import type { LintReport, LintRule } from '../lint/types.ts';
import { sarifLog } from './sarif-log.ts';

const LEVEL = { error: 'error', warn: 'warning', info: 'note', hint: 'note' } as const;

/**
 * A project-relative file path as a relative URI reference, each segment percent-encoded, so that a file named
 * `a b#1%41.yaml` is `a%20b%231%2541.yaml` and not a fragment or another file. (A half surrogate pair, which
 * encodeURIComponent refuses, becomes U+FFFD.)
 */
export function relativeUri(file: string): string {
  const wellFormed = file.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  return wellFormed.split(sep === '/' ? '/' : /[\\/]/).map(encodeURIComponent).join('/');
}

export function lintSarif(report: LintReport, rules: LintRule[], toolVersion = '0.1.0'): object {
  const used = new Set(report.contracts.flatMap((c) => c.violations.map((v) => v.rule)));
  const ruleList = rules.filter((r) => used.has(r.id)).filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i);
  const index = new Map(ruleList.map((r, i) => [r.id, i]));
  return sarifLog(
    toolVersion,
    ruleList.map((r) => ({
      id: r.id,
      shortDescription: { text: r.description },
      defaultConfiguration: { level: r.severity === 'off' ? 'none' : LEVEL[r.severity] },
    })),
    report.contracts.flatMap((c) =>
      c.violations.map((v) => ({
        ruleId: v.rule,
        ruleIndex: index.get(v.rule),
        level: LEVEL[v.severity],
        message: { text: v.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: relativeUri(v.file) },
              ...(v.line ? { region: { startLine: v.line } } : {}),
            },
            logicalLocations: [{ fullyQualifiedName: v.pointer || '/', kind: 'member' }],
          },
        ],
      })),
    ),
  );
}
