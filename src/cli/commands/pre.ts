/** `specver pre enter <tag> | exit | status`: the pre-release cycle kept in `.specver/pre.json`. */
import semver from 'semver';
import { ConfigError } from '../../errors.ts';
import type { PreState } from '../../store/state.ts';
import type { Config } from '../../types.ts';
import type { Context } from '../context.ts';

interface FormatOptions {
  format?: 'text' | 'json';
}

async function project(ctx: Context) {
  const { loadConfig } = await import('../../config/load-config.ts');
  const config = await loadConfig(ctx);
  const { finishInterruptedVersion } = await import('../../versioning/session.ts');
  await finishInterruptedVersion(config, ctx.now);
  return config;
}

async function versionsOf(config: Config): Promise<Record<string, string>> {
  const { readVersions } = await import('../../store/state.ts');
  const versions = await readVersions(config.root);
  if (!versions) throw new ConfigError('.specver/versions.json is missing', { hint: "run 'specver init' to start versioning this project" });
  return versions.contracts;
}

/** The document printed by every pre subcommand in --json mode (schemas/output/pre-status.schema.json). */
function statusDocument(config: Config, pre: PreState | undefined, versions: Record<string, string>) {
  return {
    mode: pre ? pre.mode : 'none',
    tag: pre?.tag ?? null,
    contracts: config.contracts.map((c) => ({
      name: c.name,
      version: versions[c.name] ?? null,
      initialVersion: pre?.initialVersions[c.name] ?? null,
    })),
    changesets: pre?.changesets ?? [],
  };
}

async function change(ctx: Context, next: (pre: PreState | undefined, versions: Record<string, string>) => PreState, describe: (before: PreState | undefined, after: PreState, versions: Record<string, string>) => string[]) {
  const config = await project(ctx);
  const [{ withLock }, { readPre, writePre }] = await Promise.all([import('../../versioning/session.ts'), import('../../store/state.ts')]);
  return withLock(config.root, ctx.now, async () => {
    const versions = await versionsOf(config);
    const before = await readPre(config.root);
    const after = next(before, versions);
    await writePre(config.root, after);
    if (ctx.json) ctx.out.jsonDocument(statusDocument(config, after, versions));
    else for (const line of describe(before, after, versions)) ctx.out.result(line);
    return 0;
  });
}

export async function runEnter(ctx: Context, tag: string): Promise<number> {
  const { enterPre, checkPreTag } = await import('../../versioning/pre.ts');
  checkPreTag(tag);
  return change(
    ctx,
    (pre, versions) => enterPre(pre, tag, versions),
    (before, after) =>
      before && before.tag !== after.tag
        ? [`Switched the pre-release tag from '${before.tag}' to '${after.tag}'.`, `The next 'specver version' releases <version>-${after.tag}.0 versions.`]
        : [`Entered pre-release mode with tag '${after.tag}'.`, `'specver version' now releases <version>-${after.tag}.<n> versions; 'specver pre exit' ends the cycle.`],
  );
}

export async function runExit(ctx: Context): Promise<number> {
  const { exitPre } = await import('../../versioning/pre.ts');
  return change(
    ctx,
    (pre) => exitPre(pre),
    (_before, _after, versions) => graduationLines(versions),
  );
}

/** What the next `version` will graduate, from the versions as they are (`api 2.0.0-rc.1 -> 2.0.0`). */
function graduationLines(versions: Record<string, string>): string[] {
  const moves = Object.entries(versions)
    .filter(([, version]) => (semver.prerelease(version) ?? []).length > 0)
    .map(([name, version]) => ({ name, version, stable: `${semver.major(version)}.${semver.minor(version)}.${semver.patch(version)}` }));
  if (moves.length === 0) return ["Leaving pre-release mode: no contract holds a pre-release version, so the next 'specver version' releases stable versions."];
  return ["Leaving pre-release mode: the next 'specver version' graduates the pre-release versions:", ...moves.map(({ name, version, stable }) => `  ${name} ${version} -> ${stable}`)];
}

export async function runStatus(ctx: Context, options: FormatOptions = {}): Promise<number> {
  const config = await project(ctx);
  const { readPre } = await import('../../store/state.ts');
  const [pre, versions] = await Promise.all([readPre(config.root), versionsOf(config)]);
  const doc = statusDocument(config, pre, versions);
  if (ctx.json || options.format === 'json') {
    ctx.out.jsonDocument(doc);
    return 0;
  }
  const { out } = ctx;
  if (!pre) {
    out.result('Not in pre-release mode.');
    out.info("Run 'specver pre enter <tag>' (alpha, beta, rc) to start a pre-release cycle.");
    return 0;
  }
  out.result(
    pre.mode === 'pre'
      ? `Pre-release mode: on, tag '${pre.tag}' ('specver version' releases <version>-${pre.tag}.<n>; 'specver pre exit' ends the cycle)`
      : `Pre-release mode: leaving, tag '${pre.tag}' (the next 'specver version' releases the stable versions)`,
  );
  const width = Math.max(0, ...doc.contracts.map((c) => c.name.length));
  for (const c of doc.contracts) {
    const started = c.initialVersion ? `  (cycle started at ${c.initialVersion})` : '';
    out.result(`  ${c.name.padEnd(width)}  ${c.version ?? '(no version)'}${started}`);
  }
  out.result(`Changesets consumed this cycle (${pre.changesets.length}):`);
  for (const c of pre.changesets) {
    const bumps = Object.entries(c.bumps).map(([name, bump]) => `${name}: ${bump}`).join(', ') || '(no contracts)';
    out.result(`  ${c.id}  ${bumps}`);
    // The notes the stable release's changelog entry gathers.
    if (c.summary) out.info(`    ${c.summary.split('\n')[0]}`);
  }
  return 0;
}
