/** Builds the engine's view of a spec file from the loading stage's parsed SourceFile. */
import { dirname, resolve } from 'node:path';
import { DEFAULT_DIALECT, detectKindOrExplain, describeKind } from '../spec/detect.ts';
import { parseSource } from '../spec/load.ts';
import { isReallyInside } from '../store/safe-path.ts';
import { READ_LIMITS, readRegularFileSync } from '../store/safe-read.ts';
import type { SourceFile, SpecKind } from '../spec/types.ts';
import { ConfigError } from '../errors.ts';
import { hasPointer } from './pointer.ts';
import type { LintDocument } from './types.ts';

/** The kind of a parsed spec; a contract configured as JSON Schema may omit `$schema`. */
export function kindOfSource(source: SourceFile, display: string, expected?: 'openapi' | 'json-schema'): SpecKind {
  const { kind, problem } = detectKindOrExplain(source.data, source.path);
  if (kind) {
    if (expected && kind.format !== expected) {
      throw new ConfigError(`${display} is ${describeKind(kind)}, but its contract is configured as ${expected}`, { file: display, hint: `set 'format: ${kind.format}' for this contract in specver.yaml` });
    }
    return kind;
  }
  const data = source.data as Record<string, unknown>;
  if (expected !== 'openapi' && typeof data === 'object' && data !== null && !Array.isArray(data) && !('openapi' in data) && !('swagger' in data) && !('$schema' in data)) {
    return { format: 'json-schema', dialect: DEFAULT_DIALECT };
  }
  throw new ConfigError(`${display}: ${problem ?? 'unknown spec format'}`, { file: display });
}

/** Parsed files of one lint run, by absolute path: each referenced file is read and parsed once. */
export class SourceCache {
  private readonly sources = new Map<string, SourceFile | null>();

  /** The parsed file, or null when it cannot be read or parsed (refs-resolve reports that). */
  get(file: string): SourceFile | null {
    let source = this.sources.get(file);
    if (source === undefined) {
      try {
        source = parseSource(readRegularFileSync(file, { limit: READ_LIMITS.spec, shown: file }), file);
      } catch {
        source = null;
      }
      this.sources.set(file, source);
    }
    return source;
  }
}

/** Checks `file.yaml#/pointer` refs against the file system. */
function externalResolver(rootFile: string, projectRoot: string, cache: SourceCache): (ref: string) => 'ok' | 'missing-file' | 'missing-pointer' | 'remote' {
  return (ref) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^file:/i.test(ref)) return 'remote';
    const [address, fragment = ''] = ref.split('#');
    let file: string;
    try {
      file = resolve(dirname(rootFile), decodeURIComponent(address.replace(/^file:\/\//i, '')));
    } catch {
      return 'missing-file';
    }
    if (!isReallyInside(projectRoot, file)) return 'missing-file';
    const source = cache.get(file);
    if (source === null) return 'missing-file';
    if (fragment === '' || !fragment.startsWith('/')) return 'ok';
    try {
      return hasPointer(source.data, decodeURIComponent(fragment)) ? 'ok' : 'missing-pointer';
    } catch {
      return 'missing-pointer';
    }
  };
}

export function lintDocumentFromSource(source: SourceFile, kind: SpecKind, display: string, projectRoot?: string, cache = new SourceCache()): LintDocument {
  return {
    kind,
    data: source.data,
    text: source.text,
    encoding: source.encoding,
    file: display,
    lineOf: (pointer) => source.lineOf(pointer),
    resolveExternal: projectRoot ? externalResolver(source.path, projectRoot, cache) : undefined,
  };
}

/** Parses text into a LintDocument (tests, and the re-lint after --fix). */
export function lintDocumentFromText(text: string, path: string, display = path, projectRoot?: string, expected?: 'openapi' | 'json-schema', cache?: SourceCache): LintDocument {
  const source = parseSource(text, path, { displayPath: display });
  return lintDocumentFromSource(source, kindOfSource(source, display, expected), display, projectRoot, cache);
}
