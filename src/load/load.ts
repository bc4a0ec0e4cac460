/** The loading stage: read a spec file, parse it, detect its kind, resolve its `$ref`s. */
import { isAbsolute, relative, resolve } from 'node:path';
import { ConfigError, isSpecverError } from '../errors.ts';
import { assertReadableInside } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFile, readRegularFileSync } from '../store/safe-read.ts';
import { specKindOf } from './detect.ts';
import { parseSource } from './parse-source.ts';
import { resolveRefs } from './resolve-refs.ts';
import type { LoadedSpec, LoadOptions } from './types.ts';

export { parseSource, encodingOf } from './parse-source.ts';

/** A path as shown in messages: relative to the project root when inside it. */
export function displayPath(file: string, projectRoot: string): string {
  const rel = relative(projectRoot, file);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? file : rel.split('\\').join('/');
}

/**
 * Reads a file's text (through options.readFile when given), mapping failures to one-line ConfigErrors. A
 * file read from disk must really lie inside the project root (symlinks resolved) and be a regular file of
 * at most READ_LIMITS.spec bytes.
 */
export async function readSpecText(path: string, options: Pick<LoadOptions, 'projectRoot' | 'readFile'> & { syncRead?: boolean }): Promise<string> {
  const shown = displayPath(path, options.projectRoot);
  try {
    if (options.readFile) return await options.readFile(path);
    assertReadableInside(options.projectRoot, path, 'file');
    const limits = { limit: READ_LIMITS.spec, shown, hint: 'specver reads spec files and $ref targets that are regular files inside the project' };
    // syncRead: hundreds of small referenced files read faster in turn than through the thread pool.
    return options.syncRead ? readRegularFileSync(path, limits) : await readRegularFile(path, limits);
  } catch (error) {
    if (isSpecverError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw Object.assign(new ConfigError(`spec file not found: ${shown}`, { file: shown, hint: 'check the path in specver.yaml', cause: error }), { code });
    }
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    throw new ConfigError(`cannot read ${shown}: ${reason}`, { file: shown, cause: error });
  }
}

/** Reads a spec's root file, naming a directory or a missing file clearly. */
export async function readRootText(absolute: string, options: Pick<LoadOptions, 'projectRoot' | 'readFile'>): Promise<string> {
  try {
    return await readSpecText(absolute, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
      const shown = displayPath(absolute, options.projectRoot);
      throw new ConfigError(`${shown} is a directory, not a spec file`, { file: shown, hint: 'point the contract at the spec file itself' });
    }
    throw error;
  }
}

export async function loadSpec(path: string, options: LoadOptions): Promise<LoadedSpec> {
  const absolute = resolve(options.projectRoot, path);
  return loadSpecFromText(await readRootText(absolute, options), absolute, options);
}

export async function loadSpecFromText(text: string, path: string, options: LoadOptions): Promise<LoadedSpec> {
  const absolute = resolve(options.projectRoot, path);
  const display = (file: string) => displayPath(file, options.projectRoot);
  const source = parseSource(text, absolute, { displayPath: display(absolute) });
  const kind = specKindOf(source, display(absolute), options.expectedFormat);
  const resolved = await resolveRefs(source, {
    projectRoot: options.projectRoot,
    refsMap: options.refsMap,
    display,
    rootName: options.rootName,
    readSource: async (file) => parseSource(await readSpecText(file, options), file, { displayPath: display(file) }),
  });
  return { path: absolute, kind, source, document: resolved.document, files: resolved.files, origin: resolved.origin, keyOrigin: resolved.keyOrigin, refUrl: resolved.refUrl, ...(resolved.sharedNodes ? { sharedNodes: resolved.sharedNodes } : {}) };
}
