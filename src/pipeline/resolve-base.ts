/**
 * Which document a contract is compared against (decisions.md 3): the snapshot of its current version by
 * default; `--base <version>` or `--base <name>@<version>` selects another snapshot; anything else is a git ref
 * whose copy of the spec (and the files it $refs) is read with `git show`.
 */
import semverValid from 'semver/functions/valid.js';
import { ConfigError } from '../errors.ts';
import { assertCountableVersion } from '../toolkit/version-numbers.ts';
import type { Config, ContractConfig } from '../types.ts';

export type BaseSelector =
  | { kind: 'latest' }
  | { kind: 'version'; version: string }
  | { kind: 'git'; ref: string };

/**
 * Interpret a `--base` value for one contract. `<name>@<version>` applies to the named contract only; the
 * others keep their latest snapshot. A value that is neither a version nor `<name>@<version>` is a git ref.
 */
export function parseBase(base: string | undefined, contract: ContractConfig, knownNames: string[]): BaseSelector {
  if (base === undefined || base === '' || base === 'latest') return { kind: 'latest' };
  assertCountableVersion(base.slice(base.lastIndexOf('@') + 1), `--base '${base}'`);
  const cleaned = semverValid(base.replace(/^v(?=\d)/, ''));
  if (cleaned) return { kind: 'version', version: cleaned };
  const at = base.lastIndexOf('@');
  if (at > 0) {
    const name = base.slice(0, at);
    const version = semverValid(base.slice(at + 1).replace(/^v(?=\d)/, ''));
    if (knownNames.includes(name)) {
      if (!version) throw new ConfigError(`--base '${base}': '${base.slice(at + 1)}' is not a version`, { hint: `use --base ${name}@<major.minor.patch>` });
      return name === contract.name ? { kind: 'version', version } : { kind: 'latest' };
    }
  }
  return { kind: 'git', ref: base };
}

/** Looks like a version someone meant to write (`1.0`, `v2`, `1.0.0.0`, `01.2.3`) rather than a branch name. */
const VERSION_LIKE = /^v?\d+(\.\d+)*([-+][0-9A-Za-z.-]*)?$/;

/**
 * A `--base` written like a version that is not one of semver's (`1.0`, `pets@1.0`) and names no git ref is a
 * mistyped snapshot version: say so, listing the versions that have a snapshot, as for a version never released.
 */
export async function assertVersionLikeBase(config: Pick<Config, 'root' | 'contracts'>, base: string | undefined): Promise<void> {
  if (base === undefined) return;
  // An over-long version is refused as such (as parseBase does), before semver calls it no version at all.
  assertCountableVersion(base.slice(base.lastIndexOf('@') + 1), `--base '${base}'`);
  if (semverValid(base.replace(/^v(?=\d)/, ''))) return;
  const at = base.lastIndexOf('@');
  const named = at > 0 ? config.contracts.find((c) => c.name === base.slice(0, at)) : undefined;
  const written = named ? base.slice(at + 1) : base;
  if (!named && !VERSION_LIKE.test(base)) return;
  if (named && semverValid(written.replace(/^v(?=\d)/, ''))) return;
  if (!named) {
    const { isGitRef } = await import('../load/git-reader.ts');
    if (await isGitRef(config.root, base)) return; // a tag such as `1.0` is a git base
  }
  const { listSnapshots } = await import('../store/snapshots.ts');
  const versions = await Promise.all((named ? [named] : config.contracts).map(async (c) => ({ name: c.name, versions: (await listSnapshots(config, c.name)).map((s) => s.version) })));
  const known = versions.filter((v) => v.versions.length > 0).map((v) => (named ? v.versions.join(', ') : `${v.name} ${v.versions.join(', ')}`));
  throw new ConfigError(named ? `--base '${base}': '${written}' is not a version` : `--base '${base}' is neither a snapshot version nor a git ref`, {
    hint: known.length > 0
      ? `versions with a snapshot: ${known.join('; ')} (write all three numbers, as in --base ${named ? `${named.name}@` : ''}1.0.0)`
      : `no contract has a snapshot yet: run 'specver init' or 'specver version' first`,
  });
}
