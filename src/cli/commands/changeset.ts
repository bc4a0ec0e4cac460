/**
 * `specver changeset`: record detected changes (or, with --empty, a changelog-only entry) as a new
 * `.specver/changesets/<adjective>-<noun>-<verb>.md`. Prompts only in interactive mode; otherwise answers
 * come from flags and detection, and a missing one is an exit 2 naming the flags.
 */
import { mkdir } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { UsageError } from '../../errors.ts';
import { BUMP_ORDER, type Bump, type ContractConfig } from '../../types.ts';
import type { Detected, Detector } from '../../versioning/detect.ts';
import type { RandomSource } from '../../versioning/names.ts';
import type { Context } from '../context.ts';
import type { Prompter } from '../prompts.ts';
import { bySeverity, describeFinding, SEVERITY_LABEL } from '../../report/change-line.ts';
import { summarize } from '../../classify/summary.ts';
import { countsLine } from '../../report/diff-text.ts';

export interface ChangesetOptions {
  empty?: boolean;
  message?: string;
  bump?: Bump;
  contract?: string[];
  /** Written as `_downgrade-reason:`: accepts a bump lower than the detected changes require. */
  downgradeReason?: string;
  /** Include contracts whose changes a pending changeset already covers. */
  all?: boolean;
  /**
   * A git ref (a pull request's target branch): only changesets added since the merge-base with it cover
   * changes, so a major changeset merged earlier does not hide a new break. Named contracts are then left out
   * when covered too.
   */
  base?: string;
}

export interface ChangesetDeps {
  detect?: Detector;
  random?: RandomSource;
}

/** Breaking lines shown before a contract's bump question; the rest are counted. */
const PROMPT_BREAKING_LINES = 10;

/** A contract's detected changes, breaking first; `onlyBreaking`: the counts and the breaking lines. */
function printDetected(ctx: Context, { contract, detected }: { contract: ContractConfig; detected: Detected }, onlyBreaking = false): void {
  // The counts and words of `diff`: every severity counted, zeros included.
  ctx.out.info(`${ctx.out.paint('bold', contract.name)} (${contract.format}): ${countsLine(summarize(detected.findings))}, suggested bump: ${detected.bump}`);
  const sorted = bySeverity(detected.findings);
  const shown = onlyBreaking ? sorted.filter((f) => f.severity === 'breaking') : sorted;
  const limit = onlyBreaking ? PROMPT_BREAKING_LINES : shown.length;
  for (const f of shown.slice(0, limit)) ctx.out.info(`  [${SEVERITY_LABEL[f.severity]}] ${describeFinding(f)} ${ctx.out.paint('dim', `[${f.rule}]`)}`);
  if (shown.length > limit) ctx.out.info(`  ... and ${shown.length - limit} more breaking (specver diff ${contract.name} lists them all)`);
}

/**
 * Contracts a pending changeset already names, with the highest bump named. With `since` (a git ref), only
 * what changesets added since the merge-base with it declare.
 */
async function coveredContracts(root: string, since?: string): Promise<Map<string, Bump>> {
  const { readChangesets } = await import('../../versioning/read-changesets.ts');
  let changesets;
  if (since === undefined) changesets = await readChangesets(root);
  else {
    const [{ gitFileReader, mergeBaseOf }, { changesetsAddedSince }] = await Promise.all([import('../../load/git-reader.ts'), import('../../gate/acknowledgements.ts')]);
    changesets = await changesetsAddedSince(root, await gitFileReader(root, await mergeBaseOf(root, since)));
  }
  const highest = new Map<string, Bump>();
  for (const changeset of changesets)
    for (const { contract, bump } of changeset.releases) {
      const known = highest.get(contract);
      if (!known || BUMP_ORDER[bump] > BUMP_ORDER[known]) highest.set(contract, bump);
    }
  return highest;
}

function missing(flags: string[]): never {
  throw new UsageError(`missing answers and no terminal to ask: pass ${flags.join(' and ')}`, {
    hint: 'or run in an interactive terminal (--interactive forces prompts)',
  });
}

export async function run(ctx: Context, options: ChangesetOptions = {}, deps: ChangesetDeps = {}): Promise<number> {
  const { loadConfig, requireContracts } = await import('../../config/load-config.ts');
  const config = await loadConfig(ctx);
  const selected = requireContracts(config, options.contract ?? []);
  const { finishInterruptedVersion } = await import('../../versioning/session.ts');
  await finishInterruptedVersion(config, ctx.now);
  const prompter = async (): Promise<Prompter> => (await import('../prompts.ts')).createPrompter(ctx, '--bump, --message and --contract');

  let releases: { contract: string; bump: Bump }[];
  let summary: string;
  let changes: { contract: string; bump: Bump; findings: Detected['findings'] }[] = [];
  /** `_downgrade-reason:` of the changeset: the flag's, or the answer when a bump chosen is too low. */
  let downgradeReason = options.downgradeReason?.trim() || undefined;

  if (options.empty) {
    const needed: string[] = [];
    let names = options.contract && options.contract.length > 0 ? selected.map((c) => c.name) : undefined;
    if (!names && config.contracts.length === 1) names = [config.contracts[0]!.name];
    if (!ctx.interactive) {
      if (!names) needed.push('--contract <name>');
      if (!options.bump) needed.push('--bump <major|minor|patch>');
      if (options.message === undefined) needed.push('--message <text>');
      if (needed.length > 0) missing(needed);
    }
    const ask = ctx.interactive ? await prompter() : undefined;
    if (!names) names = await ask!.choose('Which contracts does this changeset name?', config.contracts.map((c) => c.name), []);
    const bump = options.bump ?? (await ask!.bump('Bump type', 'patch'));
    releases = names.map((contract) => ({ contract, bump }));
    summary = options.message ?? (await ask!.text('Summary of the change', { required: true }));
  } else {
    const { snapshotDetector } = await import('../../versioning/detect.ts');
    const detect = deps.detect ?? snapshotDetector(ctx.now());
    // Named contracts are asked for; otherwise those a pending changeset already covers are left out.
    const covered =
      options.all || (options.base === undefined && (options.contract ?? []).length > 0) ? new Map<string, Bump>() : await coveredContracts(config.root, options.base);
    const changed: { contract: ContractConfig; detected: Detected }[] = [];
    const skipped: string[] = [];
    for (const contract of selected) {
      const detected = await detect(config, contract);
      if (!detected.bump) continue;
      const pending = covered.get(contract.name);
      if (pending && BUMP_ORDER[pending] >= BUMP_ORDER[detected.bump]) skipped.push(contract.name);
      else changed.push({ contract, detected });
    }
    if (skipped.length > 0 && !ctx.json)
      ctx.out.info(`Already covered by a ${options.base === undefined ? 'pending changeset' : 'changeset added since the merge-base'}: ${skipped.join(', ')} (--all includes them)`);
    if (changed.length === 0) {
      if (ctx.json) ctx.out.jsonDocument({ created: false, file: null, releases: [], summary: null, changes: [] });
      else if (skipped.length > 0) ctx.out.result('Every detected change is covered by a pending changeset: nothing to record. (Use --all to record them again.)');
      else ctx.out.result('No spec changes detected: nothing to record. (Use --empty for a changelog-only changeset.)');
      return 0;
    }
    if (ctx.noPromptReason) ctx.out.warn(ctx.noPromptReason);
    const ask = ctx.interactive ? await prompter() : undefined;
    if (!ctx.json && !ask) for (const c of changed) printDetected(ctx, c);
    releases = [];
    for (const { contract, detected } of changed) {
      const change = { contract: contract.name, bump: detected.bump!, findings: detected.findings };
      let bump: Bump | null = options.bump ?? change.bump;
      if (ask && !options.bump) {
        // The contract's counts and breaking lines right above its question.
        printDetected(ctx, { contract, detected }, true);
        bump = await ask.bumpOrSkip(`Bump for ${change.contract}`, change.bump);
      }
      if (bump === null) continue;
      changes.push(change);
      releases.push({ contract: change.contract, bump });
      if (BUMP_ORDER[bump] >= BUMP_ORDER[change.bump] || downgradeReason) continue;
      if (ask) {
        // 'specver version' refuses a lower bump without a reason: ask for it now rather than fail the release.
        downgradeReason = await ask.text(`Why may ${change.contract} be ${bump}? Its changes need ${change.bump}`, {
          required: true,
          whenEmpty: 'please give the reason, or press Ctrl-C and choose another bump',
        });
      } else {
        ctx.out.warn(
          `${change.contract}: ${bump} is lower than the detected changes require (${change.bump}); 'specver version' refuses it unless the changeset gives a reason (--downgrade-reason <text>, or _downgrade-reason: in its frontmatter)`,
        );
      }
    }
    if (releases.length === 0) {
      ctx.out.result('Every contract was left out: nothing written.');
      return 0;
    }
    const { generatedSummary } = await import('../../versioning/summary-text.ts');
    const generated = generatedSummary(changes);
    summary = options.message ?? (ask ? await ask.text('Summary of the change (Enter keeps the generated one)', { suggested: generated, required: true }) : generated);
  }
  if (summary.trim() === '') throw new UsageError('the changeset summary is empty', { hint: 'pass --message <text>' });

  const [{ serializeChangeset }, { createChangesetFile }, { changesetsDir }, { assertInState }] = await Promise.all([
    import('../../versioning/changeset-file.ts'),
    import('../../versioning/names.ts'),
    import('../../store/paths.ts'),
    import('../../store/safe-path.ts'),
  ]);
  const dir = changesetsDir(config.root);
  assertInState(config.root, dir, 'directory');
  await mkdir(dir, { recursive: true });
  const created = await createChangesetFile(dir, serializeChangeset(releases, summary, downgradeReason), deps.random);
  const file = relative(config.root, created.path).split(sep).join('/');
  if (ctx.json) {
    ctx.out.jsonDocument({
      created: true,
      file,
      id: created.id,
      releases,
      summary: summary.trim(),
      changes: changes.map((c) => ({ contract: c.contract, bump: c.bump, count: c.findings.length })),
    });
  } else {
    ctx.out.result(`Created ${file}`);
    ctx.out.info(`  ${releases.map((r) => `${r.contract}: ${r.bump}`).join(', ')}`);
    ctx.out.info("Commit it with the spec change; edit its frontmatter to change a bump. 'specver version' consumes it.");
  }
  return 0;
}
