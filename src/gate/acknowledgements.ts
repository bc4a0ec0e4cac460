/** Acknowledged breaks: a pending changeset that declares `major` for a contract accepts its breaking changes. */
import { readChangesets } from '../versioning/read-changesets.ts';

/** Contract name -> files of the pending changesets declaring `major` for it. */
export async function acknowledgements(root: string): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const changeset of await readChangesets(root))
    for (const release of changeset.releases) if (release.bump === 'major') (result[release.contract] ??= []).push(changeset.file);
  return result;
}
