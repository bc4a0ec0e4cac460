/**
 * `specver init`: discover the project's specs, then write specver.yaml, `.specver/versions.json` and one
 * snapshot per contract. Everything is built in memory first; files are written only when all of it worked.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertCountableVersion } from '../../versioning/bump.ts';
import semverValid from 'semver/functions/valid.js';
import { ConfigError } from '../../errors.ts';
import { CONFIG_FILE_NAME, displayPath, isInside, parseConfig } from '../../config/load-config.ts';
import { discoverSpecs, type DiscoveredSpec } from '../../config/discover.ts';
import { renderInitialConfig } from '../../config/edit-config.ts';
import { describeKind } from '../../spec/detect.ts';
import { removeFileIfExists, writeFileAtomic } from '../../store/atomic-write.ts';
import { assertInState } from '../../store/safe-path.ts';
import { acquireLock } from '../../store/lock.ts';
import { lockFile, preFile, snapshotsDir, STATE_DIR_NAME, STATE_GITIGNORE, stateGitignoreFile, versionsFile } from '../../store/paths.ts';
import { renderSnapshot } from '../../store/snapshots.ts';
import { renderVersions } from '../../store/state.ts';
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
  const versioning = options.versioning ?? 'independent';
  const initialVersion = options.initialVersion ?? '0.0.0';
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
  if (existsSync(configFile) && !options.force) {
    throw new ConfigError(`${shownConfig} already exists`, { hint: 'pass --force to reinitialize (this rewrites it and the snapshots in .specver/)' });
  }

  const discovered = await discoverSpecs(scanRoot, {
    debug: (line) => ctx.out.debug(line),
    skipped: (_path, message) => ctx.out.warn(`skipped ${message}`),
  });
  const contracts: ContractConfig[] = discovered.map((spec) => {
    const path = toPosix(relative(root, spec.absolutePath));
    return spec.kind.format === 'json-schema'
      ? { name: spec.name, format: 'json-schema', path, compatibility: 'backward' }
      : { name: spec.name, format: 'openapi', path };
  });
  const configText = renderInitialConfig({ schemaPath: CONFIG_SCHEMA_REFERENCE, versioning, contracts });
  // The written config must load: validate it exactly as every later command will.
  const config: Config = parseConfig(configText, configFile, shownConfig);
  const snapshots = await Promise.all(config.contracts.map((contract) => renderSnapshot(config, contract, initialVersion)));
  const versions = { versioning, contracts: Object.fromEntries(config.contracts.map((c) => [c.name, initialVersion])) };

  assertInState(root, lockFile(root), 'lock file'); // never lock through a symlinked .specver/
  const release = await acquireLock(root, ctx.now);
  try {
    await writeAll(root, configFile, configText, snapshots, renderVersions(versions), options.force === true);
  } finally {
    await release();
  }

  report(ctx, json, { root, scanRoot, configFile, discovered, config, initialVersion, snapshots });
  return 0;
}

/** Writes snapshots, versions.json, then the config (last, so a failure leaves no half-initialised project). */
async function writeAll(
  root: string,
  configFile: string,
  configText: string,
  snapshots: { file: string; text: string }[],
  versionsText: string,
  force: boolean,
): Promise<void> {
  const created: string[] = [];
  const existedBefore = new Set(await existingSnapshots(root));
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
    // Undo what this run created; files it overwrote (with --force) cannot be restored and are named by the error.
    for (const file of created) await removeFileIfExists(file).catch(() => undefined);
    throw error;
  }
  if (force) {
    // Reinitialised: snapshots of the previous setup and an open pre-release cycle no longer apply.
    const keep = new Set(snapshots.map((s) => s.file));
    for (const file of existedBefore) if (!keep.has(file)) await removeFileIfExists(file);
    await removeFileIfExists(preFile(root));
  }
}

async function existingSnapshots(root: string): Promise<string[]> {
  try {
    return (await readdir(snapshotsDir(root))).filter((name) => name.includes('@')).map((name) => join(snapshotsDir(root), name));
  } catch {
    return [];
  }
}

interface InitReport {
  root: string;
  scanRoot: string;
  configFile: string;
  discovered: DiscoveredSpec[];
  config: Config;
  initialVersion: string;
  snapshots: { file: string; text: string }[];
}

function report(ctx: Context, json: boolean, r: InitReport): void {
  const rel = (file: string) => toPosix(relative(r.root, file));
  const contracts = r.config.contracts.map((contract, index) => {
    const spec = r.discovered[index]!;
    return {
      name: contract.name,
      format: contract.format,
      kind: describeKind(spec.kind),
      path: contract.path,
      ...(spec.parts.length > 0 ? { parts: spec.parts.map((part) => rel(resolve(r.scanRoot, part))) } : {}),
      version: r.initialVersion,
      snapshot: rel(r.snapshots[index]!.file),
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
      ctx.out.result(`  ${c.kind.padEnd(kindWidth)}  ${ctx.out.paint('bold', c.name.padEnd(nameWidth))}  ${c.path}${parts}`);
    }
  }
  const empty = contracts.length === 0 ? ' with no contracts (add one with: specver contract add <path>)' : '';
  ctx.out.result(`Created ${rel(r.configFile)}${empty}`);
  ctx.out.result(`Created ${STATE_DIR_NAME}/`);
  ctx.out.result(`Wrote ${r.snapshots.length} snapshot${r.snapshots.length === 1 ? '' : 's'} at ${r.initialVersion}`);
}
