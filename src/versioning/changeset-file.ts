/**
 * A changeset file: YAML frontmatter mapping contract names to bumps, then a free-text summary
 * (spec "Changeset file", decisions.md 4). Parsing is pure (text in, data out); every error names the file
 * and the frontmatter line so a hand edit can be fixed quickly.
 */
import * as yaml from 'yaml';
import { isMap, isScalar, Lexer, LineCounter, parseDocument } from 'yaml';
import { flowNestingBeyond, nestingError, yamlDocumentProblem } from '../load/input-limits.ts';
import { ConfigError } from '../errors.ts';
import { BUMPS, type Bump } from '../types.ts';

export interface ChangesetRelease {
  contract: string;
  bump: Bump;
  /** 1-based line of this entry in the file. */
  line: number;
}

export interface Changeset {
  /** The file name without `.md` (`brave-lion-jump`). */
  id: string;
  /** Path as shown to the user, relative to the project root (`.specver/changesets/brave-lion-jump.md`). */
  file: string;
  releases: ChangesetRelease[];
  summary: string;
  /**
   * Why the declared bumps may be lower than what the detected changes require (`_downgrade-reason:`).
   * The leading underscore cannot start a contract name, so the key never collides with one.
   */
  downgradeReason?: string;
}

/** The frontmatter key that accepts a lower bump than the detected changes require. */
export const DOWNGRADE_REASON_KEY = '_downgrade-reason';

const FENCE = /^---[ \t]*$/;

function fail(file: string, line: number, message: string, hint: string): never {
  throw new ConfigError(message, { file, line, hint });
}

/** Parses a changeset's text. `file` is only used in error messages and the result. */
export function parseChangeset(text: string, file: string, id: string): Changeset {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const formatHint = 'a changeset starts with a frontmatter block: ---, lines like "petstore": minor, ---, then the summary';
  if (!FENCE.test(lines[0] ?? '')) fail(file, 1, 'changeset does not start with a --- frontmatter line', formatHint);
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (close < 0) fail(file, 1, 'changeset frontmatter is not closed by a --- line', formatHint);

  const source = lines.slice(1, close).join('\n');
  const counter = new LineCounter();
  const tooDeep = flowNestingBeyond(source, Lexer);
  if (tooDeep !== undefined) throw nestingError(file, source.slice(0, tooDeep).split('\n').length + 1);
  const doc = parseDocument(source, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 2 : counter.linePos(offset).line + 1);
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    // The parser reports a stack overflow on absurd nesting as a syntax error.
    if (/Maximum call stack/.test(error.message)) throw nestingError(file, lineOf(error.pos[0]));
    fail(file, lineOf(error.pos[0]), `changeset frontmatter is not valid YAML: ${error.message.split('\n')[0]}`, formatHint);
  }
  const unusable = yamlDocumentProblem(doc, counter, yaml);
  if (unusable) fail(file, unusable.line + 1, `changeset frontmatter is not valid YAML: ${unusable.reason}`, formatHint);
  const releases: ChangesetRelease[] = [];
  let downgradeReason: string | undefined;
  const contents = doc.contents;
  if (contents !== null && !(isScalar(contents) && (contents.value === null || contents.value === ''))) {
    if (!isMap(contents)) fail(file, lineOf(contents.range?.[0]), 'changeset frontmatter must map contract names to bumps', formatHint);
    for (const pair of contents.items) {
      const key = pair.key;
      const line = lineOf(isScalar(key) ? key.range?.[0] : undefined);
      if (!isScalar(key) || typeof key.value !== 'string' || key.value === '')
        fail(file, line, 'changeset frontmatter keys must be contract names', formatHint);
      if (key.value.startsWith('_')) {
        downgradeReason = reservedValue(file, line, key.value, pair.value);
        continue;
      }
      const value = isScalar(pair.value) ? pair.value.value : undefined;
      if (typeof value !== 'string' || !(BUMPS as readonly string[]).includes(value))
        fail(file, line, `unknown bump ${JSON.stringify(value ?? null)} for contract '${key.value}'`, 'use major, minor or patch');
      releases.push({ contract: key.value, bump: value as Bump, line });
    }
  }
  const summary = lines.slice(close + 1).join('\n').trim();
  return { id, file, releases, summary, ...(downgradeReason === undefined ? {} : { downgradeReason }) };
}

/** The value of a reserved `_` key: only `_downgrade-reason`, a non-empty text. */
function reservedValue(file: string, line: number, key: string, node: unknown): string {
  if (key !== DOWNGRADE_REASON_KEY)
    fail(file, line, `unknown changeset option '${key}'`, `the only option is ${DOWNGRADE_REASON_KEY}: <why a lower bump is right>`);
  const value = isScalar(node) ? node.value : undefined;
  if (typeof value !== 'string' || value.trim() === '')
    fail(file, line, `${DOWNGRADE_REASON_KEY} must be a non-empty text`, `write ${DOWNGRADE_REASON_KEY}: "why the lower bump is right"`);
  return value.trim();
}

/** The text of a changeset file: quoted contract names in the given order, a blank line, the summary. */
export function serializeChangeset(releases: readonly { contract: string; bump: Bump }[], summary: string, downgradeReason?: string): string {
  const lines = releases.map((r) => `${JSON.stringify(r.contract)}: ${r.bump}`);
  if (downgradeReason) lines.push(`${DOWNGRADE_REASON_KEY}: ${JSON.stringify(downgradeReason)}`);
  const front = lines.join('\n');
  return `---\n${front}${front ? '\n' : ''}---\n\n${summary.trim()}\n`;
}

/** Refuses a changeset that names a contract the configuration does not know (exit 2, file and line). */
export function checkKnownContracts(changesets: readonly Changeset[], known: readonly string[]): void {
  const names = new Set(known);
  for (const changeset of changesets)
    for (const release of changeset.releases)
      if (!names.has(release.contract))
        throw new ConfigError(`changeset names unknown contract '${release.contract}'`, {
          file: changeset.file,
          line: release.line,
          hint: `known contracts: ${known.join(', ') || '(none)'}; fix the frontmatter or add the contract`,
        });
}
