/**
 * `specver changeset`: record detected changes (or, with --empty, a changelog-only entry) as a new
 * `.specver/changesets/<adjective>-<noun>-<verb>.md`. Prompts only in interactive mode; otherwise answers
 * come from flags and detection, and a missing one is an exit 2 naming the flags.
 */
import { relative, sep } from 'node:path';
import { UsageError } from '../../errors.ts';
import { BUMP_ORDER, type Bump, type ContractConfig } from '../../types.ts';
import type { Detected, Detector } from '../../versioning/detect.ts';
import type { RandomSource } from '../../versioning/names.ts';
import type { Context } from '../context.ts';
import type { Prompter } from '../prompts.ts';
import { bySeverity, describeFinding, SEVERITY_LABEL } from '../../report/change-line.ts';

export interface ChangesetOptions {
  empty?: boolean;
  message?: string;
  bump?: Bump;
  contract?: string[];
  /** Written as `_downgrade-reason:`: accepts a bump lower than the detected changes require. */
  downgradeReason?: string;
}

export interface ChangesetDeps {
  detect?: Detector;
  random?: RandomSource;
}

function printDetected(ctx: Context, changed: { contract: ContractConfig; detected: Detected }[]): void {
  for (const { contract, detected } of changed) {
    const n = detected.findings.length;
    ctx.out.info(`${contract.name} (${contract.format}): ${n} change${n === 1 ? '' : 's'}, suggested bump ${detected.bump}`);
    for (const f of bySeverity(detected.findings)) ctx.out.info(`  [${SEVERITY_LABEL[f.severity]}] ${describeFinding(f)} ${ctx.out.paint('dim', `[${f.rule}]`)}`);
  }
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
    const changed: { contract: ContractConfig; detected: Detected }[] = [];
    for (const contract of selected) {
      const detected = await detect(config, contract);
      if (detected.bump) changed.push({ contract, detected });
    }
    if (changed.length === 0) {
      if (ctx.json) ctx.out.jsonDocument({ created: false, file: null, releases: [], summary: null, changes: [] });
      else ctx.out.result('No spec changes detected: nothing to record. (Use --empty for a changelog-only changeset.)');
      return 0;
    }
    if (!ctx.json) printDetected(ctx, changed);
    changes = changed.map(({ contract, detected }) => ({ contract: contract.name, bump: detected.bump!, findings: detected.findings }));
    const ask = ctx.interactive ? await prompter() : undefined;
    releases = [];
    for (const change of changes) {
      const bump = options.bump ?? (ask ? await ask.bump(`Bump for ${change.contract}`, change.bump) : change.bump);
      releases.push({ contract: change.contract, bump });
      if (BUMP_ORDER[bump] < BUMP_ORDER[change.bump] && !options.downgradeReason)
        ctx.out.warn(
          `${change.contract}: ${bump} is lower than the detected changes require (${change.bump}); 'specver version' refuses it unless the changeset gives a reason (--downgrade-reason <text>, or _downgrade-reason: in its frontmatter)`,
        );
    }
    const { generatedSummary } = await import('../../versioning/summary-text.ts');
    const generated = generatedSummary(changes);
    summary = options.message ?? (ask ? await ask.text('Summary of the change', { initial: generated, required: true }) : generated);
  }
  if (summary.trim() === '') throw new UsageError('the changeset summary is empty', { hint: 'pass --message <text>' });

  const [{ serializeChangeset }, { createChangesetFile }, { changesetsDir }, { mkdir }, { assertInState }] = await Promise.all([
    import('../../versioning/changeset-file.ts'),
    import('../../versioning/names.ts'),
    import('../../store/paths.ts'),
    import('node:fs/promises'),
    import('../../store/safe-path.ts'),
  ]);
  const dir = changesetsDir(config.root);
  assertInState(config.root, dir, 'directory');
  await mkdir(dir, { recursive: true });
  const created = await createChangesetFile(dir, serializeChangeset(releases, summary, options.downgradeReason?.trim() || undefined), deps.random);
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
