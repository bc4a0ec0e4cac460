/**
 * The version journal is replayed from disk, and a pull request can put anything there: before a single
 * step runs, the whole journal must have the schema's shape and name only files `version` itself produces
 * (snapshots of known contracts, the root spec of an OpenAPI contract it snapshots (its info.version), the
 * configured changelog, versions.json, pre.json, changesets to delete),
 * each resolving (symlinks included) to where it belongs. Anything else refuses the journal as a whole.
 */
import { posix, relative, resolve, sep } from 'node:path';
import semverValid from 'semver/functions/valid.js';
import { versionProblem } from '../toolkit/version-numbers.ts';
import { ConfigError } from '../errors.ts';
import { validateAgainst } from '../schema-validation.ts';
import { STATE_DIR_NAME } from '../store/paths.ts';
import { assertInState, assertWritable } from '../store/safe-path.ts';
import type { Config } from '../types.ts';

export type JournalOp =
  | { op: 'write'; path: string; content: string }
  | { op: 'versions'; state: { versioning: Config['versioning']; contracts: Record<string, string> } }
  | { op: 'pre'; state: import('../store/state.ts').PreState }
  | { op: 'delete'; path: string };

export interface Journal {
  journal: 1;
  ops: JournalOp[];
}

export const JOURNAL_SHOWN = `${STATE_DIR_NAME}/version-journal.json`;

const JOURNAL_HINT = `it records an interrupted 'specver version' run; restore ${STATE_DIR_NAME}/ from version control and delete ${JOURNAL_SHOWN}`;

/** `what` follows the journal's name: ": entry 3 (...) is ..." or " is not a valid ...". */
function refused(what: string): ConfigError {
  return new ConfigError(`${JOURNAL_SHOWN}${what.startsWith(' ') ? '' : ': '}${what}; nothing was replayed`, { file: JOURNAL_SHOWN, hint: JOURNAL_HINT });
}

/** `./a//b` -> `a/b`; undefined for a path that is absolute or leaves the root by name. */
function normalised(path: string): string | undefined {
  if (path.includes('\\') || posix.isAbsolute(path) || /^[A-Za-z]:/.test(path)) return undefined;
  const clean = posix.normalize(path);
  return clean === '..' || clean.startsWith('../') || clean === '.' ? undefined : clean;
}

const SNAPSHOT = /^\.specver\/snapshots\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})@([^/]+)\.(yaml|yml|json)$/;
const CHANGESET = /^\.specver\/changesets\/[^/.][^/]*\.md$/;

/**
 * The root spec files `version` may write (info.version): those of the OpenAPI contracts this journal
 * snapshots, that is, releases; relative path -> contract.
 */
function releasedSpecs(config: Config, journal: Journal): Map<string, string> {
  const released = new Set(journal.ops.flatMap((op) => (op.op === 'write' ? [SNAPSHOT.exec(normalised(op.path) ?? '')?.[1]] : [])));
  const specs = new Map<string, string>();
  for (const c of config.contracts) {
    const path = normalised(relative(config.root, resolve(config.root, c.path)).split(sep).join('/'));
    if (c.format === 'openapi' && released.has(c.name) && path) specs.set(path, c.name);
  }
  return specs;
}

/** Why a write op's path is not one `version` produces; undefined when it is. */
function writeTargetProblem(config: Config, path: string, changelog: string | undefined, specs: Map<string, string>): string | undefined {
  if (specs.has(path)) return undefined;
  const snapshot = SNAPSHOT.exec(path);
  if (snapshot) {
    if (!config.contracts.some((c) => c.name === snapshot[1])) return `a snapshot of unknown contract '${snapshot[1]}'`;
    if (!semverValid(snapshot[2]!) || snapshot[2] !== semverValid(snapshot[2]!) || versionProblem(snapshot[2]!)) return 'a snapshot with an invalid version';
    return undefined;
  }
  if (changelog !== undefined && path === changelog) return undefined;
  return 'not a file specver version writes';
}

/**
 * Throws ConfigError (exit 2) unless `data` is a journal this project's `version` could have written.
 * Checks every entry before returning, so a bad journal is never partly replayed.
 */
export function checkJournal(config: Config, data: unknown): Journal {
  const violations = validateAgainst('version-journal.schema.json', data);
  if (violations.length > 0) {
    const first = violations[0]!;
    throw refused(` is not a valid version journal: ${first.message}${first.pointer ? ` at ${first.pointer}` : ''}`);
  }
  const journal = data as Journal;
  const changelog = config.changelog === false ? undefined : normalised(relative(config.root, resolve(config.root, config.changelog)).split(sep).join('/'));
  const specs = releasedSpecs(config, journal);
  const protectedFiles = [config.file, ...config.contracts.map((c) => resolve(config.root, c.path))];
  const guard = { root: config.root, protectedFiles };
  journal.ops.forEach((op, index) => {
    const entry = `entry ${index} (${op.op}${'path' in op ? ` ${JSON.stringify(op.path)}` : ''})`;
    if (op.op === 'versions' || op.op === 'pre') {
      const problems = validateAgainst(op.op === 'versions' ? 'versions.schema.json' : 'pre.schema.json', op.state);
      if (problems.length > 0) throw refused(`${entry} is not a valid ${op.op}.json state: ${problems[0]!.message}`);
      return;
    }
    const path = normalised(op.path);
    if (path === undefined) throw refused(`${entry} names a path outside the project`);
    const absolute = resolve(config.root, path);
    const inState = path.startsWith(`${STATE_DIR_NAME}/`);
    try {
      if (op.op === 'write') {
        const problem = writeTargetProblem(config, path, changelog, specs);
        if (problem) throw refused(`${entry} is ${problem}`);
        const spec = specs.get(path);
        if (spec !== undefined) {
          // The released contract's own spec, and no other protected file (nor a symlink leading elsewhere).
          assertWritable({ ...guard, protectedFiles: protectedFiles.filter((f) => f !== absolute) }, absolute, `spec of ${spec}`, false);
        } else if (inState) assertInState(config.root, absolute, 'snapshot');
        else assertWritable(guard, absolute, 'changelog', false);
      } else {
        if (path !== `${STATE_DIR_NAME}/pre.json` && !CHANGESET.test(path)) throw refused(`${entry} is not a changeset or pre.json`);
        assertInState(config.root, absolute, 'file');
      }
    } catch (error) {
      if (error instanceof ConfigError && !error.message.startsWith(JOURNAL_SHOWN)) throw refused(`${entry}: ${error.message}`);
      throw error;
    }
  });
  return journal;
}
