/** Builders for planner tests (not a test file: no `.test.ts`). */
import type { Changeset } from '../../../src/versioning/changeset-file.ts';
import type { PlanInput } from '../../../src/versioning/plan.ts';
import type { PreState } from '../../../src/store/state.ts';
import type { Bump } from '../../../src/types.ts';

export function cs(id: string, bumps: Record<string, Bump>, summary = `summary of ${id}`): Changeset {
  return {
    id,
    file: `.specver/changesets/${id}.md`,
    releases: Object.entries(bumps).map(([contract, bump], i) => ({ contract, bump, line: i + 2 })),
    summary,
  };
}

export function input(overrides: Partial<PlanInput> & { versions: Record<string, string> }): PlanInput {
  return {
    versioning: 'independent',
    contracts: Object.keys(overrides.versions),
    changesets: [],
    changelog: { path: 'CHANGELOG.md', existing: null },
    git: { enabled: false, commit: false, tag: false },
    today: '2026-01-02',
    files: {
      versions: '.specver/versions.json',
      pre: '.specver/pre.json',
      snapshot: (contract, version) => `.specver/snapshots/${contract}@${version}.yaml`,
    },
    ...overrides,
  };
}

export function pre(tag: string, initialVersions: Record<string, string>, changesets: PreState['changesets'] = [], mode: PreState['mode'] = 'pre'): PreState {
  return { mode, tag, initialVersions, changesets };
}
