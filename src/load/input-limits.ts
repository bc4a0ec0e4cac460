/**
 * Limits and checks shared by every reader of YAML and JSON input (specs, specver.yaml, changesets): how
 * deep a document may nest, and the YAML constructs that would make data infinite or silently different.
 */
import type { Document, LineCounter } from 'yaml';
import { ConfigError } from '../errors.ts';

/**
 * Deepest nesting accepted in any input. Real specs stay far below (a schema nested 50 levels deep is about
 * 150 levels of YAML); a limit well under the JavaScript stack keeps every recursive walk safe.
 */
export const MAX_NESTING = 1000;

export function nestingError(display: string, line?: number, cause?: unknown): ConfigError {
  return new ConfigError(`${line ? `${display}:${line}` : display}: nesting deeper than ${MAX_NESTING} levels`, {
    file: display,
    line,
    hint: `specver reads documents nested at most ${MAX_NESTING} levels deep`,
    cause,
  });
}

/**
 * Refuses text with NUL characters, which neither JSON nor YAML allows raw: the usual cause is a file saved
 * as UTF-16 or UTF-32, which specver does not read (it reads UTF-8, with or without a BOM).
 */
export function assertTextInput(text: string, display: string): void {
  const at = text.indexOf('\0');
  if (at < 0) return;
  const line = text.slice(0, at).split('\n').length;
  throw new ConfigError(`${display}:${line}: the file contains NUL characters: it is not UTF-8 text (UTF-16 or UTF-32?)`, {
    file: display,
    line,
    hint: 'save the file as UTF-8',
  });
}

/**
 * Whether the data nests deeper than `limit`. The recursion stops at `limit`, so it cannot overflow the
 * stack; data with shared nodes must have its aliases bounded first (a shared node is walked per use).
 */
export function nestsDeeperThan(root: unknown, limit = MAX_NESTING, depth = 1): boolean {
  if (typeof root !== 'object' || root === null) return false;
  if (depth > limit) return true;
  // Scalars are skipped here rather than in a call each: most of a document's values are strings.
  if (Array.isArray(root)) {
    for (let i = 0; i < root.length; i++) {
      const item: unknown = root[i];
      if (typeof item === 'object' && item !== null && nestsDeeperThan(item, limit, depth + 1)) return true;
    }
    return false;
  }
  for (const key in root) {
    const value = (root as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null && nestsDeeperThan(value, limit, depth + 1)) return true;
  }
  return false;
}

/** Lexer tokens that stand for no source text (document start, scalar and flow-end markers, the BOM). */
const CONTROL_TOKENS = new Set(['\u0002', '\u0018', '\u001f', '\ufeff']);

/**
 * The offset in `text` of the first flow collection (`[` or `{`) nested deeper than `limit`, or undefined. The
 * `yaml` library's composer recurses per level and reaches the stack's end only after about a second on a
 * 100,000-level `[[[...]]]`; its lexer is iterative and tells flow brackets from the same characters in a
 * plain or quoted scalar, so the check costs a small part of the parse and refuses such text at once. Block
 * nesting needs a new indentation per level, so text of a size specver reads cannot nest that deep by it.
 */
export function flowNestingBeyond(text: string, lexer: typeof import('yaml').Lexer, limit = MAX_NESTING): number | undefined {
  let depth = 0;
  let offset = 0;
  for (const token of new lexer().lex(text)) {
    if (token === '[' || token === '{') {
      if (++depth > limit) return offset;
    } else if (token === ']' || token === '}') depth--;
    if (!CONTROL_TOKENS.has(token)) offset += token.length;
  }
  return undefined;
}

/**
 * The first problem of a parsed `yaml` Document that its errors do not cover, as a one-line reason and a
 * 1-based line: an alias inside the node its anchor names (the data would contain itself), or a tag the
 * YAML 1.2 core schema does not know (`!!js/function`, `!custom`), which the library would read as a string.
 */
export function yamlDocumentProblem(doc: Document, counter: LineCounter, yaml: typeof import('yaml')): { reason: string; line: number } | undefined {
  const tag = doc.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (tag) return { reason: `unknown tag (${tag.message.split('\n')[0]})`, line: counter.linePos(tag.pos[0]).line };
  let found: { reason: string; line: number } | undefined;
  yaml.visit(doc, {
    Alias(_key, alias) {
      const target = alias.resolve(doc);
      const [start] = alias.range ?? [];
      if (target?.range && start !== undefined && start >= target.range[0] && start < target.range[1]) {
        found = { reason: `alias *${alias.source} is inside its own anchor &${alias.source} (the data would contain itself)`, line: counter.linePos(start).line };
        return yaml.visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}
