/** Gathers the planner's inputs from the project (config, state files, changesets, changelog). */
import { join, relative, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { preFile, versionsFile } from '../store/paths.ts';
import { READ_LIMITS, readOptionalRegularFile } from '../store/safe-read.ts';
import { snapshotPath } from '../store/snapshots.ts';
import { readPre, readVersions } from '../store/state.ts';
import type { Config } from '../types.ts';
import type { PlanInput } from './plan.ts';
import { readChangesets } from './read-changesets.ts';

export interface InputOptions {
  preid?: string;
  changelog: boolean;
  git: boolean;
  today: Date;
}

function rel(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

/** The changelog's current text (null when absent); a directory or device there is a one-line error. */
async function readChangelog(root: string, path: string): Promise<string | null> {
  const shown = rel(root, join(root, path));
  return readOptionalRegularFile(join(root, path), { limit: READ_LIMITS.changelog, shown, hint: 'point changelog in specver.yaml at a Markdown file, or set it to false' });
}

export async function gatherPlanInput(config: Config, options: InputOptions): Promise<PlanInput> {
  const root = config.root;
  const versions = await readVersions(root);
  if (!versions)
    throw new ConfigError('.specver/versions.json is missing', { hint: "run 'specver init' to start versioning this project" });
  const [pre, changesets] = await Promise.all([readPre(root), readChangesets(root)]);
  const changelogPath = options.changelog && config.changelog !== false ? config.changelog : undefined;
  const byName = new Map(config.contracts.map((c) => [c.name, c]));
  return {
    versioning: config.versioning,
    contracts: config.contracts.map((c) => c.name),
    versions: versions.contracts,
    pre,
    changesets,
    preid: options.preid,
    changelog: changelogPath ? { path: changelogPath, existing: await readChangelog(root, changelogPath) } : null,
    git: { enabled: options.git, commit: config.git.commit, tag: config.git.tag },
    // OpenAPI specs whose info.version follows the released version (JSON Schemas have no such field).
    specs:
      config.syncInfoVersion === false
        ? {}
        : Object.fromEntries(config.contracts.filter((c) => c.format === 'openapi').map((c) => [c.name, c.path.split(sep).join('/')])),
    today: options.today.toISOString().slice(0, 10),
    files: {
      versions: rel(root, versionsFile(root)),
      pre: rel(root, preFile(root)),
      snapshot: (contract, version) => rel(root, snapshotPath(config, byName.get(contract)!, version)),
    },
  };
}
