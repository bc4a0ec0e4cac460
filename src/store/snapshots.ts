/**
 * Snapshots: `.specver/snapshots/<name>@<version>.<ext>`, the spec as released at that version. A
 * multi-file spec is stored bundled into one document, so a snapshot never depends on other files.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import semverCompare from 'semver/functions/compare.js';
import semverValid from 'semver/functions/valid.js';
import { ConfigError } from '../errors.ts';
import type { Config, ContractConfig } from '../types.ts';
import { removeFileIfExists } from './atomic-write.ts';
import { assertInState, writeStateFile } from './safe-path.ts';
import { snapshotFileName, snapshotsDir } from './paths.ts';

const SNAPSHOT_EXTS = ['yaml', 'yml', 'json'] as const;

/** The snapshot extension for a spec file: its own (`yaml`, `yml`, `json`), `yaml` for anything else. */
export function snapshotExt(specPath: string): string {
  const ext = extname(specPath).slice(1).toLowerCase();
  return (SNAPSHOT_EXTS as readonly string[]).includes(ext) ? ext : 'yaml';
}

/** Where the snapshot of `contract` at `version` is (or would be) stored. */
export function snapshotPath(config: Config, contract: ContractConfig, version: string): string {
  return join(snapshotsDir(config.root), snapshotFileName(contract.name, version, snapshotExt(contract.path)));
}

function shown(config: Config, file: string): string {
  return relative(config.root, file).split(sep).join('/');
}

/**
 * The existing snapshot of `contract` at `version`. A missing one (deleted by hand) is a ConfigError that
 * names the expected file and how to get it back.
 */
export function findSnapshot(config: Config, contract: ContractConfig, version: string): string {
  const preferred = snapshotPath(config, contract, version);
  if (existsSync(preferred)) return preferred;
  // The spec may have been renamed (.yml -> .yaml, YAML -> JSON) since the snapshot was written.
  for (const ext of SNAPSHOT_EXTS) {
    const other = join(snapshotsDir(config.root), snapshotFileName(contract.name, version, ext));
    if (existsSync(other)) return other;
  }
  const expected = shown(config, preferred);
  throw new ConfigError(`snapshot for ${contract.name}@${version} is missing: ${expected}`, {
    hint: `restore it from version control (git checkout -- ${expected}); if it is lost, write the spec as released at ${version} to that path (for example with git show <release commit>:${contract.path})`,
  });
}

/** Writes the snapshot of the contract's current spec at `version`; returns its absolute path. */
export async function writeSnapshot(config: Config, contract: ContractConfig, version: string): Promise<string> {
  const { text, file } = await renderSnapshot(config, contract, version);
  await writeStateFile(config.root, file, text);
  return file;
}

/**
 * The snapshot content and target file, without writing (for commands that build everything first and
 * write at the end).
 */
export async function renderSnapshot(config: Config, contract: ContractConfig, version: string): Promise<{ file: string; text: string }> {
  const { bundleSpec } = await import('../load/bundle.ts');
  const bundled = await bundleSpec(join(config.root, contract.path), {
    projectRoot: config.root,
    refsMap: config.refsMap,
    expectedFormat: contract.format,
  });
  const ext = (SNAPSHOT_EXTS as readonly string[]).includes(bundled.ext.replace(/^\./, '')) ? bundled.ext.replace(/^\./, '') : snapshotExt(contract.path);
  return { file: join(snapshotsDir(config.root), snapshotFileName(contract.name, version, ext)), text: bundled.text };
}

export interface SnapshotEntry {
  version: string;
  /** Absolute path. */
  file: string;
}

/** Every snapshot of the contract named `name`, oldest version first. */
export async function listSnapshots(config: Pick<Config, 'root'>, name: string): Promise<SnapshotEntry[]> {
  let files: string[];
  try {
    assertInState(config.root, snapshotsDir(config.root), 'snapshot directory');
    files = await readdir(snapshotsDir(config.root));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(error instanceof ConfigError)) return [];
    throw error;
  }
  const prefix = `${name}@`;
  const entries: SnapshotEntry[] = [];
  for (const fileName of files) {
    if (!fileName.startsWith(prefix)) continue;
    const ext = extname(fileName).slice(1);
    if (!(SNAPSHOT_EXTS as readonly string[]).includes(ext)) continue;
    const version = fileName.slice(prefix.length, fileName.length - ext.length - 1);
    if (!semverValid(version)) continue;
    entries.push({ version, file: join(snapshotsDir(config.root), fileName) });
  }
  return entries.sort((a, b) => semverCompare(a.version, b.version));
}

/** Removes every snapshot of the contract; returns the removed files. */
export async function removeSnapshots(config: Config, name: string): Promise<string[]> {
  const entries = await listSnapshots(config, name);
  for (const entry of entries) await removeFileIfExists(entry.file);
  return entries.map((entry) => entry.file);
}
