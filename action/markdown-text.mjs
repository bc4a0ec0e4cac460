// The markdown escaping of src/report/markdown-text.ts for the GitHub Action, which runs without a TypeScript
// build: the same functions, line for line (test/report/markdown-text.test.ts holds the two to the same
// results). Text from specs and changesets goes into the job summary and the release PR body only through these.

/** U+200D after `@` or inside `://` keeps the text as shown but stops GitHub from linking it. */
const ZWJ = '\u200d';

/** Markdown line endings (and the Unicode ones an editor may treat so) become spaces: one line out. */
function oneLine(text) {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
}

const ENTITY = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const isWordChar = (char) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Plain text (a spec path, a property name, a message filled from a spec) as inline markdown that renders as
 * exactly that text, on one line; safe in a table cell. HTML characters become entities, markdown
 * punctuation is backslash-escaped (links, images, emphasis, code, math, strikethrough, pipes), `@` and URL
 * schemes are broken with U+200D so nothing is mentioned or autolinked.
 */
export function markdownText(text) {
  const escaped = oneLine(text).replace(/[&<>\\`*[\]|~$_]/g, (char, at, whole) => {
    if (ENTITY[char]) return ENTITY[char];
    // `snake_case` stays readable: an underscore between letters or digits never starts emphasis.
    if (char === '_' && isWordChar(whole[at - 1]) && isWordChar(whole[at + 1])) return char;
    return `\\${char}`;
  });
  return escaped
    .replace(/@/g, `@${ZWJ}`)
    .replace(/:\/\//g, `:${ZWJ}//`)
    .replace(/www\./gi, (www) => `${www.slice(0, 3)}${ZWJ}.`)
    .replace(/^(\s*)([#+=-]|\d+(?=[.)]))(?=[\s#=-]|[.)]\s|[.)]$|$)/, (_m, space, marker) => `${space}${/^\d/.test(marker) ? `${marker}\\` : `\\${marker}`}`);
}

/** Where the code spans of one line of markdown are, as CommonMark finds them (a backslash-escaped backtick opens none). */
function codeSpans(line) {
  const runs = [...line.matchAll(/`+/g)].map((m) => ({ at: m.index, length: m[0].length }));
  const spans = [];
  for (let i = 0; i < runs.length; i++) {
    let { at, length } = runs[i];
    let slashes = 0;
    while (line[at - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 1) {
      at++;
      length--;
    }
    if (length === 0) continue;
    const close = runs.findIndex((run, j) => j > i && run.length === length);
    if (close === -1) continue;
    spans.push([at, runs[close].at + length]);
    i = close;
  }
  return spans;
}

/** Applies `change` to the parts of a line outside its code spans (whose content renders literally). */
function outsideCode(line, change) {
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
 * their source, and it is one line.
 */
export function markdownLine(text) {
  return outsideCode(oneLine(text), (part) =>
    part
      .replace(/</g, '&lt;')
      // `&#64;` and `&commat;` would render as `@`.
      .replace(/&(?=#|commat;)/gi, '&amp;')
      .replace(/@/g, `@${ZWJ}`)
      .replace(/!\[/g, '!\\['),
  );
}

/** An inline code span showing text as written, on one line (not for table cells, where a pipe would end it). */
export function codeSpan(text) {
  const content = oneLine(text);
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$/.test(content) || (/^ .*[^ ].* $/.test(content)) ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A fenced code block showing text as written: its fence is longer than any backtick run in the text. */
export function codeBlock(text, info = '') {
  const body = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}
