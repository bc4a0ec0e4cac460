/**
 * `specver version`: the seven ordered steps of the spec. read -> plan (pure) -> print, then apply
 * (journaled, crash-safe) and git unless --dry-run. --dry-run and --json print the same plan.
 */
import { join } from 'node:path';
import { ConfigError } from '../../errors.ts';
import { isValidPreTag } from '../../versioning/bump.ts';
import { abbreviated } from '../../toolkit/path-length.ts';
import { MAX_PRE_TAG_LENGTH } from '../../toolkit/version-numbers.ts';
import type { PlanInput, VersionPlan } from '../../versioning/plan.ts';
import type { Config } from '../../types.ts';
import type { InfoVersionChange } from '../../versioning/info-version-guard.ts';
import type { AcceptedBreak } from '../../versioning/waived-breaks.ts';
import type { Context } from '../context.ts';

export interface VersionOptions {
  dryRun?: boolean;
  /** false with --no-changelog */
  changelog?: boolean;
  /** false with --no-git */
  git?: boolean;
  preid?: string;
  /** --allow-downgrade: release even when a declared bump is lower than the changes require. */
  allowDowngrade?: boolean;
}

/** The plan as the --json document (schemas/output/version-plan.schema.json). */
export function planDocument(plan: VersionPlan, dryRun: boolean, git: string[], infoVersions: InfoVersionChange[] = []) {
  return {
    dryRun,
    versioning: plan.versioning,
    changesets: plan.changesets,
    releases: plan.releases.map(({ contract, from, to, bump, kind }) => ({ contract, from, to, bump, kind })),
    versions: plan.versions,
    pre: plan.pre.action === 'write' ? { action: 'write', state: plan.pre.state } : { action: plan.pre.action },
    changelog: plan.changelog ? { path: plan.changelog.path, headings: plan.changelog.entries.map((e) => e.heading) } : null,
    writes: plan.writes.map((w) => w.path),
    deletes: plan.deletes.map((d) => d.path),
    git: { ...plan.git, done: git },
    infoVersions: infoVersions.map((c) => ({ contract: c.contract, path: c.path, from: c.from ?? null, to: c.to })),
    acceptedBreaks: plan.acceptedBreaks,
  };
}

/** The plan's info.version edits, refused when one would lower a spec's version. */
async function checkedInfoVersions(config: Config, plan: VersionPlan): Promise<InfoVersionChange[]> {
  const { infoVersionChanges, assertNoInfoVersionDecrease } = await import('../../versioning/info-version-guard.ts');
  const changes = await infoVersionChanges(config, plan);
  assertNoInfoVersionDecrease(changes);
  return changes;
}

function printPlan(ctx: Context, plan: VersionPlan, dryRun: boolean, infoVersions: InfoVersionChange[]): void {
  const p = (line: string) => (dryRun ? `[dry-run] ${line}` : line);
  const { out } = ctx;
  // Step 1: every changeset as file, contract, bump (a graduation out of pre mode may consume none).
  if (plan.changesets.length > 0) out.info(p(`Changesets (${plan.changesets.length}):`));
  const fileWidth = Math.max(0, ...plan.changesets.map((c) => c.file.length));
  const nameWidth = Math.max(0, ...plan.changesets.flatMap((c) => c.releases.map((r) => r.contract.length)), ...plan.releases.map((r) => r.contract.length));
  for (const c of plan.changesets) {
    if (c.releases.length === 0) out.info(p(`  ${c.file.padEnd(fileWidth)}  (no contracts)`));
    for (const r of c.releases) out.info(p(`  ${c.file.padEnd(fileWidth)}  ${r.contract.padEnd(nameWidth)}  ${r.bump}`));
  }
  // Steps 2-3: resolved bumps and new versions.
  out.info(p('Versions:'));
  if (plan.releases.length === 0) out.info(p('  no version changes'));
  for (const r of plan.releases) {
    const why = r.kind === 'graduation' ? 'graduation' : `${r.bump}${r.kind === 'prerelease' ? ', pre-release' : ''}`;
    out.result(p(`  ${r.contract.padEnd(nameWidth)}  ${r.from} -> ${r.to}  (${why})`));
  }
  // Before the snapshots: the OpenAPI specs whose info.version follows (syncInfoVersion).
  // Waived breaking changes released under the lower bump, as the changelog records them.
  if (plan.acceptedBreaks.length > 0) out.info(p('Accepted breaking changes (waived):'));
  for (const a of plan.acceptedBreaks) out.info(p(`  ${a.contract}: ${a.message} (waived: ${a.reason}; ${a.waiver.file}:${a.waiver.line})`));
  for (const c of infoVersions) out.info(p(`info.version ${c.from ?? '(none)'} -> ${c.to}  ${c.path}`));
  // Steps 4-5: snapshots and changelog.
  const snapshots = plan.writes.filter((w) => w.kind === 'snapshot');
  if (snapshots.length > 0) out.info(p('Snapshots:'));
  for (const w of snapshots) out.info(p(`  ${w.path}`));
  if (plan.changelog) out.info(p(`Changelog: ${plan.changelog.path} (${plan.changelog.entries.map((e) => e.heading).join(', ')})`));
  if (plan.pre.action === 'remove') out.info(p('Pre-release mode: left (pre.json removed)'));
  else if (plan.pre.action === 'write') out.info(p(`Pre-release mode: ${plan.pre.state.tag} (pre.json updated)`));
}

/**
 * Release safety: refuses (exit 2, naming the changeset, the contract and one change) when a contract would be
 * released under a lower bump than its changes since the last release require, unless a changeset naming it
 * gives a `_downgrade-reason` or --allow-downgrade is passed (then a warning says what was accepted). A breaking
 * change an unexpired waiver covers (gate.waivers, as the pull request gate judged it) does not require major:
 * it is returned as an accepted break for the changelog.
 */
async function guardDowngrades(ctx: Context, config: Config, input: PlanInput, plan: VersionPlan, allow: boolean): Promise<AcceptedBreak[]> {
  const releasing = plan.releases.filter((r) => r.bump !== null).map((r) => r.contract);
  if (releasing.length === 0) return [];
  const [{ findDowngrades, measuredFrom, describeDowngrade }, { requiredBumps }, { describeFinding }, { loadWaivers }, { waiveBreakingChanges }] =
    await Promise.all([
      import('../../versioning/downgrade.ts'),
      import('../../versioning/detect.ts'),
      import('../../report/change-line.ts'),
      import('../../gate/waivers.ts'),
      import('../../versioning/waived-breaks.ts'),
    ]);
  const since: Record<string, string> = {};
  for (const name of releasing) {
    const version = measuredFrom(name, input.versions, input.pre);
    if (version) since[name] = version;
  }
  const required = await requiredBumps(config, since, ctx.now());
  const downgradeInput = { versioning: input.versioning, changesets: input.changesets, pre: input.pre, releasing };
  // Only a release that would otherwise need major for a waived break reads the waiver file.
  const breaking = findDowngrades(downgradeInput, required).filter((d) => d.required === 'major');
  const accepted: AcceptedBreak[] = [];
  if (breaking.length > 0) {
    const { file, waivers } = await loadWaivers(config);
    for (const { contract } of breaking) {
      const need = required[contract]!;
      const waived = waiveBreakingChanges(contract, need.findings ?? [], waivers, input.today);
      if (waived.waived.length === 0) continue;
      required[contract] = { bump: waived.bump, since: need.since, ...(waived.example ? { example: waived.example } : {}) };
      for (const { finding, waiver } of waived.waived)
        accepted.push({ contract, rule: finding.rule, location: finding.location, message: describeFinding(finding), reason: waiver.reason, waiver: { file, line: waiver.line } });
    }
  }
  const downgrades = findDowngrades(downgradeInput, required);
  const refused = downgrades.filter((d) => !d.reason && !allow);
  for (const d of downgrades.filter((x) => !refused.includes(x)))
    ctx.out.warn(`${describeDowngrade(d, describeFinding)} (accepted: ${d.reason ?? '--allow-downgrade'})`);
  const first = refused[0];
  if (!first) return accepted;
  const more = refused.length > 1 ? ` (and ${refused.length - 1} more contract${refused.length > 2 ? 's' : ''})` : '';
  throw new ConfigError(`${describeDowngrade(first, describeFinding)}${more}`, {
    file: first.changeset?.file,
    line: first.changeset?.line,
    hint: `raise the bump to ${first.required}, or accept the lower bump with _downgrade-reason: "<why>" in the changeset frontmatter, a waiver in ${config.gate?.waivers ?? '.specver/waivers.yaml'}, or --allow-downgrade`,
  });
}

/** Plans the run; a release with waived breaking changes is planned again with them, for the changelog. */
async function guardedPlan(ctx: Context, config: Config, input: PlanInput, allow: boolean, checks: (plan: VersionPlan) => Promise<void>): Promise<VersionPlan> {
  const { planVersion } = await import('../../versioning/plan.ts');
  const plan = planVersion(input);
  await checks(plan);
  const acceptedBreaks = await guardDowngrades(ctx, config, input, plan, allow);
  return acceptedBreaks.length > 0 ? planVersion({ ...input, acceptedBreaks }) : plan;
}

/** `hooks.onStep` is the test seam of apply.ts: called before each write step (tests kill the run there). */
export async function run(ctx: Context, options: VersionOptions = {}, hooks: { onStep?: (step: string) => void | Promise<void> } = {}): Promise<number> {
  const dryRun = options.dryRun === true;
  if (options.preid !== undefined && !isValidPreTag(options.preid))
    throw new ConfigError(`invalid --preid '${abbreviated(options.preid, 40)}'`, { hint: `use letters, digits and hyphens (at most ${MAX_PRE_TAG_LENGTH}), such as alpha, beta or rc` });
  const { loadConfig } = await import('../../config/load-config.ts');
  const config = await loadConfig(ctx);
  const root = config.root;
  const [{ gatherPlanInput }, { insideWorkTree }, { hasInterruptedVersion }, { assertNotReleasedBefore }] = await Promise.all([
    import('../../versioning/inputs.ts'),
    import('../../versioning/git.ts'),
    import('../../versioning/apply.ts'),
    import('../../versioning/released-before.ts'),
  ]);
  const useGit = options.git !== false && (await insideWorkTree(root));
  if (options.git !== false && !useGit) ctx.out.debug(`${root} is not inside a git work tree: skipping git`);
  const inputOptions = { preid: options.preid, changelog: options.changelog !== false, git: useGit, today: ctx.now() };

  if (dryRun) {
    if (await hasInterruptedVersion(root))
      throw new ConfigError('an interrupted version run has not been finished yet', {
        file: '.specver/version-journal.json',
        hint: "run 'specver version' (without --dry-run) to finish it",
      });
    const input = await gatherPlanInput(config, inputOptions);
    let infoVersions: InfoVersionChange[] = [];
    const plan = await guardedPlan(ctx, config, input, options.allowDowngrade === true, async (planned) => {
      await assertNotReleasedBefore(config, planned, { git: useGit });
      infoVersions = await checkedInfoVersions(config, planned);
    });
    if (ctx.json) ctx.out.jsonDocument(planDocument(plan, true, [], infoVersions));
    else {
      printPlan(ctx, plan, true, infoVersions);
      const count = plan.deletes.filter((d) => d.kind === 'changeset').length;
      ctx.out.result(`[dry-run] ${count} changeset${count === 1 ? '' : 's'} would be deleted.`);
      ctx.out.result('[dry-run] No files were written.');
    }
    return 0;
  }

  const [{ withLock }, { applyPlan, recoverInterruptedVersion }, { renderSnapshot }, { performGitActions }] = await Promise.all([
    import('../../versioning/session.ts'),
    import('../../versioning/apply.ts'),
    import('../../store/snapshots.ts'),
    import('../../versioning/git.ts'),
  ]);
  return withLock(root, ctx.now, async () => {
    if (await recoverInterruptedVersion(config)) {
      ctx.out.result('Finished an interrupted version run; its changesets are consumed.');
      ctx.out.info('Review and commit the changes, then run `specver version` again for newer changesets.');
      if (ctx.json) ctx.out.jsonDocument({ recovered: true });
      return 0;
    }
    const input = await gatherPlanInput(config, inputOptions);
    let infoVersions: InfoVersionChange[] = [];
    const plan = await guardedPlan(ctx, config, input, options.allowDowngrade === true, async (planned) => {
      // A fresh plan only: the journal replay above may rewrite existing snapshots, as it must.
      await assertNotReleasedBefore(config, planned, { git: useGit });
      infoVersions = await checkedInfoVersions(config, planned);
    });
    if (!ctx.json) printPlan(ctx, plan, false, infoVersions);
    const byName = new Map(config.contracts.map((c) => [c.name, c]));
    const { withInfoVersion } = await import('../../versioning/info-version.ts');
    const synced = new Set(plan.writes.filter((w) => w.kind === 'spec').map((w) => w.contract!));
    await applyPlan(config, plan, {
      // The snapshot is taken of the spec as it will be: with the new info.version.
      snapshotContent: async (name, version) => {
        const text = (await renderSnapshot(config, byName.get(name)!, version)).text;
        return synced.has(name) ? (withInfoVersion(text, version) ?? text) : text;
      },
      specContent: async (name, version) => {
        const { readRegularFile, READ_LIMITS } = await import('../../store/safe-read.ts');
        const path = byName.get(name)!.path;
        const text = await readRegularFile(join(root, path), { limit: READ_LIMITS.spec, shown: path });
        const edited = withInfoVersion(text, version);
        return edited === undefined || edited === text ? undefined : edited;
      },
      onStep: hooks.onStep,
    });
    let gitDone: string[] = [];
    if (plan.git.stage) {
      gitDone = await performGitActions(root, {
        written: plan.writes.map((w) => w.path),
        deleted: plan.deletes.map((d) => d.path),
        commit: plan.git.commit,
        message: plan.git.message,
        tags: plan.git.tags,
      });
      for (const line of gitDone) ctx.out.debug(`git: ${line}`);
    }
    if (ctx.json) {
      ctx.out.jsonDocument(planDocument(plan, false, gitDone, infoVersions));
      return 0;
    }
    // Steps 6-7: the count of deleted changesets and a note to commit.
    const count = plan.deletes.filter((d) => d.kind === 'changeset').length;
    if (count > 0 || plan.changesets.length > 0) ctx.out.result(`Deleted ${count} changeset${count === 1 ? '' : 's'}.`);
    if (plan.git.commit) ctx.out.info(`Committed: ${plan.git.message}${plan.git.tags.length > 0 ? ` (tags: ${plan.git.tags.join(', ')})` : ''}`);
    else if (plan.git.stage) ctx.out.info(`The changes are staged; commit them: git commit -m "${plan.git.message}"`);
    else ctx.out.info('Commit the changed files (.specver/, the changelog) to record the release.');
    return 0;
  });
}
