/**
 * `status --since <ref>`: what a branch itself changed, so a pull request is judged on its own work and not on
 * changes merged before it that still wait for a release. The branch starts at `git merge-base HEAD <ref>`;
 * its contracts are those whose spec files (the root file and every file its `$ref`s reach) differ between
 * that commit and the work tree (untracked files included); its changesets are those it added or raised.
 * git runs only through the checked runner (src/git/).
 */
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ToolError } from '../errors.ts';
import { runGitIn } from '../git/run-git.ts';
import type { Config, ContractConfig } from '../types.ts';
import type { Changeset } from './changeset-file.ts';

export interface BranchChanges {
  ref: string;
  /** The commit the branch started from. */
  mergeBase: string;
  /** Names of the contracts whose spec files the branch changed. */
  contracts: string[];
  /** The pending changesets with only the releases the branch added. */
  changesets: Changeset[];
}

/** NUL-separated git output as absolute paths under the repository's top level. */
function absolutePaths(topLevel: string, output: string): string[] {
  return output
    .split('\0')
    .filter((p) => p !== '')
    .map((p) => resolve(topLevel, p));
}

async function gitOrFail(root: string, args: string[], what: string): Promise<string> {
  const result = await runGitIn(root, args);
  if (result.missingGit) throw new ToolError('git is not installed or not on PATH', { hint: 'install git to use status --since' });
  if (!result.ok) throw new ToolError(`git ${what} failed: ${result.stderr.trim().split('\n')[0] ?? ''}`, { hint: 'check the repository with git status' });
  return result.stdout;
}

/** Every file a contract's spec reads now (the root file alone when it cannot be loaded). */
async function specFiles(config: Config, contract: ContractConfig): Promise<string[]> {
  const path = join(config.root, contract.path);
  try {
    const { loadSpec } = await import('../load/load.ts');
    const spec = await loadSpec(path, { projectRoot: config.root, refsMap: config.refsMap });
    return [...spec.files.keys()];
  } catch {
    // A spec that does not load (deleted, invalid) still changed on the branch if its file did.
    return [path];
  }
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The contracts and changesets a branch changed since it left `ref`. ConfigError for a ref that is no commit. */
export async function branchChanges(config: Config, ref: string): Promise<BranchChanges> {
  const [{ gitFileReader, mergeBaseOf }, { changesetsAddedSince }] = await Promise.all([import('../load/git-reader.ts'), import('../gate/acknowledgements.ts')]);
  // gitFileReader first: it names a project outside git or an unknown ref in one line (exit 2).
  await gitFileReader(config.root, ref);
  const mergeBase = await mergeBaseOf(config.root, ref);
  const topLevel = (await gitOrFail(config.root, ['rev-parse', '--show-toplevel'], 'rev-parse')).trim();
  const changed = new Set([
    ...absolutePaths(topLevel, await gitOrFail(config.root, ['diff', '--name-only', '-z', '--no-renames', '--end-of-options', mergeBase, '--', '.'], 'diff')),
    ...absolutePaths(topLevel, await gitOrFail(config.root, ['ls-files', '--others', '--exclude-standard', '--full-name', '-z', '--', '.'], 'ls-files')),
  ]);
  const contracts: string[] = [];
  for (const contract of config.contracts) {
    const files = await specFiles(config, contract);
    if (files.some((file) => changed.has(real(file)) || changed.has(file))) contracts.push(contract.name);
  }
  const changesets = await changesetsAddedSince(config.root, await gitFileReader(config.root, mergeBase));
  return { ref, mergeBase, contracts, changesets };
}
