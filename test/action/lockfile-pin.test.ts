/**
 * The specver pin of each lockfile format (action/lockfile-pin.mjs): what is compared between a pull request's
 * lockfile and the one at its merge-base, and the verdict the Action's selection step acts on.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error plain ESM JavaScript without type declarations
import { comparePins, specverPin } from '../../action/lockfile-pin.mjs';

type Pin = { entry: string; versions: string[] } | undefined;
const pinOf = (name: string, text: string): Pin => specverPin(name, text);

const npm = (specver: Record<string, unknown> | undefined, others: Record<string, unknown> = {}) =>
  JSON.stringify({
    lockfileVersion: 3,
    packages: { '': { devDependencies: { specver: '^1.0.0' } }, ...(specver ? { 'node_modules/specver': specver } : {}), ...others },
  });
const SPECVER_123 = { version: '1.2.3', resolved: 'https://registry.npmjs.org/specver/-/specver-1.2.3.tgz', integrity: 'sha512-AAA', dev: true };

test('npm lockfile 2/3: the node_modules/specver entry; its version, source, checksum or package change the pin, other packages do not', () => {
  const base = pinOf('package-lock.json', npm(SPECVER_123));
  assert.equal(base?.versions, ['1.2.3']);
  assert.is(pinOf('package-lock.json', npm(SPECVER_123, { 'node_modules/left-pad': { version: '1.0.0' } }))?.entry, base?.entry);
  assert.is(pinOf('package-lock.json', npm({ ...SPECVER_123, dev: false, license: 'MIT' }))?.entry, base?.entry, 'flags that install nothing different');
  for (const change of [{ version: '1.0.0' }, { resolved: 'https://evil.example/specver-1.2.3.tgz' }, { integrity: 'sha512-BBB' }, { name: 'other-cli' }, { link: true }])
    assert.is.not(pinOf('package-lock.json', npm({ ...SPECVER_123, ...change }))?.entry, base?.entry, JSON.stringify(change));
  assert.is(pinOf('package-lock.json', npm(undefined, { 'node_modules/tool/node_modules/specver': SPECVER_123 })), undefined, 'a nested copy is not the one node_modules/.bin runs');
  assert.equal(pinOf('package-lock.json', npm({ ...SPECVER_123, version: '1.2.3\n::error::forged' }))?.versions, [], 'never printed into the job log');
  assert.is(pinOf('package-lock.json', '{not json'), undefined);
  assert.is(pinOf('package-lock.json', JSON.stringify({ packages: { 'node_modules/specver': 'x' } })), undefined);
});

test('npm lockfile 1 and npm-shrinkwrap.json: dependencies.specver', () => {
  const v1 = (version: string) => JSON.stringify({ lockfileVersion: 1, dependencies: { specver: { version, integrity: 'sha512-AAA' } } });
  const pin = pinOf('npm-shrinkwrap.json', v1('1.2.3'));
  assert.equal(pin?.versions, ['1.2.3']);
  assert.is.not(pinOf('npm-shrinkwrap.json', v1('1.2.4'))?.entry, pin?.entry);
  assert.is(pinOf('package-lock.json', v1('1.2.3'))?.entry, pin?.entry);
});

const PNPM_V6 = (version: string, integrity = 'sha512-AAA') => `lockfileVersion: '6.0'

importers:
  .:
    devDependencies:
      left-pad:
        specifier: ^1.0.0
        version: 1.3.0
      specver:
        specifier: ^1.2.0
        version: ${version}(typescript@5.4.0)

packages:

  /left-pad@1.3.0:
    resolution: {integrity: sha512-LP}
    dev: true

  /specver@${version}(typescript@5.4.0):
    resolution: {integrity: ${integrity}}
    hasBin: true
    dev: true
`;

test('pnpm-lock.yaml: the specver blocks of importers and packages (lockfile 5, 6 and 9)', () => {
  const pin = pinOf('pnpm-lock.yaml', PNPM_V6('1.2.3'));
  assert.equal(pin?.versions, ['1.2.3']);
  assert.match(pin!.entry, /specifier: \^1\.2\.0/);
  assert.match(pin!.entry, /integrity: sha512-AAA/);
  assert.not.match(pin!.entry, /left-pad/);
  assert.is(pinOf('pnpm-lock.yaml', PNPM_V6('1.2.3').replace('1.3.0', '1.3.1').replaceAll('sha512-LP', 'sha512-LQ'))?.entry, pin?.entry, 'another package changed');
  assert.is.not(pinOf('pnpm-lock.yaml', PNPM_V6('1.0.0'))?.entry, pin?.entry);
  assert.is.not(pinOf('pnpm-lock.yaml', PNPM_V6('1.2.3', 'sha512-BBB'))?.entry, pin?.entry, 'same version, another tarball');

  const v5 = "lockfileVersion: 5.4\n\nspecifiers:\n  specver: ^1.2.0\n\ndevDependencies:\n  specver: 1.2.3_typescript@5.4.0\n\npackages:\n\n  /specver/1.2.3_typescript@5.4.0:\n    resolution: {integrity: sha512-AAA}\n    dev: true\n";
  assert.equal(pinOf('pnpm-lock.yaml', v5)?.versions, ['1.2.3']);
  const v9 = "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    devDependencies:\n      specver:\n        specifier: ^1.2.0\n        version: 1.2.3\n\npackages:\n\n  specver@1.2.3:\n    resolution: {integrity: sha512-AAA}\n    hasBin: true\n\nsnapshots:\n\n  specver@1.2.3: {}\n";
  assert.equal(pinOf('pnpm-lock.yaml', v9)?.versions, ['1.2.3']);
  assert.is.not(pinOf('pnpm-lock.yaml', v9.replace('specver@1.2.3: {}', 'specver@1.2.3:\n    dependencies:\n      evil: 1.0.0'))?.entry, pinOf('pnpm-lock.yaml', v9)?.entry);
  assert.is(pinOf('pnpm-lock.yaml', 'packages:\n  /specver-cli@1.2.3:\n    resolution: {}\n'), undefined, 'a look-alike name');
});

const YARN_CLASSIC = (version: string) => `# yarn lockfile v1


left-pad@^1.0.0:
  version "1.3.0"
  integrity sha512-LP

other@^1, specver@^1.2.0:
  version "${version}"
  resolved "https://registry.yarnpkg.com/specver/-/specver-${version}.tgz#abc"
  integrity sha512-AAA
`;

test('yarn.lock: the blocks whose header lists a specver descriptor (classic and Berry)', () => {
  const pin = pinOf('yarn.lock', YARN_CLASSIC('1.2.3'));
  assert.equal(pin?.versions, ['1.2.3']);
  assert.not.match(pin!.entry, /left-pad/);
  assert.is(pinOf('yarn.lock', YARN_CLASSIC('1.2.3').replace('1.3.0', '1.4.0'))?.entry, pin?.entry);
  assert.is.not(pinOf('yarn.lock', YARN_CLASSIC('1.1.0'))?.entry, pin?.entry);
  const berry = (checksum: string) => `__metadata:\n  version: 8\n\n"specver@npm:^1.2.0":\n  version: 1.2.3\n  resolution: "specver@npm:1.2.3"\n  checksum: ${checksum}\n  languageName: node\n`;
  assert.equal(pinOf('yarn.lock', berry('10c0/aaa'))?.versions, ['1.2.3']);
  assert.is.not(pinOf('yarn.lock', berry('10c0/bbb'))?.entry, pinOf('yarn.lock', berry('10c0/aaa'))?.entry);
  assert.is(pinOf('yarn.lock', 'specverish@^1.0.0:\n  version "1.0.0"\n'), undefined);
});

test('the verdict: trusted only for the pin of the merge-base, installed at its version', () => {
  const head = pinOf('package-lock.json', npm(SPECVER_123));
  const older = pinOf('package-lock.json', npm({ ...SPECVER_123, version: '1.0.0' }));
  const at = 'the merge-base 0123456789ab with main';
  assert.equal(comparePins('package-lock.json', head, head, '1.2.3', at), { trusted: true });
  const changed = comparePins('package-lock.json', older, head, '1.0.0', at);
  assert.is(changed.trusted, false);
  assert.is(changed.why, 'this pull request changes the specver pin in package-lock.json (1.2.3 at the merge-base 0123456789ab with main, 1.0.0 in the pull request)');
  assert.match(comparePins('package-lock.json', head, undefined, '1.2.3', at).why, /adds the specver pin to package-lock\.json \(none at the merge-base/);
  assert.match(comparePins('package-lock.json', head, head, '9.9.9', at).why, /installed node_modules\/specver is version 9\.9\.9, but package-lock\.json pins 1\.2\.3: install/);
  assert.match(comparePins('package-lock.json', head, head, undefined, at).why, /without a readable version/);
  assert.match(comparePins('package-lock.json', head, head, '1.2.3\n::error::forged', at).why, /^[^\n]*without a readable version[^\n]*$/);
  assert.match(comparePins('package-lock.json', undefined, head, '1.2.3', at).why, /no top-level specver entry/);
});

test.run();
