/**
 * CHANGELOG.md entries (decisions.md 5): newest first under one `# Changelog` title; each entry is
 * `## <contract>@<version>` (fixed: `## <version>`), the date on the next line, then one section per bump
 * with a bullet per changeset summary. Pure: text in, text out; existing content is kept byte-identical.
 */
import { containedMarkdown } from '../report/markdown-text.ts';
import type { Bump } from '../types.ts';

export interface ChangelogEntry {
  /** `petstore@2.0.0` or `2.0.0`. */
  heading: string;
  /** YYYY-MM-DD */
  date: string;
  sections: Record<Bump, string[]>;
  /** A line shown when the entry has no bullets (a graduation without new changesets). */
  note?: string;
  /** Breaking changes released under a lower bump because a waiver accepted them (one line each). */
  accepted?: string[];
}

const SECTION_TITLES: [Bump, string][] = [
  ['major', 'Major changes'],
  ['minor', 'Minor changes'],
  ['patch', 'Patch changes'],
];

export const CHANGELOG_TITLE = '# Changelog';

/**
 * A summary as a bullet; later lines are indented so multi-line summaries stay inside the bullet, and markup
 * left open in it (`<!--`, `<details>`, a code fence) is neutralised so it cannot hide the entries below.
 */
function bullet(summary: string): string {
  const [first = '', ...rest] = containedMarkdown(summary.trim()).split('\n');
  return [`- ${first}`, ...rest.map((line) => (line.trim() === '' ? '' : `  ${line}`))].join('\n');
}

export function renderEntry(entry: ChangelogEntry): string {
  const parts = [`## ${entry.heading}\n${entry.date}\n`];
  let bullets = 0;
  for (const [bump, title] of SECTION_TITLES) {
    const summaries = entry.sections[bump];
    if (summaries.length === 0) continue;
    bullets += summaries.length;
    parts.push(`### ${title}\n\n${summaries.map(bullet).join('\n')}\n`);
  }
  if (entry.accepted?.length) {
    bullets += entry.accepted.length;
    parts.push(`### Accepted breaking changes\n\n${entry.accepted.map(bullet).join('\n')}\n`);
  }
  if (bullets === 0 && entry.note) parts.push(`${entry.note}\n`);
  return parts.join('\n');
}

/**
 * Inserts rendered entries after the `# Changelog` title (creating it when missing). Everything that was
 * below the title before stays byte-identical below the new entries.
 */
export function insertEntries(existing: string | null, entries: readonly ChangelogEntry[]): string {
  const block = entries.map(renderEntry).join('\n');
  if (existing === null || existing.trim() === '') return `${CHANGELOG_TITLE}\n\n${block}`;
  const match = /^(?:[ \t]*\r?\n)*# Changelog[ \t]*(?:\r?\n|$)/.exec(existing);
  if (!match) return `${CHANGELOG_TITLE}\n\n${block}\n${existing}`;
  const head = match[0].endsWith('\n') ? match[0] : `${match[0]}\n`;
  // What followed the title, from its first non-blank line on, is kept exactly (a suffix of the old text).
  const body = existing.slice(match[0].length).replace(/^(?:[ \t]*\r?\n)*/, '');
  return `${head}\n${block}${body === '' ? '' : `\n${body}`}`;
}
