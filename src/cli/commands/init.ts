/**
 * `specver init`: discover the project's specs, then write specver.yaml, `.specver/versions.json` and one
 * snapshot per contract. Everything is built in memory first; files are written only when all of it worked.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertCountableVersion } from '../../toolkit/version-numbers.ts';
import semverValid from 'semver/functions/valid.js';
import { ConfigError } from '../../errors.ts';
import { CONFIG_FILE_NAME, displayPath, isInside, parseConfig } from '../../config/load-config.ts';
import { discoverSpecs, type DiscoveredSpec } from '../../config/discover.ts';
import { renderInitialConfig } from '../../config/edit-config.ts';
import { describeKind } from '../../load/detect.ts';
import { removeFileIfExists, writeFileAtomic } from '../../store/atomic-write.ts';
import { assertInState } from '../../store/safe-path.ts';
import { READ_LIMITS, readRegularFile } from '../../store/safe-read.ts';
import { acquireLock } from '../../store/lock.ts';
import { lockFile, snapshotsDir, STATE_DIR_NAME, STATE_GITIGNORE, stateGitignoreFile, versionsFile } from '../../store/paths.ts';
import { renderSnapshot, snapshotPath } from '../../store/snapshots.ts';
import { readVersions, renderVersions } from '../../store/state.ts';
import { planReinit, type PreviousSetup, type ReinitPlan } from '../../config/reinit.ts';
import { DEFAULT_START_VERSION, usableInfoVersion } from '../../versioning/start-version.ts';
import semverRcompare from 'semver/functions/rcompare.js';
import type { MovedContract } from '../../config/moved-contracts.ts';
import type { Config, ContractConfig, VersioningMode } from '../../types.ts';
import type { Context } from '../context.ts';

export interface InitOptions {
  dir?: string;
  initialVersion?: string;
  versioning?: VersioningMode;
  force?: boolean;
  format?: 'text' | 'json';
}

/**
 * The `$schema` written on specver.yaml's first line. specver is meant to be a dev dependency, so the
 * package-relative path works for everyone who clones the repository and installs it; no absolute path of
 * one machine ends up committed.
 */
export const CONFIG_SCHEMA_REFERENCE = './node_modules/specver/schemas/config.schema.json';

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

export async function run(ctx: Context, options: InitOptions = {}): Promise<number> {
  const json = ctx.json || options.format === 'json';
  // An explicit -V applies to every contract; without it each OpenAPI contract starts at its info.version.
  const explicitVersion = options.initialVersion !== undefined;
  const initialVersion = options.initialVersion ?? DEFAULT_START_VERSION;
  assertCountableVersion(initialVersion, `invalid initial version '${initialVersion}'`);
  if (semverValid(initialVersion) !== initialVersion) {
    throw new ConfigError(`invalid initial version '${initialVersion}'`, { hint: 'give a semantic version such as 0.0.0, 1.0.0 or 1.0.0-beta.0' });
  }

  // -c names where the config goes; without --dir its directory is also the one scanned.
  const explicitConfig = ctx.configPath ? resolve(ctx.cwd, ctx.configPath) : undefined;
  const scanRoot = options.dir ? resolve(ctx.cwd, options.dir) : explicitConfig ? dirname(explicitConfig) : ctx.cwd;
  if (!existsSync(scanRoot) || !statSync(scanRoot).isDirectory()) {
    throw new ConfigError(`--dir ${options.dir ?? scanRoot}: no such directory`, { hint: 'pass the directory that holds your spec files' });
  }
  const configFile = explicitConfig ?? join(scanRoot, CONFIG_FILE_NAME);
  const root = dirname(configFile);
  if (!isInside(root, scanRoot)) {
    throw new ConfigError(`--dir ${options.dir} is outside the project root ${root} (the directory of ${CONFIG_FILE_NAME})`, {
      hint: 'scan a directory inside the project, or put the configuration higher up with -c',
    });
  }
  const shownConfig = displayPath(ctx.cwd, configFile);
  const reinit = existsSync(configFile);
  if (reinit && !options.force) {
    throw new ConfigError(`${shownConfig} already exists`, {
      hint: 'pass --force to reinitialize (contracts whose spec still exists keep their versions, snapshots and settings; with -V they restart at that version)',
    });
  }
  const previous = reinit ? await readPrevious(configFile, shownConfig, root) : undefined;
  const stillTracked = (previous?.config?.contracts ?? []).filter((c) => existsSync(join(root, c.path))).map((c) => c.name);

  const discovered = await discoverSpecs(scanRoot, {
    takenNames: stillTracked,
    debug: (line) => ctx.out.debug(line),
    skipped: (_path, message) => ctx.out.warn(`skipped ${message}`),
  });
  const found: ContractConfig[] = discovered.map((spec) => {
    const path = toPosix(relative(root, spec.absolutePath));
    return spec.kind.format === 'json-schema'
      ? { name: spec.name, format: 'json-schema', path, compatibility: 'backward' }
      : { name: spec.name, format: 'openapi', path };
  });
  const moved = previous ? await confirmedMoves(ctx, root, previous, found) : [];
  const versioning = options.versioning ?? previous?.config?.versioning ?? 'independent';
  const startVersions = explicitVersion ? {} : startVersionsOf(discovered, root, versioning);
  const reset = explicitVersion && previous !== undefined;
  const plan = planReinit(previous ?? { versions: {} }, found, { root, initialVersion, startVersions, reset, versioning: options.versioning, moved });
  const resetFrom = reset ? await confirmedReset(ctx, root, previous, plan, initialVersion) : new Map<string, string>();
  if (plan.dropped.length > 0) {
    const { confirmDiscard } = await import('../confirm.ts');
    const list = plan.dropped.map((d) => (d.version ? `${d.name}@${d.version}` : d.name)).join(', ');
    await confirmDiscard(ctx, `the config entries and versions of contracts whose spec file is gone (${list}); their snapshot files stay`);
  }
  const configText = plan.configText ?? renderInitialConfig({ schemaPath: CONFIG_SCHEMA_REFERENCE, versioning: plan.versioning, contracts: plan.contracts });
  // The written config must load: validate it exactly as every later command will.
  const config: Config = parseConfig(configText, configFile, shownConfig);
  // Existing snapshots are history: only missing ones are written.
  const snapshots = (
    await Promise.all(config.contracts.map((contract) => renderSnapshot(config, contract, plan.versions[contract.name]!)))
  ).filter((snapshot) => !existsSync(snapshot.file));
  const versions = { versioning: config.versioning, contracts: Object.fromEntries(config.contracts.map((c) => [c.name, plan.versions[c.name]!])) };
  for (const snapshot of snapshots) {
    const name = config.contracts.find((c) => snapshot.file === snapshotPath(config, c, plan.versions[c.name]!))?.name;
    if (name && plan.kept.has(name))
      ctx.out.warn(`${name}@${plan.versions[name]} had no snapshot: the current spec is written as that version (restore the real one from git if you have it)`);
  }

  assertInState(root, lockFile(root), 'lock file'); // never lock through a symlinked .specver/
  const release = await acquireLock(root, ctx.now);
  try {
    await writeAll(root, configFile, configText, snapshots, renderVersions(versions));
  } finally {
    await release();
  }

  const fromInfoVersion = new Set(config.contracts.filter((c) => !plan.kept.has(c.name) && !reset && startVersions[c.path] === plan.versions[c.name]).map((c) => c.name));
  report(ctx, json, { root, scanRoot, configFile, discovered, config, initialVersion, versions: versions.contracts, snapshots, kept: plan.kept, dropped: plan.dropped, movedFrom: plan.movedFrom, fromInfoVersion, resetFrom });
  return 0;
}

/**
 * Spec path -> the version its contract starts at: the OpenAPI document's info.version when it is a usable
 * semantic version. In fixed versioning every contract shares one version: the highest of them.
 */
function startVersionsOf(discovered: DiscoveredSpec[], root: string, versioning: VersioningMode): Record<string, string> {
  const starts = discovered.flatMap((spec) => {
    const version = usableInfoVersion(spec.infoVersion);
    return version ? [[toPosix(relative(root, spec.absolutePath)), version] as const] : [];
  });
  if (versioning !== 'fixed' || starts.length === 0) return Object.fromEntries(starts);
  const shared = starts.map(([, v]) => v).sort(semverRcompare)[0]!;
  return Object.fromEntries(discovered.map((spec) => [toPosix(relative(root, spec.absolutePath)), shared]));
}

/**
 * `init --force -V <version>` discards the version history of the contracts it restarts: asked first (a
 * prompt, or --yes). A version that already has a snapshot was released: restarting there would make that old
 * snapshot the new baseline, so it is refused. Returns contract name -> the version it had.
 */
async function confirmedReset(ctx: Context, root: string, previous: PreviousSetup | undefined, plan: ReinitPlan, version: string): Promise<Map<string, string>> {
  const restarted = new Map<string, string>();
  for (const [name, before] of Object.entries(previous?.versions ?? {})) if (plan.versions[name] !== undefined && before !== version) restarted.set(name, before);
  if (restarted.size === 0) return restarted;
  const { listSnapshots } = await import('../../store/snapshots.ts');
  for (const name of restarted.keys()) {
    const existing = (await listSnapshots({ root }, name)).find((s) => s.version === version);
    if (existing)
      throw new ConfigError(`${name}@${version} already has a snapshot: a released version is never started again`, {
        file: toPosix(relative(root, existing.file)),
        hint: `pass a -V above ${name}'s latest release, or run init --force without -V to keep the history`,
      });
  }
  const list = [...restarted].map(([name, before]) => `${name}@${before}`).sort().join(', ');
  const { confirmDiscard } = await import('../confirm.ts');
  await confirmDiscard(
    ctx,
    `the version history of ${list}: they restart at ${version} with a snapshot of the current spec; their older snapshots stay in .specver/snapshots/, and 'specver version' refuses any version that already has one`,
  );
  return restarted;
}

/**
 * Contracts whose spec file is gone but was found elsewhere (moved-contracts.ts), each kept once the user says
 * so: at a prompt, or with --yes; without a terminal and without --yes, exit 2 before anything is written.
 */
async function confirmedMoves(ctx: Context, root: string, previous: PreviousSetup, found: ContractConfig[]): Promise<MovedContract[]> {
  const before = previous.config?.contracts ?? [];
  const gone = before.filter((c) => !existsSync(join(root, c.path)));
  if (gone.length === 0) return [];
  const tracked = new Set(before.map((c) => c.path));
  const { findMovedContracts, describeEvidence } = await import('../../config/moved-contracts.ts');
  const moves = await findMovedContracts({ root, refsMap: previous.config?.refsMap ?? {} }, gone, found.filter((c) => !tracked.has(c.path)));
  const { confirmKeep } = await import('../confirm.ts');
  const confirmed: MovedContract[] = [];
  for (const [index, move] of moves.entries()) {
    const { name, path } = move.contract;
    const version = previous.versions[name];
    const shown = version ? `${name}@${version}` : name;
    const more = moves.length - index > 1 ? ` (and ${moves.length - index - 1} more)` : '';
    const keep = await confirmKeep(
      ctx,
      `The spec of ${shown} moved? ${path} is gone; ${move.spec.path} has the ${describeEvidence(move)}. Keep its version and snapshots for ${move.spec.path}?`,
      `the spec of contract ${shown} looks moved: ${path} is gone, ${move.spec.path} has the ${describeEvidence(move)}${more}`,
      `pass --yes to keep its version and snapshots at the new path, or run 'specver contract move ${name} ${move.spec.path}' first`,
    );
    if (keep) confirmed.push(move);
  }
  return confirmed;
}

/** The previous config and versions, as far as they can be read (a broken config is simply not reused). */
async function readPrevious(configFile: string, shownConfig: string, root: string): Promise<PreviousSetup> {
  const versions = (await readVersions(root).catch(() => undefined))?.contracts ?? {};
  try {
    const text = await readRegularFile(configFile, { limit: READ_LIMITS.config, shown: shownConfig });
    const config = parseConfig(text, configFile, shownConfig);
    return { config: { text, contracts: config.contracts, versioning: config.versioning, refsMap: config.refsMap }, versions };
  } catch {
    return { versions };
  }
}

/** Writes the missing snapshots, versions.json, then the config (last, so a failure leaves no half-initialised project). */
async function writeAll(root: string, configFile: string, configText: string, snapshots: { file: string; text: string }[], versionsText: string): Promise<void> {
  const created: string[] = [];
  const write = async (file: string, text: string) => {
    const isNew = !existsSync(file);
    await writeFileAtomic(file, text);
    if (isNew) created.push(file);
  };
  // Refuse before the first write when .specver/ (or a file in it) leads elsewhere through a symlink.
  for (const file of [snapshotsDir(root), ...snapshots.map((s) => s.file), versionsFile(root), stateGitignoreFile(root)]) assertInState(root, file, 'state file');
  try {
    for (const snapshot of snapshots) await write(snapshot.file, snapshot.text);
    await write(versionsFile(root), versionsText);
    if (!existsSync(stateGitignoreFile(root))) await write(stateGitignoreFile(root), STATE_GITIGNORE);
    await write(configFile, configText);
  } catch (error) {
    // Undo what this run created; nothing it did not create is ever removed.
    for (const file of created) await removeFileIfExists(file).catch(() => undefined);
    throw error;
  }
}

interface InitReport {
  root: string;
  scanRoot: string;
  configFile: string;
  discovered: DiscoveredSpec[];
  config: Config;
  initialVersion: string;
  versions: Record<string, string>;
  /** Snapshots written by this run. */
  snapshots: { file: string; text: string }[];
  kept: Set<string>;
  dropped: { name: string; version?: string }[];
  movedFrom: Map<string, string>;
  /** Contracts started at their spec's info.version. */
  fromInfoVersion: Set<string>;
  /** `--force -V`: restarted contracts -> the version they had. */
  resetFrom: Map<string, string>;
}

function report(ctx: Context, json: boolean, r: InitReport): void {
  const rel = (file: string) => toPosix(relative(r.root, file));
  const byPath = new Map(r.discovered.map((spec) => [toPosix(relative(r.root, spec.absolutePath)), spec]));
  const contracts = r.config.contracts.map((contract) => {
    const spec = byPath.get(contract.path);
    const version = r.versions[contract.name]!;
    return {
      name: contract.name,
      format: contract.format,
      kind: spec ? describeKind(spec.kind) : contract.format === 'openapi' ? 'OpenAPI' : 'JSON Schema',
      path: contract.path,
      ...(spec && spec.parts.length > 0 ? { parts: spec.parts.map((part) => rel(resolve(r.scanRoot, part))) } : {}),
      version,
      snapshot: rel(snapshotPath(r.config, contract, version)),
      ...(r.kept.has(contract.name) ? { kept: true } : {}),
      ...(r.movedFrom.has(contract.name) ? { movedFrom: r.movedFrom.get(contract.name)! } : {}),
      ...(r.fromInfoVersion.has(contract.name) ? { fromInfoVersion: true as const } : {}),
      ...(r.resetFrom.has(contract.name) ? { resetFrom: r.resetFrom.get(contract.name)! } : {}),
    };
  });
  if (json) {
    ctx.out.jsonDocument({
      config: rel(r.configFile),
      stateDir: STATE_DIR_NAME,
      versioning: r.config.versioning,
      initialVersion: r.initialVersion,
      contracts,
      snapshotsWritten: r.snapshots.length,
      ...(r.dropped.length > 0 ? { dropped: r.dropped } : {}),
    });
    return;
  }
  if (contracts.length === 0) {
    ctx.out.result('No OpenAPI or JSON Schema files found.');
  } else {
    ctx.out.result(`Detected ${contracts.length} spec${contracts.length === 1 ? '' : 's'}:`);
    const kindWidth = Math.max(...contracts.map((c) => c.kind.length));
    const nameWidth = Math.max(...contracts.map((c) => c.name.length));
    for (const c of contracts) {
      const parts = c.parts ? ctx.out.paint('gray', ` (+${c.parts.length} referenced file${c.parts.length === 1 ? '' : 's'})`) : '';
      const moved = c.movedFrom ? `, moved from ${c.movedFrom}` : '';
      const origin = c.resetFrom !== undefined ? ` (reset from ${c.resetFrom})` : c.fromInfoVersion ? ' (from info.version)' : '';
      const version = c.kept ? ` (kept at ${c.version}${moved})` : `  version ${c.version}${origin}`;
      ctx.out.result(`  ${c.kind.padEnd(kindWidth)}  ${ctx.out.paint('bold', c.name.padEnd(nameWidth))}  ${c.path}${parts}${ctx.out.paint('gray', version)}`);
    }
  }
  for (const d of r.dropped) ctx.out.result(`Dropped ${d.name}${d.version ? `@${d.version}` : ''}: its spec file is gone (its snapshots stay in .specver/snapshots/)`);
  const empty = contracts.length === 0 ? ' with no contracts (add one with: specver contract add <path>)' : '';
  const verb = r.kept.size > 0 || r.dropped.length > 0 || r.resetFrom.size > 0 ? 'Updated' : 'Created';
  ctx.out.result(`${verb} ${rel(r.configFile)}${empty}`);
  ctx.out.result(`${verb} ${STATE_DIR_NAME}/`);
  const written = new Set(contracts.filter((c) => !c.kept).map((c) => c.version));
  const at = r.kept.size === 0 && written.size <= 1 ? ` at ${[...written][0] ?? r.initialVersion}` : '';
  const keptNote = r.kept.size > 0 ? ` (${r.kept.size} contract${r.kept.size === 1 ? '' : 's'} kept with their versions and snapshots)` : '';
  ctx.out.result(`Wrote ${r.snapshots.length} snapshot${r.snapshots.length === 1 ? '' : 's'}${at}${keptNote}`);
}
