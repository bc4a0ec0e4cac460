/**
 * `.specver/versions.json` and `.specver/pre.json` (decisions.md 2): read with schema validation, written
 * atomically as 2-space JSON with a trailing newline.
 */
import { relative, sep } from 'node:path';
import { ConfigError } from '../errors.ts';
import { validateAgainst } from '../schema-validation.ts';
import type { Bump, VersioningMode } from '../types.ts';
import { removeFileIfExists } from './atomic-write.ts';
import { preFile, versionsFile } from './paths.ts';
import { assertInState, writeStateFile } from './safe-path.ts';
import { READ_LIMITS, readRegularFile } from './safe-read.ts';
import { versionProblem } from '../toolkit/version-numbers.ts';
import { compareCodePoints } from '../toolkit/values.ts';

export interface VersionsState {
  versioning: VersioningMode;
  /** Contract name -> current version. */
  contracts: Record<string, string>;
}

export interface PreState {
  mode: 'pre' | 'exit';
  tag: string;
  initialVersions: Record<string, string>;
  /** `summary`: absent in pre.json files written before summaries were kept. */
  changesets: { id: string; bumps: Record<string, Bump>; summary?: string }[];
}

/** JSON as specver writes its state files: 2-space indent, trailing newline. */
export function stateJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function shown(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

/** Reads and validates a JSON state file; undefined when it does not exist. */
async function readStateFile<T>(root: string, file: string, schema: string, recovery: string): Promise<T | undefined> {
  let text: string;
  try {
    assertInState(root, file, 'state file');
    text = await readRegularFile(file, { limit: READ_LIMITS.config, shown: shown(root, file), hint: recovery });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`cannot read ${shown(root, file)}: ${(error as Error).message}`, { file: shown(root, file), hint: recovery, cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${shown(root, file)} is not valid JSON: ${(error as Error).message}`, { hint: recovery, cause: error });
  }
  const violations = validateAgainst(schema, data);
  if (violations.length > 0) {
    const first = violations[0]!;
    const where = first.pointer ? ` at ${first.pointer}` : '';
    throw new ConfigError(`${shown(root, file)} is not a valid specver state file: ${first.message}${where}`, { hint: recovery });
  }
  return data as T;
}

const VERSIONS_RECOVERY =
  'restore it from version control (git checkout -- .specver/versions.json), or fix it by hand: {"versioning": "independent", "contracts": {"<name>": "<version>"}}';

/** The recorded versions; undefined when the project has no versions.json yet. */
export async function readVersions(root: string): Promise<VersionsState | undefined> {
  const state = await readStateFile<VersionsState>(root, versionsFile(root), 'versions.schema.json', VERSIONS_RECOVERY);
  if (!state) return undefined;
  assertCountable(shown(root, versionsFile(root)), Object.entries(state.contracts), VERSIONS_RECOVERY);
  return { versioning: state.versioning, contracts: toPlainRecord(state.contracts) };
}

/** versions.json text: contracts sorted by name, so diffs of the file stay small. */
export function renderVersions(versions: VersionsState): string {
  const contracts = Object.fromEntries(Object.entries(versions.contracts).sort(([a], [b]) => compareCodePoints(a, b)));
  return stateJson({ versioning: versions.versioning, contracts });
}

export async function writeVersions(root: string, versions: VersionsState): Promise<void> {
  await writeStateFile(root, versionsFile(root), renderVersions(versions));
}

const PRE_RECOVERY = "restore it from version control, or delete it to leave pre-release mode ('specver pre enter <tag>' starts a new cycle)";

/** Pre-release state; undefined when not in pre mode. */
export async function readPre(root: string): Promise<PreState | undefined> {
  const state = await readStateFile<PreState>(root, preFile(root), 'pre.schema.json', PRE_RECOVERY);
  if (!state) return undefined;
  assertCountable(shown(root, preFile(root)), Object.entries(state.initialVersions), PRE_RECOVERY);
  return {
    mode: state.mode,
    tag: state.tag,
    initialVersions: toPlainRecord(state.initialVersions),
    changesets: state.changesets.map((c) => ({ id: c.id, bumps: toPlainRecord(c.bumps), ...(c.summary === undefined ? {} : { summary: c.summary }) })),
  };
}

export async function writePre(root: string, pre: PreState): Promise<void> {
  await writeStateFile(root, preFile(root), stateJson(pre));
}

export async function removePre(root: string): Promise<boolean> {
  assertInState(root, preFile(root), 'state file');
  return removeFileIfExists(preFile(root));
}

/** Refuses a state file holding a version specver cannot keep (too long, or numbers beyond exact counting). */
function assertCountable(file: string, versions: [string, string][], hint: string): void {
  for (const [contract, version] of versions) {
    const problem = versionProblem(version);
    if (problem) throw new ConfigError(`${file}: contract '${contract}': ${problem}`, { file, hint });
  }
}

/** Copies entries into a fresh object with defineProperty, so a `__proto__` key stays an ordinary entry. */
function toPlainRecord<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(record)) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
