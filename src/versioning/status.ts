/**
 * The status report (spec "status", decisions.md 6): per contract its version, pending bump and next
 * version (from the same planner `version` uses), detected changes no changeset covers, changesets that
 * name unknown contracts, and changesets that declare less than what was detected. Pure.
 */
import type { ContractError } from '../pipeline/contract-error.ts';
import { BUMP_ORDER, highestBump, type Bump } from '../types.ts';
import type { Changeset } from './changeset-file.ts';
import { changesetSummaries, planVersion, type PlanInput } from './plan.ts';

export interface ContractStatus {
  name: string;
  version: string;
  /** Highest bump the pending changesets declare, or null. */
  pending: Bump | null;
  /** Version the next `version` run would give, or null when it does not move. */
  next: string | null;
  /** Bump suggested by the detected spec changes, or null (no changes, or detection skipped). */
  detected: Bump | null;
  /** The spec or its snapshot cannot be read: nothing was detected. */
  error?: ContractError;
}

export interface StatusProblem {
  kind: 'unknown-contract' | 'uncovered-changes' | 'lower-bump';
  contract: string;
  message: string;
  file?: string;
  line?: number;
}

export interface StatusWarning {
  kind: 'lower-bump';
  contract: string;
  declared: Bump;
  detected: Bump;
  message: string;
  /** The `_downgrade-reason` that accepts the lower bump. */
  reason?: string;
}

export interface StatusReport {
  versioning: PlanInput['versioning'];
  pre: { mode: 'pre' | 'exit'; tag: string } | null;
  contracts: ContractStatus[];
  changesets: { id: string; file: string; releases: { contract: string; bump: Bump }[]; summary: string }[];
  problems: StatusProblem[];
  warnings: StatusWarning[];
}

/** A contract's changes once waived breaking changes are left out (waived-breaks.ts), as `version` judges them. */
export interface WaivedBump {
  bump: Bump | null;
  /** The reasons of the waivers that cover its breaking changes. */
  reasons: string[];
}

/**
 * `input` is the planner input (changelog and git off); `detected` maps contract names to the bump their
 * spec changes suggest; `waived`, for contracts with waived breaking changes, the bump the rest require;
 * `errors` maps the contracts whose spec cannot be read to why.
 */
export function buildStatus(
  input: PlanInput,
  detected: Record<string, Bump | null>,
  waived: Record<string, WaivedBump> = {},
  errors: Record<string, ContractError> = {},
): StatusReport {
  const known = new Set(input.contracts);
  const problems: StatusProblem[] = [];
  for (const changeset of input.changesets)
    for (const r of changeset.releases)
      if (!known.has(r.contract))
        problems.push({
          kind: 'unknown-contract',
          contract: r.contract,
          file: changeset.file,
          line: r.line,
          message: `${changeset.file}:${r.line}: changeset names unknown contract '${r.contract}'`,
        });

  // Plan with the changesets' known releases only, so one bad name does not hide every next version.
  const usable: Changeset[] = input.changesets.map((c) => ({ ...c, releases: c.releases.filter((r) => known.has(r.contract)) }));
  const plannable = usable.length > 0 || input.pre?.mode === 'exit';
  let next = new Map<string, string>();
  if (plannable) {
    try {
      const plan = planVersion({ ...input, changesets: usable, changelog: null, git: { enabled: false, commit: false, tag: false } });
      next = new Map(plan.releases.map((r) => [r.contract, r.to]));
    } catch {
      // Nothing to release (e.g. pre exit without pre-releases): no next versions to show.
    }
  }

  const warnings: StatusWarning[] = [];
  const contracts = input.contracts.map((name): ContractStatus => {
    const declared = usable.flatMap((c) => c.releases.filter((r) => r.contract === name).map((r) => r.bump));
    const pending = highestBump(declared) ?? null;
    const found = detected[name] ?? null;
    if (found && !pending)
      problems.push({
        kind: 'uncovered-changes',
        contract: name,
        message: `${name} has spec changes (${found}) that no pending changeset covers`,
      });
    else if (found && pending && BUMP_ORDER[pending] < BUMP_ORDER[found]) {
      // A lower bump is refused by `version` unless a changeset naming the contract says why (downgrade.ts).
      const naming = usable.filter((c) => c.releases.some((r) => r.contract === name));
      // A waiver that accepts the breaking changes accepts the lower bump too, as `version` does.
      const accepted = waived[name] && (waived[name].bump === null || BUMP_ORDER[pending] >= BUMP_ORDER[waived[name].bump]);
      const reason = naming.find((c) => c.downgradeReason)?.downgradeReason ?? (accepted ? `waived: ${waived[name]!.reasons.join('; ')}` : undefined);
      const message = `pending changesets declare ${pending} for ${name}, but the detected changes require ${found}`;
      if (reason) warnings.push({ kind: 'lower-bump', contract: name, declared: pending, detected: found, reason, message: `${message} (accepted: ${reason})` });
      else {
        const first = naming[0]!;
        const line = first.releases.find((r) => r.contract === name)?.line;
        problems.push({ kind: 'lower-bump', contract: name, file: first.file, ...(line ? { line } : {}), message: `${message}; 'specver version' refuses it` });
      }
    }
    const error = Object.hasOwn(errors, name) ? errors[name] : undefined;
    return { name, version: input.versions[name] ?? '0.0.0', pending, next: next.get(name) ?? null, detected: found, ...(error ? { error } : {}) };
  });

  return {
    versioning: input.versioning,
    pre: input.pre ? { mode: input.pre.mode, tag: input.pre.tag } : null,
    contracts,
    changesets: changesetSummaries(input.changesets),
    problems,
    warnings,
  };
}
