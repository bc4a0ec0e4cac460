/**
 * A project whose spec holds hostile markdown (a code fence, HTML, an unclosed comment, a team mention, a remote
 * image, a backslash before a pipe, newlines, U+FFFE and half a surrogate pair), and checks of what GitHub
 * would render live in the markdown made from it.
 */
import * as assert from 'uvu/assert';
import { BASE_SPEC, baseProject } from './bad-input.ts';
import type { TempProject } from './temp-project.ts';

export const FENCE4 = '````';
export const IMG = '<img src=x onerror=alert(1)>';
export const IMAGE = '![x](https://evil/x.png)';
/** Removed in the revision: its path is in the breaking change's message. */
export const EVIL_PATH = `/x${FENCE4}/${IMG}/<!--/@org/team/${IMAGE}/a\\|b\n${FENCE4}\n## pets@9.9.9\n<details>\uFFFE\ud800`;
/**
 * Added to the response (non-breaking). Changes are annotated in name order: the ten `!NN` properties take
 * GitHub's 10 notices, so the hostile ones land in the job summary's table.
 */
export const EVIL_PROPERTIES = [...Array.from({ length: 10 }, (_, i) => `!${String(i).padStart(2, '0')}`), FENCE4, IMG, '<!--', '@org/team', IMAGE, 'a\\|b', 'line\nbreak', 'non\uFFFEchar', '<details>', 'www.evil.example', '$x$', '`x`'];

/** The base spec with the hostile path (the snapshot), and the revision: path removed, properties added. */
export function hostileProject(): TempProject {
  const p = baseProject();
  const base = BASE_SPEC.replace('paths:\n', `paths:\n  ${JSON.stringify(EVIL_PATH)}:\n    get:\n      responses:\n        "200": { description: ok }\n`);
  const added = EVIL_PROPERTIES.map((name) => `        ${JSON.stringify(name)}: { type: string }\n`).join('');
  p.write('.specver/snapshots/pets@1.0.0.yaml', base);
  p.write('api/pets.yaml', BASE_SPEC.replace('        name: { type: string }\n', `        name: { type: string }\n${added}`));
  return p;
}

/** Cells of a GFM table row as cmark-gfm splits it: a backslash escapes the next character, a pipe ends a cell. */
export function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\' && i + 1 < row.length) cell += row[i]! + row[++i]!;
    else if (row[i] === '|') (out.push(cell), (cell = ''));
    else cell += row[i];
  }
  out.push(cell);
  return out.slice(1, -1);
}

/**
 * Nothing GitHub would render live: HTML other than the <code> and <sub> specver writes, mentions, images,
 * and (unless the text is markdown written by hand, which may link) autolinks and math.
 */
export function assertInert(markdown: string, label: string, { handWritten = false } = {}): void {
  const shown = (re: RegExp) => `${label}: ${re} in\n${markdown}`;
  const live = [/<(?!\/?code>|\/?sub>)/, /(^|[^\w])@[A-Za-z0-9]/m, /(^|[^\\])!\[/m];
  if (!handWritten) live.push(/https?:\/\/evil|www\.evil/, /(^|[^\\])\$x/m);
  for (const re of live) assert.not.match(markdown, re, shown(re));
}

export function tableRows(markdown: string): string[] {
  return markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Contract'));
}
