/**
 * Spec text reaching what CI and reviewers read: a removed path and added property names holding a code fence,
 * HTML, an unclosed comment, a team mention, a remote image, a backslash before a pipe, newlines and
 * characters XML forbids. In every markdown output it renders as text inside its cell, the generated changeset
 * summary is one escaped line, hand-written summaries cannot hide later CHANGELOG.md entries, JUnit stays
 * well-formed XML, SARIF points at the file by a percent-encoded URI, annotations keep their properties.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { BASE_CONFIG, BASE_SPEC, baseProject } from '../helpers/bad-input.ts';
import { assertInert, cells, EVIL_PROPERTIES, hostileProject, tableRows } from '../helpers/hostile-markdown.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import type { TempProject } from '../helpers/temp-project.ts';

test('diff --format markdown: every spec text renders as text inside its own cell', async () => {
  const p = hostileProject();
  const md = await runSpecver(['diff', '--format', 'markdown'], { cwd: p.dir });
  assert.is(md.exitCode, 0, md.stderr);
  const total = (await runSpecver(['diff', '--json'], { cwd: p.dir })).json().summary.total;
  const rows = tableRows(md.stdout);
  assert.is(rows.length, total, md.stdout);
  for (const row of rows) assert.is(cells(row).length, 4, row);
  assertInert(md.stdout, 'diff --format markdown');
  assert.match(md.stdout, '&lt;img src=x onerror=alert(1)&gt;', 'the HTML is shown');
  assert.match(md.stdout, '@\u200dorg/team', 'the mention is shown, silent');
});

test('breaking --format github: the job summary table past 10 notices is escaped, annotations keep their properties', async () => {
  const p = hostileProject();
  // A contract path with the characters that end a workflow command property.
  p.write('api/we,ird:50%.yaml', p.read('api/pets.yaml'));
  p.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', '"api/we,ird:50%.yaml"'));
  const summaryFile = p.write('summary.md', '');
  const r = await runSpecver(['breaking', '--format', 'github'], { cwd: p.dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.is(r.exitCode, 1, r.stderr);
  const summary = readFileSync(summaryFile, 'utf8');
  const rows = tableRows(summary);
  assert.is(rows.length, EVIL_PROPERTIES.length - 10, summary);
  for (const row of rows) assert.is(cells(row).length, 3, row);
  assertInert(summary, 'job summary');
  const commands = r.stdout.split('\n').filter((line) => line.startsWith('::'));
  assert.ok(commands.length >= 11, r.stdout);
  for (const line of commands) assert.match(line, /^::(error|warning|notice) file=[^,:]+(,line=\d+)?,title=[^,:]+::/, line);
  assert.match(r.stdout, /^::error file=api\/we%2Cird%3A50%25\.yaml,title=specver BREAKING%3A [^:,]+::.*%0A## pets@9\.9\.9%0A/m);
});

/** The summary of a changeset file (what follows its frontmatter). */
const summaryOf = (text: string) => text.split('\n---\n')[1]!.trim();
const changesetFiles = (p: TempProject) => readdirSync(p.path('.specver/changesets')).filter((f) => f.endsWith('.md'));

/** Where an HTML comment opens without closing (-1 when every one closes). */
function unclosedComment(markdown: string): number {
  for (let at = markdown.indexOf('<!--'); at !== -1; at = markdown.indexOf('<!--', at + 1)) {
    const end = markdown.indexOf('-->', at + 2);
    if (end === -1) return at;
    at = end;
  }
  return -1;
}

test('changeset --no-interactive: the generated summary is one escaped line, and CHANGELOG.md keeps its shape', async () => {
  const p = hostileProject();
  p.write('CHANGELOG.md', '# Changelog\n\n## pets@1.0.0\n2024-01-01\n\n### Major changes\n\n- The first release\n');
  const created = await runSpecver(['changeset', '--no-interactive'], { cwd: p.dir });
  assert.is(created.exitCode, 0, created.stderr);
  const [file] = changesetFiles(p);
  const summary = summaryOf(p.read(`.specver/changesets/${file}`));
  assert.not.match(summary, /\n/, summary);
  assertInert(summary, 'generated summary');
  assert.match(summary, /^pets: \d+ changes \(1 breaking, \d+ non-breaking\)\. Breaking: GET \/x\\`\\`\\`\\`\/&lt;img/);
  const version = await runSpecver(['version'], { cwd: p.dir });
  assert.is(version.exitCode, 0, version.stderr);
  const changelog = p.read('CHANGELOG.md');
  assert.equal(changelog.match(/^#{1,6} .*$/gm), ['# Changelog', '## pets@2.0.0', '### Major changes', '## pets@1.0.0', '### Major changes'], changelog);
  assert.is(unclosedComment(changelog), -1, changelog);
  assert.match(changelog, /- The first release\n$/);
});

test('a hand-written summary stays markdown but cannot hide the CHANGELOG.md entries below it', async () => {
  const p = baseProject();
  p.write('CHANGELOG.md', '# Changelog\n\n## pets@1.0.0\n2024-01-01\n\n### Minor changes\n\n- The first release\n');
  p.write('.specver/changesets/a-hiding-one.md', '---\n"pets": minor\n---\n\n**Filter** by name <!-- everything below is hidden\n<details>\n<summary>More</summary>\n\n```\nunclosed fence\n');
  p.write('.specver/changesets/b-plain-one.md', '---\n"pets": patch\n---\n\nA <kbd>plain</kbd> one, <!-- with a closed comment -->\n');
  const version = await runSpecver(['version'], { cwd: p.dir });
  assert.is(version.exitCode, 0, version.stderr);
  const changelog = p.read('CHANGELOG.md');
  assert.is(unclosedComment(changelog), -1, changelog);
  assert.is((changelog.match(/<details>/g) ?? []).length, (changelog.match(/<\/details>/g) ?? []).length, changelog);
  assert.is((changelog.match(/^ *```/gm) ?? []).length % 2, 0, `every fence closes:\n${changelog}`);
  assert.match(changelog, '- **Filter** by name &lt;!-- everything below is hidden\n  &lt;details>\n  <summary>More</summary>');
  assert.match(changelog, '- A <kbd>plain</kbd> one, <!-- with a closed comment -->', 'balanced markup stays as written');
  assert.match(changelog, /\n## pets@1\.0\.0\n2024-01-01\n\n### Minor changes\n\n- The first release\n$/);
});

/** XML 1.0 well-formedness, as far as JUnit output goes: allowed characters, escaped text, balanced elements. */
function assertWellFormedXml(xml: string): void {
  assert.not.match(xml, /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u, 'only XML 1.0 characters');
  const body = xml.replace(/^<\?xml [^>]*\?>\n/, '');
  const open: string[] = [];
  for (const m of body.matchAll(/<(\/?)([A-Za-z][A-Za-z-]*)((?:\s+[a-z]+="[^"<]*")*)\s*(\/?)>|<|&(?!(amp|lt|gt|quot|apos);)/g)) {
    assert.ok(m[2], `a stray ${m[0]} at ${m.index}: ${body.slice(m.index, m.index + 80)}`);
    if (m[4]) continue;
    if (m[1]) assert.is(open.pop(), m[2], `closing ${m[2]}`);
    else open.push(m[2]!);
  }
  assert.equal(open, []);
}

test('breaking and lint --format junit: well-formed XML without U+FFFE, U+FFFF or half surrogate pairs', async () => {
  const p = hostileProject();
  for (const argv of [['breaking', '--format', 'junit'], ['lint', '--format', 'junit']]) {
    const r = await runSpecver(argv, { cwd: p.dir });
    assert.ok(r.exitCode <= 1, r.stderr);
    assert.match(r.stdout, /<testsuites /);
    assertWellFormedXml(r.stdout);
  }
  const breaking = (await runSpecver(['breaking', '--format', 'junit'], { cwd: p.dir })).stdout;
  assert.match(breaking, '&lt;details&gt;\uFFFD\uFFFD', 'the forbidden characters are replaced, the rest kept');
});

test('lint --format sarif: artifactLocation.uri is the file\'s percent-encoded relative URI', async () => {
  const p = baseProject();
  p.write('api/a b#1%41.yaml', BASE_SPEC);
  p.write('specver.yaml', BASE_CONFIG.replace('api/pets.yaml', '"api/a b#1%41.yaml"'));
  const r = await runSpecver(['lint', '--format', 'sarif'], { cwd: p.dir });
  assert.ok(r.exitCode <= 1, r.stderr);
  const uris = new Set<string>(r.json().runs[0].results.map((x: any) => x.locations[0].physicalLocation.artifactLocation.uri));
  assert.equal([...uris], ['api/a%20b%231%2541.yaml']);
  assert.is(decodeURIComponent('a%20b%231%2541.yaml'), 'a b#1%41.yaml');
});

test('diff --format html: spec text is escaped, nothing from the spec becomes an element', async () => {
  const p = hostileProject();
  const r = await runSpecver(['diff', '--format', 'html'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.not.match(r.stdout, /<img|<!--|<details>/);
  assert.match(r.stdout, '&lt;img src=x onerror=alert(1)&gt;');
});

test.run();
