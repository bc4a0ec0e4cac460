/**
 * How the gate shows whose policy judged a pull request and what the pull request changed in it, shared by the
 * text, GitHub and JSON reports. A reviewer must see a new waiver or a rule turned off beside the verdict it
 * produced, so these lines come first.
 */
import type { GatePolicy } from '../gate/prepare-gate.ts';
import { markdownText } from './markdown-text.ts';

const REASON: Record<GatePolicy['reason'], string> = {
  flag: '--policy',
  'base-config': "gate.policy in the base commit's specver.yaml",
  config: 'gate.policy in specver.yaml',
  default: 'the default',
};

/** "Judged with the pull request's policy (the default); --policy base judges with origin/main's." */
export function policyHeadline(policy: GatePolicy): string {
  const why = REASON[policy.reason];
  return policy.source === 'base'
    ? `Judged with the policy of ${policy.ref} (${why}): the pull request's rules, waivers and contract settings do not count`
    : `Judged with the pull request's own policy (${why}); --policy base judges with the policy of ${policy.ref}`;
}

export function policyCountLine(policy: GatePolicy): string {
  const n = policy.changes.length;
  return `${n} policy ${n === 1 ? 'change' : 'changes'} in this pull request${policy.source === 'base' ? ' (not applied)' : ''}:`;
}

/** Whether the report says anything about policy: a change to it, or a base policy judging. */
export function hasPolicyNews(policy: GatePolicy | undefined): policy is GatePolicy {
  return !!policy && (policy.changes.length > 0 || policy.source === 'base');
}

/** Text lines: the headline, then each change with its file. */
export function policyTextLines(policy: GatePolicy | undefined): string[] {
  if (!hasPolicyNews(policy)) return [];
  const lines = [policyHeadline(policy)];
  if (policy.changes.length > 0) lines.push(policyCountLine(policy), ...policy.changes.map((c) => `  ! ${c.message} [${c.file}]`));
  return lines;
}


/** A Markdown section for the job summary ('' when there is nothing to say). */
export function policyMarkdown(policy: GatePolicy | undefined): string {
  if (!hasPolicyNews(policy)) return '';
  const lines = [`### specver: policy changes in this pull request (${policy.changes.length})`, '', markdownText(policyHeadline(policy)), ''];
  if (policy.changes.length > 0) lines.push('| Change | File |', '|---|---|', ...policy.changes.map((c) => `| ${markdownText(c.message)} | ${markdownText(c.file)} |`), '');
  return lines.join('\n');
}

/** The `policy` object of `breaking --json` (schemas/output/breaking.schema.json). */
export function policyJson(policy: GatePolicy) {
  return { source: policy.source, reason: policy.reason, base: policy.ref, changes: policy.changes.map(({ kind, message, file }) => ({ kind, message, file })) };
}
