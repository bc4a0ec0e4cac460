/**
 * What the Action writes to the job summary and the release PR body, from changesets the built CLI wrote or
 * read: the suggested changeset on a fork's pull request stays inside its code block, and the release PR
 * body shows changeset summaries and file names as text (no HTML, mention or image; ids in whole code spans).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { renderReleaseBody } from '../../action/release-body.mjs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { suggestion } from '../../action/run.mjs';
import { baseProject } from '../helpers/bad-input.ts';
import { assertInert, FENCE4, hostileProject, IMAGE, IMG } from '../helpers/hostile-markdown.ts';
import { runBuiltSpecver } from '../helpers/run-cli.ts';

/** The code block of a suggestion: the opening fence, its content, and whether it closes at its last line only. */
function fencedBlock(markdown: string): { content: string; closesAtEnd: boolean } {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^`{3,}markdown$/.test(line));
  assert.ok(start !== -1, markdown);
  const fence = lines[start]!.match(/^`+/)![0];
  const close = lines.findIndex((line, i) => i > start && new RegExp(`^ {0,3}\`{${fence.length},}\\s*$`).test(line));
  const last = lines.length - 1 - [...lines].reverse().findIndex((line) => line.trim() !== '');
  return { content: lines.slice(start + 1, close).join('\n'), closesAtEnd: close === last };
}

test('fork pull request: the suggested changeset cannot close its code block early', async () => {
  const p = hostileProject();
  const created = await runBuiltSpecver(['changeset', '--no-interactive', '--json'], { cwd: p.dir });
  assert.is(created.exitCode, 0, created.stderr);
  const file = created.json().file as string;
  const generated = p.read(file);
  const handWritten = `---\n"pets": major\n---\n\nRemoved the path\n${FENCE4}\n${IMG} @org/team\n\`\`\`\`\`\`\n`;
  for (const text of [generated, handWritten]) {
    const summary = suggestion(file, text);
    const block = fencedBlock(summary);
    assert.ok(block.closesAtEnd, summary);
    assert.is(block.content, text.trimEnd());
    // Outside the block, nothing from the changeset.
    assertInert(summary.replace(/^(`{3,})markdown\n[^]*\n\1$/m, ''), 'outside the code block');
  }
  assert.not.match(generated.split('\n---\n')[1]!.trim(), /\n/, 'the generated summary is one line');
});

test('release PR body: changeset summaries and names render as text', async () => {
  const p = baseProject();
  p.write('.specver/changesets/a`b.md', `---\n"pets": minor\n---\n\n${IMG} ping @org/team ${IMAGE} <!-- hide\nsecond line\n`);
  p.write('.specver/changesets/plain-one.md', '---\n"pets": patch\n---\n\nA **plain** one with `code`\n');
  const planned = await runBuiltSpecver(['version', '--dry-run', '--json'], { cwd: p.dir });
  assert.is(planned.exitCode, 0, planned.stderr);
  const body = renderReleaseBody(planned.json()) as string;
  assertInert(body, 'release PR body', { handWritten: true });
  assert.not.match(body, /second line/, 'only the first line of a summary');
  assert.match(body, '- &lt;img src=x onerror=alert(1)> ping @\u200dorg/team !\\[x](https://evil/x.png) &lt;!-- hide (``a`b``)\n');
  assert.match(body, '- A **plain** one with `code` (`plain-one`)', 'markdown written by hand stays markdown');
  assert.match(body, /<sub>2 changesets consumed\.<\/sub>\n$/, 'the end of the body is still there');
  assert.is(readdirSync(p.path('.specver/changesets')).length, 2, 'a dry run');
});

test.run();
