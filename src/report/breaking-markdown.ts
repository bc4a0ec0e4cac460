/**
 * `breaking --format markdown`: the pull-request summary with the gate's verdict. The verdict comes first, then
 * what the pull request changed in the policy that judged it, the changes table of `diff --format markdown`
 * (each breaking change with what the gate made of it), waiver problems and the suggested bumps. Every piece of
 * spec or repository text goes through markdown-text.ts.
 */
import { judge, statusNote, waiverProblems, type GateVerdict } from '../gate/verdict.ts';
import type { Comparison } from '../pipeline/comparison.ts';
import { verdictLine } from './breaking-text.ts';
import { againstMarkdown, bumpsLine, changesTable } from './diff-markdown.ts';
import { markdownText } from './markdown-text.ts';
import { policyMarkdown } from './policy-changes.ts';

export function renderBreakingMarkdown(comparisons: Comparison[], verdict: GateVerdict = judge(comparisons)): string {
  const mark = verdict.failed ? '❌ **The breaking-change gate fails**' : '✅ **The breaking-change gate passes**';
  const lines = ['## API contract breaking changes', '', `${mark} against ${againstMarkdown(comparisons)}: ${markdownText(verdictLine(verdict))}.`, ''];
  const policy = policyMarkdown(verdict.policy);
  if (policy) lines.push(policy);
  lines.push(...changesTable(comparisons, 'all', (finding) => statusNote(verdict.status.get(finding))), '');
  const problems = waiverProblems(verdict);
  if (problems.errors.length + problems.warnings.length > 0) {
    lines.push('**Waivers:**', '', ...problems.errors.map((e) => `- ❌ ${markdownText(e)}`), ...problems.warnings.map((w) => `- ⚠️ ${markdownText(w)}`), '');
  }
  lines.push(bumpsLine(comparisons));
  return `${lines.join('\n')}\n`;
}
