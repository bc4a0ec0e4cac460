/**
 * `specver contract rename <old> <new>`: every place the name lives moves together: the config entry (edited
 * in place, comments kept), versions.json, the snapshot files, the frontmatter keys of pending changesets and
 * pre.json. Everything is computed and validated first; the files are then written under the project lock, and a
 * failure part-way undoes what was written.
 */
import { rename as renameFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Scalar } from 'yaml';
import { CONTRACT_NAME_HINT, loadConfig, parseConfig } from '../../config/load-config.ts';
import { ConfigError } from '../../errors.ts';
import { writeFileAtomic } from '../../store/atomic-write.ts';
import { assertInState } from '../../store/safe-path.ts';
import { READ_LIMITS, readRegularFile } from '../../store/safe-read.ts';
import { acquireLock } from '../../store/lock.ts';
import { preFile, versionsFile } from '../../store/paths.ts';
import { listSnapshots } from '../../store/snapshots.ts';
import { readPre, readVersions, stateJson } from '../../store/state.ts';
import { CONTRACT_NAME_PATTERN } from '../../types.ts';
import { readChangesets } from '../../versioning/read-changesets.ts';
import type { Context } from '../context.ts';

const toPosix = (path: string) => path.split(sep).join('/');

/** specver.yaml text with the `name:` of contract `from` replaced, keeping its quoting and everything else. */
export function renameInConfigText(text: string, from: string, to: string): string {
  const doc = parseDocument(text);
  const contracts = isMap(doc.contents) ? doc.contents.get('contracts', true) : undefined;
  if (!isSeq(contracts)) throw new ConfigError('specver.yaml: contracts is not a list', { hint: 'write contracts as a list of {name, format, path}' });
  for (const item of contracts.items) {
    if (!isMap(item)) continue;
    const node = item.get('name', true) as Scalar | undefined;
    if (!isScalar(node) || node.value !== from || !node.range) continue;
    const [start, end] = node.range;
    const quote = text[start] === '"' || text[start] === "'" ? text[start] : undefined;
    // A plain name YAML would read as a number or boolean (`1.0`, `true`) must be quoted.
    const plainIsString = typeof parseDocument(to).contents?.toJSON() === 'string';
    const written = quote === "'" ? `'${to}'` : quote || !plainIsString ? JSON.stringify(to) : to;
    return `${text.slice(0, start)}${written}${text.slice(end)}`;
  }
  throw new ConfigError(`contract '${from}' is not in specver.yaml`, { hint: "see 'specver contract list'" });
}

/** A changeset's text with the frontmatter key on `line` (1-based) renamed. */
export function renameInChangesetText(text: string, line: number, from: string, to: string): string {
  const lines = text.split('\n');
  const current = lines[line - 1]!;
  const key = /^(\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^:#\s][^:#]*?)(\s*:)/.exec(current);
  if (!key) throw new ConfigError(`cannot find '${from}' on this line`, { hint: 'rename the key by hand' });
  lines[line - 1] = `${key[1]}${JSON.stringify(to)}${key[3]}${current.slice(key[0].length)}`;
  return lines.join('\n');
}

function renameKey<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k === from ? to : k, v]));
}

export async function runRename(ctx: Context, from: string, to: string): Promise<number> {
  const config = await loadConfig(ctx);
  const root = config.root;
  if (!config.contracts.some((c) => c.name === from)) {
    const known = config.contracts.map((c) => c.name).join(', ') || '(none)';
    throw new ConfigError(`unknown contract '${from}'`, { hint: `known contracts: ${known}` });
  }
  if (!CONTRACT_NAME_PATTERN.test(to)) throw new ConfigError(`invalid contract name ${JSON.stringify(to)}`, { hint: CONTRACT_NAME_HINT });
  if (from === to) throw new ConfigError(`the contract is already named '${to}'`, { hint: 'give a different new name' });
  if (config.contracts.some((c) => c.name === to)) throw new ConfigError(`a contract named '${to}' already exists`, { hint: 'choose another name' });

  // An interrupted version run still names the old contract: finish it first (like status and changeset do).
  const { finishInterruptedVersion } = await import('../../versioning/session.ts');
  if (await finishInterruptedVersion(config, ctx.now)) ctx.out.warn('finished an interrupted version run first');

  // Everything is prepared (and validated) before the first write.
  const configText = renameInConfigText(await readRegularFile(config.file, { limit: READ_LIMITS.config, shown: toPosix(relative(root, config.file)) }), from, to);
  parseConfig(configText, config.file);
  const writes: { file: string; text: string }[] = [];
  const versions = await readVersions(root);
  if (versions && Object.hasOwn(versions.contracts, from))
    writes.push({ file: versionsFile(root), text: stateJson({ ...versions, contracts: renameKey(versions.contracts, from, to) }) });
  const pre = await readPre(root);
  if (pre) {
    const changesets = pre.changesets.map((c) => ({ ...c, bumps: renameKey(c.bumps, from, to) }));
    writes.push({ file: preFile(root), text: stateJson({ ...pre, initialVersions: renameKey(pre.initialVersions, from, to), changesets }) });
  }
  for (const changeset of await readChangesets(root)) {
    const release = changeset.releases.find((r) => r.contract === from);
    if (!release) continue;
    const file = join(root, changeset.file);
    writes.push({ file, text: renameInChangesetText(await readRegularFile(file, { limit: READ_LIMITS.changeset, shown: changeset.file }), release.line, from, to) });
  }
  const moves = (await listSnapshots(config, from)).map((entry) => ({
    from: entry.file,
    to: join(dirname(entry.file), `${to}${basename(entry.file).slice(from.length)}`),
  }));

  // Every file touched is specver's own state, really inside .specver/ (no symlink out of it).
  for (const file of [...writes.map((w) => w.file), ...moves.flatMap((m) => [m.from, m.to])]) assertInState(root, file, 'state file');
  const release = await acquireLock(root, ctx.now);
  const undo: (() => Promise<unknown>)[] = [];
  try {
    for (const move of moves) {
      await renameFile(move.from, move.to);
      undo.push(() => renameFile(move.to, move.from));
    }
    for (const write of writes) {
      const previous = await readRegularFile(write.file, { limit: READ_LIMITS.spec, shown: toPosix(relative(root, write.file)) });
      await writeFileAtomic(write.file, write.text);
      undo.push(() => writeFileAtomic(write.file, previous));
    }
    await writeFileAtomic(config.file, configText); // last: until here the old name is still the valid one
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  } finally {
    await release();
  }

  const changed = [
    toPosix(relative(root, config.file)),
    ...writes.map((w) => toPosix(relative(root, w.file))),
    ...moves.map((m) => toPosix(relative(root, m.to))),
  ];
  if (ctx.json) ctx.out.jsonDocument({ action: 'renamed', from, to, files: changed, snapshots: moves.length });
  else {
    ctx.out.result(`Renamed contract ${from} to ${to}`);
    ctx.out.info(`Updated ${writes.length + 1} file${writes.length === 0 ? '' : 's'} and renamed ${moves.length} snapshot${moves.length === 1 ? '' : 's'}; existing git tags and CHANGELOG entries keep the old name`);
  }
  return 0;
}
