// The release pull request's title and body, rendered from the plan of `specver version --dry-run --json`.
// Changeset summaries and file names come from the pull requests that added them: they go in escaped.
// Contract names and versions are specver's own, checked when read (names: [A-Za-z0-9][A-Za-z0-9._-]*).
import { codeSpan, markdownLine } from './markdown-text.mjs';

const BUMP_HEADINGS = { major: 'Major changes', minor: 'Minor changes', patch: 'Patch changes' };

function firstLine(text) {
  return (text ?? '').trim().split('\n')[0] ?? '';
}

/** `petstore@2.0.0, orders@1.1.0` (fixed versioning: `v2.0.0`). */
export function releaseTitle(plan) {
  if (plan.versioning === 'fixed') {
    const to = plan.releases[0]?.to;
    return to ? `Release v${to}` : 'Release';
  }
  return `Release ${plan.releases.map((r) => `${r.contract}@${r.to}`).join(', ')}`;
}

/** Released versions as `{ "<contract>": "<version>" }` (only the contracts this run changes). */
export function releasedVersions(plan) {
  return Object.fromEntries(plan.releases.map((r) => [r.contract, r.to]));
}

/** Markdown body: a table of the version changes, then the changeset summaries per contract and bump. */
export function renderReleaseBody(plan) {
  const lines = [
    '## API contract release',
    '',
    'Merging this pull request releases the versions below. It was prepared by `specver version` from the pending changesets;',
    'edit the changesets on the main branch (not this branch) to change a bump.',
    '',
    '| Contract | From | To | Bump |',
    '|---|---|---|---|',
  ];
  for (const release of plan.releases) {
    lines.push(`| ${release.contract} | ${release.from} | **${release.to}** | ${release.bump ?? release.kind} |`);
  }
  for (const release of plan.releases) {
    const heading = plan.versioning === 'fixed' ? `v${release.to}` : `${release.contract}@${release.to}`;
    if (plan.versioning === 'fixed' && release !== plan.releases[0]) continue;
    lines.push('', `### ${heading}`);
    for (const bump of ['major', 'minor', 'patch']) {
      const entries = plan.changesets.filter((c) =>
        c.releases.some((r) => r.bump === bump && (plan.versioning === 'fixed' || r.contract === release.contract)),
      );
      if (entries.length === 0) continue;
      lines.push('', `#### ${BUMP_HEADINGS[bump]}`, '');
      for (const changeset of entries) lines.push(`- ${markdownLine(firstLine(changeset.summary)) || '(no summary)'} (${codeSpan(changeset.id)})`);
    }
    // Breaking changes a waiver accepted: released under the lower bump, so the reviewer of the release sees them.
    const accepted = (plan.acceptedBreaks ?? []).filter((a) => plan.versioning === 'fixed' || a.contract === release.contract);
    if (accepted.length > 0) lines.push('', '#### Accepted breaking changes (waived)', '');
    for (const a of accepted)
      lines.push(`- ${plan.versioning === 'fixed' ? `${a.contract}: ` : ''}${markdownLine(firstLine(a.message))} (waived: ${markdownLine(firstLine(a.reason))}; ${codeSpan(`${a.waiver.file}:${a.waiver.line}`)})`);
  }
  lines.push('', `<sub>${plan.changesets.length} changeset${plan.changesets.length === 1 ? '' : 's'} consumed.</sub>`, '');
  return lines.join('\n');
}
