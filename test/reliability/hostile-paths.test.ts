/**
 * Repository content is untrusted: paths in specver.yaml and symlinks in the project must never make
 * specver read or write outside the project root, into .git/, or over its own state, config or specs.
 * Symlinks are created here at test time (none is committed).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_CONFIG, CHANGESET, runBadCase, type BadCase } from '../helpers/bad-input.ts';

const outside = mkdtempSync(join(tmpdir(), 'specver-outside-'));
const SECRET = 'secret: outside the project\n';
writeFileSync(join(outside, 'secret.md'), SECRET);
mkdirSync(join(outside, 'dir'));

const PENDING = { '.specver/changesets/brave-lion-jump.md': CHANGESET };
const withChangelog = (path: string) => ({ ...PENDING, 'specver.yaml': BASE_CONFIG.replace('changelog: CHANGELOG.md', `changelog: ${JSON.stringify(path)}`) });

function assertOutsideUntouched(): void {
  assert.is(readFileSync(join(outside, 'secret.md'), 'utf8'), SECRET, 'a file outside the project changed');
  assert.not.ok(existsSync(join(outside, 'CHANGELOG.md')) || existsSync(join(outside, 'dir', 'CHANGELOG.md')), 'written outside the project');
}

const cases: BadCase[] = [
  // --- The changelog path: refused at config load, whatever the command.
  { name: 'changelog outside the root', files: withChangelog(`../${outside.split('/').pop()}/CHANGELOG.md`), argv: ['version'], exit: 2, error: /specver\.yaml:\d+: changelog: .* is outside the project root/ },
  { name: 'changelog absolute', files: withChangelog(join(outside, 'CHANGELOG.md')), argv: ['version'], exit: 2, error: /changelog: .* is outside the project root/ },
  { name: 'changelog over versions.json', files: withChangelog('.specver/versions.json'), argv: ['version'], exit: 2, error: /changelog: .* is inside \.specver\// },
  { name: 'changelog over specver.yaml', files: withChangelog('specver.yaml'), argv: ['version'], exit: 2, error: /changelog: specver\.yaml is specver\.yaml, which specver reads/ },
  { name: 'changelog over the spec', files: withChangelog('./api/../api/pets.yaml'), argv: ['status'], exit: 2, error: /changelog: .* is api\/pets\.yaml, which specver reads/ },
  { name: 'changelog into .git/hooks', files: withChangelog('.git/hooks/pre-commit'), argv: ['version'], exit: 2, error: /changelog: .* is inside \.git\// },
  { name: 'changelog is the root', files: withChangelog('.'), argv: ['version'], exit: 2, error: /changelog: \. is the project root/ },
  {
    name: 'changelog is a symlink to a file outside',
    files: PENDING,
    setup: (p) => symlinkSync(join(outside, 'secret.md'), p.path('CHANGELOG.md')),
    argv: ['version'],
    exit: 2,
    error: /changelog: CHANGELOG\.md is outside the project root/,
  },
  {
    name: 'changelog is a dangling symlink',
    files: PENDING,
    setup: (p) => symlinkSync(join(outside, 'CHANGELOG.md'), p.path('CHANGELOG.md')),
    argv: ['version'],
    exit: 2,
    error: /changelog: CHANGELOG\.md is a symlink that cannot be resolved/,
  },
  {
    name: 'changelog in a directory symlinked outside',
    files: withChangelog('docs/CHANGELOG.md'),
    setup: (p) => symlinkSync(join(outside, 'dir'), p.path('docs')),
    argv: ['version'],
    exit: 2,
    error: /changelog: docs\/CHANGELOG\.md is outside the project root/,
  },
  {
    name: 'changelog symlinked onto versions.json',
    files: PENDING,
    setup: (p) => symlinkSync(p.path('.specver/versions.json'), p.path('CHANGELOG.md')),
    argv: ['version'],
    exit: 2,
    error: /changelog: CHANGELOG\.md is inside \.specver\//,
  },
  {
    name: 'a directory at the changelog path',
    files: PENDING,
    setup: (p) => mkdirSync(p.path('CHANGELOG.md')),
    argv: ['version'],
    exit: 2,
    error: /CHANGELOG\.md is a directory, not a file/,
  },
];

for (const c of cases) {
  test(c.name, async () => {
    const note = await runBadCase(c);
    if (note) console.log(note);
    assertOutsideUntouched();
  });
}

test.after(() => rmSync(outside, { recursive: true, force: true }));
test.run();
