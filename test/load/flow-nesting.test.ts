/** The flow-nesting check that refuses `[[[...]]]` before the `yaml` library's recursive composer meets it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Lexer } from 'yaml';
import { flowNestingBeyond, MAX_NESTING } from '../../src/load/input-limits.ts';
import { parseConfigDocument } from '../../src/config/load-config.ts';
import { parseChangeset } from '../../src/versioning/changeset-file.ts';

const deep = (n: number, open = '[', close = ']') => `${open.repeat(n)}${close.repeat(n)}`;

test('flow collections nested past the limit are found, at the bracket that goes past it', () => {
  const text = `a: 1\nb: ${deep(MAX_NESTING + 1)}\n`;
  assert.is(flowNestingBeyond(text, Lexer), text.indexOf('[') + MAX_NESTING);
  assert.is(flowNestingBeyond(`x: ${'{a: '.repeat(MAX_NESTING + 1)}1${'}'.repeat(MAX_NESTING + 1)}\n`, Lexer), 3 + 4 * MAX_NESTING);
  assert.is(flowNestingBeyond(`b: ${deep(MAX_NESTING)}\n`, Lexer), undefined, 'the limit itself is fine');
  assert.is(flowNestingBeyond(`${'[]'.repeat(5000)}`, Lexer), undefined, 'many collections side by side nest 1 deep');
});

test('brackets inside scalars and comments are text, not nesting', () => {
  const brackets = '['.repeat(MAX_NESTING + 5);
  for (const text of [`a: x${brackets}\n`, `a: "${brackets}"\n`, `a: '${brackets}'\n`, `a: 1 # ${brackets}\n`, `a: |\n  ${brackets}\n`]) {
    assert.is(flowNestingBeyond(text, Lexer), undefined, text.slice(0, 20));
  }
});

test('specver.yaml and a changeset nested 100,000 levels are refused at their line', () => {
  const config = `contracts: []\nx-deep: ${deep(100_000)}\n`;
  assert.throws(() => parseConfigDocument(config, 'specver.yaml'), (error: Error) => error.message === 'specver.yaml:2: nesting deeper than 1000 levels');
  const changeset = `---\n"pets": minor\n"x": ${deep(100_000)}\n---\n\nSummary\n`;
  assert.throws(() => parseChangeset(changeset, '.specver/changesets/a.md', 'a'), (error: Error) => error.message === '.specver/changesets/a.md:3: nesting deeper than 1000 levels');
});

test.run();
