/**
 * `specver tag`: create the git tags of the current versions that have none (`<contract>@<version>`, fixed
 * versioning: `v<version>`), annotated, on HEAD. Meant for the release job after the version pull request is
 * merged; like `version`, it never pushes.
 */
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
}

export async function run(ctx: Context, options: TagOptions = {}): Promise<number> {
  const { loadConfig } = await import('../../config/load-config.ts');
  const config = await loadConfig(ctx);
  const [{ readVersions }, { insideWorkTree, runGit }] = await Promise.all([import('../../store/state.ts'), import('../../versioning/git.ts')]);
  if (!(await insideWorkTree(config.root)))
    throw new ConfigError(`${config.root} is not inside a git work tree`, { hint: 'run specver tag in the repository that holds specver.yaml' });
  const versions = (await readVersions(config.root))?.contracts;
  if (!versions) throw new ConfigError('.specver/versions.json is missing', { hint: "run 'specver init' to start versioning this project" });

  const rows = new Map<string, TagRow>();
  for (const contract of config.contracts) {
    const version = versions[contract.name];
    if (!version) continue;
    const tag = config.versioning === 'fixed' ? `v${version}` : `${contract.name}@${version}`;
    const row = rows.get(tag) ?? { tag, contracts: [], version, created: false };
    row.contracts.push(contract.name);
    rows.set(tag, row);
  }
  const existing = new Set((await runGit(['tag', '--list'], config.root)).stdout.split('\n').map((t) => t.trim()));
  const missing = [...rows.values()].filter((row) => !existing.has(row.tag));
  if (!options.dryRun) {
    for (const row of missing) {
      try {
        await runGit(['tag', '-a', row.tag, '-m', row.tag], config.root);
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
  for (const row of missing) ctx.out.result(`${prefix}${options.dryRun ? 'would create' : 'created'} ${row.tag}`);
  if (missing.length === 0) ctx.out.result('Every current version is tagged already.');
  else if (!options.dryRun) ctx.out.info(`Push them: git push origin ${missing.map((r) => r.tag).join(' ')}`);
  return 0;
}
