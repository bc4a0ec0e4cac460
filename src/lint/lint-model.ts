/**
 * Lint's view of a spec, from the loading stage (src/load/resolve-refs.ts) that diff uses too: every file the
 * loader follows, and every `$ref` it follows with its target or the reason it does not resolve. Lint keeps
 * going where loading for diff stops: a broken `$ref` or an unreadable referenced file is a finding.
 */
import { ConfigError } from '../errors.ts';
import { displayPath, parseSource, readSpecText } from '../load/load.ts';
import { resolveRefs, type Located } from '../load/resolve-refs.ts';
import type { SourceFile } from '../load/types.ts';
import { joinPointer } from '../toolkit/json-pointer.ts';
import type { LintRef } from './types.ts';

export interface LintModel {
  root: SourceFile;
  /** Every file read, by absolute path, the root first. */
  files: Map<string, SourceFile>;
  /** Every `$ref` followed, by the absolute path of the file it is written in. */
  refs: Map<string, LintRef[]>;
  /** Pointers of the nodes `$ref`s point at, by absolute path of the file they are in. */
  targets: Map<string, Set<string>>;
  /** Where a `$ref` object points (one step); undefined when it stays a reference (remote, broken). */
  targetOf(refObject: object): Located | undefined;
  /** Referenced files that do not parse, with the loading stage's error. */
  unparsable: Map<string, ConfigError>;
  /** A path as shown in reports. */
  display(path: string): string;
}

export interface LintModelOptions {
  projectRoot: string;
  /** Reads a referenced file's text (default: the file system, confined to the project root). */
  readFile?: (absolutePath: string) => Promise<string>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The loading stage names the place first (`file:line: `); a finding carries its place apart. */
function withoutPlace(message: string, shown: string): string {
  return message.startsWith(`${shown}:`) ? message.slice(shown.length + 1).replace(/^\d+:/, '').trim() : message;
}

export async function loadLintModel(root: SourceFile, options: LintModelOptions): Promise<LintModel> {
  const display = (path: string) => displayPath(path, options.projectRoot);
  const unparsable = new Map<string, ConfigError>();
  const resolved = await resolveRefs(root, {
    projectRoot: options.projectRoot,
    display,
    dereference: false,
    readSource: async (file) => {
      const text = await readSpecText(file, { ...options, syncRead: true });
      try {
        return parseSource(text, file, { displayPath: display(file) });
      } catch (error) {
        // Read but not parseable: reported where it is (spec-parseable), and at each $ref to it.
        if (error instanceof ConfigError) unparsable.set(file, error);
        throw error;
      }
    },
    // The refs to a file that cannot be read are findings, not a failed load.
    keepGoing: true,
  });
  const refs = new Map<string, LintRef[]>();
  const targets = new Map<string, Set<string>>();
  const targetOf = (refObject: object): Located | undefined => {
    try {
      return resolved.targetOf(refObject);
    } catch {
      return undefined;
    }
  };
  for (const site of resolved.refSites()) {
    const ref: LintRef = {
      ref: site.ref,
      get pointer() {
        return joinPointer(site.pointer, '$ref');
      },
    };
    try {
      const target = resolved.targetOf(site.refObject);
      if (target) {
        const set = targets.get(target.file) ?? new Set<string>();
        set.add(target.pointer);
        targets.set(target.file, set);
      }
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      ref.problem = withoutPlace(error.message, display(site.file));
    }
    push(refs, site.file, ref);
  }
  return { root, files: resolved.files, refs, targets, targetOf, unparsable, display };
}
