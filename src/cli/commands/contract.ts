/**
 * `specver contract add|list|remove`: edit the contracts of specver.yaml in place (comments and formatting
 * survive), keeping versions.json and the snapshots in step.
 */
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import semverRcompare from 'semver/functions/rcompare.js';
import semverValid from 'semver/functions/valid.js';
import { ConfigError } from '../../errors.ts';
import { CONTRACT_NAME_HINT, isInside, loadConfig, normaliseContractPath, parseConfig } from '../../config/load-config.ts';
import { nameFromPath } from '../../config/contract-names.ts';
import { addContractToText, removeContractFromText } from '../../config/edit-config.ts';
import { describeKind, detectKindOrExplain } from '../../load/detect.ts';
import { readSpecText } from '../../load/load.ts';
import { parseSource } from '../../load/parse-source.ts';
import type { SpecKind } from '../../load/types.ts';
import { writeFileAtomic } from '../../store/atomic-write.ts';
import { assertInState, writeStateFile } from '../../store/safe-path.ts';
import { lockFile } from '../../store/paths.ts';
import { READ_LIMITS, readRegularFile } from '../../store/safe-read.ts';
import { acquireLock } from '../../store/lock.ts';
import { listSnapshots, renderSnapshot, removeSnapshots } from '../../store/snapshots.ts';
import { readVersions, writeVersions, type VersionsState } from '../../store/state.ts';
import { CONTRACT_NAME_PATTERN, type Config, type ContractConfig, type ContractFormat } from '../../types.ts';
import type { Context } from '../context.ts';
import { assertCountableVersion } from '../../toolkit/version-numbers.ts';
import { isRecord } from '../../toolkit/values.ts';
import { DEFAULT_START_VERSION, usableInfoVersion } from '../../versioning/start-version.ts';

const toPosix = (path: string) => path.split(sep).join('/');

/** Runs `work` holding the project lock. */
async function locked<T>(ctx: Context, config: Config, work: () => Promise<T>): Promise<T> {
  assertInState(config.root, lockFile(config.root), 'lock file'); // never lock through a symlinked .specver/
  const release = await acquireLock(config.root, ctx.now);
  try {
    return await work();
  } finally {
    await release();
  }
}

/** specver.yaml's text again, for editing in place (read like any config: a regular file, size-limited). */
function readConfigText(config: Config): Promise<string> {
  return readRegularFile(config.file, { limit: READ_LIMITS.config, shown: relative(config.root, config.file) || config.file });
}

async function currentVersions(config: Config): Promise<VersionsState> {
  return (await readVersions(config.root)) ?? { versioning: config.versioning, contracts: {} };
}

/** Detects a spec file's kind; `--format` must agree with it. */
async function detectFormat(root: string, file: string, shown: string, requested?: ContractFormat): Promise<{ format: ContractFormat; kind?: SpecKind; infoVersion?: string }> {
  const source = parseSource(await readSpecText(file, { projectRoot: root }), file, { displayPath: shown });
  const { kind, problem } = detectKindOrExplain(source.data, file);
  if (kind) {
    if (requested && requested !== kind.format) {
      throw new ConfigError(`${shown} is ${describeKind(kind)}, not ${requested}`, { hint: `drop --format, or pass --format ${kind.format}` });
    }
    const info = kind.format === 'openapi' && isRecord(source.data) && isRecord(source.data.info) ? source.data.info.version : undefined;
    return { format: kind.format, kind, ...(typeof info === 'string' ? { infoVersion: info } : {}) };
  }
  // A JSON Schema need not declare `$schema`; --format json-schema vouches for it.
  const data = source.data as Record<string, unknown> | null;
  const isMapping = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (requested === 'json-schema' && isMapping && !('openapi' in data) && !('swagger' in data)) return { format: 'json-schema' };
  throw new ConfigError(`${shown} ${problem ?? 'is not an OpenAPI or JSON Schema document'}`, {
    file: shown,
    hint: 'add a spec file (openapi/swagger field, or $schema), or pass --format json-schema for a schema without $schema',
  });
}

export interface AddOptions {
  name?: string;
  format?: ContractFormat;
  /** -V: the version the contract starts at (default: its info.version when semver, else 0.0.0). */
  initialVersion?: string;
}

export async function runAdd(ctx: Context, path: string, options: AddOptions = {}): Promise<number> {
  if (options.initialVersion !== undefined) assertStartVersion(options.initialVersion);
  const config = await loadConfig(ctx);
  const absolute = resolve(ctx.cwd, path);
  if (!isInside(config.root, absolute) || absolute === config.root) {
    throw new ConfigError(`${path} is outside the project root ${config.root}`, { hint: 'contracts must live inside the directory holding specver.yaml' });
  }
  const relativePath = normaliseContractPath(config.root, absolute);
  if (!existsSync(absolute)) {
    throw new ConfigError(`${relativePath}: no such file`, { hint: 'give the path of an OpenAPI or JSON Schema file' });
  }
  if (!/\.(ya?ml|json)$/i.test(relativePath)) {
    throw new ConfigError(`${relativePath} is not a spec file (expected .yaml, .yml or .json)`, { hint: 'give the path of an OpenAPI or JSON Schema file' });
  }
  const tracked = config.contracts.find((c) => c.path === relativePath);
  if (tracked) throw new ConfigError(`${relativePath} is already tracked as contract '${tracked.name}'`, { hint: `see 'specver contract list'` });

  const name = options.name ?? nameFromPath(relativePath);
  if (!CONTRACT_NAME_PATTERN.test(name)) throw new ConfigError(`invalid contract name ${JSON.stringify(name)}`, { hint: CONTRACT_NAME_HINT });
  if (config.contracts.some((c) => c.name === name)) {
    throw new ConfigError(`a contract named '${name}' already exists`, { hint: options.name ? 'choose another --name' : 'pass --name <name> to choose a different name' });
  }
  const { format, kind, infoVersion } = await detectFormat(config.root, absolute, relativePath, options.format);
  const contract: ContractConfig =
    format === 'json-schema' ? { name, format, path: relativePath, compatibility: 'backward' } : { name, format, path: relativePath };

  const configText = await readConfigText(config);
  const editedText = addContractToText(configText, contract);
  const edited = parseConfig(editedText, config.file); // the edit must leave a valid configuration
  const added = edited.contracts.find((c) => c.name === name)!;

  return locked(ctx, config, async () => {
    const versions = await currentVersions(config);
    const { version, from } = startVersion(config, versions, options.initialVersion, usableInfoVersion(infoVersion));
    const snapshot = await renderSnapshot(edited, added, version);
    await writeStateFile(config.root, snapshot.file, snapshot.text);
    await writeVersions(config.root, { versioning: config.versioning, contracts: { ...versions.contracts, [name]: version } });
    await writeFileAtomic(config.file, editedText);

    const snapshotPath = toPosix(relative(config.root, snapshot.file));
    if (ctx.json) {
      ctx.out.jsonDocument({
        action: 'added',
        contract: { ...added, ...(kind ? { kind: describeKind(kind) } : {}), version, versionFrom: from },
        snapshot: snapshotPath,
      });
    } else {
      const origin = from === 'info.version' ? ' (from info.version)' : from === 'fixed' ? ' (the shared version)' : '';
      ctx.out.result(`Added contract ${name} (${kind ? describeKind(kind) : format}) ${relativePath} at ${version}${origin}`);
      ctx.out.info(`Wrote snapshot ${snapshotPath}`);
    }
    return 0;
  });
}

type StartedFrom = 'initial-version' | 'info.version' | 'fixed' | 'default';

function assertStartVersion(version: string): void {
  assertCountableVersion(version, `invalid --initial-version '${version}'`);
  if (semverValid(version) !== version)
    throw new ConfigError(`invalid --initial-version '${version}'`, { hint: 'give a semantic version such as 0.0.0, 1.0.0 or 2.3.0' });
}

/**
 * Where a new contract starts: -V, else its spec's info.version (when semver), else 0.0.0. In fixed versioning
 * every contract shares one version, so a contract joining others takes theirs (a different -V is refused).
 */
function startVersion(config: Config, versions: VersionsState, requested: string | undefined, infoVersion: string | undefined): { version: string; from: StartedFrom } {
  const existing = config.versioning === 'fixed' ? Object.values(versions.contracts).filter((v) => semverValid(v)).sort(semverRcompare)[0] : undefined;
  if (existing !== undefined) {
    if (requested !== undefined && requested !== existing)
      throw new ConfigError(`--initial-version ${requested}: in fixed versioning every contract shares the version ${existing}`, {
        hint: `drop --initial-version (the contract joins at ${existing}), or switch to independent versioning`,
      });
    return { version: existing, from: 'fixed' };
  }
  if (requested !== undefined) return { version: requested, from: 'initial-version' };
  if (infoVersion !== undefined) return { version: infoVersion, from: 'info.version' };
  return { version: DEFAULT_START_VERSION, from: 'default' };
}

export interface ListOptions {
  format?: 'text' | 'json';
  /** --names: the names alone, one per line (what shell completion reads). */
  names?: boolean;
}

export async function runList(ctx: Context, options: ListOptions = {}): Promise<number> {
  const config = await loadConfig(ctx);
  const versions = await readVersions(config.root);
  const rows = config.contracts.map((c) => ({ ...c, version: versions?.contracts[c.name] ?? null }));
  if (options.names && !ctx.json && options.format !== 'json') {
    for (const row of rows) ctx.out.result(row.name);
    return 0;
  }
  if (ctx.json || options.format === 'json') {
    ctx.out.jsonDocument({ versioning: config.versioning, contracts: rows });
    return 0;
  }
  if (rows.length === 0) {
    ctx.out.result('No contracts. Add one with: specver contract add <path>');
    return 0;
  }
  const table = [['NAME', 'FORMAT', 'PATH', 'VERSION'], ...rows.map((r) => [r.name, r.format, r.path, r.version ?? '-'])];
  const widths = [0, 1, 2].map((col) => Math.max(...table.map((row) => row[col]!.length)));
  table.forEach((row, index) => {
    const line = row.map((cell, col) => (col < 3 ? cell.padEnd(widths[col]!) : cell)).join('  ');
    if (index === 0) ctx.out.info(ctx.out.paint('bold', line));
    else ctx.out.result(line);
  });
  return 0;
}

export interface RemoveOptions {
  force?: boolean;
}

/**
 * The contract to remove, or a ConfigError when it may not be removed. Checks that it exists; the check
 * that refuses a contract named by pending changesets (unless `force`) belongs here too.
 */
export async function assertRemovable(config: Config, name: string, force: boolean): Promise<ContractConfig> {
  const contract = config.contracts.find((c) => c.name === name);
  if (!contract) {
    const known = config.contracts.map((c) => c.name).join(', ') || '(none)';
    throw new ConfigError(`unknown contract '${name}'`, { hint: `known contracts: ${known}` });
  }
  if (!force) {
    // A pending changeset naming a removed contract would make the next `version` fail.
    const { changesetsNaming } = await import('../../versioning/read-changesets.ts');
    const naming = await changesetsNaming(config.root, name);
    if (naming.length > 0)
      throw new ConfigError(`contract '${name}' is named by pending changesets: ${naming.join(', ')}`, {
        hint: `edit or delete those changesets first, or pass --force`,
      });
  }
  return contract;
}

export async function runRemove(ctx: Context, name: string, options: RemoveOptions = {}): Promise<number> {
  const config = await loadConfig(ctx);
  const contract = await assertRemovable(config, name, options.force === true);
  const editedText = removeContractFromText(await readConfigText(config), name);
  parseConfig(editedText, config.file); // the edit must leave a valid configuration
  // Versions and snapshots are release history: never discarded without confirmation.
  const version = (await readVersions(config.root))?.contracts[name];
  const snapshots = (await listSnapshots(config, name)).length;
  if (version !== undefined || snapshots > 0) {
    const { confirmDiscard } = await import('../confirm.ts');
    const parts = [...(version !== undefined ? [`the version ${version}`] : []), ...(snapshots > 0 ? [`${snapshots} snapshot${snapshots === 1 ? '' : 's'}`] : [])];
    await confirmDiscard(ctx, `${parts.join(' and ')} of contract '${name}'`);
  }

  return locked(ctx, config, async () => {
    await listSnapshots(config, name); // refuses a symlinked snapshot directory before anything is written
    await writeFileAtomic(config.file, editedText);
    const versions = await readVersions(config.root);
    if (versions && Object.hasOwn(versions.contracts, name)) {
      const contracts = { ...versions.contracts };
      delete contracts[name];
      await writeVersions(config.root, { versioning: versions.versioning, contracts });
    }
    const removed = (await removeSnapshots(config, name)).map((file) => toPosix(relative(config.root, file)));
    if (ctx.json) {
      ctx.out.jsonDocument({ action: 'removed', contract, removedSnapshots: removed });
    } else {
      ctx.out.result(`Removed contract ${name} (${contract.path})`);
      ctx.out.info(`Deleted ${removed.length} snapshot${removed.length === 1 ? '' : 's'} and its version entry; the spec file itself is untouched`);
    }
    return 0;
  });
}
