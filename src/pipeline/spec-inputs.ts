/**
 * A spec given on the command line (a file, `<ref>:<path>`, or `-` for stdin) as the loader reads it: its root
 * file, the directory its `$ref`s are confined to, and how its files are read. Inside a project that root is the
 * project root (and a spec path of a contract brings that contract along); elsewhere it is the directory of the
 * spec's root file, or the current directory for stdin.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { ConfigError, isSpecverError } from '../errors.ts';
import { readSpecText } from '../load/load.ts';
import { isInside } from '../store/safe-path.ts';
import type { SpecArgument } from '../cli/spec-arguments.ts';
import type { Config, ContractConfig } from '../types.ts';

export interface SpecInput {
  argument: SpecArgument;
  /** Absolute path of the root file (for stdin, a name in the current directory that is never read). */
  path: string;
  /** No `$ref` may lead out of this directory. */
  root: string;
  /** Reads the root file and its `$ref` targets, when not simply from disk. */
  readFile?: (absolutePath: string) => Promise<string>;
  /** How reports name the spec: its path, `<ref>:<path>`, or `<stdin>`. */
  label: string;
  /** The contract whose spec file this is, inside a project. */
  contract?: ContractConfig;
  /** Project settings apply (the spec lies inside the project). */
  inProject: boolean;
}

export interface InputContext {
  cwd: string;
  config?: Config;
  /** Reads stdin, once. */
  stdin: () => Promise<string>;
}

export const STDIN_LABEL = '<stdin>';

/** A path relative to `from` when inside it, else absolute, with forward slashes. */
function shown(path: string, from: string): string {
  const rel = relative(from, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel.split('\\').join('/');
}

function realDirectoryOf(path: string): string {
  try {
    // The spec file itself is the caller's choice (like -c): its real place decides its directory.
    return dirname(realpathSync(path));
  } catch {
    return dirname(path);
  }
}

export async function specInput(argument: SpecArgument, context: InputContext): Promise<SpecInput> {
  const { config, cwd } = context;
  const where = config?.root ?? cwd;
  if (argument.kind === 'stdin') {
    const path = resolve(cwd, STDIN_LABEL);
    const inProject = config !== undefined && isInside(config.root, cwd);
    const root = inProject ? config.root : cwd;
    const text = await context.stdin();
    // Relative `$ref`s of stdin resolve against the current directory, on disk, inside the root.
    const readFile = (file: string) => (file === path ? Promise.resolve(text) : readSpecText(file, { projectRoot: root }));
    return { argument, path, root, readFile, label: STDIN_LABEL, inProject };
  }
  const inProject = config !== undefined && isInside(config.root, argument.path);
  const contract = inProject ? config.contracts.find((c) => resolve(config.root, c.path) === argument.path) : undefined;
  const label = shown(argument.path, where);
  if (argument.kind === 'file') {
    const root = inProject ? config.root : realDirectoryOf(argument.path);
    return { argument, path: argument.path, root, label, contract, inProject };
  }
  const root = inProject ? config.root : dirname(argument.path);
  if (!existsSync(root)) {
    throw new ConfigError(`${argument.given}: the directory ${root} does not exist in the work tree, so git cannot be asked for the file`, {
      hint: 'run specver from a directory of the repository whose path to the spec exists in the work tree',
    });
  }
  const { gitFileReader } = await import('../load/git-reader.ts');
  let readFile: (absolutePath: string) => Promise<string>;
  try {
    readFile = await gitFileReader(root, argument.ref);
  } catch (error) {
    if (!isSpecverError(error) || !(error instanceof ConfigError)) throw error;
    throw new ConfigError(`${argument.given}: ${error.message}`, { hint: 'give a git ref that exists, and the path relative to the current directory', cause: error });
  }
  return { argument, path: argument.path, root, readFile, label: `${argument.ref}:${label}`, contract, inProject };
}
