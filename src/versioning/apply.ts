/**
 * Carries out a VersionPlan so that a crash (kill -9) at any point leaves a state the next run recognises.
 *
 * Why a journal: `version` writes several files (snapshots, CHANGELOG.md, versions.json, pre.json) and
 * deletes the changesets it consumed. No ordering of separate writes alone is safe: versions.json written
 * but changesets still present would bump twice on the next run; changesets deleted first would lose them.
 * So the first write is `.specver/version-journal.json`: every resulting file content (snapshots included,
 * read once from the specs now) and every deletion, written atomically. Then the steps run in order:
 * snapshots, changelog, versions.json (after the snapshots, so the version it names always has its
 * snapshot), pre.json, and the changeset deletions last; the journal is removed at the very end.
 * - Killed before the journal exists: nothing was changed, the old state stands.
 * - Killed after: the next run of version / status / changeset / pre finds the journal and replays it.
 *   Every step is idempotent (write the same bytes, delete if present), so replay always reaches the new
 *   state, and a changeset is only deleted after the versions it asked for are on disk.
 * Each write is itself atomic (temp file + rename); temp files a kill left beside the journal's targets
 * are swept on recovery.
 * Git staging happens after the journal is gone: it is not part of the state, and can be redone by hand.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from '../errors.ts';
import { cleanStaleTempFiles, removeFileIfExists, writeFileAtomic } from '../store/atomic-write.ts';
import { assertWritableDirs } from '../store/io-errors.ts';
import { preFile, stateDir, versionsFile } from '../store/paths.ts';
import { assertInState, writeStateFile } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFile } from '../store/safe-read.ts';
import { writePre, writeVersions } from '../store/state.ts';
import type { Config } from '../types.ts';
import { checkJournal, JOURNAL_SHOWN, type Journal, type JournalOp } from './journal-check.ts';
import type { VersionPlan } from './plan.ts';

export const JOURNAL_FILE = 'version-journal.json';

export function journalPath(root: string): string {
  return join(stateDir(root), JOURNAL_FILE);
}

export interface ApplyOptions {
  /** Content of the snapshot to write for a contract at a version (normally the current spec file). */
  snapshotContent: (contract: string, version: string) => Promise<string>;
  /** The contract's root spec with info.version set to `version`; undefined: leave the file as it is. */
  specContent?: (contract: string, version: string) => Promise<string | undefined>;
  /** Test seam: called before each step with its name; throwing simulates a kill at that point. */
  onStep?: (step: string) => void | Promise<void>;
}

function stepName(op: JournalOp): string {
  switch (op.op) {
    case 'write':
      return `write ${op.path}`;
    case 'versions':
      return 'write versions.json';
    case 'pre':
      return 'write pre.json';
    case 'delete':
      return `delete ${op.path}`;
  }
}

/** The journal of a plan: the exact end state, with snapshot contents resolved now. */
async function buildJournal(plan: VersionPlan, options: ApplyOptions): Promise<Journal> {
  const ops: JournalOp[] = [];
  for (const write of plan.writes) {
    if (write.kind === 'spec') {
      const content = await options.specContent?.(write.contract!, write.version!);
      if (content !== undefined) ops.push({ op: 'write', path: write.path, content });
    } else if (write.kind === 'snapshot') ops.push({ op: 'write', path: write.path, content: await options.snapshotContent(write.contract!, write.version!) });
    else if (write.kind === 'changelog') ops.push({ op: 'write', path: write.path, content: plan.changelog!.content });
    else if (write.kind === 'versions') ops.push({ op: 'versions', state: { versioning: plan.versioning, contracts: plan.versions } });
    else if (plan.pre.action === 'write') ops.push({ op: 'pre', state: plan.pre.state });
  }
  for (const remove of plan.deletes) ops.push({ op: 'delete', path: remove.path });
  return { journal: 1, ops };
}

async function runOp(root: string, op: JournalOp): Promise<void> {
  switch (op.op) {
    case 'write':
      return writeFileAtomic(join(root, op.path), op.content);
    case 'versions':
      return writeVersions(root, op.state);
    case 'pre':
      return writePre(root, op.state);
    case 'delete':
      await removeFileIfExists(join(root, op.path));
  }
}

async function replay(root: string, journal: Journal, onStep?: ApplyOptions['onStep']): Promise<void> {
  for (const op of journal.ops) {
    await onStep?.(stepName(op));
    await runOp(root, op);
  }
  await onStep?.('remove journal');
  await removeFileIfExists(journalPath(root));
}

/**
 * Applies a plan: journal first, then every step in order, journal removed last. The journal is checked
 * like a recovered one, so a hostile config cannot make a fresh run write where a replay would not.
 */
export async function applyPlan(config: Config, plan: VersionPlan, options: ApplyOptions): Promise<void> {
  const root = config.root;
  const journal = checkJournal(config, await buildJournal(plan, options));
  // A read-only directory anywhere in the plan is found before the journal exists: nothing changes.
  await assertWritableDirs(root, [journalPath(root), ...journal.ops.map((op) => ('path' in op ? op.path : op.op === 'pre' ? preFile(root) : versionsFile(root)))]);
  await options.onStep?.('write journal');
  await writeStateFile(root, journalPath(root), `${JSON.stringify(journal)}\n`);
  await replay(root, journal, options.onStep);
}

/**
 * Finishes a `version` run that was interrupted after its journal was written. Call with the lock held.
 * Returns whether there was anything to finish. A journal naming anything `version` does not produce is
 * refused whole (ConfigError), before any step.
 */
export async function recoverInterruptedVersion(config: Config): Promise<boolean> {
  const root = config.root;
  assertInState(root, journalPath(root), 'version journal'); // before sweeping temp files through a symlinked .specver/
  await cleanStaleTempFiles(stateDir(root));
  let text: string;
  try {
    text = await readRegularFile(journalPath(root), { limit: READ_LIMITS.journal, shown: JOURNAL_SHOWN });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(error instanceof ConfigError)) return false;
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const journal = checkJournal(config, data);
  await removeTempFilesOf(root, journal);
  await replay(root, journal);
  return true;
}

/** Temp files a kill left beside the journal's targets (`.<name>.<pid>.<hex>.tmp`), and only those. */
async function removeTempFilesOf(root: string, journal: Journal): Promise<void> {
  const targets = journal.ops.filter((op): op is Extract<JournalOp, { op: 'write' }> => op.op === 'write').map((op) => join(root, op.path));
  for (const dir of new Set(targets.map((t) => dirname(t)))) {
    const names = new Set(targets.filter((t) => dirname(t) === dir).map((t) => basename(t)));
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = /^\.(.+)\.\d+\.[0-9a-f]+\.tmp$/.exec(entry);
      if (match && names.has(match[1]!)) await removeFileIfExists(join(dir, entry));
    }
  }
}

/** Whether an interrupted `version` run left a journal to replay (cheap check without the lock). */
export async function hasInterruptedVersion(root: string): Promise<boolean> {
  try {
    await stat(journalPath(root));
    return true;
  } catch {
    return false;
  }
}
