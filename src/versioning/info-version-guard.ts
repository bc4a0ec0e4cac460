/**
 * A release never lowers a spec's `info.version` silently. An API adopted at 0.0.0 whose spec says 2.3.0
 * would otherwise be rewritten down to 0.1.0 by its first release: `version` refuses (exit 2) instead, naming
 * the spec and how to start the contract where the API really is.
 */
import { extname, join } from 'node:path';
import semverLt from 'semver/functions/lt.js';
import { ConfigError } from '../errors.ts';
import { parseSource } from '../load/parse-source.ts';
import { READ_LIMITS, readRegularFile } from '../store/safe-read.ts';
import { isRecord } from '../toolkit/values.ts';
import type { Config } from '../types.ts';
import type { VersionPlan } from './plan.ts';
import { usableInfoVersion } from './start-version.ts';
import { infoVersionLine } from './info-version.ts';

/** One spec whose info.version a release writes: what it says now (undefined: no string there) and what it gets. */
export interface InfoVersionChange {
  contract: string;
  path: string;
  from?: string;
  to: string;
}

/**
 * `info.version` of a spec's text when it is a string; undefined when absent or the text does not parse (version
 * reports that itself). Where the value is written on a line of its own, only that line is parsed, as the spec's
 * parser reads it in place: parsing a 4 MB spec again took a quarter of a second.
 */
export function infoVersionOf(text: string, path: string): string | undefined {
  const line = extname(path).toLowerCase() === '.json' ? undefined : infoVersionLine(text);
  const entry = line ? parsed(line.entry, path) : undefined;
  const data = isRecord(entry) ? { info: { version: entry.v } } : parsed(text, path);
  const version = isRecord(data) && isRecord(data.info) ? data.info.version : undefined;
  return typeof version === 'string' ? version : undefined;
}

/** The data of `text`, undefined when it does not parse (an alias alone on its line names an anchor elsewhere). */
function parsed(text: string, path: string): unknown {
  try {
    return parseSource(text, path).data;
  } catch {
    return undefined;
  }
}

/** The info.version edits of a plan, each with the value the spec has now. */
export async function infoVersionChanges(config: Config, plan: VersionPlan): Promise<InfoVersionChange[]> {
  const changes: InfoVersionChange[] = [];
  for (const write of plan.writes) {
    if (write.kind !== 'spec') continue;
    const text = await readRegularFile(join(config.root, write.path), { limit: READ_LIMITS.spec, shown: write.path });
    const from = infoVersionOf(text, write.path);
    changes.push({ contract: write.contract!, path: write.path, ...(from !== undefined ? { from } : {}), to: write.version! });
  }
  return changes;
}

/** Refuses (ConfigError, exit 2) a release that would write an info.version lower than the spec's semantic version. */
export function assertNoInfoVersionDecrease(changes: InfoVersionChange[]): void {
  const lowered = changes.filter((c) => {
    const from = usableInfoVersion(c.from);
    return from !== undefined && semverLt(c.to, from);
  });
  const first = lowered[0];
  if (!first) return;
  const more = lowered.length > 1 ? ` (and ${lowered.slice(1).map((c) => `${c.path} ${c.from} -> ${c.to}`).join(', ')})` : '';
  throw new ConfigError(`releasing ${first.contract}@${first.to} would lower info.version of ${first.path} from ${first.from} to ${first.to}${more}`, {
    file: first.path,
    hint: `start ${first.contract} at ${first.from}: 'specver init --force -V ${first.from}' (restarts every contract there), or 'specver contract remove ${first.contract} --force --yes' then 'specver contract add ${first.path} --name ${first.contract}' (starts at info.version); or set syncInfoVersion: false`,
  });
}
