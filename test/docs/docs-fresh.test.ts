import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocs, orphanedPages } from '../../scripts/generate-docs.ts';
import { REPO_ROOT } from '../helpers/temp-project.ts';

const docs = await generatedDocs();

for (const [path, expected] of docs) {
  test(`${path} is up to date`, () => {
    const file = join(REPO_ROOT, path);
    assert.ok(existsSync(file), `${path} is missing: run \`npm run docs\``);
    const committed = readFileSync(file, 'utf8');
    if (committed !== expected) {
      const a = committed.split('\n');
      const b = expected.split('\n');
      const line = a.findIndex((text, i) => text !== b[i]);
      assert.unreachable(`${path} is stale (first difference at line ${line + 1}): run \`npm run docs\` and commit the result`);
    }
  });
}

test('no generated page is left over from a rule group that no longer exists', () => {
  assert.equal(orphanedPages(docs), [], 'run `npm run docs` to remove them');
});

test('the rule catalogue lists every built-in rule with an example', async () => {
  const index = docs.get('docs/rules.md')!;
  const page = [...docs].filter(([path]) => path.startsWith('docs/rules/')).map(([, text]) => text).join('\n');
  const { loadRuleCatalogue } = await import('../../src/classify/classify.ts');
  const { builtinLintRules } = await import('../../src/lint/load-lint-rules.ts');
  for (const rule of [...(await loadRuleCatalogue()), ...builtinLintRules()]) {
    assert.ok(page.includes(`## \`${rule.id}\``), rule.id);
    assert.ok(index.includes(`[\`${rule.id}\`](rules/`), rule.id);
  }
  const section = page.slice(page.indexOf('## `operation-removed`'), page.indexOf('## `operation-removed-after-sunset`'));
  assert.match(section, /\*\*breaking\*\*/);
  assert.match(section, /Reported: `GET \/items was removed` at `\/paths\/~1items\/get`/);
  const lint = page.slice(page.indexOf('## `info-contact`'));
  assert.match(lint, /Reported: `info must have a contact object` at `\/info\/contact`/);
});

test('the configuration reference documents every key of the config schema', () => {
  const page = docs.get('docs/configuration.md')!;
  const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas/config.schema.json'), 'utf8'));
  for (const key of Object.keys(schema.properties)) assert.ok(page.includes(`| \`${key}\` |`), key);
  for (const key of ['contracts[].compatibility', 'rules.severity', 'lint.files', 'git.tag', 'refs.map']) assert.ok(page.includes(`| \`${key}\` |`), key);
});

test.run();
