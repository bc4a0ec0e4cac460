/**
 * Markdown that GitHub renders (PR comments, job summaries, the release PR body, CHANGELOG.md) gets text from
 * specs, rule files and changesets, which a pull request controls. Every markdown producer builds its text
 * with these functions, so that text can neither render HTML, ping people (`@org/team`), load images, break
 * out of a table cell or code fence, nor hide what follows it. `action/markdown-text.mjs` is the same code for
 * the GitHub Action, which runs without a TypeScript build; a test holds the two to the same results.
 */

/** U+200D after `@` or inside `://` keeps the text as shown but stops GitHub from linking it. */
const ZWJ = '\u200d';

/** Markdown line endings (and the Unicode ones an editor may treat so) become spaces: one line out. */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
}

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Plain text (a spec path, a property name, a message filled from a spec) as inline markdown that renders as
 * exactly that text, on one line; safe in a table cell. HTML characters become entities, markdown
 * punctuation is backslash-escaped (links, images, emphasis, code, math, strikethrough, pipes), `@` and URL
 * schemes are broken with U+200D so nothing is mentioned or autolinked.
 */
export function markdownText(text: string): string {
  const escaped = oneLine(text).replace(/[&<>\\`*[\]|~$_]/g, (char, at: number, whole: string) => {
    if (ENTITY[char]) return ENTITY[char];
    // `snake_case` stays readable: an underscore between letters or digits never starts emphasis.
    if (char === '_' && isWordChar(whole[at - 1]) && isWordChar(whole[at + 1])) return char;
    return `\\${char}`;
  });
  return escaped
    .replace(/@/g, `@${ZWJ}`)
    .replace(/:\/\//g, `:${ZWJ}//`)
    .replace(/www\./gi, (www) => `${www.slice(0, 3)}${ZWJ}.`)
    .replace(/^(\s*)([#+=-]|\d+(?=[.)]))(?=[\s#=-]|[.)]\s|[.)]$|$)/, (_m, space: string, marker: string) => `${space}${/^\d/.test(marker) ? `${marker}\\` : `\\${marker}`}`);
}

/** Where the code spans of one line of markdown are, as CommonMark finds them (a backslash-escaped backtick opens none). */
function codeSpans(line: string): [number, number][] {
  const runs = [...line.matchAll(/`+/g)].map((m) => ({ at: m.index, length: m[0].length }));
  const spans: [number, number][] = [];
  for (let i = 0; i < runs.length; i++) {
    let { at, length } = runs[i]!;
    let slashes = 0;
    while (line[at - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 1) {
      at++;
      length--;
    }
    if (length === 0) continue;
    const close = runs.findIndex((run, j) => j > i && run.length === length);
    if (close === -1) continue;
    spans.push([at, runs[close]!.at + length]);
    i = close;
  }
  return spans;
}

/** Applies `change` to the parts of a line outside its code spans (whose content renders literally). */
function outsideCode(line: string, change: (text: string) => string): string {
  let out = '';
  let from = 0;
  for (const [start, end] of codeSpans(line)) {
    out += change(line.slice(from, start)) + line.slice(start, end);
    from = end;
  }
  return out + change(line.slice(from));
}

/**
 * A line of markdown a person wrote (a changeset summary, a team rule's summary) for a place others read:
 * emphasis, links and code spans stay, but raw HTML shows as text, `@` mentions stay silent, images show as
 * their source, and it is one line (for a table cell, pass it through `tableCell`).
 */
export function markdownLine(text: string): string {
  return outsideCode(oneLine(text), (part) =>
    part
      .replace(/</g, '&lt;')
      // `&#64;` and `&commat;` would render as `@`.
      .replace(/&(?=#|commat;)/gi, '&amp;')
      .replace(/@/g, `@${ZWJ}`)
      .replace(/!\[/g, '!\\['),
  );
}

/**
 * One line of markdown made safe in a GFM table cell: every pipe, in code spans too, is escaped, and backslashes
 * before it are doubled so that none of them escapes the pipe's escape.
 */
export function tableCell(line: string): string {
  return line.replace(/(\\*)\|/g, (_m, slashes: string) => `${slashes}${slashes}\\|`);
}

/** An inline code span showing text as written, on one line (not for table cells, where a pipe would end it). */
export function codeSpan(text: string): string {
  const content = oneLine(text);
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$/.test(content) || (/^ .*[^ ].* $/.test(content)) ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A fenced code block showing text as written: its fence is longer than any backtick run in the text. */
export function codeBlock(text: string, info = ''): string {
  const body = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}

/** Elements without content: an open tag needs no close. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Constructs that run until their terminator, and the terminator. */
const UNTIL: [RegExp, string][] = [
  [/^<!--/, '-->'],
  [/^<!\[CDATA\[/, ']]>'],
  [/^<\?/, '?>'],
  [/^<![A-Za-z]/, '>'],
];
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The text with fenced code and code spans blanked out (same length), so only live markup is scanned. */
function liveMarkup(lines: string[]): { mask: string; openFence?: string } {
  let fence: string | undefined;
  const masked = lines.map((line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined && marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = marker;
      return ' '.repeat(line.length);
    }
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return ' '.repeat(line.length);
    }
    let out = line;
    for (const [start, end] of codeSpans(line)) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
    return out;
  });
  return { mask: masked.join('\n'), ...(fence === undefined ? {} : { openFence: fence }) };
}

/** Offsets of every `<` that opens markup without its end: an unterminated comment, an unmatched tag. */
function unclosedMarkup(mask: string): number[] {
  const unclosed: number[] = [];
  const open = new Map<string, number[]>();
  for (let at = mask.indexOf('<'); at !== -1; at = mask.indexOf('<', at + 1)) {
    const rest = mask.slice(at);
    const until = UNTIL.find(([start]) => start.test(rest));
    if (until) {
      const end = mask.indexOf(until[1], at + 2);
      if (end === -1) unclosed.push(at);
      else at = end;
      continue;
    }
    const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/.exec(rest);
    if (!tag) continue;
    const end = mask.indexOf('>', at);
    if (end === -1) {
      unclosed.push(at);
      continue;
    }
    const name = tag[2]!.toLowerCase();
    // HTML ignores `/>` on other elements: `<div/>` opens a div.
    if (VOID.has(name)) continue;
    const stack = open.get(name) ?? [];
    open.set(name, stack);
    if (tag[1] === '') stack.push(at);
    else if (stack.length > 0) stack.pop();
    else unclosed.push(at);
    at = end;
  }
  for (const stack of open.values()) unclosed.push(...stack);
  return unclosed;
}

/**
 * Markdown a person wrote (a changeset summary) for a document that goes on after it (CHANGELOG.md): it stays
 * markdown, but nothing in it can swallow what follows. An unterminated `<!--`, `<?`, `<![CDATA[` or `<!X`,
 * an HTML tag without its `>` and an open or close tag without its partner show as text; an unclosed code
 * fence is closed.
 */
export function containedMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const { mask, openFence } = liveMarkup(lines);
  let out = lines.join('\n');
  for (const at of unclosedMarkup(mask).sort((a, b) => b - a)) out = `${out.slice(0, at)}&lt;${out.slice(at + 1)}`;
  return openFence === undefined ? out : `${out}\n${openFence}`;
}
