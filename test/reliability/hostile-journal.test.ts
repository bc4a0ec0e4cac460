/**
 * A hostile `.specver/version-journal.json` (a pull request can commit one): every command that replays
 * journals refuses one naming anything `version` does not produce, before replaying any of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_SPEC, CHANGESET, runBadCase } from '../helpers/bad-input.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const JOURNAL = '.specver/version-journal.json';
const VERSIONS = { versioning: 'independent', contracts: { pets: '1.1.0' } };
/** A valid first step: were the journal replayed at all, versions.json would change. */
const VALID_FIRST = { op: 'versions', state: VERSIONS };

const journal = (...ops: unknown[]) => JSON.stringify({ journal: 1, ops: [VALID_FIRST, ...ops] });
const outside = tempDir('specver-outside-');

const hostile: [string, unknown, RegExp][] = [
  ['a write outside the project', { op: 'write', path: `../${outside.split('/').pop()}/x`, content: 'pwned' }, /outside the project/],
  ['an absolute write', { op: 'write', path: join(outside, 'y'), content: 'pwned' }, /outside the project/],
  ['a write into .git/hooks', { op: 'write', path: '.git/hooks/pre-commit', content: '#!/bin/sh\n' }, /not a file specver version writes/],
  ['a write over the spec', { op: 'write', path: 'api/pets.yaml', content: 'x' }, /not a file specver version writes/],
  ['a write over specver.yaml', { op: 'write', path: 'specver.yaml', content: 'x' }, /not a file specver version writes/],
  ['a snapshot of an unknown contract', { op: 'write', path: '.specver/snapshots/evil@1.0.0.yaml', content: 'x' }, /unknown contract 'evil'/],
  ['a snapshot path with ../', { op: 'write', path: '.specver/snapshots/../../api/pets.yaml', content: 'x' }, /not a file specver version writes/],
  ['a non-string content', { op: 'write', path: 'CHANGELOG.md', content: 42 }, /not a valid version journal/],
  ['a delete of the spec', { op: 'delete', path: 'api/pets.yaml' }, /not a changeset or pre\.json/],
  ['a delete outside', { op: 'delete', path: '../../etc/passwd' }, /outside the project/],
  ['a delete of versions.json', { op: 'delete', path: '.specver/versions.json' }, /not a changeset or pre\.json/],
  ['an unknown op', { op: 'exec', path: 'x' }, /not a valid version journal/],
  ['a bad versions state', { op: 'versions', state: { versioning: 'independent', contracts: { pets: 'nope' } } }, /not a valid versions\.json state/],
];

for (const command of [['status'], ['changeset', '--empty', '-m', 'x'], ['pre', 'enter', 'beta'], ['version']]) {
  for (const [name, op, message] of hostile) {
    test(`${command[0]}: journal with ${name} is refused whole`, async () => {
      const note = await runBadCase({
        name,
        files: { [JOURNAL]: journal(op), '.specver/changesets/brave-lion-jump.md': CHANGESET },
        argv: command,
        exit: 2,
        error: new RegExp(`version-journal\\.json:? .*${message.source}.*nothing was replayed`),
      });
      assert.is(note, undefined);
      assert.not.ok(existsSync(join(outside, 'x')) || existsSync(join(outside, 'y')), 'written outside the project');
    });
  }
}

test('a journal whose changeset directory is a symlink out of the project is refused', async () => {
  const target = tempDir('specver-outside-cs-');
  mkdirSync(join(target, 'keep'));
  const note = await runBadCase({
    name: 'symlinked changesets',
    files: { [JOURNAL]: journal({ op: 'delete', path: '.specver/changesets/keep.md' }) },
    setup: (p) => symlinkSync(target, p.path('.specver/changesets')),
    argv: ['status'],
    exit: 2,
    error: /version-journal\.json: entry 1 .*leads outside \.specver\//,
  });
  assert.is(note, undefined);
  rmSync(target, { recursive: true, force: true });
});

test('a changelog write through a symlink to outside is refused (at config load already)', async () => {
  const note = await runBadCase({
    name: 'symlinked changelog',
    files: { [JOURNAL]: journal({ op: 'write', path: 'CHANGELOG.md', content: 'pwned' }) },
    setup: (p) => symlinkSync(join(outside, 'z'), p.path('CHANGELOG.md')),
    argv: ['status'],
    exit: 2,
    error: /CHANGELOG\.md is a symlink that cannot be resolved/,
  });
  assert.is(note, undefined);
  assert.not.ok(existsSync(join(outside, 'z')));
});

test('a valid journal is still replayed', async () => {
  const note = await runBadCase({
    name: 'valid journal',
    files: {
      [JOURNAL]: journal(
        { op: 'write', path: '.specver/snapshots/pets@1.1.0.yaml', content: BASE_SPEC },
        { op: 'write', path: './CHANGELOG.md', content: '# Changelog\n' },
        { op: 'delete', path: '.specver/changesets/brave-lion-jump.md' },
      ),
      '.specver/changesets/brave-lion-jump.md': CHANGESET,
    },
    argv: ['status'],
    exit: 0,
    writes: [JOURNAL, '.specver/versions.json', '.specver/snapshots/pets@1.1.0.yaml', 'CHANGELOG.md', '.specver/changesets/brave-lion-jump.md'],
    check: (_result, p) => {
      assert.is(p.read('CHANGELOG.md'), '# Changelog\n');
      assert.not.ok(p.exists(JOURNAL));
    },
  });
  assert.is(note, undefined);
});

test.after(() => rmSync(outside, { recursive: true, force: true }));
test.run();
