/** Builds the engine's view of a spec file from the loading stage's parsed SourceFile. */
import { specKindOf } from '../load/detect.ts';
import { parseSource } from '../load/load.ts';
import type { SourceFile, SpecKind } from '../load/types.ts';
import type { LintDocument } from './types.ts';

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
  return lintDocumentFromSource(source, specKindOf(source, display, expected), display);
}
