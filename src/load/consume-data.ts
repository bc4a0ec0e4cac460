/**
 * Resolving in place consumes a file's parsed data. Callers that read `SourceFile.data` afterwards (lint) want
 * the file as written, refs and all, so `data` re-parses the text on first read; the resolved data stays
 * reachable here for tracing where nodes were written.
 */
import { parseSource } from './parse-source.ts';
import type { SourceFile } from './types.ts';

const resolvedData = new WeakMap<SourceFile, unknown>();

/** The data of a consumed file as resolution left it (undefined for a file never consumed). */
export function resolvedDataOf(source: SourceFile): unknown {
  return resolvedData.get(source);
}

/** Takes the parsed data over for in-place resolution; `data` then re-parses the text on first read. */
export function consumeData(source: SourceFile): void {
  resolvedData.set(source, source.data);
  let fresh: unknown;
  let parsed = false;
  Object.defineProperty(source, 'data', {
    enumerable: true,
    configurable: true,
    get() {
      if (!parsed) {
        fresh = parseSource(source.text, source.path).data;
        parsed = true;
      }
      return fresh;
    },
  });
}
