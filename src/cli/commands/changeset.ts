/**
 * `specver changeset`: record detected changes (or, with --empty, a changelog-only entry) as a new
 * `.specver/changesets/<adjective>-<noun>-<verb>.md`. Prompts only in interactive mode; otherwise answers
 * come from flags and detection, and a missing one is an exit 2 naming the flags. The suggested bump leaves out
 * breaking changes an unexpired waiver covers, as `version` does (versioning/suggest-bumps.ts).
 */
import { mkdir } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { UsageError } from '../../errors.ts';
import { BUMP_ORDER, type Bump, type Config, type ContractConfig } from '../../types.ts';
import type { Detected, Detector } from '../../versioning/detect.ts';
import type { Suggestion, WaivedBreak } from '../../versioning/suggest-bumps.ts';
import type { PolicySource } from '../../gate/gate-policy.ts';
import type { WaiverFile } from '../../gate/waivers.ts';
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
  /** With `base`: whose waivers count, as `breaking --policy` (default: as the gate decides). */
  policy?: PolicySource;
}

export interface ChangesetDeps {
  detect?: Detector;
  random?: RandomSource;
}

/** Breaking lines shown before a contract's bump question; the rest are counted. */
const PROMPT_BREAKING_LINES = 10;

/** Which waiver accepts a break, and why: its rule, reason and place. */
function waiverText({ waiver, file }: WaivedBreak): string {
  return `waiver for ${waiver.rule} at ${waiver.location}: ${waiver.reason} (${file}:${waiver.line})`;
}

/**
 * A contract's detected changes, breaking first, then the breaking changes a waiver leaves out of the suggested
 * bump; `onlyBreaking`: the counts and the breaking lines.
 */
function printDetected(ctx: Context, { contract, detected, bump, waived }: Suggestion, onlyBreaking = false): void {
  // The counts and words of `diff`: every severity counted, zeros included.
  const without = waived.length > 0 ? ` (${waived.length} waived breaking change${waived.length === 1 ? '' : 's'} left out; ${detected.bump} with ${waived.length === 1 ? 'it' : 'them'})` : '';
  ctx.out.info(`${ctx.out.paint('bold', contract.name)} (${contract.format}): ${countsLine(summarize(detected.findings))}, suggested bump: ${bump}${without}`);
  const left = new Set(waived.map((w) => w.finding));
  const sorted = bySeverity(detected.findings.filter((f) => !left.has(f)));
  const shown = onlyBreaking ? sorted.filter((f) => f.severity === 'breaking') : sorted;
  const limit = onlyBreaking ? PROMPT_BREAKING_LINES : shown.length;
  for (const f of shown.slice(0, limit)) ctx.out.info(`  [${SEVERITY_LABEL[f.severity]}] ${describeFinding(f)} ${ctx.out.paint('dim', `[${f.rule}]`)}`);
  if (shown.length > limit) ctx.out.info(`  ... and ${shown.length - limit} more breaking (specver diff ${contract.name} lists them all)`);
  const waivedLimit = onlyBreaking ? PROMPT_BREAKING_LINES : waived.length;
  for (const w of waived.slice(0, waivedLimit)) ctx.out.info(`  [WAIVED] ${w.message} ${ctx.out.paint('dim', `[${w.finding.rule}]`)}, left out of the bump: ${waiverText(w)}`);
  if (waived.length > waivedLimit) ctx.out.info(`  ... and ${waived.length - waivedLimit} more waived (specver breaking ${contract.name} lists them all)`);
}

/** The hint of the suggested bump at the prompt: the breaks a waiver leaves out of it. */
function waivedHint(waived: readonly WaivedBreak[]): string | undefined {
  if (waived.length === 0) return undefined;
  const named = waived.slice(0, 2).map((w) => `${w.message} (${w.waiver.rule}: ${w.waiver.reason})`);
  const more = waived.length > 2 ? ` and ${waived.length - 2} more` : '';
  return `waived: ${named.join('; ')}${more}`;
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

/** A waived break in `--json`: the change as `breaking` reports it and the waiver that covers it. */
function waivedJson({ finding, message, waiver, file }: WaivedBreak) {
  return {
    rule: finding.rule,
    location: finding.location,
    message,
    reason: waiver.reason,
    waiver: { file, line: waiver.line, rule: waiver.rule, location: waiver.location },
  };
}

/**
 * The waivers that leave breaks out of the suggested bump: at a pull request's git base (`--base`) those the
 * gate judges it with, so the changeset it commits is the one the gate needs; otherwise the project's, as
 * `version` reads them.
 */
async function waiversFor(config: Config, options: ChangesetOptions): Promise<WaiverFile> {
  if (options.base === undefined) return (await import('../../gate/waivers.ts')).loadWaivers(config);
  const [{ readGitBase }, { judgingWaivers }] = await Promise.all([import('../../pipeline/git-base.ts'), import('../../gate/gate-policy.ts')]);
  return judgingWaivers(config, await readGitBase(config, options.base), options.policy);
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
  if (options.policy === 'base' && options.base === undefined)
    throw new UsageError('--policy base needs --base <git ref> to take the waivers from', { hint: 'pass --base <git ref>, such as the target branch of the pull request' });
  const { finishInterruptedVersion } = await import('../../versioning/session.ts');
  await finishInterruptedVersion(config, ctx.now);
  const prompter = async (): Promise<Prompter> => (await import('../prompts.ts')).createPrompter(ctx, '--bump, --message and --contract');

  let releases: { contract: string; bump: Bump }[];
  let summary: string;
  let changes: { contract: string; bump: Bump; findings: Detected['findings']; waived: WaivedBreak[] }[] = [];
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
    const detections: { contract: ContractConfig; detected: Detected }[] = [];
    for (const contract of selected) {
      const detected = await detect(config, contract);
      if (detected.bump) detections.push({ contract, detected });
    }
    // Breaks a waiver accepts need no major: the suggestion (and what covers it) is the bump `version` will accept.
    const { suggestBumps } = await import('../../versioning/suggest-bumps.ts');
    const changed: Suggestion[] = [];
    const skipped: string[] = [];
    for (const suggestion of await suggestBumps(detections, ctx.now().toISOString().slice(0, 10), () => waiversFor(config, options))) {
      const pending = covered.get(suggestion.contract.name);
      if (pending && BUMP_ORDER[pending] >= BUMP_ORDER[suggestion.bump]) skipped.push(suggestion.contract.name);
      else changed.push(suggestion);
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
    for (const suggestion of changed) {
      const { contract, detected, required, waived } = suggestion;
      const change = { contract: contract.name, bump: suggestion.bump, findings: detected.findings, waived };
      let bump: Bump | null = options.bump ?? change.bump;
      if (ask && !options.bump) {
        // The contract's counts and breaking lines right above its question.
        printDetected(ctx, suggestion, true);
        bump = await ask.bumpOrSkip(`Bump for ${change.contract}`, change.bump, waivedHint(waived));
      }
      if (bump === null) continue;
      changes.push(change);
      releases.push({ contract: change.contract, bump });
      if (required === null || BUMP_ORDER[bump] >= BUMP_ORDER[required] || downgradeReason) continue;
      if (ask) {
        // 'specver version' refuses a lower bump without a reason: ask for it now rather than fail the release.
        downgradeReason = await ask.text(`Why may ${change.contract} be ${bump}? Its changes need ${required}`, {
          required: true,
          whenEmpty: 'please give the reason, or press Ctrl-C and choose another bump',
        });
      } else {
        ctx.out.warn(
          `${change.contract}: ${bump} is lower than the detected changes require (${required}); 'specver version' refuses it unless the changeset gives a reason (--downgrade-reason <text>, or _downgrade-reason: in its frontmatter)`,
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
      changes: changes.map((c) => ({ contract: c.contract, bump: c.bump, count: c.findings.length, waived: c.waived.map(waivedJson) })),
    });
  } else {
    ctx.out.result(`Created ${file}`);
    ctx.out.info(`  ${releases.map((r) => `${r.contract}: ${r.bump}`).join(', ')}`);
    ctx.out.info("Commit it with the spec change; edit its frontmatter to change a bump. 'specver version' consumes it.");
  }
  return 0;
}
