/** Builds the engine's view of a spec file from the loading stage's parsed SourceFile. */
import { DEFAULT_DIALECT, detectKindOrExplain, describeKind } from '../spec/detect.ts';
import { parseSource } from '../spec/load.ts';
import type { SourceFile, SpecKind } from '../spec/types.ts';
import { ConfigError } from '../errors.ts';
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

export function lintDocumentFromSource(source: SourceFile, kind: SpecKind, display: string, refs?: Pick<LintDocument, 'refs' | 'refTargets'>): LintDocument {
  return {
    kind,
    data: source.data,
    text: source.text,
    encoding: source.encoding,
    file: display,
    lineOf: (pointer) => source.lineOf(pointer),
    ...refs,
  };
}

/** Parses text into a LintDocument (the check that --fix leaves a file readable). */
export function lintDocumentFromText(text: string, path: string, display = path, expected?: 'openapi' | 'json-schema'): LintDocument {
  const source = parseSource(text, path, { displayPath: display });
  return lintDocumentFromSource(source, kindOfSource(source, display, expected), display);
}
