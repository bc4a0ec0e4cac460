/**
 * `specver status`: contracts with version and pending bump / next version, pending changesets, a hint.
 * Exit 1 on spec changes no changeset covers, a changeset naming an unknown contract (decisions.md 6), or a
 * declared bump lower than the detected changes require without a `_downgrade-reason` (version refuses it).
 * A contract whose spec cannot be read is reported on its row and the others still are; the exit code is then
 * that error's (2).
 */
import type { StatusReport, WaivedBump } from '../../versioning/status.ts';
import type { Finding } from '../../classify/types.ts';
import type { Detector } from '../../versioning/detect.ts';
import type { Context } from '../context.ts';
import { highestBump, type Bump, type Config } from '../../types.ts';
import type { ContractError } from '../../pipeline/contract-error.ts';

export interface StatusOptions {
  format?: 'text' | 'json';
  pending?: boolean;
  /** --since <ref>: only what the branch changed since it left <ref> (branch-changes.ts). */
  since?: string;
}

function describe(c: StatusReport['contracts'][number], report: StatusReport): string {
  if (c.error) return `not compared: ${c.error.message}`;
  if (c.next && c.pending) return `(${c.pending} pending) -> ${c.next}`;
  // Fixed versioning: a contract no changeset names still moves with the shared version.
  const shared = highestBump(report.contracts.map((x) => x.pending).filter((b): b is Bump => b !== null));
  if (c.next && report.versioning === 'fixed' && shared) return `(${shared} pending for all contracts) -> ${c.next}`;
  if (c.next && report.pre?.mode === 'exit') return `(stable release pending) -> ${c.next}`;
  if (c.next) return `-> ${c.next}`;
  if (c.detected) return `changes without a changeset (${c.detected} detected)`;
  return 'up to date';
}

function isPending(c: StatusReport['contracts'][number]): boolean {
  return c.next !== null || c.detected !== null || c.error !== undefined;
}

function printText(ctx: Context, report: StatusReport, onlyPending: boolean): void {
  const { out } = ctx;
  const rows = report.contracts.filter((c) => !onlyPending || isPending(c));
  const pre = report.pre ? `, pre-release ${report.pre.mode === 'pre' ? report.pre.tag : `${report.pre.tag}, leaving`}` : '';
  out.result(`Contracts (${report.versioning}${pre}):`);
  if (rows.length === 0) out.result(onlyPending ? '  no contract has pending changes' : '  no contracts');
  const nameWidth = Math.max(0, ...rows.map((c) => c.name.length));
  const versionWidth = Math.max(0, ...rows.map((c) => c.version.length));
  for (const c of rows) {
    const text = describe(c, report);
    const painted = c.error ? out.paint('red', text) : c.next ? out.paint('yellow', text) : c.detected ? out.paint('red', text) : out.paint('green', text);
    out.result(`  ${c.name.padEnd(nameWidth)}  ${c.version.padEnd(versionWidth)}  ${painted}`);
  }
  out.result('');
  if (report.changesets.length === 0) out.result('No pending changesets.');
  else {
    out.result(`Pending changesets (${report.changesets.length}):`);
    for (const c of report.changesets) {
      const releases = c.releases.map((r) => `${r.contract}: ${r.bump}`).join(', ') || '(no contracts)';
      out.result(`  ${c.file}  ${releases}`);
    }
  }
  for (const problem of report.problems) out.result(out.paint('red', `! ${problem.message}`));
  const hints: string[] = [];
  if (report.problems.some((p) => p.kind === 'uncovered-changes')) hints.push("Run 'specver changeset' to record the detected changes.");
  if (report.problems.some((p) => p.kind === 'lower-bump'))
    hints.push('Raise the bump in the changeset, or add _downgrade-reason: "<why>" to its frontmatter to accept the lower one.');
  if (report.changesets.length > 0 || report.contracts.some((c) => c.next)) hints.push("Run 'specver version' to apply the pending changesets.");
  if (hints.length > 0) out.info('');
  for (const hint of hints) out.info(hint);
}

/** Contracts with breaking changes a waiver covers: the bump the rest require (read only when there are some). */
async function waivedBumps(config: Config, findings: Record<string, Finding[]>, today: string): Promise<Record<string, WaivedBump>> {
  if (!Object.values(findings).some((list) => list.some((f) => f.severity === 'breaking'))) return {};
  const [{ loadWaivers }, { waiveBreakingChanges }] = await Promise.all([import('../../gate/waivers.ts'), import('../../versioning/waived-breaks.ts')]);
  const { waivers } = await loadWaivers(config);
  const result: Record<string, WaivedBump> = {};
  for (const [name, list] of Object.entries(findings)) {
    const waived = waiveBreakingChanges(name, list, waivers, today);
    if (waived.waived.length > 0) result[name] = { bump: waived.bump, reasons: [...new Set(waived.waived.map((w) => w.waiver.reason))] };
  }
  return result;
}

/** `detect` is injectable for tests; by default specs are compared with their snapshots. */
export async function run(ctx: Context, options: StatusOptions = {}, detect?: Detector): Promise<number> {
  const json = ctx.json || options.format === 'json';
  const { loadConfig } = await import('../../config/load-config.ts');
  const config = await loadConfig(ctx);
  const [{ finishInterruptedVersion }, { gatherPlanInput }, { buildStatus }, { snapshotDetector }] = await Promise.all([
    import('../../versioning/session.ts'),
    import('../../versioning/inputs.ts'),
    import('../../versioning/status.ts'),
    import('../../versioning/detect.ts'),
  ]);
  if (await finishInterruptedVersion(config, ctx.now)) ctx.out.warn('finished an interrupted version run first');
  const all = await gatherPlanInput(config, { changelog: false, git: false, today: ctx.now() });
  // --since: the branch's own changesets, and detection only for the contracts whose specs it changed.
  const branch = options.since === undefined ? undefined : await (await import('../../versioning/branch-changes.ts')).branchChanges(config, options.since);
  const input = branch ? { ...all, changesets: branch.changesets } : all;
  const detector = detect ?? snapshotDetector(ctx.now(), { keepReadErrors: true });
  const detected: Record<string, StatusReport['contracts'][number]['detected']> = {};
  const findings: Record<string, Finding[]> = {};
  const errors: Record<string, ContractError> = {};
  for (const contract of config.contracts) {
    if (branch && !branch.contracts.includes(contract.name)) {
      detected[contract.name] = null;
      continue;
    }
    const found = await detector(config, contract);
    detected[contract.name] = found.bump;
    findings[contract.name] = found.findings;
    if (found.error) errors[contract.name] = found.error;
  }
  const report = buildStatus(input, detected, await waivedBumps(config, findings, input.today), errors);
  if (branch) ctx.out.info(`Changes since ${branch.ref} (merge-base ${branch.mergeBase.slice(0, 12)}): ${branch.contracts.join(', ') || 'no contract'} changed`);
  for (const warning of report.warnings) ctx.out.warn(warning.message);
  const { reportContractErrors } = await import('../contract-errors.ts');
  const worst = reportContractErrors(ctx, Object.values(errors), json);
  if (json) {
    const contracts = options.pending ? report.contracts.filter(isPending) : report.contracts;
    const since = branch ? { since: { ref: branch.ref, mergeBase: branch.mergeBase, contracts: branch.contracts } } : {};
    ctx.out.jsonDocument({ ...report, contracts, ok: report.problems.length === 0 && worst === 0, ...since });
  } else printText(ctx, report, options.pending === true);
  return Math.max(worst, report.problems.length > 0 ? 1 : 0);
}
