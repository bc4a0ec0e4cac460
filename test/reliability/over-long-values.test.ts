/**
 * Over-long values in state and configuration: a version longer than specver keeps (100 characters: it is
 * part of a snapshot's file name), a pre-release tag that would make one, a path the file system cannot
 * take. Each is refused when the file is read, with one line naming the file (and line) and exit 2, never
 * an internal error, a "missing snapshot" or a path "leading outside through a symlink"; nothing changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BASE_CONFIG, BASE_SPEC, CHANGESET, runBadCase, type BadCase } from '../helpers/bad-input.ts';

const versions = (version: string) => `${JSON.stringify({ versioning: 'independent', contracts: { pets: version } }, null, 2)}\n`;
const pre = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ mode: 'pre', tag: 'beta', initialVersions: { pets: '1.0.0' }, changesets: [], ...fields }, null, 2)}\n`;
const PENDING = { '.specver/changesets/brave-lion-jump.md': CHANGESET };
const long = (n: number, c = 'a') => c.repeat(n);
const config = (extra: string) => `${BASE_CONFIG}${extra}`;
const withPath = (path: string) => BASE_CONFIG.replace('path: api/pets.yaml', `path: ${path}`);
const refTo = (ref: string) => `openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    Pet: { $ref: ${JSON.stringify(ref)} }\n`;
const TOO_LONG_VERSION = /\.specver\/versions\.json is not a valid specver state file: must NOT have more than 100 characters at \/contracts\/pets/;

const cases: BadCase[] = [
  // State: versions.json and pre.json are checked when read, before any version arithmetic or file name.
  { name: 'versions.json: 300-character pre-release, version', files: { ...PENDING, '.specver/versions.json': versions(`1.0.0-${long(300)}`) }, argv: ['version'], exit: 2, error: TOO_LONG_VERSION },
  { name: 'versions.json: 257-character version (past the semver package limit), version', files: { ...PENDING, '.specver/versions.json': versions(`1.0.0-${long(251)}`) }, argv: ['version', '--json'], exit: 2, error: TOO_LONG_VERSION },
  { name: 'versions.json: 300-character build metadata, status', files: { '.specver/versions.json': versions(`1.0.0+${long(300, 'b')}`) }, argv: ['status'], exit: 2, error: TOO_LONG_VERSION },
  { name: 'versions.json: 101-character version, diff', files: { '.specver/versions.json': versions(`1.0.0-${long(95)}`) }, argv: ['diff'], exit: 2, error: TOO_LONG_VERSION },
  {
    name: 'versions.json: a 100-character version is kept (its snapshot is found)',
    files: { '.specver/versions.json': versions(`1.0.0-${long(94)}`), [`.specver/snapshots/pets@1.0.0-${long(94)}.yaml`]: BASE_SPEC },
    argv: ['status'],
    exit: 0,
    check: (r) => assert.match(r.stdout, `1.0.0-${long(94)}`),
  },
  { name: 'pre.json: 300-character initial version', files: { ...PENDING, '.specver/pre.json': pre({ initialVersions: { pets: `1.0.0-${long(300)}` } }) }, argv: ['version'], exit: 2, error: /\.specver\/pre\.json is not a valid specver state file: must NOT have more than 100 characters at \/initialVersions\/pets/ },
  { name: 'pre.json: 33-character tag', files: { ...PENDING, '.specver/pre.json': pre({ tag: long(33, 't') }) }, argv: ['version'], exit: 2, error: /\.specver\/pre\.json is not a valid specver state file: must NOT have more than 32 characters at \/tag/ },
  { name: 'pre.json: a consumed changeset naming an impossible contract', files: { '.specver/pre.json': pre({ changesets: [{ id: 'a-b-c', bumps: { '../x': 'minor' } }] }) }, argv: ['pre', 'status'], exit: 2, error: /\.specver\/pre\.json is not a valid specver state file: .*\/changesets\/0\/bumps/ },
  { name: 'pre.json: 300-character changeset id', files: { '.specver/pre.json': pre({ changesets: [{ id: long(300), bumps: { pets: 'minor' } }] }) }, argv: ['pre', 'status'], exit: 2, error: /\.specver\/pre\.json is not a valid specver state file: must NOT have more than 255 characters at \/changesets\/0\/id/ },
  // Arguments that would make an over-long version.
  { name: 'pre enter with a 33-character tag', argv: ['pre', 'enter', long(33, 't')], exit: 2, error: /invalid pre-release tag 't{33}'/ },
  { name: 'version --preid with a 300-character tag', files: PENDING, argv: ['version', '--preid', long(300, 't')], exit: 2, error: /invalid --preid 't{40}\.\.\. \(300 characters\)'/ },
  { name: 'diff --base with a 300-character version', argv: ['diff', '--base', `1.0.0-${long(300)}`], exit: 2, error: /--base '1\.0\.0-a+': version 1\.0\.0-a{34}\.\.\. \(306 characters\) is longer than 100 characters/ },
  // specver.yaml: paths longer than the file system takes, named with their line.
  { name: 'specver.yaml: 5000-character contract path', files: { 'specver.yaml': withPath(`${'x/'.repeat(2497)}pets.yaml`) }, argv: ['status'], exit: 2, error: /^specver: specver\.yaml:5: contracts\[0\]\.path is longer than 1024 characters$/ },
  { name: 'specver.yaml: contract path with a 300-byte file name', files: { 'specver.yaml': withPath(`api/${long(296, 'n')}.yaml`) }, argv: ['diff'], exit: 2, error: /specver\.yaml:5: contracts\[0\]\.path: api\/n+\.\.\. \(305 characters\) has a name too long for the file system \(n+\.\.\. \(301 characters\): 301 bytes; at most 255\)/ },
  { name: 'specver.yaml: contract path with a 100-character name of 3-byte characters', files: { 'specver.yaml': withPath(`api/${long(100, 'é€')}.yaml`) }, argv: ['diff'], exit: 2, error: /has a name too long for the file system .*: 505 bytes; at most 255/ },
  { name: 'specver.yaml: 2000-character changelog', files: { 'specver.yaml': config('').replace('changelog: CHANGELOG.md', `changelog: ${long(2000, 'c')}.md`) }, argv: ['status'], exit: 2, error: /specver\.yaml:6: changelog is longer than 1024 characters/ },
  { name: 'specver.yaml: changelog with a 300-byte name', files: { 'specver.yaml': config('').replace('changelog: CHANGELOG.md', `changelog: ${long(300, 'c')}.md`) }, argv: ['status'], exit: 2, error: /specver\.yaml:6: changelog: c+\.\.\. \(303 characters\) has a name too long/ },
  { name: 'specver.yaml: rule file with a 300-byte name', files: { 'specver.yaml': config(`rules:\n  files: [${long(300, 'r')}.json]\n`) }, argv: ['diff'], exit: 2, error: /specver\.yaml:8: rules\.files\[0\]: r+\.\.\. \(305 characters\) has a name too long/ },
  { name: 'specver.yaml: lint file of 1025 characters', files: { 'specver.yaml': config(`lint:\n  files: [${long(1020, 'l')}.json]\n`) }, argv: ['lint'], exit: 2, error: /specver\.yaml:8: lint\.files\[0\] is longer than 1024 characters/ },
  { name: 'specver.yaml: waiver file with a 300-byte name', files: { 'specver.yaml': config(`gate:\n  waivers: ${long(300, 'w')}.yaml\n`) }, argv: ['breaking'], exit: 2, error: /specver\.yaml:8: gate\.waivers: w+\.\.\. \(305 characters\) has a name too long/ },
  { name: 'specver.yaml: refs.map directory with a 300-byte name', files: { 'specver.yaml': config(`refs:\n  map:\n    "https://example.com/": ${long(300, 'v')}\n`) }, argv: ['diff'], exit: 2, error: /specver\.yaml:9: refs\.map\.https:\/\/example\.com\/: v+\.\.\. \(300 characters\) has a name too long/ },
  // An interrupted run's journal naming a snapshot whose version is longer than specver keeps: not replayed.
  {
    name: 'version journal: snapshot with a 200-character version',
    files: { '.specver/version-journal.json': JSON.stringify({ journal: 1, ops: [{ op: 'write', path: `.specver/snapshots/pets@1.0.0-${long(194)}.yaml`, content: BASE_SPEC }] }) },
    argv: ['status'],
    exit: 2,
    error: /version-journal\.json.*entry 0 \(write .*\) is a snapshot with an invalid version/,
  },
  // A spec's $ref to a name the file system cannot take: said so, not "outside the project root".
  { name: '$ref to a file with a 300-byte name', files: { 'api/pets.yaml': refTo(`./${long(300, 'p')}.yaml`) }, argv: ['diff'], exit: 2, error: /p{30}.* has a name too long for the file system/ },
];

for (const c of cases) {
  test(c.name, async () => {
    assert.is(await runBadCase(c), undefined);
  });
}

test.run();
