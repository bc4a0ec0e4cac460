/**
 * Acknowledged breaks: a pending changeset that declares `major` for a contract accepts its breaking changes.
 * At a git base only what the pull request itself declares counts: a major changeset merged earlier (pending
 * until the next release) described an earlier break, and must not wave every later one through.
 */
import { join } from 'node:path';
import { parseChangeset, type Changeset } from '../versioning/changeset-file.ts';
import { readChangesets } from '../versioning/read-changesets.ts';
import { BUMP_ORDER } from '../types.ts';
import { ConfigError } from '../errors.ts';

/** Reads an absolute path as it was at the commit the pull request branched from (ENOENT when absent). */
export type ReadAtMergeBase = (absolutePath: string) => Promise<string>;

/**
 * The pending changesets with only the releases the pull request added: a changeset absent at the merge-base
 * keeps all of them; one that existed keeps those it raised (a new contract, or a higher bump).
 */
export async function changesetsAddedSince(root: string, readAtBase: ReadAtMergeBase): Promise<Changeset[]> {
  const result: Changeset[] = [];
  for (const changeset of await readChangesets(root)) {
    let before: Changeset | undefined;
    try {
      before = parseChangeset(await readAtBase(join(root, changeset.file)), changeset.file, changeset.id);
    } catch (error) {
      // Absent at the merge-base (or not a changeset there): the pull request's own. git failing is not that.
      if (!(error instanceof ConfigError)) throw error;
    }
    const releases = changeset.releases.filter((release) => {
      const old = before?.releases.find((r) => r.contract === release.contract);
      return !old || BUMP_ORDER[release.bump] > BUMP_ORDER[old.bump];
    });
    if (releases.length > 0) result.push({ ...changeset, releases });
  }
  return result;
}

/**
 * Contract name -> files of the pending changesets declaring `major` for it. With `readAtBase` (a git base),
 * only the majors the pull request added count.
 */
export async function acknowledgements(root: string, readAtBase?: ReadAtMergeBase): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  const changesets = readAtBase ? await changesetsAddedSince(root, readAtBase) : await readChangesets(root);
  for (const changeset of changesets)
    for (const release of changeset.releases) if (release.bump === 'major') (result[release.contract] ??= []).push(changeset.file);
  return result;
}
