import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type SpecverError } from '../../src/errors.ts';
import { checkKnownContracts, parseChangeset, serializeChangeset } from '../../src/versioning/changeset-file.ts';
import { ADJECTIVES, changesetName, createChangesetFile, NOUNS, VERBS } from '../../src/versioning/names.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const FILE = '.specver/changesets/brave-lion-jump.md';

function parseError(text: string): SpecverError {
  try {
    parseChangeset(text, FILE, 'brave-lion-jump');
  } catch (error) {
    assert.instance(error, ConfigError);
    return error as SpecverError;
  }
  throw new Error('expected a parse error');
}

test('parses quoted and unquoted contract names, bumps with their lines, and the summary', () => {
  const parsed = parseChangeset('---\n"petstore": major\norder-event: minor\n---\n\nRemove /pets.\n\nSecond paragraph.\n', FILE, 'brave-lion-jump');
  assert.equal(parsed.releases, [
    { contract: 'petstore', bump: 'major', line: 2 },
    { contract: 'order-event', bump: 'minor', line: 3 },
  ]);
  assert.is(parsed.summary, 'Remove /pets.\n\nSecond paragraph.');
  assert.is(parsed.id, 'brave-lion-jump');
});

test('serialize -> parse round-trips', () => {
  const text = serializeChangeset([{ contract: 'a.b', bump: 'patch' }, { contract: 'c', bump: 'minor' }], 'Line one\nline two');
  assert.is(text, '---\n"a.b": patch\n"c": minor\n---\n\nLine one\nline two\n');
  const parsed = parseChangeset(text, FILE, 'x');
  assert.equal(parsed.releases.map((r) => [r.contract, r.bump]), [['a.b', 'patch'], ['c', 'minor']]);
  assert.is(parsed.summary, 'Line one\nline two');
});

test('_downgrade-reason: parsed, serialized, validated; other _ keys are refused with file and line', () => {
  const text = serializeChangeset([{ contract: 'petstore', bump: 'patch' }], 'x', 'never deployed');
  assert.is(text, '---\n"petstore": patch\n_downgrade-reason: "never deployed"\n---\n\nx\n');
  const parsed = parseChangeset(text, FILE, 'x');
  assert.is(parsed.downgradeReason, 'never deployed');
  assert.equal(parsed.releases.map((r) => r.contract), ['petstore']);
  assert.is(parseChangeset('---\n"petstore": patch\n---\nx\n', FILE, 'x').downgradeReason, undefined);
  const unknown = parseError('---\n"petstore": patch\n_reason: x\n---\n');
  assert.is(unknown.line, 3);
  assert.match(unknown.message, /unknown changeset option '_reason'/);
  assert.match(parseError('---\n_downgrade-reason: ""\n---\n').message, /non-empty text/);
});

test('an empty frontmatter names no contracts', () => {
  assert.equal(parseChangeset('---\n---\n\nDocs only\n', FILE, 'x').releases, []);
});

test('an unknown bump names file and line', () => {
  const error = parseError('---\n"petstore": major\n"users": huge\n---\nx\n');
  assert.is(error.file, FILE);
  assert.is(error.line, 3);
  assert.match(error.message, /unknown bump "huge"/);
  assert.match(error.located, /^\.specver\/changesets\/brave-lion-jump\.md:3: /);
});

test('broken frontmatter: no opening fence, no closing fence, invalid YAML, not a mapping, duplicate key', () => {
  assert.is(parseError('petstore: major\n').line, 1);
  assert.match(parseError('---\npetstore: major\n').message, /not closed/);
  const yaml = parseError('---\n"petstore": major\n"users: [minor\n---\n');
  assert.ok(yaml.line! >= 3, `line ${yaml.line}`);
  assert.match(parseError('---\n- petstore\n---\n').message, /must map/);
  assert.is(parseError('---\na: major\na: minor\n---\n').line, 3);
});

test('checkKnownContracts refuses an unknown contract with file and line', () => {
  const parsed = parseChangeset('---\na: major\nghost: minor\n---\nx\n', FILE, 'x');
  try {
    checkKnownContracts([parsed], ['a']);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as SpecverError).line, 3);
    assert.match((error as Error).message, /ghost/);
  }
});

test('names are <adjective>-<noun>-<verb> from lists of about a hundred words', () => {
  for (const list of [ADJECTIVES, NOUNS, VERBS]) {
    assert.ok(list.length >= 95 && list.length <= 120, `${list.length}`);
    assert.is(new Set(list).size, list.length);
    for (const word of list) assert.match(word, /^[a-z]+$/);
  }
  assert.is(changesetName(() => 0), `${ADJECTIVES[0]}-${NOUNS[0]}-${VERBS[0]}`);
  assert.is(changesetName(() => 0.999999), `${ADJECTIVES.at(-1)}-${NOUNS.at(-1)}-${VERBS.at(-1)}`);
});

test('createChangesetFile never overwrites: a taken name is retried with new words', async () => {
  const dir = tempDir('specver-names-');
  const taken = changesetName(() => 0);
  writeFileSync(join(dir, `${taken}.md`), 'existing');
  const draws = [0, 0, 0, 0.5, 0.5, 0.5];
  const random = () => draws.shift() ?? 0.9;
  const created = await createChangesetFile(dir, 'new content', random);
  assert.is.not(created.id, taken);
  assert.is(readFileSync(join(dir, `${taken}.md`), 'utf8'), 'existing');
  assert.is(readFileSync(created.path, 'utf8'), 'new content');
  assert.is(readdirSync(dir).length, 2);
});

test('createChangesetFile gives up after repeated collisions', async () => {
  const dir = tempDir('specver-names-');
  writeFileSync(join(dir, `${changesetName(() => 0)}.md`), 'existing');
  await createChangesetFile(dir, 'x', () => 0).then(
    () => assert.unreachable(),
    (error: Error) => assert.match(error.message, /free changeset name/),
  );
});

test.run();
