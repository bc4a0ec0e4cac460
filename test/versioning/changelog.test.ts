import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertEntries, renderEntry, type ChangelogEntry } from '../../src/versioning/changelog.ts';

const entry = (heading: string, patch: string[] = ['Fix typo']): ChangelogEntry => ({
  heading,
  date: '2026-03-04',
  sections: { major: [], minor: [], patch },
});

test('an entry: heading, date on the next line, sections with bullets; multi-line summaries stay in the bullet', () => {
  assert.is(
    renderEntry({ heading: 'a@1.0.0', date: '2026-03-04', sections: { major: ['Drop v1'], minor: [], patch: ['One\ntwo'] } }),
    '## a@1.0.0\n2026-03-04\n\n### Major changes\n\n- Drop v1\n\n### Patch changes\n\n- One\n  two\n',
  );
});

test('a new file gets the # Changelog title', () => {
  assert.is(insertEntries(null, [entry('1.0.1')]), '# Changelog\n\n## 1.0.1\n2026-03-04\n\n### Patch changes\n\n- Fix typo\n');
});

test('newest first under the single title; older content byte-identical below', () => {
  const old = '# Changelog\n\n## a@1.0.0\n2026-01-01\n\n### Minor changes\n\n- Old  entry\t\n\nfree text\r\nwith CRLF';
  const next = insertEntries(old, [entry('a@1.0.1')]);
  assert.ok(next.startsWith('# Changelog\n\n## a@1.0.1\n'));
  assert.ok(next.endsWith(old.slice('# Changelog\n\n'.length)));
  assert.is(next.match(/^# Changelog/gm)!.length, 1);
  const third = insertEntries(next, [entry('a@1.0.2')]);
  assert.ok(third.indexOf('a@1.0.2') < third.indexOf('a@1.0.1'));
  assert.ok(third.endsWith(next.slice('# Changelog\n\n'.length)));
});

test('a file without the title keeps its content below the new title and entry', () => {
  const old = 'Some notes\n';
  assert.is(insertEntries(old, [entry('1.0.1')]), `# Changelog\n\n${renderEntry(entry('1.0.1'))}\n${old}`);
});

test('a graduation entry without bullets shows its note', () => {
  assert.is(renderEntry({ ...entry('a@2.0.0', []), note: 'Stable release of 2.0.0-rc.1.' }), '## a@2.0.0\n2026-03-04\n\nStable release of 2.0.0-rc.1.\n');
});

test.run();
