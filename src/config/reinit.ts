/**
 * `init --force` on a project that has history: keep it. Contracts whose spec file still exists keep their
 * name, settings, version and snapshots; newly found specs are added at the initial version; contracts whose
 * spec is gone are the only thing dropped (after confirmation), unless their spec moved: then they are kept at
 * the new path (moved-contracts.ts finds the match, the user confirms it). With a readable specver.yaml its text is edited
 * in place, so rules, lint settings, comments and every other field survive. With `reset` (an explicit
 * `init --force -V`), contracts keep their names and settings but all restart at that version.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractConfig, VersioningMode } from '../types.ts';
import { uniqueNames } from './contract-names.ts';
import { addContractToText, removeContractFromText, setContractPathInText } from './edit-config.ts';

export interface PreviousSetup {
  /** The previous specver.yaml text and contracts, when it could be read and validated. */
  config?: { text: string; contracts: ContractConfig[]; versioning: VersioningMode; refsMap?: Record<string, string> };
  /** versions.json contracts (empty when missing or unreadable). */
  versions: Record<string, string>;
}

export interface ReinitPlan {
  contracts: ContractConfig[];
  /** Version of every contract (kept or initial). */
  versions: Record<string, string>;
  /** Names of contracts carried over from the previous setup. */
  kept: Set<string>;
  /** Contracts of the previous setup whose spec file is gone, with their versions. */
  dropped: { name: string; version?: string }[];
  /** Kept contracts whose spec moved: name -> the path it had before. */
  movedFrom: Map<string, string>;
  /** The edited previous config text, or undefined to write a fresh one. */
  configText?: string;
  versioning: VersioningMode;
}

export interface ReinitOptions {
  root: string;
  /** Where a contract starts when `startVersions` has nothing for its path. */
  initialVersion: string;
  /** Spec path -> the version its contract starts at when it is new (its info.version, see start-version.ts). */
  startVersions?: Record<string, string>;
  /**
   * `init --force -V <version>`: every contract, kept ones too, restarts at `initialVersion` (their version
   * history is discarded after confirmation; names, settings and snapshot files stay).
   */
  reset?: boolean;
  /** --versioning when given on the command line. */
  versioning?: VersioningMode;
  /** Contracts whose spec moved to a discovered one, confirmed to be kept (see moved-contracts.ts). */
  moved?: { contract: ContractConfig; spec: ContractConfig }[];
}

/** `found`: the specs discovered now (named around the previous contracts' names). */
export function planReinit(previous: PreviousSetup, found: ContractConfig[], options: ReinitOptions): ReinitPlan {
  const before = previous.config?.contracts;
  const versioning = options.versioning ?? previous.config?.versioning ?? 'independent';
  if (before) {
    const moved = options.moved ?? [];
    const still = before.filter((c) => existsSync(join(options.root, c.path)));
    // A moved contract keeps name, settings, version and snapshots; only its path follows the spec.
    const kept = before.flatMap((c) => {
      if (still.includes(c)) return [c];
      const move = moved.find((m) => m.contract.name === c.name);
      return move ? [{ ...c, path: move.spec.path }] : [];
    });
    const gone = before.filter((c) => !kept.some((k) => k.name === c.name));
    const trackedPaths = new Set(kept.map((c) => c.path));
    // A new spec may have been named like a kept (moved) contract: it gets a name of its own.
    const taken = new Set(kept.map((c) => c.name));
    const added = found
      .filter((c) => !trackedPaths.has(c.path))
      .map((c) => {
        const name = taken.has(c.name) ? uniqueNames([c.path], taken)[0]! : c.name;
        taken.add(name);
        return { ...c, name };
      });
    let text = previous.config!.text;
    for (const contract of gone) text = removeContractFromText(text, contract.name);
    for (const move of moved) text = setContractPathInText(text, move.contract.name, move.spec.path);
    for (const contract of added) text = addContractToText(text, contract);
    if (options.versioning && options.versioning !== previous.config!.versioning) text = setVersioning(text, options.versioning);
    const versions: Record<string, string> = {};
    for (const c of kept) versions[c.name] = (!options.reset && previous.versions[c.name]) || startOf(c, options);
    for (const c of added) versions[c.name] = startOf(c, options);
    return {
      contracts: [...kept, ...added],
      versions,
      kept: new Set(kept.filter((c) => !options.reset && previous.versions[c.name] !== undefined).map((c) => c.name)),
      dropped: gone.map((c) => ({ name: c.name, ...(previous.versions[c.name] ? { version: previous.versions[c.name] } : {}) })),
      movedFrom: new Map(moved.map((m) => [m.contract.name, m.contract.path])),
      configText: text,
      versioning,
    };
  }
  // No usable config: keep the versions of the specs found under the same names.
  const names = new Set(found.map((c) => c.name));
  const versions = Object.fromEntries(found.map((c) => [c.name, (!options.reset && previous.versions[c.name]) || startOf(c, options)]));
  return {
    contracts: found,
    versions,
    kept: new Set(found.filter((c) => !options.reset && previous.versions[c.name] !== undefined).map((c) => c.name)),
    dropped: Object.entries(previous.versions)
      .filter(([name]) => !names.has(name))
      .map(([name, version]) => ({ name, version })),
    movedFrom: new Map(),
    versioning,
  };
}

/** A new (or reset) contract's first version: its spec's start version, unless an explicit one applies to all. */
function startOf(contract: ContractConfig, options: ReinitOptions): string {
  return (!options.reset && options.startVersions?.[contract.path]) || options.initialVersion;
}

/** `versioning: <mode>` replaced in place (or added at the top level). */
function setVersioning(text: string, mode: VersioningMode): string {
  return /^versioning:.*$/m.test(text) ? text.replace(/^versioning:.*$/m, `versioning: ${mode}`) : `versioning: ${mode}\n${text}`;
}
