/**
 * The markdown escaping every producer uses (src/report/markdown-text.ts) and its twin for the GitHub Action
 * (action/markdown-text.mjs): hostile text renders as text, on one line, inside its table cell or code block,
 * and hand-written markdown keeps its markup but cannot hide what follows it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error plain ESM JavaScript without type declarations
import * as twin from '../../action/markdown-text.mjs';
import { codeBlock, codeSpan, containedMarkdown, markdownLine, markdownText, tableCell } from '../../src/report/markdown-text.ts';
import type { RuleEntry } from '../../src/report/rules-catalogue.ts';
import { renderRulesMarkdown } from '../../src/report/rules-text.ts';

const FENCE4 = '````';
const IMG = '<img src=x onerror=alert(1)>';
const IMAGE = '![x](https://evil/x.png)';
/** Each hostile piece alone, then all together, then with ordinary text around. */
const PIECES = [FENCE4, IMG, '<!--', '@org/team', IMAGE, '\\|', 'a\nb', 'c\r\nd', '\uFFFE', '<details>', '&#64;org', 'www.evil.example', '$x^2$', '# heading', '1. item', '- item', '`code`', '\\`<b>`x`'];
const CASES = [...PIECES, PIECES.join(' '), `/pets/{id}${PIECES.join('')}/end`, 'GET /pets: property user_id was removed', ''];

/** Cells of a GFM table row as cmark-gfm splits it: a backslash escapes the next character, a pipe ends a cell. */
function cells(row: string): string[] {
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

/** What GitHub would make live in rendered text outside code: HTML, mentions, images, links. */
function assertInert(markdown: string, label: string): void {
  assert.not.match(markdown, /</, `${label}: raw HTML in ${JSON.stringify(markdown)}`);
  assert.not.match(markdown, /(^|[^\w])@[A-Za-z0-9]/, `${label}: a live mention in ${JSON.stringify(markdown)}`);
  assert.not.match(markdown, /(^|[^\\])!\[/, `${label}: an image in ${JSON.stringify(markdown)}`);
  assert.not.match(markdown, /(^|[^\\])\[[^\]]*(^|[^\\])\]\(/, `${label}: a link in ${JSON.stringify(markdown)}`);
  assert.not.match(markdown, /https?:\/\/|www\./, `${label}: an autolink in ${JSON.stringify(markdown)}`);
  assert.not.match(markdown, /&#|&commat;/, `${label}: an entity spelling @ in ${JSON.stringify(markdown)}`);
}

test('markdownText: one line, nothing live, and exactly one table cell', () => {
  for (const text of CASES) {
    const md = markdownText(text);
    assert.not.match(md, /[\r\n]/, JSON.stringify(text));
    assertInert(md, JSON.stringify(text));
    assert.is(cells(`| ${md} | next |`).length, 2, `${JSON.stringify(text)} as ${JSON.stringify(md)}`);
    // Every backtick, asterisk, bracket, pipe and dollar is escaped: no code span, emphasis, math or cell end.
    assert.not.match(md.replace(/\\\\/g, ''), /(^|[^\\])[`*[\]|$~]/, JSON.stringify(md));
  }
  assert.is(markdownText('a\\|b'), 'a\\\\\\|b', 'a backslash before a pipe is kept and does not end the cell');
  assert.is(markdownText('# heading'), '\\# heading');
  assert.is(markdownText('1. item'), '1\\. item');
  assert.is(markdownText('version 1.0.0 of user_id'), 'version 1.0.0 of user_id', 'ordinary text stays readable');
  assert.is(markdownText('@org/team'), '@\u200dorg/team');
});

test('markdownLine: markdown a person wrote keeps emphasis, links and code, but no HTML, mention or image', () => {
  assert.is(markdownLine('**Add** [docs](https://example.com/docs) and `<T>` @org/team'), '**Add** [docs](https://example.com/docs) and `<T>` @\u200dorg/team');
  assert.is(markdownLine(`${IMG} ${IMAGE}`), '&lt;img src=x onerror=alert(1)> !\\[x](https://evil/x.png)');
  // An escaped backtick opens no code span, so the tag after it is live markup and must be escaped.
  assert.is(markdownLine('\\`<b>` x'), '\\`&lt;b>` x');
  assert.is(markdownLine('&#64;org &commat;org'), '&amp;#64;org &amp;commat;org');
  assert.is(markdownLine('`a|b` and c|d'), '`a|b` and c|d', 'outside a table a pipe stays as written');
  assert.is(tableCell('`a|b` and c\\|d'), '`a\\|b` and c\\\\\\|d');
  for (const text of CASES) {
    const md = markdownLine(text);
    assert.not.match(md, /[\r\n]/);
    assert.is(cells(`| ${tableCell(md)} | next |`).length, 2, `${JSON.stringify(text)} as ${JSON.stringify(md)}`);
    assert.not.match(md.replace(/`[^`]*`/g, ''), /</, JSON.stringify(md));
    assert.not.match(md, /(^|[^\w])@[A-Za-z0-9]/, JSON.stringify(md));
  }
});

test('codeSpan and codeBlock: the fence is longer than any backtick run inside', () => {
  assert.is(codeSpan('a ``` b'), '````a ``` b````');
  assert.is(codeSpan('`x'), '`` `x ``');
  assert.is(codeSpan('a\nb'), '`a b`');
  const block = codeBlock(`---\n"pets": major\n---\n\nremoved /x${FENCE4}\n${FENCE4}\n<img src=x> @org/team\n`, 'markdown');
  const lines = block.split('\n');
  assert.is(lines[0], '`````markdown');
  assert.is(lines.at(-1), '`````');
  // No line inside can close the block: none is a backtick run as long as the fence.
  assert.ok(lines.slice(1, -1).every((line) => !/^ {0,3}`{5,}\s*$/.test(line)), block);
  assert.is(codeBlock('plain'), '```\nplain\n```');
});

test('containedMarkdown: open comments, tags and fences cannot swallow what follows', () => {
  const cases: [string, string][] = [
    ['Note <!-- hidden', 'Note &lt;!-- hidden'],
    ['<!-- closed --> ok', '<!-- closed --> ok'],
    ['<details>\n<summary>More</summary>\ntext', '&lt;details>\n<summary>More</summary>\ntext'],
    ['<details><summary>More</summary>text</details>', '<details><summary>More</summary>text</details>'],
    ['</li></ul> stray', '&lt;/li>&lt;/ul> stray'],
    ['<a href="x"', '&lt;a href="x"'],
    ['<div/> opens a div', '&lt;div/> opens a div'],
    ['<?php', '&lt;?php'],
    ['<![CDATA[ x', '&lt;![CDATA[ x'],
    ['<!DOCTYPE', '&lt;!DOCTYPE'],
    ['```js\ncode <!--', '```js\ncode <!--\n```'],
    ['~~~~\nx\n~~~~\n<!-- after', '~~~~\nx\n~~~~\n&lt;!-- after'],
    ['`<!--` in code', '`<!--` in code'],
    ['<!-- a `-->` b', '&lt;!-- a `-->` b'],
    ['**Bold**, [link](https://x), `code`, <br>, <kbd>Ctrl</kbd>, <img src="a.png">', '**Bold**, [link](https://x), `code`, <br>, <kbd>Ctrl</kbd>, <img src="a.png">'],
  ];
  for (const [input, expected] of cases) assert.is(containedMarkdown(input), expected, JSON.stringify(input));
});

test('rules list --format markdown: a team rule\'s summary keeps its code spans but not its HTML, mention or pipe', () => {
  const rule: RuleEntry = {
    id: 'team/no-evil', kind: 'lint', category: 'lint', severity: 'error', defaultSeverity: 'warn', overridden: true, severitySource: 'lint.severity',
    summary: `Use \`a|b\` ${IMG} @org/team ${IMAGE} a\\|b\nsecond`, message: 'm', builtIn: false, source: 'rules/team.json',
  };
  const row = renderRulesMarkdown([rule]).split('\n').find((line) => line.startsWith('| `team/no-evil`'));
  assert.ok(row);
  assert.is(cells(row).length, 3, row);
  assert.is(row, '| `team/no-evil` | error (default warn) | Use `a\\|b` &lt;img src=x onerror=alert(1)> @\u200dorg/team !\\[x](https://evil/x.png) a\\\\\\|b second |');
});

test('the Action\'s twin gives the same results as the module it copies', () => {
  const shared = ['codeBlock', 'codeSpan', 'markdownLine', 'markdownText'] as const;
  assert.equal(Object.keys(twin).sort(), [...shared]);
  const ours = { codeBlock, codeSpan, markdownLine, markdownText };
  for (const name of shared) {
    for (const text of CASES) assert.is((twin[name] as (t: string) => string)(text), ours[name](text), `${name}(${JSON.stringify(text)})`);
  }
});

test.run();
