/**
 * Positional arguments of `diff`, `breaking` and `lint`: contract names, or spec files given directly
 * (ad-hoc mode, the way oasdiff and Spectral are used). The rule, in order, for each argument:
 *   `-`                               stdin
 *   the name of a configured contract a contract name (`./name` forces the file)
 *   an existing file                  a file
 *   `<ref>:<path>`                    the file at a git ref (contract names never contain `:`)
 *   contains `/` or `\`, or ends in   a file (contract names never contain a slash)
 *   .yaml/.yml/.json
 *   anything else                     a contract name
 * Any spec argument selects ad-hoc mode, where every argument must be one.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.ts';

export type SpecArgument =
  | { kind: 'stdin'; given: string }
  | { kind: 'file'; given: string; path: string }
  | { kind: 'git'; given: string; ref: string; path: string };

export type PositionalSelection = { mode: 'contracts'; names: string[] } | { mode: 'files'; specs: SpecArgument[] };

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const GIT_FORM = /^([^:]+):(.+)$/;
const SPEC_EXTENSION = /\.(ya?ml|json)$/i;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** What one argument is, or undefined for a contract name. */
export function specArgument(arg: string, cwd: string, contractNames: ReadonlySet<string>): SpecArgument | undefined {
  if (arg === '-') return { kind: 'stdin', given: arg };
  if (contractNames.has(arg)) return undefined;
  const path = resolve(cwd, arg);
  if (isFile(path)) return { kind: 'file', given: arg, path };
  const git = WINDOWS_DRIVE.test(arg) ? null : GIT_FORM.exec(arg);
  if (git) return { kind: 'git', given: arg, ref: git[1]!, path: resolve(cwd, git[2]!) };
  if (/[\\/]/.test(arg) || SPEC_EXTENSION.test(arg)) return { kind: 'file', given: arg, path };
  return undefined;
}

/** Contract names, or the spec arguments of ad-hoc mode (then every argument must be one). */
export function selectPositionals(args: readonly string[], cwd: string, contractNames: ReadonlySet<string>): PositionalSelection {
  const classified = args.map((arg) => ({ arg, spec: specArgument(arg, cwd, contractNames) }));
  if (classified.every((c) => c.spec === undefined)) return { mode: 'contracts', names: [...args] };
  const name = classified.find((c) => c.spec === undefined);
  if (name) {
    const what = contractNames.has(name.arg) ? `the contract name '${name.arg}'` : `'${name.arg}', which is neither a contract name nor a file`;
    throw new UsageError(`${what} is given together with spec files`, {
      hint: `name contracts only, or spec files only (a file named like a contract: ./${name.arg})`,
    });
  }
  const specs = classified.map((c) => c.spec!);
  if (specs.filter((s) => s.kind === 'stdin').length > 1) {
    throw new UsageError("'-' (stdin) is given more than once", { hint: 'only one spec can be read from stdin; give the others as files' });
  }
  return { mode: 'files', specs };
}

/** Refuses an option that needs a project's contracts or state, in one line (exit 2). */
export function refuseProjectOptions(command: string, given: Record<string, unknown>): void {
  for (const [flag, value] of Object.entries(given)) {
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    throw new UsageError(`${flag} needs a project contract and cannot be used when ${command} is given spec files`, {
      hint: `drop ${flag}, or name contracts of specver.yaml instead of files`,
    });
  }
}
