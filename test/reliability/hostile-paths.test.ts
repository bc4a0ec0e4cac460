/**
 * Repository content is untrusted: paths in specver.yaml and symlinks in the project must never make
 * specver read or write outside the project root, into .git/, or over its own state, config or specs.
 * Symlinks are created here at test time (none is committed).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_CONFIG, CHANGESET, runBadCase, type BadCase } from '../helpers/bad-input.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const outside = tempDir('specver-outside-');
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

// --- Symlinks out of the project: nothing is read or written through them.
const SECRET_SPEC = `openapi: 3.0.3\ninfo: { title: OUTSIDE-SECRET, version: "1" }\npaths: {}\n`;
writeFileSync(join(outside, 'spec.yaml'), SECRET_SPEC);
writeFileSync(join(outside, 'schema.yaml'), 'type: object\ndescription: OUTSIDE-SECRET\n');
mkdirSync(join(outside, 'snapshots'));
writeFileSync(join(outside, 'snapshots', 'pets@1.0.0.yaml'), SECRET_SPEC);
mkdirSync(join(outside, 'changesets'));
writeFileSync(join(outside, 'changesets', 'odd-fox-run.md'), CHANGESET);
writeFileSync(join(outside, 'rule.json'), '{}');
const noSecret = (result: { stdout: string; stderr: string }) => assert.not.match(result.stdout + result.stderr, /OUTSIDE-SECRET/, 'outside content in the output');
const link = (target: string, path: string) => (p: { path(f: string): string }) => {
  mkdirSync(join(p.path(path), '..'), { recursive: true });
  rmSync(p.path(path), { recursive: true, force: true });
  symlinkSync(target, p.path(path));
};
const refTo = (ref: string) => BASE_CONFIG && `openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    Pet: { $ref: ${JSON.stringify(ref)} }\n`;
const REF_SPEC = 'api/pets.yaml';

cases.push(
  { name: 'spec file is a symlink out of the project', setup: link(join(outside, 'spec.yaml'), 'api/pets.yaml'), argv: ['diff'], exit: 2, error: /file api\/pets\.yaml leads outside the project root/, check: noSecret },
  { name: 'snapshots directory is a symlink out of the project', setup: link(join(outside, 'snapshots'), '.specver/snapshots'), argv: ['diff'], exit: 2, error: /\.specver\/snapshots\/pets@1\.0\.0\.yaml leads outside the project root/, check: noSecret },
  { name: 'snapshot file is a symlink out of the project', setup: link(join(outside, 'spec.yaml'), '.specver/snapshots/pets@1.0.0.yaml'), argv: ['diff'], exit: 2, error: /leads outside the project root/, check: noSecret },
  { name: 'contract remove through a symlinked snapshots directory', setup: link(join(outside, 'snapshots'), '.specver/snapshots'), argv: ['contract', 'remove', 'pets', '--yes'], exit: 2, error: /snapshot directory \.specver\/snapshots leads outside \.specver\//, check: () => assert.ok(existsSync(join(outside, 'snapshots', 'pets@1.0.0.yaml'))) },
  { name: 'changesets directory is a symlink out of the project', setup: link(join(outside, 'changesets'), '.specver/changesets'), argv: ['version'], exit: 2, error: /changeset directory \.specver\/changesets leads outside \.specver\//, check: () => assert.ok(existsSync(join(outside, 'changesets', 'odd-fox-run.md'))) },
  { name: 'a changeset is a symlink out of the project', setup: link(join(outside, 'changesets', 'odd-fox-run.md'), '.specver/changesets/odd-fox-run.md'), argv: ['version'], exit: 2, error: /changeset \.specver\/changesets\/odd-fox-run\.md leads outside \.specver\//, check: () => assert.ok(existsSync(join(outside, 'changesets', 'odd-fox-run.md'))) },
  { name: 'changeset command through a symlinked changesets directory', setup: link(join(outside, 'dir'), '.specver/changesets'), argv: ['changeset', '--empty', '--bump', 'patch', '-m', 'x'], exit: 2, error: /\.specver\/changesets leads outside \.specver\// },
  { name: '.specver itself is a symlink out of the project', setup: link(join(outside, 'dir'), '.specver'), argv: ['status'], exit: 2, error: /leads outside \.specver\// },
  { name: 'version never takes its lock through a symlinked .specver', files: PENDING, setup: link(join(outside, 'dir'), '.specver'), argv: ['version'], exit: 2, error: /lock file \.specver\/\.lock leads outside \.specver\//, check: () => assert.not.ok(existsSync(join(outside, 'dir', '.lock'))) },
  { name: 'contract add never takes its lock through a symlinked .specver', files: { 'api/other.yaml': 'openapi: 3.0.3\ninfo: { title: O, version: "1" }\npaths: {}\n' }, setup: link(join(outside, 'dir'), '.specver'), argv: ['contract', 'add', 'api/other.yaml'], exit: 2, error: /leads outside \.specver\//, check: () => assert.not.ok(existsSync(join(outside, 'dir', '.lock'))) },
  { name: 'versions.json is a symlink out of the project', setup: link(join(outside, 'secret.md'), '.specver/versions.json'), argv: ['status'], exit: 2, error: /state file \.specver\/versions\.json leads outside \.specver\// },
  { name: 'rules.files entry is a symlink out of the project', files: { 'specver.yaml': `${BASE_CONFIG}rules:\n  files: [acme.json]\n` }, setup: link(join(outside, 'rule.json'), 'acme.json'), argv: ['diff'], exit: 2, error: /rule file acme\.json leads outside the project root/ },
  { name: 'lint.files entry is a symlink out of the project', files: { 'specver.yaml': `${BASE_CONFIG}lint:\n  files: [acme.json]\n` }, setup: link(join(outside, 'rule.json'), 'acme.json'), argv: ['lint'], exit: 2, error: /lint rule file acme\.json leads outside the project root/ },
  { name: 'contract add of a symlink out of the project', setup: link(join(outside, 'spec.yaml'), 'api/other.yaml'), argv: ['contract', 'add', 'api/other.yaml'], exit: 2, error: /file api\/other\.yaml leads outside the project root/, check: noSecret },
  { name: 'init with a $ref through a symlink out of the project', files: { [REF_SPEC]: refTo('./shared/schema.yaml') }, setup: link(outside, 'api/shared'), argv: ['init', '--force', '--yes'], exit: 2, error: /leads outside the project root/, check: noSecret },
  { name: 'rules.files through a symlinked directory', files: { 'specver.yaml': `${BASE_CONFIG}rules:\n  files: [rules/rule.json]\n` }, setup: link(outside, 'rules'), argv: ['diff'], exit: 2, error: /rule file rules\/rule\.json leads outside the project root/ },
);

// --- $ref confinement on real paths, percent-encoding and file: URLs.
cases.push(
  { name: '$ref to a file symlinked out of the project', files: { [REF_SPEC]: refTo('./pet.yaml') }, setup: link(join(outside, 'schema.yaml'), 'api/pet.yaml'), argv: ['diff'], exit: 2, error: /api\/pets\.yaml:\d+: \$ref '\.\/pet\.yaml' cannot be read: .*leads outside the project root/, check: noSecret },
  { name: '$ref through a directory symlinked out of the project', files: { [REF_SPEC]: refTo('./shared/schema.yaml') }, setup: link(outside, 'api/shared'), argv: ['diff'], exit: 2, error: /\$ref '\.\/shared\/schema\.yaml' cannot be read: .*leads outside the project root/, check: noSecret },
  { name: '$ref through a symlinked directory, bundled by version', files: { [REF_SPEC]: refTo('./shared/schema.yaml'), '.specver/changesets/a-b-c.md': CHANGESET }, setup: link(outside, 'api/shared'), argv: ['version'], exit: 2, error: /leads outside the project root/ },
  { name: '$ref through a symlink in lint', files: { [REF_SPEC]: refTo('./shared/schema.yaml') }, setup: link(outside, 'api/shared'), argv: ['lint', '--json'], exit: 1, check: (result) => (noSecret(result), assert.match(result.stdout, /refs-resolve/)) },
  { name: 'refs.map directory symlinked out of the project', files: { 'specver.yaml': `${BASE_CONFIG}refs:\n  map:\n    "https://example.com/s/": vendor\n`, [REF_SPEC]: refTo('https://example.com/s/schema.yaml') }, setup: link(outside, 'vendor'), argv: ['diff'], exit: 2, error: /leads outside the project root/, check: noSecret },
  { name: 'percent-encoded .. in a $ref', files: { [REF_SPEC]: refTo(`%2e%2e/%2E%2E/../../../../../../..${outside}/schema.yaml`) }, argv: ['diff'], exit: 2, error: /points outside the project root/, check: noSecret },
  { name: 'percent-encoded slashes in a $ref', files: { [REF_SPEC]: refTo(`..%2f..%2f..%2f..%2f..%2f..%2f..${outside}%2fschema.yaml`) }, argv: ['diff'], exit: 2, error: /cannot be read|points outside/, check: noSecret },
  { name: 'file: URL $ref to an absolute path', files: { [REF_SPEC]: refTo(`file://${outside}/schema.yaml`) }, argv: ['diff'], exit: 2, error: /points outside the project root/, check: noSecret },
  { name: 'file: URL $ref with encoded ..', files: { [REF_SPEC]: refTo(`file:%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e${outside}/schema.yaml`) }, argv: ['diff'], exit: 2, error: /points outside the project root/, check: noSecret },
);

for (const c of cases) {
  test(c.name, async () => {
    const note = await runBadCase(c);
    if (note) console.log(note);
    assertOutsideUntouched();
  });
}

test.after(() => rmSync(outside, { recursive: true, force: true }));
test.run();
