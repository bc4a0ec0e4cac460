/**
 * `init --force` after a spec moved: the contract's old path is gone and a spec is discovered elsewhere. Treating
 * them as a dropped contract and a new one would restart its versions at the initial version, and the next
 * `version` would release numbers that were released before. So each contract whose spec is gone is matched with
 * a newly discovered spec, by the soundest measure that picks exactly one:
 *   1. name: the discovered spec has the contract's name (derived from its file name);
 *   2. content: the spec, bundled as a snapshot would be, has the same data as the contract's latest snapshot;
 *   3. identity: the same API by what it says about itself: an OpenAPI `info.title`, a JSON Schema `$id`.
 * Always of the same format. A measure that fits several specs, or a spec several contracts, decides nothing:
 * guessing between them could hand one API's history to another. The caller asks before keeping a match.
 */
import { isDeepStrictEqual } from 'node:util';
import { join, relative, sep } from 'node:path';
import { bundleSpec } from '../load/bundle.ts';
import { parseSource } from '../load/parse-source.ts';
import { READ_LIMITS, readRegularFile } from '../store/safe-read.ts';
import { listSnapshots } from '../store/snapshots.ts';
import type { ContractConfig } from '../types.ts';
import { nameFromPath } from './contract-names.ts';

export type MoveEvidence = 'name' | 'content' | 'identity';

export interface MovedContract {
  /** The contract as configured before (old path). */
  contract: ContractConfig;
  /** The discovered spec it moved to. */
  spec: ContractConfig;
  by: MoveEvidence;
}

export interface MoveSearch {
  root: string;
  refsMap: Record<string, string>;
}

/** What a document says it is: an OpenAPI title or a JSON Schema `$id` (undefined when it says nothing). */
function identityOf(format: ContractConfig['format'], data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const value = format === 'openapi' ? (record.info as Record<string, unknown> | undefined)?.title : record.$id;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The parsed data of a contract's latest snapshot, or undefined when it has none that can be read. */
async function latestSnapshotData(search: MoveSearch, contract: ContractConfig): Promise<unknown> {
  const latest = (await listSnapshots(search, contract.name)).at(-1);
  if (!latest) return undefined;
  try {
    const shown = relative(search.root, latest.file).split(sep).join('/');
    return parseSource(await readRegularFile(latest.file, { limit: READ_LIMITS.spec, shown }), latest.file, { displayPath: shown }).data;
  } catch {
    return undefined; // an unreadable snapshot is no evidence either way
  }
}

/** A discovered spec's data as its snapshot would hold it (bundled), or undefined when it cannot be read. */
async function bundledData(search: MoveSearch, spec: ContractConfig): Promise<unknown> {
  try {
    const bundle = await bundleSpec(join(search.root, spec.path), { projectRoot: search.root, refsMap: search.refsMap, expectedFormat: spec.format });
    return parseSource(bundle.text, join(search.root, spec.path)).data;
  } catch {
    return undefined;
  }
}

/** Pairs that fit one-to-one: each contract fits exactly one spec, and that spec no other contract. */
function oneToOne(gone: ContractConfig[], found: ContractConfig[], fits: (c: ContractConfig, s: ContractConfig) => boolean): [ContractConfig, ContractConfig][] {
  const pairs: [ContractConfig, ContractConfig][] = [];
  for (const contract of gone) {
    const specs = found.filter((spec) => spec.format === contract.format && fits(contract, spec));
    if (specs.length !== 1) continue;
    const rivals = gone.filter((other) => other.format === specs[0]!.format && fits(other, specs[0]!));
    if (rivals.length === 1) pairs.push([contract, specs[0]!]);
  }
  return pairs;
}

/** The contracts of `gone` (spec file missing) that moved to one of `found` (specs discovered now, untracked). */
export async function findMovedContracts(search: MoveSearch, gone: ContractConfig[], found: ContractConfig[]): Promise<MovedContract[]> {
  const moved: MovedContract[] = [];
  let contracts = [...gone];
  let specs = [...found];
  const take = (pairs: [ContractConfig, ContractConfig][], by: MoveEvidence) => {
    for (const [contract, spec] of pairs) moved.push({ contract, spec, by });
    contracts = contracts.filter((c) => !pairs.some(([taken]) => taken === c));
    specs = specs.filter((s) => !pairs.some(([, taken]) => taken === s));
  };
  take(oneToOne(contracts, specs, (c, s) => s.name === c.name || nameFromPath(s.path) === c.name), 'name');
  if (contracts.length === 0 || specs.length === 0) return moved;

  const snapshots = new Map<ContractConfig, unknown>();
  for (const contract of contracts) snapshots.set(contract, await latestSnapshotData(search, contract));
  const current = new Map<ContractConfig, unknown>();
  for (const spec of specs) current.set(spec, await bundledData(search, spec));
  const known = (value: unknown) => value !== undefined;
  take(oneToOne(contracts, specs, (c, s) => known(snapshots.get(c)) && known(current.get(s)) && isDeepStrictEqual(snapshots.get(c), current.get(s))), 'content');
  const identity = (format: ContractConfig['format'], data: unknown) => identityOf(format, data);
  take(
    oneToOne(contracts, specs, (c, s) => {
      const before = identity(c.format, snapshots.get(c));
      return before !== undefined && before === identity(s.format, current.get(s));
    }),
    'identity',
  );
  return moved;
}

/** How a match was made, for the question and the report: "same name", "same content as its snapshot" ... */
export function describeEvidence(move: MovedContract): string {
  if (move.by === 'name') return 'same name';
  if (move.by === 'content') return 'same content as its latest snapshot';
  return move.contract.format === 'openapi' ? 'same info.title as its latest snapshot' : 'same $id as its latest snapshot';
}
