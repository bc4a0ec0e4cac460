// The `require-changeset` input: a pull request that changes a spec without adding a changeset is named in the
// job summary (warn), or also fails the job (fail). Only the pull request's own changes count: `specver status
// --since <merge-base>` compares the contracts whose specs it changed and the changesets it added.
import { codeSpan } from './markdown-text.mjs';

export const REQUIRE_CHANGESET_MODES = ['off', 'warn', 'fail'];

/** The contracts a `status --json` document reports as changed without a changeset. */
export function uncoveredContracts(statusDoc) {
  return (statusDoc.problems ?? []).filter((p) => p.kind === 'uncovered-changes').map((p) => p.contract);
}

/** The job summary section naming the contracts that need a changeset. */
export function missingChangesetSummary(contracts, mode) {
  const names = contracts.map((name) => codeSpan(name)).join(', ');
  return [
    '## Changeset missing',
    '',
    `This pull request changes the spec of ${names} but adds no changeset for ${contracts.length === 1 ? 'it' : 'them'}.`,
    'Run `npx specver changeset` and commit the file it writes under `.specver/changesets/`, so the release notes say what changed.',
    mode === 'fail' ? '' : undefined,
    mode === 'fail' ? 'This check fails the job (`require-changeset: fail`).' : undefined,
    '',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

/** The one-line annotation for the job log. */
export function missingChangesetMessage(contracts) {
  return `no changeset for the spec changes of ${contracts.join(', ')}: run 'npx specver changeset' and commit it`;
}
