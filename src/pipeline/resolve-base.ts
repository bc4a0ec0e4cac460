/**
 * Which document a contract is compared against (decisions.md 3): the snapshot of its current version by
 * default; `--base <version>` or `--base <name>@<version>` selects another snapshot; anything else is a git ref
 * whose copy of the spec (and the files it $refs) is read with `git show`.
 */
import semverValid from 'semver/functions/valid.js';
import { ConfigError } from '../errors.ts';
import { assertCountableVersion } from '../toolkit/version-numbers.ts';
import type { ContractConfig } from '../types.ts';

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
