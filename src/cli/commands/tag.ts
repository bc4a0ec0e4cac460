/**
 * `specver tag`: create the git tags of the current versions that have none (`<contract>@<version>`, fixed
 * versioning: `v<version>`), annotated, each on the commit that released its version (the one that added its
 * snapshot), not on HEAD: the release job may run after later commits. Tags that exist are left as they are
 * and listed. Like `version`, it never pushes.
 */
import { relative, sep } from 'node:path';
import { ConfigError, ToolError } from '../../errors.ts';
import type { Context } from '../context.ts';

export interface TagOptions {
  dryRun?: boolean;
}

interface TagRow {
  tag: string;
  contracts: string[];
  version: string;
  created: boolean;
  /** The tag was there before this run (left as it is). */
  existed: boolean;
  /** The commit that released the version: where the tag is (or, with --dry-run, would be) created. */
  commit?: string;
}

export async function run(ctx: Context, options: TagOptions = {}): Promise<number> {
  const { loadConfig } = await import('../../config/load-config.ts');
  const config = await loadConfig(ctx);
  const [{ readVersions }, { insideWorkTree, runGit }, { releaseCommit }, { findSnapshot }] = await Promise.all([
    import('../../store/state.ts'),
    import('../../versioning/git.ts'),
    import('../../versioning/release-commit.ts'),
    import('../../store/snapshots.ts'),
  ]);
  if (!(await insideWorkTree(config.root)))
    throw new ConfigError(`${config.root} is not inside a git work tree`, { hint: 'run specver tag in the repository that holds specver.yaml' });
  const versions = (await readVersions(config.root))?.contracts;
  if (!versions) throw new ConfigError('.specver/versions.json is missing', { hint: "run 'specver init' to start versioning this project" });

  // for-each-ref, not `tag --list`: its output does not follow column.ui or tag.sort.
  const existing = new Set((await runGit(['for-each-ref', '--format=%(refname:strip=2)', 'refs/tags'], config.root)).stdout.split('\n').map((t) => t.trim()));
  const rows = new Map<string, TagRow>();
  const snapshots = new Map<string, string[]>();
  for (const contract of config.contracts) {
    const version = versions[contract.name];
    if (!version) continue;
    const tag = config.versioning === 'fixed' ? `v${version}` : `${contract.name}@${version}`;
    const row = rows.get(tag) ?? { tag, contracts: [], version, created: false, existed: existing.has(tag) };
    row.contracts.push(contract.name);
    rows.set(tag, row);
    if (!row.existed) snapshots.set(tag, [...(snapshots.get(tag) ?? []), relative(config.root, findSnapshot(config, contract, version)).split(sep).join('/')]);
  }
  const missing = [...rows.values()].filter((row) => !row.existed);
  // Every release commit is found before any tag is made: a version that cannot be placed stops the run unchanged.
  for (const row of missing) row.commit = await releaseCommit(config.root, row.tag, snapshots.get(row.tag)!);
  if (!options.dryRun) {
    for (const row of missing) {
      try {
        await runGit(['tag', '-a', row.tag, '-m', row.tag, row.commit!], config.root);
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr?.trim();
        throw new ToolError(`git tag ${row.tag} failed: ${stderr || (error as Error).message}`, { hint: 'tags created before it are kept; fix the cause and run specver tag again', cause: error });
      }
      row.created = true;
    }
  }
  if (ctx.json) {
    ctx.out.jsonDocument({ dryRun: options.dryRun === true, tags: [...rows.values()] });
    return 0;
  }
  const prefix = options.dryRun ? '[dry-run] ' : '';
  for (const row of missing) ctx.out.result(`${prefix}${options.dryRun ? 'would create' : 'created'} ${row.tag} on ${row.commit!.slice(0, 12)}, the commit that released it`);
  for (const row of rows.values()) if (row.existed) ctx.out.result(`${row.tag} exists already: left as it is`);
  if (missing.length === 0) ctx.out.result('Every current version is tagged already.');
  else if (!options.dryRun) ctx.out.info(`Push them: git push origin ${missing.map((r) => r.tag).join(' ')}`);
  return 0;
}
