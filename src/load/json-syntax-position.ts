/**
 * Where a JSON syntax error is, as line and column: JSON.parse gives a character offset at best (and for some
 * errors nothing), which nobody can find in an editor.
 */
import { JsonSyntaxError, scanJsonPositions } from './line-index.ts';

export interface JsonSyntaxPosition {
  line: number;
  column: number;
  /** What is wrong, without JSON.parse's "at position N". */
  reason: string;
}

/** 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: Math.min(offset, text.length) - lineStart + 1 };
}

/** The position of the syntax error JSON.parse threw for `text` (our own scanner finds it when JSON.parse does not say). */
export function jsonSyntaxPosition(text: string, error: unknown): JsonSyntaxPosition {
  const message = String((error as Error)?.message ?? error).replace(/\s+/g, ' ').trim();
  let reason = message.replace(/,? "[^]*" is not valid JSON$/, '').replace(/ in JSON at position \d+.*$/, '');
  const position = /at position (\d+)/.exec(message);
  let offset = position ? Number(position[1]) : text.length;
  try {
    scanJsonPositions(text);
  } catch (scanError) {
    if (scanError instanceof JsonSyntaxError) {
      offset = scanError.offset;
      if (!position) reason = scanError.reason;
    }
  }
  return { ...lineAndColumn(text, offset), reason };
}
